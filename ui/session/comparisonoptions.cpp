#include "session/comparisonoptions.h"

#include "session/openrequest.h"
#include "session/settings.h"

#include <QDir>
#include <QFileInfo>

namespace psui {

namespace {

const QLatin1String kProfile("profile"), kFuzzy("fuzzy"), kOverflow("overflowCheck"), kStack("completeStack"),
    kMapping("layerMapping"), kNameOnly("nameOnlyMatch"), kParallel("parallel"), kRelease("msprobeRelease");

QString layoutText(const ps::ParallelLayout& l)
{
    return QStringLiteral("%1,%2,%3,%4,%5")
        .arg(l.rankSize)
        .arg(l.tp)
        .arg(l.pp)
        .arg(l.vpp)
        .arg(QString::fromStdString(l.order));
}

std::optional<ps::ParallelLayout> layoutFrom(const QString& text)
{
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.size() != 5)
        return std::nullopt;
    ps::ParallelLayout l;
    std::array<int*, 4> numbers { &l.rankSize, &l.tp, &l.pp, &l.vpp };
    for (size_t i = 0; i < numbers.size(); ++i) {
        bool ok = false;
        *numbers[i] = parts[qsizetype(i)].toInt(&ok);
        if (!ok || *numbers[i] < 1)
            return std::nullopt;
    }
    l.order = parts[4].toStdString();
    return l;
}

} // namespace

QStringList ComparisonOptions::encode(const OpenOptions& options)
{
    const ps::EngineOptions& o = options.engine;
    QStringList lines {
        kProfile + QLatin1Char('=')
            + (o.profile == ps::RulesProfile::Msprobe26 ? QStringLiteral("msprobe26") : QStringLiteral("msprobe121")),
        kFuzzy + QLatin1Char('=') + QString::number(int(o.fuzzy)),
        kOverflow + QLatin1Char('=') + QString::number(int(o.overflowCheck)),
        kStack + QLatin1Char('=') + QString::number(int(o.completeStack)),
        kNameOnly + QLatin1Char('=') + QString::number(int(o.nameOnlyMatch)),
        kMapping + QLatin1Char('=') + options.layerMappingFile,
    };
    for (const ps::ParallelLayout& l : o.parallel)
        lines << kParallel + QLatin1Char('=') + layoutText(l);
    if (o.msprobe26Release == ps::Msprobe26Release::V26_0_0) // written only when chosen: older entries read alike
        lines << kRelease + QLatin1Char('=') + QString::fromLatin1(ps::msprobe26ReleaseName(o.msprobe26Release));
    return lines;
}

std::optional<OpenOptions> ComparisonOptions::decode(const QStringList& lines)
{
    if (lines.isEmpty())
        return std::nullopt;
    OpenOptions options;
    ps::EngineOptions& o = options.engine;
    for (const QString& line : lines) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq < 0)
            return std::nullopt;
        const QString key = line.left(eq);
        const QString value = line.mid(eq + 1);
        const bool flag = value == QLatin1String("1");
        if (key == kProfile)
            o.profile
                = value == QLatin1String("msprobe26") ? ps::RulesProfile::Msprobe26 : ps::RulesProfile::Msprobe121;
        else if (key == kFuzzy)
            o.fuzzy = flag;
        else if (key == kOverflow)
            o.overflowCheck = flag;
        else if (key == kStack)
            o.completeStack = flag;
        else if (key == kNameOnly)
            o.nameOnlyMatch = flag;
        else if (key == kMapping)
            options.layerMappingFile = value;
        else if (key == kRelease)
            o.msprobe26Release
                = value == QLatin1String("26.0.0") ? ps::Msprobe26Release::V26_0_0 : ps::Msprobe26Release::V26_1;
        else if (key == kParallel) {
            const auto layout = layoutFrom(value);
            if (!layout || o.parallel.size() >= 2)
                return std::nullopt;
            o.parallel.push_back(*layout);
        } else
            return std::nullopt;
    }
    return options;
}

QString ComparisonOptions::summary(const OpenRequest& request)
{
    const ps::EngineOptions& o = request.options;
    QStringList flags;
    if (o.fuzzy)
        flags << QStringLiteral("-f");
    if (o.overflowCheck)
        flags << QStringLiteral("-oc");
    if (o.completeStack)
        flags << QStringLiteral("-cs");
    if (!request.layerMappingFile.isEmpty())
        flags << QStringLiteral("-lm ") + QFileInfo(request.layerMappingFile).fileName();
    else if (o.layerMapping)
        flags << tr("-lm (edited rules)");
    else if (o.nameOnlyMatch)
        flags << QStringLiteral("-lm");
    if (!o.parallel.empty())
        flags << tr("ranks merged");
    return flags.isEmpty() ? tr("none", "no engine options") : flags.join(QLatin1Char(' '));
}

OpenOptions ComparisonOptions::forPaths(const Settings& settings, const QStringList& paths)
{
    OpenOptions defaults;
    const OpenOptions preferred = settings.openOptions();
    defaults.engine.profile = preferred.engine.profile; // the preferred rules, shown in the status bar
    defaults.engine.msprobe26Release = preferred.engine.msprobe26Release;
    QString why;
    const std::optional<OpenRequest> request = OpenPaths::interpret(paths, defaults, why);
    if (!request)
        return defaults;
    return settings.entryOptions(request->recentEntry()).value_or(defaults);
}

QString ComparisonOptions::caseFolder(const OpenRequest& r)
{
    if (!r.visPath.isEmpty())
        return QFileInfo(r.visPath).absolutePath();
    if (!r.compareJson.isEmpty())
        return QFileInfo(r.compareJson).absolutePath();
    if (!r.npuPath.isEmpty())
        return QFileInfo(r.npuPath).absolutePath();
    return {};
}

} // namespace psui
