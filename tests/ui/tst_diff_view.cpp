// Issue 21 item 2 in the GUI, "Compare with another comparison…": the other comparison is the "before" of the one
// shown; the trees carry change marks that agree with ps::diffSources (the CLI's `diff`), the legend counts them,
// the details show before and after side by side, stopping or a new session restores the precision colours, and
// a corrupt other file is a clear error that keeps the session.
#include "analysis/comparison_diff.h"
#include "models/changemap.h"
#include "models/graphtreemodel.h"
#include "models/nodefilterproxy.h"
#include "models/roles.h"
#include "source/source.h"
#include "testutil.h"

#include "session/analysiscontroller.h"
#include "theme/palette.h"
#include "widgets/changelegend.h"
#include "widgets/detailspanel.h"
#include "widgets/sidebysidetreeview.h"

#include <QAction>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QTreeView>
#include <QtTest>

#include <set>

using namespace psui;

namespace {

QString compareJson(const char* name)
{
    return test::caseDir(name) + QStringLiteral("/compare.json");
}

using NameSet = std::set<std::string>;

// The names of one side's nodes the model marks `mark`.
NameSet marked(const GraphTreeModel& model, ChangeMark mark)
{
    NameSet names;
    const ps::Graph& g = model.snapshot()->graph(model.side());
    for (NodeId n = 0; n < g.size(); ++n) {
        const QModelIndex index = model.indexOfNode(n);
        if (index.isValid() && index.data(ChangeRole).toInt() == int(mark))
            names.insert(std::string(g.nameOf(n)));
    }
    return names;
}

NameSet listed(const ps::ComparisonDiff& diff, ps::ChangeKind kind, ps::Side side)
{
    NameSet names;
    for (const ps::NodeChange& c : diff.changes)
        if (c.kind == kind && c.side == side)
            names.insert(c.node);
    return names;
}

// The fill the delegate paints for a row's Type cell, away from its text.
QColor paintedFill(QTreeView* view, const QModelIndex& index)
{
    const QModelIndex cell = index.siblingAtColumn(TypeColumn);
    QStyleOptionViewItem option;
    option.rect = QRect(0, 0, 120, 20);
    option.state = QStyle::State_Enabled;
    QImage image(120, 20, QImage::Format_RGB32);
    image.fill(Qt::black);
    QPainter painter(&image);
    view->itemDelegate()->paint(&painter, option, cell);
    painter.end();
    return image.pixelColor(117, 10);
}

} // namespace

