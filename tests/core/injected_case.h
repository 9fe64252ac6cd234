#pragma once
// A real case copied to a temporary folder, with an error injected into its NPU dumps: every occurrence of a
// statistic's text replaced, so that the producer's output and every consumer of that tensor carry the same changed
// value, as a real error would. Shared by the core and GUI tests of the cross-rank tracer.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace injected {

inline bool copyTree(const QString& from, const QString& to)
{
    if (!QDir().mkpath(to))
        return false;
    for (const QFileInfo& e : QDir(from).entryInfoList(QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot)) {
        const QString target = to + QLatin1Char('/') + e.fileName();
        if (e.isDir() ? !copyTree(e.filePath(), target) : !QFile::copy(e.filePath(), target))
            return false;
    }
    return true;
}

// False when the file cannot be read or written, or does not hold `value`.
inline bool inject(const QString& dumpJson, const QByteArray& value, const QByteArray& replacement)
{
    QFile in(dumpJson);
    if (!in.open(QIODevice::ReadOnly))
        return false;
    QByteArray bytes = in.readAll();
    in.close();
    if (!bytes.contains(value))
        return false;
    bytes.replace(value, replacement);
    QFile out(dumpJson);
    return out.open(QIODevice::WriteOnly | QIODevice::Truncate) && out.write(bytes) == bytes.size();
}

// The copy's compare.json with absolute paths: msprobe reads relative ones against the working folder first, and a
// test's working folder may hold an unrelated "npu" or "bench" (the build tree has bench/).
inline bool absoluteCompareJson(const QString& dir)
{
    const QByteArray json = "{\"npu_path\": \"" + (dir + QStringLiteral("/npu")).toUtf8() + "\", \"bench_path\": \""
        + (dir + QStringLiteral("/bench")).toUtf8() + "\", \"is_print_compare_log\": true}";
    QFile out(dir + QStringLiteral("/compare.json"));
    return out.open(QIODevice::WriteOnly | QIODevice::Truncate) && out.write(json) == json.size();
}

// dist_tp_mix_statistics (two ranks, two steps) in `dir`, with rank 1's Tensor.__add__.3.forward of step 0 off
// (Max 1.69 -> 9.69 on the NPU): rank 1 sends it with isend, rank 0 receives it with irecv.
inline bool distCaseWithErrorSentByRank1(const QString& cases, const QString& dir)
{
    const QByteArray value = "1.6946312189102173", changed = "9.6946312189102173";
    return copyTree(cases + QStringLiteral("/dist_tp_mix_statistics"), dir)
        && inject(dir + QStringLiteral("/npu/step0/rank1/dump.json"), value, changed)
        && inject(dir + QStringLiteral("/npu/step0/rank0/dump.json"), value, changed) && absoluteCompareJson(dir);
}

} // namespace injected
