#pragma once
// The Trends dock's panel: drift across the session's steps and ranks. The trends are computed
// by the session controller on the Trends channel when the panel is first shown for a source (progress per graph,
// cancellable); the lines (worst modules' error per graph) and the step x module heatmap read them through the
// TrendsModel. A click on a point or a cell asks to open that graph at that module (openRequested).
#include "analysis/step_trends.h"

#include <QWidget>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace psui {

class SessionController;
class TrendsHeatmap;
class TrendsLines;
class TrendsModel;

class TrendsPanel : public QWidget {
    Q_OBJECT
public:
    TrendsPanel(SessionController* session, QWidget* parent = nullptr);

    TrendsModel* model() const { return m_model; }
    TrendsLines* lines() const { return m_lines; }
    TrendsHeatmap* heatmap() const { return m_heatmap; }
    QTabWidget* tabs() const { return m_tabs; }
    // Starts the computation unless the trends of the loaded source are there or on their way.
    void ensureComputed();
    // The status message when the opened graph has no such module (%1: its name).
    static QString missingModuleText();

Q_SIGNALS:
    void openRequested(int job, const QString& module);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void onSessionChanged();
    void onFinished(std::shared_ptr<const ps::StepTrends> trends, const QString& error, quint64 generation);
    void onBusyChanged(bool busy, const QString& why);
    void showStatus();
    void retranslate();

    SessionController* m_session;
    TrendsModel* m_model;
    quint64 m_generation = ~quint64(0); // the source the model (or the running job) describes
    QString m_error;
    QLabel* m_status;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QPushButton* m_recompute;
    QTabWidget* m_tabs;
    TrendsLines* m_lines;
    TrendsHeatmap* m_heatmap;
    QLabel* m_heatmapNote;
};

} // namespace psui
