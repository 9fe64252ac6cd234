// .vis.db (SQLite) files: header, tables, columns and row contents, every step and rank.
#include "fuzz_common.h"
#include "vis/vis_db_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    std::string path = fuzz::scratchFile(data, size, ".vis.db");
    fuzz::expectOnlyPsErrors([&] { (void)ps::readVisDb(path); });
    return 0;
}
