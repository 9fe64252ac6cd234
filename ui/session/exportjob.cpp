#include "session/exportjob.h"

#include "analysis/graph_report.h"
#include "analysis/report_format.h"
#include "io/file_io.h"
#include "session/errortext.h"
#include "vis/graph_file.h"

#include <QDir>
#include <QFileInfo>

namespace psui {

QString ExportJob::problem(const QString& path)
{
    // tb_graph_ascend shows exactly one .vis.db per folder and then hides every .vis there.
    const QFileInfo info(path);
    const bool db = path.endsWith(QLatin1String(".vis.db"));
    if (!db && !path.endsWith(QLatin1String(".vis")))
        return tr("The file name must end in .vis or .vis.db.");
    const QDir dir = info.absoluteDir();
    QStringList dbs = dir.entryList({ QStringLiteral("*.vis.db") }, QDir::Files);
    dbs.removeAll(info.fileName());
    if (!dbs.isEmpty())
        return tr("%1 already holds %2: tb_graph_ascend shows one .vis.db per folder and hides every .vis next to "
                  "it. Choose another folder.")
            .arg(QDir::toNativeSeparators(info.absolutePath()), dbs.first());
    const QStringList vis = dir.entryList({ QStringLiteral("*.vis") }, QDir::Files);
    if (db && !vis.isEmpty())
        return tr("%1 already holds %2: tb_graph_ascend would hide it behind the new .vis.db. Choose another "
                  "folder.")
            .arg(QDir::toNativeSeparators(info.absolutePath()), vis.first());
    return {};
}

namespace {

QString stemOf(const QString& path)
{
    QString stem = path;
    if (stem.endsWith(QLatin1String(".vis.db")))
        stem.chop(7);
    else if (stem.endsWith(QLatin1String(".vis")))
        stem.chop(4);
    return stem;
}

} // namespace

QString ExportJob::pathFor(const QString& path, bool database)
{
    return stemOf(path) + (database ? QStringLiteral(".vis.db") : QStringLiteral(".vis"));
}

QString ExportJob::subfolderFor(const QString& path)
{
    if (problem(path).isEmpty())
        return {};
    const QFileInfo info(path);
    const QString base = QFileInfo(stemOf(path)).fileName();
    // A fresh folder holds nothing to clash with; a numbered one when the plain name is taken.
    for (int k = 0; k < 100; ++k) {
        const QString folder = info.absoluteDir().filePath(k == 0 ? base : base + QStringLiteral("_%1").arg(k));
        if (!QFileInfo::exists(folder))
            return QDir(folder).filePath(info.fileName());
    }
    return {};
}

std::shared_ptr<const ps::Comparison> ExportJob::withLegend(
    const std::shared_ptr<const ps::Comparison>& comparison, const std::vector<ps::ColorBin>& colors)
{
    if (colors.empty())
        return comparison;
    auto recoloured = std::make_shared<ps::Comparison>(*comparison);
    recoloured->colors = colors;
    return recoloured;
}

QString ExportJob::write(const ExportRequest& request)
{
    try {
        ps::VisDocument doc;
        doc.comparison = request.comparison;
        if (request.meta)
            doc.meta = *request.meta;
        doc.step = request.step;
        doc.rank = request.rank;
        doc.notes = request.notes;
        ps::saveGraphFile({ doc }, request.path.toStdString());
        return {};
    } catch (const std::exception& e) {
        return ErrorText::of(e);
    }
}

QString ExportJob::writeReport(const ExportRequest& request)
{
    try {
        ps::GraphReport report;
        report.path = request.path.toStdString();
        ps::GraphSummary summary = ps::summarizeComparison(*request.comparison, ps::ReportOptions { 0 });
        summary.step = request.step;
        summary.rank = request.rank;
        report.graphs.push_back(std::move(summary));
        ps::AtomicFile file(request.path.toStdString());
        file.write(ps::reportCsv(report));
        file.commit();
        return {};
    } catch (const std::exception& e) {
        return ErrorText::of(e);
    }
}

} // namespace psui
