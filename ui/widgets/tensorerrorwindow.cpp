#include "widgets/tensorerrorwindow.h"

#include "io/file_io.h"
#include "session/analysiscontroller.h"
#include "session/sessioncontroller.h"
#include "widgets/errorheatmapview.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QCloseEvent>
#include <QComboBox>
#include <QCursor>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>

namespace psui {

namespace {

QString number(double x)
{
    return std::isnan(x) ? QStringLiteral("nan")
        : std::isinf(x)  ? (x > 0 ? QStringLiteral("inf") : QStringLiteral("-inf"))
                         : QString::number(x, 'g', 6);
}

QString indexText(const std::vector<int64_t>& index)
{
    QStringList parts;
    for (int64_t i : index)
        parts << QString::number(i);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

TensorErrorWindow::TensorErrorWindow(SessionController* session, QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_session(session)
    , m_title(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_chart(new QChartView(new QChart, this))
    , m_content(new QWidget(this))
    , m_heatMap(new ErrorHeatMapView(this))
    , m_measure(new QComboBox(this))
    , m_measureLabel(new QLabel(this))
    , m_heatTitle(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_stage(new QLabel(this))
    , m_cancel(new QPushButton(this))
    , m_export(new QPushButton(this))
    , m_toleranceLabel(new QLabel(this))
    , m_rtol(new QLineEdit(this))
    , m_atol(new QLineEdit(this))
    , m_applyTolerance(new QPushButton(this))
{
    setObjectName(QStringLiteral("tensorErrorWindow"));
    m_title->setObjectName(QStringLiteral("tensorErrorTitle"));
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(QStringLiteral("tensorErrorSummary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setWordWrap(true);
    m_chart->setObjectName(QStringLiteral("tensorErrorHistogram"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->chart()->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMinimumSize(320, 240);
    m_measure->setObjectName(QStringLiteral("tensorErrorMeasure"));
    m_measure->addItems({ QString(), QString() }); // texts in retranslate()
    m_progress->setObjectName(QStringLiteral("tensorErrorProgress"));
    m_cancel->setObjectName(QStringLiteral("tensorErrorCancel"));
    m_export->setObjectName(QStringLiteral("tensorErrorExport"));

    m_heatTitle->setWordWrap(true);
    auto* heatRow = new QHBoxLayout;
    heatRow->addWidget(m_measureLabel);
    heatRow->addWidget(m_measure);
    heatRow->addStretch(1);
    auto* heatBox = new QWidget(this);
    auto* heatLayout = new QVBoxLayout(heatBox);
    heatLayout->setContentsMargins(0, 0, 0, 0);
    heatLayout->addWidget(m_heatTitle);
    heatLayout->addLayout(heatRow);
    heatLayout->addWidget(m_heatMap, 1);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_chart);
    splitter->addWidget(heatBox);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({ 520, 520 });

    auto* contentLayout = new QVBoxLayout(m_content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addWidget(m_title);
    contentLayout->addWidget(m_summary);
    contentLayout->addWidget(splitter, 1);

    auto* bottom = new QHBoxLayout;
    m_rtol->setObjectName(QStringLiteral("tensorErrorRtol"));
    m_atol->setObjectName(QStringLiteral("tensorErrorAtol"));
    m_applyTolerance->setObjectName(QStringLiteral("tensorErrorApplyTolerance"));
    for (QLineEdit* edit : { m_rtol, m_atol })
        edit->setFixedWidth(fontMetrics().horizontalAdvance(QStringLiteral("0.0000000")) + 12);
    bottom->addWidget(m_toleranceLabel);
    bottom->addWidget(m_rtol);
    bottom->addWidget(m_atol);
    bottom->addWidget(m_applyTolerance);
    bottom->addSpacing(12);
    bottom->addWidget(m_stage, 1);
    bottom->addWidget(m_progress);
    bottom->addWidget(m_cancel);
    bottom->addWidget(m_export);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_content, 1);
    layout->addLayout(bottom);

    connect(m_measure, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_heatMap->setMeasure(index == 1 ? ErrorHeatMapView::Measure::Relative : ErrorHeatMapView::Measure::Absolute);
    });
    connect(m_cancel, &QPushButton::clicked, this, [this]() { m_session->cancel(Channel::Tensor); });
    connect(m_export, &QPushButton::clicked, this, &TensorErrorWindow::chooseExport);
    auto apply = [this]() {
        if (!applyTolerance(m_rtol->text(), m_atol->text()))
            m_stage->setText(tr("The tolerance takes two numbers >= 0 (rtol, atol)."));
    };
    connect(m_applyTolerance, &QPushButton::clicked, this, apply);
    connect(m_rtol, &QLineEdit::returnPressed, this, apply);
    connect(m_atol, &QLineEdit::returnPressed, this, apply);
    connect(m_session->analysis(), &AnalysisController::tensorErrorProgress, this, &TensorErrorWindow::showProgress);
    connect(m_session->analysis(), &AnalysisController::tensorErrorFinished, this, &TensorErrorWindow::showOutcome);
    connect(m_session, &SessionController::busyChanged, this, [this](Channel channel, bool busy, const QString& why) {
        // A finished job goes idle with no reason, then delivers its result (showOutcome); a cancelled one goes
        // idle with the reason and delivers nothing.
        if (channel != Channel::Tensor || busy || why.isEmpty() || !isComputing())
            return;
        setComputing(false);
        m_stage->setText(tr("Cancelled."));
        Q_EMIT computed();
    });
    setComputing(false);
    retranslate();
    resize(1100, 640);
}

TensorErrorWindow* TensorErrorWindow::showFor(
    QWidget* owner, SessionController* session, const TensorErrorRequest& request)
{
    auto* window = owner->findChild<TensorErrorWindow*>(QString(), Qt::FindDirectChildrenOnly);
    if (!window)
        window = new TensorErrorWindow(session, owner);
    window->show();
    window->raise();
    window->activateWindow();
    window->compute(request);
    return window;
}

void TensorErrorWindow::compute(const TensorErrorRequest& request)
{
    m_request = request;
    m_result.reset();
    m_error.clear();
    m_heatMap->setResult(nullptr);
    setComputing(true);
    m_stage->setText(tr("Reading the tensors…"));
    retranslate();
    m_session->analysis()->computeTensorError(request);
}

bool TensorErrorWindow::applyTolerance(const QString& rtol, const QString& atol)
{
    bool rtolOk = false, atolOk = false;
    const double r = rtol.trimmed().toDouble(&rtolOk);
    const double a = atol.trimmed().toDouble(&atolOk);
    if (!rtolOk || !atolOk || !(r >= 0) || !(a >= 0) || std::isinf(r) || std::isinf(a) || m_request.npuPath.isEmpty())
        return false;
    TensorErrorRequest request = m_request;
    request.rtol = r;
    request.atol = a;
    compute(request);
    return true;
}

bool TensorErrorWindow::isComputing() const
{
    return m_cancel->isVisible();
}

void TensorErrorWindow::setComputing(bool computing)
{
    m_progress->setVisible(computing);
    m_cancel->setVisible(computing);
    m_export->setEnabled(!computing && m_result);
    m_applyTolerance->setEnabled(!computing && !m_request.npuPath.isEmpty());
    if (computing)
        m_progress->setRange(0, 0);
}

void TensorErrorWindow::showProgress(int permille, const QString& stage)
{
    if (!isComputing())
        return;
    if (permille < 0) {
        m_progress->setRange(0, 0);
    } else {
        m_progress->setRange(0, 1000);
        m_progress->setValue(permille);
    }
    m_stage->setText(stage);
}

void TensorErrorWindow::showOutcome(const TensorErrorOutcome& outcome)
{
    if (outcome.request.npuPath != m_request.npuPath || outcome.request.benchPath != m_request.benchPath)
        return; // an earlier request's
    m_result = outcome.result;
    m_error = outcome.error;
    setComputing(false);
    m_stage->setText(m_error);
    m_heatMap->setResult(m_result);
    if (m_result) { // the tolerance used, to edit
        m_rtol->setText(number(m_result->error.tolerance.rtol));
        m_atol->setText(number(m_result->error.tolerance.atol));
    }
    retranslate();
    Q_EMIT computed();
}

void TensorErrorWindow::retranslate()
{
    setWindowTitle(tr("Tensor error — %1").arg(m_request.label));
    m_cancel->setText(tr("Cancel"));
    m_export->setText(tr("Export PNG…"));
    m_measureLabel->setText(tr("Colour by:"));
    m_toleranceLabel->setText(tr("Tolerance rtol, atol:"));
    m_rtol->setToolTip(tr("rtol: an element is beyond the tolerance when |NPU − bench| > atol + rtol × |bench|"));
    m_atol->setToolTip(tr("atol: an element is beyond the tolerance when |NPU − bench| > atol + rtol × |bench|"));
    m_applyTolerance->setText(tr("Apply"));
    m_measure->setItemText(0, tr("Absolute error"));
    m_measure->setItemText(1, tr("Relative error"));
    QString title = QStringLiteral("<b>%1</b>").arg(m_request.label.toHtmlEscaped());
    title += QStringLiteral("<br>") + tr("NPU: %1").arg(m_request.npuPath.toHtmlEscaped());
    title += QStringLiteral("<br>") + tr("Bench: %1").arg(m_request.benchPath.toHtmlEscaped());
    m_title->setText(title);
    if (m_result) {
        const ps::ErrorHeatMap& map = m_result->error.heatMap;
        m_heatTitle->setText(
            tr("Heat map: %1 × %2 (rows × last dimension) in cells of %3 × %4 elements, each its block's largest error")
                .arg(map.tensorRows)
                .arg(map.tensorColumns)
                .arg(map.blockRows)
                .arg(map.blockColumns));
    } else {
        m_heatTitle->setText(tr("Heat map"));
    }
    showSummary();
    rebuildChart();
}

QString TensorErrorWindow::summaryText() const
{
    if (!m_result)
        return {};
    const ps::TensorError& e = m_result->error;
    QStringList lines;
    lines << tr("%1 elements, shape %2, NPU %3, bench %4")
                 .arg(e.elements)
                 .arg(indexText(e.shape), QString::fromUtf8(ps::dtypeName(e.npuType)),
                     QString::fromUtf8(ps::dtypeName(e.benchType)));
    lines << tr("Beyond the tolerance (|NPU − bench| > %1 + %2 × |bench|): %3 of %4 (%5%)")
                 .arg(number(e.tolerance.atol), number(e.tolerance.rtol))
                 .arg(e.beyondTolerance)
                 .arg(e.elements)
                 .arg(e.beyondShare() * 100, 0, 'f', 2);
    const auto element = [](const ps::ErrorElement& w, const QString& what) {
        if (w.flatIndex < 0)
            return tr("%1: none (no element has two finite values)").arg(what);
        return tr("%1 at %2: NPU %3, bench %4 (absolute %5, relative %6)")
            .arg(what, indexText(w.index), number(w.npu), number(w.bench), number(w.absError), number(w.relError));
    };
    lines << element(e.worstAbs, tr("Largest absolute error"));
    lines << element(e.worstRel, tr("Largest relative error"));
    lines << tr("NaN: NPU %1, bench %2; inf: NPU %3, bench %4; NaN/inf not matched on the other side: %5")
                 .arg(e.npuNan)
                 .arg(e.benchNan)
                 .arg(e.npuInf)
                 .arg(e.benchInf)
                 .arg(e.nonFiniteMismatch);
    lines << tr("Mean absolute error %1; bench 0 under NPU ≠ 0 (relative error inf): %2")
                 .arg(number(e.meanAbs))
                 .arg(e.benchZero);
    return lines.join(QLatin1Char('\n'));
}

void TensorErrorWindow::showSummary()
{
    m_summary->setText(m_result ? summaryText() : m_error);
}

void TensorErrorWindow::rebuildChart()
{
    QChart* chart = m_chart->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    chart->setTitle(tr("Elements per error decade"));
    if (!m_result)
        return;
    const ps::TensorError& e = m_result->error;
    // Horizontal bars: the buckets' full names fit beside them; larger errors higher up.
    auto* series = new QHorizontalBarSeries;
    auto* absSet = new QBarSet(tr("Absolute error"));
    auto* relSet = new QBarSet(tr("Relative error"));
    absSet->setColor(QColor(31, 119, 180));
    relSet->setColor(QColor(255, 127, 14));
    QStringList categories;
    double highest = 1;
    for (size_t b = 0; b < ps::kErrorBucketCount; ++b) {
        categories << QString::fromStdString(ps::errorBucketLabel(b)).toHtmlEscaped(); // labels are rich text
        *absSet << double(e.absHistogram[b]);
        *relSet << double(e.relHistogram[b]);
        highest = std::max({ highest, double(e.absHistogram[b]), double(e.relHistogram[b]) });
    }
    series->append(absSet);
    series->append(relSet);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTruncateLabels(false);
    QFont small = x->labelsFont();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    x->setLabelsFont(small);
    x->setTitleText(tr("Error"));
    auto* y = new QValueAxis;
    y->setRange(0, highest * 1.05);
    y->setLabelFormat(QStringLiteral("%d"));
    y->setTitleText(tr("Elements"));
    chart->addAxis(x, Qt::AlignLeft);
    chart->addAxis(y, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
    connect(series, &QHorizontalBarSeries::hovered, this,
        [this](bool status, int index, QBarSet* set) { barHovered(status, index, set); });
}

void TensorErrorWindow::barHovered(bool status, int index, const QBarSet* set)
{
    if (!status || !m_result || index < 0 || size_t(index) >= ps::kErrorBucketCount) {
        QToolTip::hideText();
        return;
    }
    const ps::TensorError& e = m_result->error;
    const uint64_t count
        = set->label() == tr("Absolute error") ? e.absHistogram[size_t(index)] : e.relHistogram[size_t(index)];
    const double share = e.elements ? 100.0 * double(count) / double(e.elements) : 0.0;
    QToolTip::showText(QCursor::pos(),
        tr("%1 %2: %3 elements (%4%)")
            .arg(set->label(), QString::fromStdString(ps::errorBucketLabel(size_t(index))))
            .arg(count)
            .arg(share, 0, 'f', 2),
        m_chart);
}

bool TensorErrorWindow::exportPng(const QString& path)
{
    QPixmap pixmap(m_content->size());
    pixmap.fill(Qt::white);
    m_content->render(&pixmap);
    // Encoded in memory (the image writer opens the buffer), then written through a temporary file and a rename.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    if (!pixmap.save(&buffer, "PNG"))
        return false;
    try {
        ps::writeFileAtomically(
            QFile::encodeName(path).toStdString(), std::string_view(bytes.constData(), size_t(bytes.size())));
    } catch (const std::exception&) {
        return false;
    }
    return true;
}

void TensorErrorWindow::chooseExport()
{
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export tensor error"), QStringLiteral("tensor_error.png"), tr("PNG image (*.png)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive))
        path += QStringLiteral(".png");
    if (!exportPng(path))
        QMessageBox::warning(this, tr("Export tensor error"), tr("Cannot write %1").arg(path));
}

void TensorErrorWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TensorErrorWindow::closeEvent(QCloseEvent* event)
{
    if (isComputing())
        m_session->cancel(Channel::Tensor); // nobody waits for the numbers any more
    QWidget::closeEvent(event);
}

} // namespace psui
