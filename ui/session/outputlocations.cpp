#include "session/outputlocations.h"

#include "session/settings.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace psui::OutputLocations {

namespace {

QString canonicalOrAbsolute(const QString& path)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return QDir::cleanPath(canonical.isEmpty() ? info.absoluteFilePath() : canonical);
}

bool isWithin(const QString& path, const QString& folder)
{
    if (folder.isEmpty())
        return false;
    const QString root = canonicalOrAbsolute(folder);
    const QString inside = canonicalOrAbsolute(path);
    return inside == root || inside.startsWith(root + QLatin1Char('/'));
}

// A dump folder of the request; a compare.json's relative paths are relative to its own folder.
QString dumpFolder(const QString& folder, const OpenRequest& request)
{
    if (folder.isEmpty() || !QFileInfo(folder).isRelative() || request.compareJson.isEmpty())
        return folder;
    return QFileInfo(request.compareJson).absoluteDir().filePath(folder);
}

} // namespace

QString userFolder(const Settings& settings)
{
    QString remembered = settings.value(Settings::Key::OutputDirectory).toString();
    if (!remembered.isEmpty() && QFileInfo(remembered).isDir())
        return remembered;
    QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!documents.isEmpty() && QFileInfo(documents).isDir())
        return documents;
    return QDir::homePath();
}

void rememberFolder(Settings& settings, const QString& chosenFile)
{
    settings.setValue(Settings::Key::OutputDirectory, QFileInfo(chosenFile).absolutePath());
}

bool isInsideDumps(const QString& path, const OpenRequest& request)
{
    const QString npu = dumpFolder(request.npuPath, request);
    if (isWithin(path, npu) || isWithin(path, dumpFolder(request.benchPath, request)))
        return true;
    // Dump folders opened without a compare.json: the folder holding them is part of the dump tree too.
    return request.compareJson.isEmpty() && !npu.isEmpty()
        && canonicalOrAbsolute(QFileInfo(path).absolutePath()) == canonicalOrAbsolute(QFileInfo(npu).absolutePath());
}

QString sessionTarget(const QString& besideComparison, const OpenRequest& request, const Settings& settings)
{
    const QFileInfo beside(besideComparison);
    const QFileInfo folder(beside.absolutePath());
    if (!besideComparison.isEmpty() && !isInsideDumps(besideComparison, request) && folder.isDir()
        && folder.isWritable())
        return besideComparison;
    // Named after the comparison's folder, so that sessions of several comparisons do not overwrite each other.
    const QString caseName
        = QFileInfo(request.compareJson.isEmpty() ? request.npuPath : request.compareJson).absoluteDir().dirName();
    const QString name = beside.fileName().isEmpty() ? QStringLiteral("session.probescope.json") : beside.fileName();
    return QDir(userFolder(settings)).filePath(caseName + QLatin1Char('_') + name);
}

} // namespace psui::OutputLocations
