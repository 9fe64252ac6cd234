#pragma once
// Small hand-made dump folders for unit tests, written into a temporary folder.
#include <QDir>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace testdumps {

inline void writeFile(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text);
}

// A "files" folder with the three msprobe files.
inline QString writeDumpFolder(const QString& dir, const QByteArray& dumpData, const QByteArray& construct,
    const QByteArray& stack = "{}", const QByteArray& task = "statistics")
{
    writeFile(dir + QStringLiteral("/dump.json"),
        "{\"task\": \"" + task
            + "\", \"level\": \"mix\", \"framework\": \"pytorch\", \"dump_data_dir\": null, "
              "\"data\": "
            + dumpData + "}");
    writeFile(dir + QStringLiteral("/construct.json"), construct);
    writeFile(dir + QStringLiteral("/stack.json"), stack);
    return dir;
}

inline QByteArray tensor(const char* shape, const QByteArray& max, const char* min = "-1.0", const char* mean = "0.1",
    const char* norm = "2.0")
{
    return QByteArray("{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": ") + shape + ", \"Max\": "
        + max + ", \"Min\": " + min + ", \"Mean\": " + mean + ", \"Norm\": " + norm + ", \"requires_grad\": false}";
}

} // namespace testdumps
