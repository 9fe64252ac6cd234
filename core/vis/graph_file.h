#pragma once
// The one entry point for graph files, used by the CLI and the GUI: open any graph file (.vis JSON, gzip'ed .vis,
// or .vis.db) and save documents in the format the file name asks for, with the extras of the file each was
// read from (VisDocument::meta).
#include "util/run_context.h"
#include "vis/vis_db_part.h"
#include "vis/vis_document.h"

#include <string>
#include <vector>

namespace ps {

bool isVisDbPath(const std::string& path); // ends with .vis.db or .db
// .vis.db: one document per step and rank; .vis (or anything that is not SQLite): one document. Each document
// holds the notes on its graph (VisDocument::notes), and saving writes them back.
std::vector<VisDocument> openGraphFile(const std::string& path);
// .vis.db: all documents in one database; otherwise exactly one document as .vis JSON. Temp file + rename,
// mode 0640.
// `progress` receives Stage::Write and may cancel (Error(Cancelled)). `part`: a part database (.vis.db only).
void saveGraphFile(const std::vector<VisDocument>& docs, const std::string& path, const ProgressPart& progress = {},
    const VisDbPart* part = nullptr);

} // namespace ps
