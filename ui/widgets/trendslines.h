#pragma once
// The Trends view's lines: per module, its worst error (TrendsModel::BadnessRole) in each graph of the session,
// one line per chosen module (log scale unless unticked); the N worst modules are chosen unless the user ticks others
// in the list, which shows each line's colour (the chart has no legend: module names are long). A dashed
// red line marks the first graph with an error. Hover names the point, a click asks to open that graph there.
#include <QHash>
#include <QWidget>

#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QXYSeries;
QT_END_NAMESPACE

class QCheckBox;
class QLabel;
class QListWidget;
class QSpinBox;

namespace psui {

class TrendsModel;

class TrendsLines : public QWidget {
    Q_OBJECT
public:
    explicit TrendsLines(TrendsModel* model, QWidget* parent = nullptr);
    QChart* chart() const;
    QListWidget* moduleList() const { return m_modules; }
    QSpinBox* worstCount() const { return m_worstCount; }
    QCheckBox* logScale() const { return m_logScale; }
    std::vector<int> shownRows() const; // the modules with a line, in list order
    // The line of `row` (null if not shown) and the module of a line (-1 for the first-error mark).
    QXYSeries* seriesOf(int row) const;
    void retranslate();

Q_SIGNALS:
    void pointActivated(int row, int column);

private:
    void fillModuleList(); // on a model reset: the modules worst first, the N worst ticked
    void tickWorst();
    void rebuild();
    void colourModuleList(); // each shown module's line colour beside its name
    QString axisTitle() const;

    TrendsModel* m_model;
    QChartView* m_view;
    QListWidget* m_modules;
    QSpinBox* m_worstCount;
    QLabel* m_worstLabel;
    QCheckBox* m_logScale;
    QHash<const QXYSeries*, int> m_rowOf;
    bool m_filling = false;
};

} // namespace psui
