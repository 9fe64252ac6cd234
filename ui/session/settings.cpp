#include "session/settings.h"

#include "batch/engine.h"

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
        { Settings::Key::MirrorExpansion, "view/mirrorExpansion", true },
        { Settings::Key::LinkScrolling, "view/linkScrolling", false },
        { Settings::Key::LastDirectory, "files/lastDirectory", QString() },
    };
    static_assert(std::size(kTable) == size_t(Settings::Key::KeyCount));
    return kTable[size_t(key)];
}

} // namespace

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

ps::EngineOptions Settings::engineOptions() const
{
    ps::EngineOptions o;
    o.fuzzy = value(Key::Fuzzy).toBool();
    o.overflowCheck = value(Key::OverflowCheck).toBool();
    o.completeStack = value(Key::CompleteStack).toBool();
    o.layerMappingPath = value(Key::LayerMappingFile).toString().toStdString();
    return o;
}

void Settings::setEngineOptions(const ps::EngineOptions& o)
{
    setValue(Key::Fuzzy, o.fuzzy);
    setValue(Key::OverflowCheck, o.overflowCheck);
    setValue(Key::CompleteStack, o.completeStack);
    setValue(Key::LayerMappingFile, QString::fromStdString(o.layerMappingPath));
}

void Settings::sync()
{
    m_settings->sync();
}

} // namespace psui
