#pragma once
// Exporting the open session as a graph file: where it may go (tb_graph_ascend's one-database-per-folder rule),
// the file name of the chosen format, and the write itself (on a worker thread).
#include "models/snapshot.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <vector>

namespace psui {

struct ExportRequest {
    QString path;
    std::shared_ptr<const ps::Comparison> comparison; // carries the legend chosen in the viewer
    std::shared_ptr<const ps::VisMeta> meta; // an opened file's extras, kept in the export (null: none)
    int step = 0; // .vis.db partition keys
    int rank = 0;
    std::vector<ps::NodeNote> notes; // of this graph (step, rank): the file carries them (probescope_notes)
};

class ExportJob {
    Q_DECLARE_TR_FUNCTIONS(ExportJob)
public:
    // A .vis next to a .vis.db is hidden by tb_graph_ascend: refuse it. Returns the reason, empty if fine.
    static QString problem(const QString& path);
    // The file name the export writes: `path` with the .vis or .vis.db suffix of the format chosen by the file
    // dialog's filter (the filter wins over a typed suffix).
    static QString pathFor(const QString& path, bool database);
    // Where the export goes instead when `path`'s folder breaks tb_graph_ascend's one-database-per-folder rule:
    // the same file name in a new sub-folder named after it; empty when `path` is fine or a sub-folder would not
    // help.
    static QString subfolderFor(const QString& path);
    // The comparison to write: the snapshot's, with `colors` as its legend when set (the copy shares the graphs).
    static std::shared_ptr<const ps::Comparison> withLegend(
        const std::shared_ptr<const ps::Comparison>& comparison, const std::vector<ps::ColorBin>& colors);
    static QString write(const ExportRequest& request); // "" or why it failed; temp file + rename, mode 0640
    // The report of the comparison as CSV, every suspect row: what `probescope-cli report --csv --worst 0` writes
    // for the same comparison. "" or why it failed; temp file + rename.
    static QString writeReport(const ExportRequest& request);
};

} // namespace psui
