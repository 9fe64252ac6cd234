#pragma once
// The colour legend (bins with their counts, node types; the changes while a diff is shown) doubling as the filter
// panel: ticking bins, the unmatched entry or overflow levels lists those nodes (a match list, the first one selected)
// with ↑/↓ stepping, and can restrict the trees to them.
#include "models/snapshot.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace psui {

class ChangeLegend;
class HitListModel;
class HitNavigator;
class MatchList;
class SessionController;
struct QueryResult;

class LegendPanel : public QWidget {
    Q_OBJECT
public:
    LegendPanel(SessionController* session, QWidget* parent = nullptr);

    void resetSession(); // rebuilds the rows for the controller's new snapshot
    bool showOnlyHits() const;
    void setShowOnlyHits(bool on);
    // Another comparison opened: its filter starts empty (no bin or overflow level ticked, every node shown), since
    // the ticks of the last one may name bins or levels it has not, where they would filter unseen.
    void clearFilters();
    HitNavigator* navigator() const { return m_navigator; }
    // Ticks one legend bin (tests and the "show worst" action).
    void setBinChecked(int bin, bool checked);
    // The filter as a session saves it: the ticked legend bins and overflow levels (1..3); restoring ticks them
    // and filters once, leaving the selection as it is (a session restores it too).
    std::vector<int> checkedBins() const;
    std::vector<int> checkedOverflowLevels() const;
    void setChecked(const std::vector<int>& bins, const std::vector<int>& overflowLevels);
    void retranslate();
    // What "Colour by" calls a metric under these rules, translated.
    static QString metricLabel(ps::ColorMetric metric, ps::RulesProfile profile);

Q_SIGNALS:
    void jumpRequested(psui::Side side, psui::NodeId node);
    void resultChanged(const psui::QueryResult& result);
    void showOnlyHitsChanged(bool on);
    void overflowColoursChanged(bool on); // overflow mode: the trees fill rows by overflow level
    void editColorsRequested(); // the "Edit colours…" button: the colour-ranges editor
    void colorMetricRequested(ps::ColorMetric metric); // "Colour by" chose another metric (analysis/color_metric.h)

private:
    void applyFilter(); // a tick by the user: the result selects its first match
    void requestFilter(bool keepSelection);
    void onFinished(const QueryResult& result);
    QString binText(int bin) const;
    QString binDescription(int bin) const; // translated for msprobe's own bins, the file's text otherwise
    QString metricBinDescription(int bin) const; // a bin of another metric than the precision index; "" for none
    void fillMetrics(); // the "Colour by" choices of the comparison shown
    void fillTypes();
    void uncheckOverflowLevels(); // without filtering

    SessionController* m_session;
    ChangeLegend* m_changes; // above the bins while a diff with another comparison is shown
    QVBoxLayout* m_binsLayout;
    QGroupBox* m_binsBox;
    QComboBox* m_metric; // "Colour by", the first row of the bins box
    QGroupBox* m_overflowBox;
    QGroupBox* m_typesBox;
    QLabel* m_typesNote;
    std::vector<QCheckBox*> m_binChecks;
    std::vector<QCheckBox*> m_overflowChecks;
    QCheckBox* m_onlyHits;
    QCheckBox* m_overflowColours;
    QPushButton* m_editColors;
    HitListModel* m_hits;
    HitNavigator* m_navigator;
    MatchList* m_matches;
    // The latest request's own choice: only the latest result is delivered (the runner drops stale ones), so a
    // restore followed by a tick selects the tick's first match.
    bool m_keepSelection = false;
};

} // namespace psui
