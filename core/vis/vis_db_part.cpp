#include "vis/vis_db_part.h"

#include "vis/sqlite_file.h"

namespace ps {

VisDbPartRecords visDbPartRecords(const VisDbPart& part)
{
    VisDbPartRecords out;
    const std::pair<const char*, const std::string*> rows[] = { { "format", nullptr }, { "rules", &part.rules },
        { "run_ranks", &part.runRanks }, { "run_steps", &part.runSteps } };
    for (const auto& [key, value] : rows) {
        sqlfile::Record r;
        r.text(key);
        r.text(value ? std::string_view(*value) : std::string_view(kVisDbPartFormat));
        r.appendTo(out.records.emplace_back());
        out.keys.emplace_back(key);
    }
    return out;
}

} // namespace ps
