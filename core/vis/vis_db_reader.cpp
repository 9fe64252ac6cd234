#include "vis/vis_db_reader.h"

#include "vis/vis_db_reader_detail.h"

#include <fstream>

namespace ps {

using detail::DbReader;

bool looksLikeSqlite(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char header[16] = {};
    in.read(header, sizeof header);
    return in.gcount() == 16 && std::string_view(header, 16) == std::string_view("SQLite format 3\0", 16);
}

VisDbIndex listVisDb(const std::string& path)
{
    DbReader reader(path);
    return { reader.config().compare, reader.config().task, reader.config().rules26, reader.graphs(),
        reader.readPart() };
}

VisDocument readVisDbGraph(const std::string& path, int step, int rank, VisDbData data)
{
    DbReader reader(path);
    return reader.read(step, rank, data);
}

VisDocument readVisDbNodePair(
    const std::string& path, int step, int rank, const std::string& npu, const std::string& bench)
{
    DbReader reader(path);
    return reader.readPair(step, rank, npu, bench);
}

std::vector<VisDocument> readVisDb(const std::string& path, std::vector<std::shared_ptr<Comparison>>* open)
{
    DbReader reader(path);
    std::vector<VisDocument> out;
    for (auto [step, rank] : reader.graphs())
        out.push_back(reader.read(step, rank, VisDbData::All, open ? &open->emplace_back() : nullptr));
    return out;
}

std::vector<NodeNote> readVisDbNotes(const std::string& path)
{
    DbReader reader(path);
    return reader.notes();
}

} // namespace ps
