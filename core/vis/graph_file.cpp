#include "vis/graph_file.h"

#include "util/error.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_db_writer.h"
#include "vis/vis_document_writer.h"
#include "vis/vis_reader.h"

namespace ps {

bool isVisDbPath(const std::string& path)
{
    return path.ends_with(".vis.db") || path.ends_with(".db");
}

std::vector<VisDocument> openGraphFile(const std::string& path)
{
    // The content decides, not the name: a renamed database still opens.
    if (looksLikeSqlite(path) || isVisDbPath(path)) {
        std::vector<VisDocument> docs = readVisDb(path);
        const std::vector<NodeNote> notes = readVisDbNotes(path);
        for (VisDocument& d : docs)
            for (const NodeNote& n : notes)
                if (n.ref.step == d.step && n.ref.rank == d.rank)
                    d.notes.push_back(n);
        return docs;
    }
    std::vector<VisDocument> out;
    out.push_back(readVisFile(path));
    return out;
}

void saveGraphFile(
    const std::vector<VisDocument>& docs, const std::string& path, const ProgressPart& progress, const VisDbPart* part)
{
    if (isVisDbPath(path)) {
        std::vector<VisDbGraph> graphs;
        std::vector<NodeNote> notes;
        for (const VisDocument& d : docs) {
            graphs.push_back({ d.step, d.rank, d.comparison, std::make_shared<VisMeta>(d.meta) });
            notes.insert(notes.end(), d.notes.begin(), d.notes.end());
        }
        writeVisDb(graphs, path, notes, progress, part);
        return;
    }
    if (part)
        throw Error(ErrorCode::BadArgument, path, "a part of a run is written as .vis.db only");
    if (docs.size() != 1)
        throw Error(
            ErrorCode::BadArgument, path, "a .vis file holds one graph; save several steps or ranks as .vis.db");
    writeVisDocument(docs.front(), path, progress);
}

} // namespace ps
