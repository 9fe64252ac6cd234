#pragma once
// The main window: side-by-side trees with the search bar, the legend/filter dock, the details, stack and
// caller docks, and the feature docks (analysis, graph and charts, layer mapping). It composes the panels and
// wires them to the session controller and the ViewState; it never parses, compares or searches itself, and
// hands no part of itself out: tests and panels find what they need by type and object name.
#include "models/snapshot.h"
#include "session/jobrunner.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>
#include <optional>

class QComboBox;
class QDockWidget;
class QLabel;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTabWidget;

namespace psui {

class AnalysisTools;
class CallerPanel;
class CentralView;
class DetailsPanel;
class DiffTools;
class DockLayout;
class GraphChartDocks;
class JobNodeJump;
class LayerMappingPanel;
class LegendPanel;
class NoteActions;
class SearchBar;
class SessionController;
class Settings;
class SideBySideTreeView;
class StackPanel;
class StartPage;
class TreeFilterBar;
class ViewState;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(Settings* settings, SessionController* session, QWidget* parent = nullptr);
    ~MainWindow() override;

    void jumpTo(Side side, NodeId node);
    void nextSuspicious(int direction);
    void showDetailsTab(); // the node details in front of the call stacks and callers
    void openExample();
    static QString exampleDirectory(); // the bundled comparison's folder, empty if missing
    // Recolours the session with these value ranges (empty: msprobe's) and remembers them for the opened entry;
    // what the colour-ranges dialog does on OK. Returns why they were refused, or "".
    QString applyColorRanges(const std::vector<ps::ColorBin>& ranges);
    // Colours the session by `metric` and remembers it for the opened entry (the legend's "Colour by"). Returns why
    // it was refused, or "".
    QString applyColorMetric(ps::ColorMetric metric);

Q_SIGNALS:
    // "" = follow the system; app/ installs the translators (only it may).
    void languageRequested(const QString& locale);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // mainwindow.cpp: layout, session reactions, settings
    void createStatusBar();
    void connectSession();
    void onSessionChanged();
    void showSessionStatus(); // the loaded session's summary in the status bar (also after a language switch)
    void refreshStatus(); // the summary, or the diff's while one is shown
    void refreshCounts(); // the snapshot's counts into the legend, filters, search and status (same nodes)
    void showTitle(); // the comparison shown, and what it is compared with
    void onBusyChanged(Channel channel, bool busy, const QString& stage);
    void onProgress(int permille, const QString& stage);
    void onLoadFailed(const QString& message);
    void onChangesChanged(); // a diff with another comparison started or ended: details, status, title
    void showNodes(NodeId npu, NodeId bench); // details and stacks of the current nodes
    void applyTreeFilters();
    void restoreSettings(); // the saved layout, or most of the screen the first time
    void saveSettings();
    void showError(const QString& title, const QString& text);
    // mainwindow_docks.cpp: the docks and feature objects, placed and wired to the ViewState
    void createDocks();
    void createFeatureDocks();
    void connectViewState();
    // mainwindow_menus.cpp: menus, shortcuts, language, recent files
    void createActions();
    void retranslateUi();
    void updateRecentMenu();
    // mainwindow_files.cpp: the start page, opening, exporting, dropping, help dialogs
    QWidget* createStartPage(QWidget* sessionView); // the central area: start page until a session is loaded
    void setStartPageShown(bool shown); // the docks are hidden under the start page, and come back after
    bool startPageShown() const;
    void openComparisonDialog();
    void openCompareJson();
    void openVis();
    void openRecent(const QString& entry);
    void exportVis();
    void exportReport();
    void startExport(const QString& path);
    void showExporting(const QString& path); // status text and a busy indicator until exportFinished
    void onExportFinished(const QString& path, const QString& error);
    void showUserGuide();
    void showAbout();
    // mainwindow_session.cpp: notes and the session file
    void connectNotes();
    bool saveSession(); // to the session's file (beside the comparison); false: not saved
    bool saveSessionAs();
    bool saveSessionTo(const QString& path);
    void openSession();
    ps::Session currentView() const; // expanded nodes, filters and selection of the graph shown
    void restoreView(const ps::Session& view);
    void onSessionRestored(const QString& path); // the saved graph (step, rank) first, then its view
    void showNotesOfCurrent(); // the current nodes' notes in the details
    // Unsaved notes: asks to save, discard or cancel; true when the caller may go on (open, close).
    bool maybeKeepNotes();
    // mainwindow_colors.cpp: the colour-ranges dialog
    void editColorRanges();
    void restoreColorRanges(); // and the metric the entry was coloured by

    Settings* m_settings;
    SessionController* m_session;
    ViewState* m_view;
    SideBySideTreeView* m_trees;
    SearchBar* m_search;
    TreeFilterBar* m_filterBar; // above the trees while a filter restricts them
    LegendPanel* m_legend;
    DetailsPanel* m_details;
    StackPanel* m_stack;
    CallerPanel* m_callers;
    NoteActions* m_notes = nullptr; // Note… and Tag ▸ in the trees' menu and the details
    QString m_restoringFrom; // a restored session whose graph is being loaded: its view follows
    std::optional<ps::Session> m_carriedView; // between graphCompleting and graphCompleted
    bool m_restoreSavedView = false; // a session restored on a partial graph: applied again once it is whole
    QString m_restoreNote; // "Session restored from …": said again when the comparison completes
    AnalysisTools* m_analysis = nullptr; // manual matching and the first-divergence dock
    DiffTools* m_diff = nullptr; // "Compare with another comparison…"
    GraphChartDocks* m_graphCharts = nullptr; // the Graph and Charts docks
    QDockWidget* m_layerMappingDock = nullptr; // the layer-mapping editor
    LayerMappingPanel* m_layerMapping = nullptr;
    QDockWidget* m_trendsDock = nullptr; // drift across the steps and ranks (sessions of several graphs)
    JobNodeJump* m_jobJump = nullptr; // open a step or rank, then select a node in it
    QTabWidget* m_bottomTabs = nullptr;
    QDockWidget* m_legendDock = nullptr;
    QDockWidget* m_bottomDock = nullptr;
    QDockWidget* m_matchesDock = nullptr; // the search's matches
    DockLayout* m_dockLayout = nullptr; // side docks tabify or narrow so that the trees stay readable
    QComboBox* m_jobs;
    QLabel* m_jobsLabel;
    QComboBox* m_microSteps;
    QLabel* m_microStepsLabel;
    QLabel* m_status;
    QLabel* m_rules; // the rules of the comparison shown (msprobe 26.0 verdicts or msprobe 1.2 bins)
    QLabel* m_options; // the options it was opened with (-f, -oc, -cs, -lm)
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    CentralView* m_central = nullptr; // trees, graph or both
    StartPage* m_startPage = nullptr;
    QWidget* m_startPageScroll = nullptr; // the page in its scroll area: the page of m_pages
    QStackedWidget* m_pages = nullptr;
    QList<QPointer<QDockWidget>> m_docksUnderStartPage;
    Channel m_shownChannel = Channel::Load; // whose progress and Cancel the status bar shows

    struct Actions;
    std::unique_ptr<Actions> m_actions;
};

} // namespace psui