class TestDiffView : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    QAction* action(const char* name) const { return m_ui.window->findChild<QAction*>(QString::fromLatin1(name)); }
    ChangeLegend* legend() const { return test::part<ChangeLegend>(m_ui.window.get()); }
    DetailsPanel* details() const { return test::part<DetailsPanel>(m_ui.window.get()); }

    // Asks for the diff with `path` and waits for its marks (false: it failed or timed out).
    bool compareWith(const QString& path)
    {
        QSignalSpy changed(m_ui.session->analysis(), &AnalysisController::changesChanged);
        QSignalSpy failed(m_ui.session->analysis(), &AnalysisController::compareFailed);
        m_ui.session->analysis()->compareWith(path);
        test::waitForSignal(changed, 120000, &failed);
        if (!failed.isEmpty())
            qWarning("%s", qPrintable(failed[0][0].toString()));
        return !changed.isEmpty() && m_ui.session->analysis()->changes();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1280, 800));
        QVERIFY(!action("compareWithAction")->isEnabled()); // nothing shown yet
    }

    // The same comparison as before and after: every node is "same", the legend counts no worse and no better.
    void diffWithItselfMarksEverythingSame()
    {
        QVERIFY(m_ui.open(compareJson("gpt_mix_statistics")));
        QVERIFY(action("compareWithAction")->isEnabled());
        QVERIFY(!action("stopComparingAction")->isEnabled());
        QVERIFY(legend()->isHidden());
        QVERIFY(compareWith(compareJson("gpt_mix_statistics")));
        for (Side side : { Side::Npu, Side::Bench }) {
            const GraphTreeModel& model = *m_ui.session->model(side);
            QCOMPARE(marked(model, ChangeMark::Worse).size(), size_t(0));
            QCOMPARE(marked(model, ChangeMark::Better).size(), size_t(0));
            QCOMPARE(marked(model, ChangeMark::Appeared).size(), size_t(0));
            QCOMPARE(model.index(0, 0).data(ChangeRole).toInt(), int(ChangeMark::Same));
        }
        const auto changes = m_ui.session->analysis()->changes();
        QCOMPARE(changes->total(Side::Npu, ChangeMark::Same), uint32_t(222)); // as the core test counts them
        QCOMPARE(changes->vanishedNpu + changes->vanishedBench, uint32_t(0));
        QVERIFY(legend()->isVisibleTo(m_ui.window.get()));
        // The change legend takes the place of the precision bins.
        QVERIFY(!test::part<QWidget>(m_ui.window.get(), QStringLiteral("legendBins"))->isVisibleTo(m_ui.window.get()));
        QVERIFY(legend()->rowText(int(ChangeMark::Worse)).endsWith(QStringLiteral("(0)")));
        QVERIFY(legend()->rowText(int(ChangeMark::Better)).endsWith(QStringLiteral("(0)")));
        QVERIFY(legend()->rowText(int(ChangeMark::Same)).endsWith(QStringLiteral("(222)")));
        QVERIFY(action("stopComparingAction")->isEnabled());
        QVERIFY(action("stopComparingAction")->text().contains(QStringLiteral("compare.json")));
        QVERIFY(m_ui.window->windowTitle().contains(QStringLiteral("gpt_mix_statistics/compare.json")));
        // The details show before and after of the selected node: the same.
        const NodeId node = m_ui.session->snapshot()->graph(Side::Npu).find("Tensor.split.0.forward");
        QVERIFY(node != ps::kNoNode);
        test::part<SideBySideTreeView>(m_ui.window.get())->selectNode(Side::Npu, node);
        QTRY_VERIFY(details()->changeText().startsWith(QStringLiteral("Change: same")));
        const QStringList lines = details()->changeText().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[1].mid(lines[1].indexOf(QLatin1Char(':'))), lines[2].mid(lines[2].indexOf(QLatin1Char(':'))));
        QVERIFY(test::part<QLabel>(m_ui.window.get(), QStringLiteral("beforeAfter"))->isVisibleTo(m_ui.window.get()));
    }

    // Stopping restores the precision colours: no change role, the rows painted in their legend colour again.
    void stopComparingRestoresPrecisionColours()
    {
        QVERIFY(m_ui.session->analysis()->changes());
        auto* view = test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Npu);
        const NodeId node = m_ui.session->snapshot()->graph(Side::Npu).find("Tensor.split.0.forward");
        const QModelIndex index = m_ui.session->model(Side::Npu)->indexOfNode(node);
        const Snapshot& snap = *m_ui.session->snapshot();
        const QColor precision = Palette::nodeFill(snap, Side::Npu, index.data(BinRole).toInt());
        QVERIFY(precision != Palette::changeFill(int(ChangeMark::Same)));
        QCOMPARE(paintedFill(view, index), Palette::changeFill(int(ChangeMark::Same)));
        test::part<QPushButton>(m_ui.window.get(), QStringLiteral("stopComparing"))->click();
        QVERIFY(!m_ui.session->analysis()->changes());
        QVERIFY(!index.data(ChangeRole).isValid());
        QVERIFY(!index.data(ChangeInsideRole).isValid());
        QCOMPARE(paintedFill(view, index), precision);
        QVERIFY(legend()->isHidden());
        QVERIFY(test::part<QWidget>(m_ui.window.get(), QStringLiteral("legendBins"))->isVisibleTo(m_ui.window.get()));
        QVERIFY(!action("stopComparingAction")->isEnabled());
        QVERIFY(details()->changeText().isEmpty());
        QVERIFY(!m_ui.window->windowTitle().contains(QStringLiteral("compared")));
    }

    // gpt_mix_statistics before, gpt_fuzzy_mix_statistics after: the nodes marked worse, better and appeared are
    // exactly those ps::diffSources lists, and the details show the core's before and after verdicts.
    void diffAgainstFuzzyAgreesWithTheCore()
    {
        QVERIFY(m_ui.open(compareJson("gpt_fuzzy_mix_statistics")));
        QVERIFY(compareWith(compareJson("gpt_mix_statistics")));
        const ps::ComparisonDiff diff
            = ps::diffSources(ps::Source::open({ compareJson("gpt_mix_statistics").toStdString() }, {}),
                ps::Source::open({ compareJson("gpt_fuzzy_mix_statistics").toStdString() }, {}));
        QVERIFY(diff.count(ps::ChangeKind::Regressed) > 0 && diff.count(ps::ChangeKind::Improved) > 0);
        const GraphTreeModel& npu = *m_ui.session->model(Side::Npu);
        const GraphTreeModel& bench = *m_ui.session->model(Side::Bench);
        QCOMPARE(marked(npu, ChangeMark::Worse), listed(diff, ps::ChangeKind::Regressed, Side::Npu));
        QCOMPARE(marked(npu, ChangeMark::Better), listed(diff, ps::ChangeKind::Improved, Side::Npu));
        QCOMPARE(marked(npu, ChangeMark::Appeared), listed(diff, ps::ChangeKind::Appeared, Side::Npu));
        QCOMPARE(marked(bench, ChangeMark::Appeared), listed(diff, ps::ChangeKind::Appeared, Side::Bench));
        const auto changes = m_ui.session->analysis()->changes();
        QCOMPARE(size_t(changes->vanishedNpu), listed(diff, ps::ChangeKind::Vanished, Side::Npu).size());
        QCOMPARE(size_t(changes->vanishedBench), listed(diff, ps::ChangeKind::Vanished, Side::Bench).size());
        QCOMPARE(size_t(changes->total(Side::Npu, ChangeMark::Same)), diff.unchanged);
        QVERIFY(legend()
                    ->rowText(int(ChangeMark::Worse))
                    .endsWith(QStringLiteral("(%1)").arg(diff.count(ps::ChangeKind::Regressed))));
        // A regressed node: its row in the change colour, the details with the core's verdicts and values.
        const auto regressed = std::find_if(diff.changes.begin(), diff.changes.end(),
            [](const ps::NodeChange& c) { return c.kind == ps::ChangeKind::Regressed; });
        const NodeId node = m_ui.session->snapshot()->graph(Side::Npu).find(regressed->node);
        test::part<SideBySideTreeView>(m_ui.window.get())->selectNode(Side::Npu, node);
        QTRY_VERIFY(details()->changeText().startsWith(QStringLiteral("Change: worse")));
        const QStringList lines = details()->changeText().split(QLatin1Char('\n'));
        QVERIFY2(lines[1].contains(QString::fromStdString(regressed->beforeValue)), qPrintable(lines[1]));
        QVERIFY2(lines[2].contains(QString::fromStdString(regressed->afterValue)), qPrintable(lines[2]));
        auto* view = test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Npu);
        QCOMPARE(paintedFill(view, npu.indexOfNode(node)), Palette::changeFill(int(ChangeMark::Worse)));
        // The status bar says what is compared with what.
        const QString status = test::part<QLabel>(m_ui.window.get(), QStringLiteral("statusText"))->text();
        QVERIFY2(status.contains(QStringLiteral("gpt_mix_statistics")), qPrintable(status));
    }

    // A collapsed module shows the most notable change inside it; a matched bench node carries its NPU node's mark.
    void collapsedModulesAndBenchNodesFollowTheirNodes()
    {
        const GraphTreeModel& npu = *m_ui.session->model(Side::Npu);
        const QModelIndex root = npu.index(0, 0);
        QCOMPARE(root.data(ChangeInsideRole).toInt(), int(ChangeMark::Worse));
        auto* trees = test::part<SideBySideTreeView>(m_ui.window.get());
        const auto changes = m_ui.session->analysis()->changes();
        const ps::Graph& g = m_ui.session->snapshot()->graph(Side::Npu);
        // A module that is "same" or "better" itself but holds a worse node: painted worse while collapsed.
        NodeId module = ps::kNoNode;
        for (NodeId n = 0; n < g.size() && module == ps::kNoNode; ++n)
            if (!g.children(n).empty() && n != g.root && changes->markOf(Side::Npu, n) != ChangeMark::Worse
                && ChangeMark(changes->inside[size_t(Side::Npu)][n]) == ChangeMark::Worse)
                module = n;
        QVERIFY(module != ps::kNoNode);
        trees->revealNode(Side::Npu, module);
        QTreeView* view = trees->view(Side::Npu);
        const QModelIndex index = trees->proxy(Side::Npu)->mapFromSource(npu.indexOfNode(module));
        QVERIFY(index.isValid());
        view->collapse(index);
        QCOMPARE(paintedFill(view, index), Palette::changeFill(int(ChangeMark::Worse)));
        view->expand(index);
        QCOMPARE(paintedFill(view, index), Palette::changeFill(int(changes->markOf(Side::Npu, module))));
        const Snapshot& snap = *m_ui.session->snapshot();
        size_t matched = 0;
        for (NodeId b = 0; b < snap.graph(Side::Bench).size(); ++b) {
            const NodeId n = snap.counterpart(Side::Bench, b);
            if (n == ps::kNoNode || changes->markOf(Side::Bench, b) == ChangeMark::Appeared)
                continue;
            QCOMPARE(changes->markOf(Side::Bench, b), changes->markOf(Side::Npu, n));
            ++matched;
        }
        QVERIFY(matched > 0);
    }

    // Cancelling the diff (the status bar's Cancel) drops it: the session stays, no marks.
    void cancelKeepsTheSession()
    {
        m_ui.session->analysis()->stopComparing();
        const auto before = m_ui.session->snapshot();
        QSignalSpy changed(m_ui.session->analysis(), &AnalysisController::changesChanged);
        m_ui.session->analysis()->compareWith(compareJson("gpt_mix_statistics"));
        QVERIFY(m_ui.session->isBusy(Channel::Diff));
        m_ui.session->cancel(Channel::Diff);
        QVERIFY(!m_ui.session->isBusy(Channel::Diff));
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(changed.size(), 0);
        QVERIFY(!m_ui.session->analysis()->changes());
        QCOMPARE(m_ui.session->snapshot(), before);
    }

    // The other comparison lacks the shown step: its first graph is compared, and the legend and status say so.
    void missingStepFallsBackToTheFirstGraph()
    {
        QVERIFY(m_ui.open(compareJson("mlp_steps_mix_statistics")));
        QSignalSpy changed(m_ui.session.get(), &SessionController::sessionChanged);
        m_ui.session->selectJob(1);
        QVERIFY(test::waitForSignal(changed));
        QVERIFY(compareWith(compareJson("mlp_steps_mix_statistics")));
        QCOMPARE(m_ui.session->analysis()->changes()->step, 1);
        QVERIFY(m_ui.session->analysis()->changes()->graphNote.isEmpty());
        QCOMPARE(m_ui.session->analysis()->changes()->total(Side::Npu, ChangeMark::Worse), uint32_t(0));
        QVERIFY(compareWith(compareJson("mlp_mix_statistics")));
        const auto changes = m_ui.session->analysis()->changes();
        QCOMPARE(changes->step, 0);
        QVERIFY2(changes->graphNote.contains(QStringLiteral("no step 1, rank 0")), qPrintable(changes->graphNote));
        const QString status = test::part<QLabel>(m_ui.window.get(), QStringLiteral("statusText"))->text();
        QVERIFY2(status.contains(changes->graphNote), qPrintable(status));
    }

    // Another open ends the diff: the new session shows precision colours.
    void newSessionClearsTheDiff()
    {
        QVERIFY(m_ui.session->analysis()->changes());
        QSignalSpy changed(m_ui.session->analysis(), &AnalysisController::changesChanged);
        QVERIFY(m_ui.open(compareJson("gpt_mix_statistics")));
        QVERIFY(!m_ui.session->analysis()->changes());
        QCOMPARE(changed.size(), 1);
        QVERIFY(!m_ui.session->model(Side::Npu)->index(0, 0).data(ChangeRole).isValid());
        QVERIFY(legend()->isHidden());
    }

    // A corrupt other file: an error naming it; the session and its colours stay.
    void corruptOtherFileIsAClearError()
    {
        const QString path = m_ui.tmp.filePath(QStringLiteral("broken_before.vis"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"NPU\": {\"node\": [1, 2");
        file.close();
        const auto before = m_ui.session->snapshot();
        QSignalSpy failed(m_ui.session->analysis(), &AnalysisController::compareFailed);
        m_ui.session->analysis()->compareWith(path);
        QVERIFY(test::waitForSignal(failed));
        const QString message = failed[0][0].toString();
        QVERIFY2(message.contains(QStringLiteral("broken_before.vis")), qPrintable(message));
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(m_ui.session->snapshot(), before);
        QVERIFY(!m_ui.session->analysis()->changes());
        auto* box = test::part<QMessageBox>(m_ui.window.get(), QStringLiteral("compareError"));
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral("broken_before.vis")));
        box->close();
        // The status bar is back to the session's summary (not the job's last stage).
        const QString status = test::part<QLabel>(m_ui.window.get(), QStringLiteral("statusText"))->text();
        QVERIFY2(status.contains(QStringLiteral("NPU nodes")), qPrintable(status));
        // A missing file, too.
        failed.clear();
        m_ui.session->analysis()->compareWith(m_ui.tmp.filePath(QStringLiteral("missing.vis.db")));
        QVERIFY(test::waitForSignal(failed));
        QVERIFY(failed[0][0].toString().contains(QStringLiteral("missing.vis.db")));
    }
};

QTEST_MAIN(TestDiffView)
#include "tst_diff_view.moc"
