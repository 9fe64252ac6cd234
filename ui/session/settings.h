#pragma once
// The only place that touches QSettings: one key table, typed accessors, versioned window state.
#include <QString>
#include <QStringList>
#include <QVariant>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QSettings;

namespace ps {
struct ColorBin;
enum class ColorMetric : uint8_t; // analysis/color_metric.h
} // namespace ps

namespace psui {

struct OpenOptions;

class Settings {
public:
    enum class Key {
        WindowGeometry,
        WindowState,
        StateVersion,
        TreeSplitter,
        RecentFiles,
        Language, // "" = follow the system, else a locale name such as zh_CN
        Fuzzy,
        OverflowCheck,
        CompleteStack,
        LayerMappingFile,
        Rules, // "msprobe26" (the default: what users run today) or "msprobe121"
        MirrorExpansion,
        LinkScrolling,
        LastDirectory,
        CentralLayout, // trees, graph or both, and their split
        OutputDirectory, // where exports and sessions written to a user folder go (the last one chosen)
        KeyCount
    };
    static constexpr int kStateVersion = 2; // bump when docks or splitters change
    static constexpr int kMaxRecent = 10;

    Settings(); // the application's settings
    explicit Settings(const QString& iniFile); // tests: an isolated file
    ~Settings();

    QVariant value(Key key) const;
    void setValue(Key key, const QVariant& value);
    static QString keyName(Key key);

    QStringList recentFiles() const; // each entry: one or two paths joined by '\n'
    void addRecentFile(const QString& entry);

    // The colour ranges chosen for one opened comparison or file (its recent-files entry); empty: none chosen.
    std::vector<ps::ColorBin> colorRanges(const QString& entry) const;
    void setColorRanges(const QString& entry, const std::vector<ps::ColorBin>& ranges); // empty: forget them

    // The metric one opened comparison was last coloured by (Precision: msprobe's colours, also when unknown).
    ps::ColorMetric colorMetric(const QString& entry) const;
    void setColorMetric(const QString& entry, ps::ColorMetric metric);

    // The options one opened comparison was opened with (its recent-files entry); nullopt: none stored.
    std::optional<OpenOptions> entryOptions(const QString& entry) const;
    void setEntryOptions(const QString& entry, const OpenOptions& options);

    // The options of the Open comparison dialog, remembered for its next use.
    // The Open dialog's last choices.
    OpenOptions openOptions() const;
    void setOpenOptions(const OpenOptions& options);

    void sync();

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace psui
