#include "session/settings.h"

#include "analysis/color_metric.h"
#include "batch/engine.h"
#include "compare/color_bins.h"
#include "session/comparisonoptions.h"
#include "session/openrequest.h"

#include <QCryptographicHash>
#include <QSettings>

namespace psui {

namespace {

struct KeyInfo {
    Settings::Key key;
    const char* name;
    QVariant defaultValue;
};

// The one key table: every setting, its storage name and default, in one place.
const KeyInfo& info(Settings::Key key)
{
    static const KeyInfo kTable[] = {
        { Settings::Key::WindowGeometry, "window/geometry", QVariant() },
        { Settings::Key::WindowState, "window/state", QVariant() },
        { Settings::Key::StateVersion, "window/stateVersion", 0 },
        { Settings::Key::TreeSplitter, "window/treeSplitter", QVariant() },
        { Settings::Key::RecentFiles, "files/recent", QStringList() },
        { Settings::Key::Language, "view/language", QString() },
        { Settings::Key::Fuzzy, "options/fuzzy", false },
        { Settings::Key::OverflowCheck, "options/overflowCheck", false },
        { Settings::Key::CompleteStack, "options/completeStack", false },
        { Settings::Key::LayerMappingFile, "options/layerMappingFile", QString() },
        { Settings::Key::Rules, "options/rules", QStringLiteral("msprobe26") },
        { Settings::Key::MirrorExpansion, "view/mirrorExpansion", true },
        { Settings::Key::LinkScrolling, "view/linkScrolling", false },
        { Settings::Key::LastDirectory, "files/lastDirectory", QString() },
        { Settings::Key::CentralLayout, "window/centralLayout", QVariant() },
        { Settings::Key::OutputDirectory, "files/outputDirectory", QString() },
    };
    static_assert(std::size(kTable) == size_t(Settings::Key::KeyCount));
    return kTable[size_t(key)];
}

} // namespace

namespace {

// One key per entry: a hash, since entries are paths (which QSettings would split into groups).
QString entryKey(const char* group, const QString& entry)
{
    return QLatin1String(group) + QLatin1Char('/')
        + QString::fromLatin1(QCryptographicHash::hash(entry.toUtf8(), QCryptographicHash::Sha1).toHex());
}

QString colorRangesKey(const QString& entry)
{
    return entryKey("colorRanges", entry);
}

} // namespace

std::vector<ps::ColorBin> Settings::colorRanges(const QString& entry) const
{
    std::vector<ps::ColorBin> out;
    // Stored as "#RRGGBB lo hi" per range; anything unreadable or invalid counts as nothing stored.
    for (const QString& row : m_settings->value(colorRangesKey(entry)).toStringList()) {
        const QStringList parts = row.split(QLatin1Char(' '));
        bool okLo = false, okHi = false;
        if (parts.size() != 3)
            return {};
        ps::ColorBin bin;
        bin.hex = parts[0].toStdString();
        bin.lo = parts[1].toDouble(&okLo);
        bin.hi = parts[2].toDouble(&okHi);
        if (!okLo || !okHi)
            return {};
        out.push_back(std::move(bin));
    }
    return out.empty() || !ps::colorRangesProblem(out).empty() ? std::vector<ps::ColorBin>() : out;
}

void Settings::setColorRanges(const QString& entry, const std::vector<ps::ColorBin>& ranges)
{
    if (ranges.empty()) {
        m_settings->remove(colorRangesKey(entry));
        return;
    }
    QStringList rows;
    for (const ps::ColorBin& bin : ranges)
        rows << QStringLiteral("%1 %2 %3")
                    .arg(QString::fromStdString(bin.hex), QString::number(bin.lo, 'g', 17),
                        QString::number(bin.hi, 'g', 17));
    m_settings->setValue(colorRangesKey(entry), rows);
}

ps::ColorMetric Settings::colorMetric(const QString& entry) const
{
    const QString name = m_settings->value(entryKey("colorMetric", entry)).toString();
    return ps::colorMetricOfName(name.toStdString()).value_or(ps::ColorMetric::Precision);
}

void Settings::setColorMetric(const QString& entry, ps::ColorMetric metric)
{
    if (metric == ps::ColorMetric::Precision)
        m_settings->remove(entryKey("colorMetric", entry));
    else
        m_settings->setValue(entryKey("colorMetric", entry), QLatin1String(ps::colorMetricName(metric)));
}

Settings::Settings()
    : m_settings(std::make_unique<QSettings>())
{
}

Settings::Settings(const QString& iniFile)
    : m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{
}

Settings::~Settings() = default;

QString Settings::keyName(Key key)
{
    return QString::fromLatin1(info(key).name);
}

QVariant Settings::value(Key key) const
{
    return m_settings->value(keyName(key), info(key).defaultValue);
}

void Settings::setValue(Key key, const QVariant& value)
{
    m_settings->setValue(keyName(key), value);
}

QStringList Settings::recentFiles() const
{
    return value(Key::RecentFiles).toStringList();
}

void Settings::addRecentFile(const QString& entry)
{
    QStringList list = recentFiles();
    list.removeAll(entry);
    list.prepend(entry);
    while (list.size() > kMaxRecent)
        list.removeLast();
    setValue(Key::RecentFiles, list);
}

std::optional<OpenOptions> Settings::entryOptions(const QString& entry) const
{
    return ComparisonOptions::decode(m_settings->value(entryKey("entryOptions", entry)).toStringList());
}

void Settings::setEntryOptions(const QString& entry, const OpenOptions& options)
{
    m_settings->setValue(entryKey("entryOptions", entry), ComparisonOptions::encode(options));
}

OpenOptions Settings::openOptions() const
{
    OpenOptions options;
    ps::EngineOptions& o = options.engine;
    o.fuzzy = value(Key::Fuzzy).toBool();
    o.overflowCheck = value(Key::OverflowCheck).toBool();
    o.completeStack = value(Key::CompleteStack).toBool();
    options.layerMappingFile = value(Key::LayerMappingFile).toString();
    const QString rules = value(Key::Rules).toString();
    o.profile = rules == QLatin1String("msprobe121") ? ps::RulesProfile::Msprobe121 : ps::RulesProfile::Msprobe26;
    if (rules == QLatin1String("msprobe26.0.0"))
        o.msprobe26Release = ps::Msprobe26Release::V26_0_0;
    return options;
}

void Settings::setOpenOptions(const OpenOptions& options)
{
    const ps::EngineOptions& o = options.engine;
    setValue(Key::Fuzzy, o.fuzzy);
    setValue(Key::OverflowCheck, o.overflowCheck);
    setValue(Key::CompleteStack, o.completeStack);
    setValue(Key::LayerMappingFile, options.layerMappingFile);
    const bool release2600 = o.msprobe26Release == ps::Msprobe26Release::V26_0_0;
    setValue(Key::Rules,
        o.profile == ps::RulesProfile::Msprobe121 ? QStringLiteral("msprobe121")
            : release2600                         ? QStringLiteral("msprobe26.0.0")
                                                  : QStringLiteral("msprobe26"));
}

void Settings::sync()
{
    m_settings->sync();
}

} // namespace psui
