#include "session/openrequest.h"

#include <QDir>
#include <QFileInfo>
#include <QStringBuilder>

namespace psui {

QString OpenRequest::recentEntry() const
{
    if (!visPath.isEmpty())
        return visPath;
    if (!compareJson.isEmpty())
        return compareJson;
    return benchPath.isEmpty() ? npuPath : npuPath % QLatin1Char('\n') % benchPath;
}

QString OpenRequest::title(const QStringList& jobLabels) const
{
    QString t = QDir::toNativeSeparators(recentEntry().section(QLatin1Char('\n'), 0, 0));
    if (jobLabels.size() > 1)
        t += QStringLiteral(" [") % jobLabels.value(jobIndex) % QLatin1Char(']');
    return t;
}

std::optional<OpenRequest> OpenPaths::interpret(const QStringList& paths, const OpenOptions& options, QString& why)
{
    OpenRequest r;
    r.options = options.engine;
    r.layerMappingFile = options.layerMappingFile;
    r.referencePath = options.referencePath.isEmpty() ? QString() : QFileInfo(options.referencePath).absoluteFilePath();
    if (paths.size() == 1 && QFileInfo(paths[0]).isFile()
        && (paths[0].endsWith(QLatin1String(".vis")) || paths[0].endsWith(QLatin1String(".vis.gz"))
            || paths[0].endsWith(QLatin1String(".vis.db")))) {
        r.visPath = QFileInfo(paths[0]).absoluteFilePath();
    } else if (paths.size() == 1 && QFileInfo(paths[0]).isFile()) {
        r.compareJson = QFileInfo(paths[0]).absoluteFilePath();
    } else if ((paths.size() == 1 || paths.size() == 2) && QFileInfo(paths[0]).isDir()) {
        r.npuPath = QFileInfo(paths[0]).absoluteFilePath();
        if (paths.size() == 2) {
            if (!QFileInfo(paths[1]).isDir()) {
                why = tr("Not a folder: %1").arg(paths[1]);
                return std::nullopt;
            }
            r.benchPath = QFileInfo(paths[1]).absoluteFilePath();
        }
    } else {
        why = paths.isEmpty() ? tr("Nothing to open.")
                              : tr("Cannot open %1: expected a compare.json, a dump folder, or an NPU and a bench "
                                   "dump folder.")
                                    .arg(paths.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    return r;
}

ps::SourceInputs sourceInputsOf(const OpenRequest& request)
{
    ps::SourceInputs in;
    if (!request.visPath.isEmpty()) {
        in.graphFile = request.visPath.toStdString();
        return in;
    }
    if (!request.compareJson.isEmpty()) {
        in.compareJson = request.compareJson.toStdString();
    } else {
        in.npuPath = request.npuPath.toStdString();
        in.benchPath = request.benchPath.toStdString();
    }
    in.layerMappingFile = request.layerMappingFile.toStdString();
    in.referencePath = request.referencePath.toStdString();
    return in;
}

QStringList jobLabels(const std::vector<ps::GraphJob>& jobs)
{
    QStringList labels;
    for (const ps::GraphJob& job : jobs) {
        QStringList parts;
        if (!job.stepDir.empty())
            parts << QString::fromStdString(job.stepDir);
        if (!job.rankDir.empty())
            parts << QString::fromStdString(job.rankDir);
        labels << parts.join(QStringLiteral(" / "));
    }
    return labels;
}

} // namespace psui
