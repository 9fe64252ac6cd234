#pragma once
// The "Tensor error" window of a details row in real-data mode: what the error between the NPU and bench tensors
// looks like element by element. Histograms of the absolute and relative error over decades (QtCharts), the heat
// map of the error with the last dimension as columns, the worst elements and the share beyond the tolerance;
// exported as PNG. The numbers are computed on the session's Tensor channel (progress, Cancel) by the call
// `probescope-cli tensor` prints.
#include "session/tensorerrorjob.h"

#include <QWidget>

#include <memory>

class QBarSet;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace psui {

class ErrorHeatMapView;
class SessionController;

class TensorErrorWindow : public QWidget {
    Q_OBJECT
public:
    TensorErrorWindow(SessionController* session, QWidget* parent);
    // The one window of `owner` (created on first use), shown and raised, computing `request`.
    static TensorErrorWindow* showFor(QWidget* owner, SessionController* session, const TensorErrorRequest& request);

    void compute(const TensorErrorRequest& request);
    bool isComputing() const;
    std::shared_ptr<const ps::TensorFilesError> result() const { return m_result; }
    QString summaryText() const; // what the summary shows, plain text ("" before a result)
    QString errorText() const { return m_error; }
    ErrorHeatMapView* heatMap() const { return m_heatMap; }
    QChartView* histogram() const { return m_chart; }
    // Recomputes the shown pair with this tolerance (|NPU - bench| > atol + rtol * |bench|); false when a value is
    // not a number >= 0.
    bool applyTolerance(const QString& rtol, const QString& atol);
    // The charts, the heat map and the summary as one picture; false when it cannot be written.
    bool exportPng(const QString& path);

Q_SIGNALS:
    void computed(); // a result or an error is shown

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void retranslate();
    void showOutcome(const TensorErrorOutcome& outcome);
    void showProgress(int permille, const QString& stage);
    void setComputing(bool computing);
    void rebuildChart();
    void showSummary();
    void chooseExport();
    void barHovered(bool status, int index, const QBarSet* set);

    SessionController* m_session;
    TensorErrorRequest m_request;
    std::shared_ptr<const ps::TensorFilesError> m_result;
    QString m_error;
    QLabel* m_title;
    QLabel* m_summary;
    QChartView* m_chart;
    QWidget* m_content; // what the PNG shows
    ErrorHeatMapView* m_heatMap;
    QComboBox* m_measure;
    QLabel* m_measureLabel;
    QLabel* m_heatTitle;
    QProgressBar* m_progress;
    QLabel* m_stage;
    QPushButton* m_cancel;
    QPushButton* m_export;
    QLabel* m_toleranceLabel;
    QLineEdit* m_rtol;
    QLineEdit* m_atol;
    QPushButton* m_applyTolerance;
};

} // namespace psui
