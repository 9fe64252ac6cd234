#pragma once
// The main window: side-by-side trees with the search bar, the legend/filter dock, and the details, stack and
// caller docks. It asks the session controller for all work and never parses, compares or searches itself.
#include "models/snapshot.h"

#include <QMainWindow>
#include <QPointer>

#include <array>
#include <memory>

class QAction;
class QActionGroup;
class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTabWidget;

namespace psui {

class AnalysisTools;
class CallerPanel;
class DetailsPanel;
class GraphChartDocks;
class LayerMappingPanel;
class LegendPanel;
class SearchBar;
class SessionController;
class Settings;
class SideBySideTreeView;
class StackPanel;
class StartPage;
struct QueryResult;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(Settings* settings, SessionController* session, QWidget* parent = nullptr);
    ~MainWindow() override;

    SideBySideTreeView* trees() const { return m_trees; }
    SearchBar* searchBar() const { return m_search; }
    LegendPanel* legend() const { return m_legend; }
    DetailsPanel* details() const { return m_details; }
    StackPanel* stack() const { return m_stack; }
    CallerPanel* callers() const { return m_callers; }
    QComboBox* jobSelector() const { return m_jobs; }
    QComboBox* microStepSelector() const { return m_microSteps; }
    AnalysisTools* analysisTools() const { return m_analysis; }
    GraphChartDocks* graphChartDocks() const { return m_graphCharts; }
    QDockWidget* layerMappingDock() const { return m_layerMappingDock; }
    LayerMappingPanel* layerMappingPanel() const { return m_layerMapping; }
    StartPage* startPage() const { return m_startPage; }
    bool startPageShown() const;

    void jumpTo(Side side, NodeId node);
    void nextSuspicious(int direction);
    void openExample();
    static QString exampleDirectory(); // the bundled comparison's folder, empty if missing
    // Recolours the session with these value ranges (empty: msprobe's) and remembers them for the opened entry;
    // what the colour-ranges dialog does on OK. Returns why they were refused, or "".
    QString applyColorRanges(const std::vector<ps::ColorBin>& ranges);

Q_SIGNALS:
    // "" = follow the system; app/ installs the translators (only it may).
    void languageRequested(const QString& locale);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // mainwindow.cpp: layout and session reactions
    void createDocks();
    void onSessionChanged();
    void showSessionStatus(); // the loaded session's summary in the status bar (also after a language switch)
    void onBusyChanged(bool busy, const QString& stage);
    void onProgress(int permille, const QString& stage);
    void onLoadFailed(const QString& message);
    void onCurrentNodes(NodeId npu, NodeId bench);
    void applyTreeFilters();
    void restoreSettings();
    void saveSettings();
    void showError(const QString& title, const QString& text);
    // mainwindow_actions.cpp: menus, shortcuts, files and language
    void createActions();
    void retranslateUi();
    void updateRecentMenu();
    void openComparisonDialog();
    void openCompareJson();
    void openVis();
    void openRecent(const QString& entry);
    void exportVis();
    void onExportFinished(const QString& path, const QString& error);
    QWidget* createStartPage(QWidget* sessionView); // the central area: start page until a session is loaded
    void setStartPageShown(bool shown); // the docks are hidden under the start page, and come back after
    void showUserGuide();
    void showAbout();
    void editColorRanges();
    void restoreColorRanges();

    Settings* m_settings;
    SessionController* m_session;
    SideBySideTreeView* m_trees;
    SearchBar* m_search;
    LegendPanel* m_legend;
    DetailsPanel* m_details;
    StackPanel* m_stack;
    CallerPanel* m_callers;
    AnalysisTools* m_analysis = nullptr; // manual matching and the first-divergence dock
    GraphChartDocks* m_graphCharts = nullptr; // the Graph and Charts docks
    QDockWidget* m_layerMappingDock = nullptr; // the layer-mapping editor
    LayerMappingPanel* m_layerMapping = nullptr;
    QTabWidget* m_bottomTabs = nullptr;
    QDockWidget* m_legendDock = nullptr;
    QDockWidget* m_bottomDock = nullptr;
    QComboBox* m_jobs;
    QLabel* m_jobsLabel;
    QComboBox* m_microSteps;
    QLabel* m_microStepsLabel;
    QLabel* m_status;
    QLabel* m_rules; // the rules of the comparison shown (msprobe 26.0 verdicts or msprobe 1.2 bins)
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    StartPage* m_startPage = nullptr;
    QStackedWidget* m_pages = nullptr;
    QList<QPointer<QDockWidget>> m_docksUnderStartPage;
    std::shared_ptr<const std::vector<bool>> m_searchVisible[2];
    std::shared_ptr<const std::vector<bool>> m_filterVisible[2];

    struct Actions;
    std::unique_ptr<Actions> m_actions;
};

} // namespace psui
