// One source of truth for counts: after every edit of the comparison shown (layer-mapping rules applied, a manual
// match, other colour ranges, other rules) the legend's counts, the filter's results and the exported file's counts
// are those of the same new snapshot, and the status bar, once idle, claims no work.
#include "models/hitlistmodel.h"
#include "models/verdicts.h"
#include "testutil.h"

#include "session/analysiscontroller.h"
#include "widgets/hitnavigator.h"
#include "widgets/layermappingmodel.h"
#include "widgets/layermappingpanel.h"
#include "widgets/legendpanel.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QLayout>
#include <QRegularExpression>
#include <QtTest>

#include <map>
#include <vector>

using namespace psui;

namespace {

const char* kCase = "gpt_layermap_mix_statistics";

// NPU nodes per legend entry (by verdict or value range, so that a re-read file's own bin order does not matter),
// and the bench's unmatched nodes.
using Counts = std::map<QString, uint32_t>;

QString binKey(const Snapshot& snap, int bin)
{
    if (bin == snap.unmatchedBin)
        return QStringLiteral("unmatched");
    if (const auto verdict = binVerdict(snap, bin))
        return QStringLiteral("verdict %1").arg(int(*verdict));
    return QStringLiteral("[%1, %2]").arg(snap.bins[size_t(bin)].lo).arg(snap.bins[size_t(bin)].hi);
}

Counts countsOf(const Snapshot& snap)
{
    Counts counts;
    for (int bin = 0; bin < int(snap.bins.size()); ++bin)
        counts[binKey(snap, bin)] += snap.rollup(Side::Npu).binTotals[size_t(bin)];
    counts[QStringLiteral("unmatched bench")]
        = snap.unmatchedBin >= 0 ? snap.rollup(Side::Bench).binTotals[size_t(snap.unmatchedBin)] : 0;
    return counts;
}

QString describe(const Counts& counts)
{
    QStringList parts;
    for (const auto& [key, n] : counts)
        parts << QStringLiteral("%1=%2").arg(key).arg(n);
    return parts.join(QStringLiteral(", "));
}

} // namespace

class TestCountsOneSource : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    LegendPanel* legend() const { return test::part<LegendPanel>(m_ui.window.get()); }
    LayerMappingPanel* mapping() const { return test::part<LayerMappingPanel>(m_ui.window.get()); }

    bool open(ps::RulesProfile profile)
    {
        ps::EngineOptions options;
        options.profile = profile;
        return m_ui.session->openPaths({ test::caseDir(kCase) + QStringLiteral("/compare.json") }, options)
            && test::waitForSession(m_ui.session.get()) && test::waitUntilIdle();
    }

    // The counts the legend's rows say, read from their text as the user reads them.
    Counts legendCounts() const
    {
        const auto snap = m_ui.session->snapshot();
        const QLayout* layout = test::part<QGroupBox>(m_ui.window.get(), QStringLiteral("legendBins"))->layout();
        std::vector<const QCheckBox*> rows; // the bins' rows, in order (after the "Colour by" box)
        for (int i = 0; i < layout->count(); ++i)
            if (const auto* check = qobject_cast<const QCheckBox*>(layout->itemAt(i)->widget()))
                rows.push_back(check);
        Counts counts;
        static const QRegularExpression number(QStringLiteral("\\d+"));
        for (int bin = 0; bin < int(rows.size()) && bin < int(snap->bins.size()); ++bin) {
            const QCheckBox* check = rows[size_t(bin)];
            QStringList numbers;
            for (auto it = number.globalMatch(check->text()); it.hasNext();)
                numbers << it.next().captured();
            if (numbers.isEmpty())
                return {};
            if (bin == snap->unmatchedBin && numbers.size() >= 2) {
                counts[binKey(*snap, bin)] += numbers[numbers.size() - 2].toUInt();
                counts[QStringLiteral("unmatched bench")] = numbers.back().toUInt();
            } else {
                counts[binKey(*snap, bin)] += numbers.back().toUInt();
            }
        }
        if (snap->unmatchedBin < 0)
            counts[QStringLiteral("unmatched bench")] = 0;
        return counts;
    }

    // What the legend's filter lists when one entry is ticked (NPU nodes; both sides for "no matching node").
    Counts filterCounts()
    {
        const auto snap = m_ui.session->snapshot();
        Counts counts;
        for (int bin = 0; bin < int(snap->bins.size()); ++bin) {
            QSignalSpy filtered(m_ui.session.get(), &SessionController::filterFinished);
            legend()->setChecked({ bin }, {});
            if (!test::waitForSignal(filtered))
                return {};
            int rows = legend()->navigator()->model()->rowCount();
            if (bin == snap->unmatchedBin) {
                const int bench = int(snap->rollup(Side::Bench).binTotals[size_t(bin)]);
                counts[QStringLiteral("unmatched bench")] = uint32_t(bench);
                rows -= bench; // both sides listed: the bench's part is checked by the NPU's remainder
            }
            counts[binKey(*snap, bin)] += uint32_t(rows);
        }
        if (snap->unmatchedBin < 0)
            counts[QStringLiteral("unmatched bench")] = 0;
        legend()->setChecked({}, {});
        return counts;
    }

    // The counts of the comparison exported now, opened again as a colleague would.
    Counts exportedCounts(const QString& name)
    {
        const QString path = m_ui.tmp.filePath(name + QStringLiteral("/") + name
            + (m_ui.session->snapshot()->comparison->profile == ps::RulesProfile::Msprobe26 ? QStringLiteral(".vis.db")
                                                                                            : QStringLiteral(".vis")));
        if (!QDir().mkpath(QFileInfo(path).absolutePath()))
            return {};
        QSignalSpy exported(m_ui.session->analysis(), &AnalysisController::exportFinished);
        m_ui.session->analysis()->exportVis(path);
        if (!test::waitForSignal(exported) || !exported.first().at(1).toString().isEmpty())
            return {};
        SessionController reader;
        if (!reader.openPaths({ path }, {}) || !test::waitForSession(&reader))
            return {};
        return countsOf(*reader.snapshot());
    }

    void verifyOneSource(const QString& name)
    {
        QVERIFY(test::waitUntilIdle());
        const QString status = test::part<QLabel>(m_ui.window.get(), QStringLiteral("statusText"))->text();
        QVERIFY2(!status.endsWith(QStringLiteral("…")), qPrintable(status)); // claims no work once idle
        const Counts snapshot = countsOf(*m_ui.session->snapshot());
        const Counts shown = legendCounts();
        QVERIFY2(shown == snapshot, qPrintable(describe(shown) + QStringLiteral(" vs ") + describe(snapshot)));
        const Counts filtered = filterCounts();
        QVERIFY2(filtered == snapshot, qPrintable(describe(filtered) + QStringLiteral(" vs ") + describe(snapshot)));
        const Counts exported = exportedCounts(name);
        QVERIFY2(exported == snapshot, qPrintable(describe(exported) + QStringLiteral(" vs ") + describe(snapshot)));
        qInfo("%s: %s", qPrintable(name), qPrintable(describe(snapshot)));
    }

    NodeId unmatchedNode(Side side, const char* part) const
    {
        const auto snap = m_ui.session->snapshot();
        const ps::Graph& g = snap->graph(side);
        for (NodeId n = 0; n < g.size(); ++n)
            if (g.nameOf(n).find(part) != std::string_view::npos && snap->counterpart(side, n) == ps::kNoNode)
                return n;
        return ps::kNoNode;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_ui.start(1366, 768)); }

    // msprobe 26.0 rules: two layer-mapping rules applied, then final_layernorm matched with ln_f by hand.
    void layerMappingThenManualMatch()
    {
        QVERIFY(open(ps::RulesProfile::Msprobe26));
        verifyOneSource(QStringLiteral("opened"));

        test::part<QDockWidget>(m_ui.window.get(), QStringLiteral("layerMappingDock"))->show();
        mapping()->startEmpty();
        LayerMappingModel* model = mapping()->model();
        const std::vector<ps::LayerMappingRow> rules { { "TopLayer", "layers", "h" },
            { "ParallelTransformerLayer", "input_layernorm", "ln_1" } };
        for (const ps::LayerMappingRow& rule : rules) {
            const int row = model->rowCount();
            model->insertRule(row, {});
            QVERIFY(model->setData(model->index(row, 0), QString::fromStdString(rule.className), Qt::EditRole));
            QVERIFY(model->setData(model->index(row, 1), QString::fromStdString(rule.source), Qt::EditRole));
            QVERIFY(model->setData(model->index(row, 2), QString::fromStdString(rule.target), Qt::EditRole));
        }
        QSignalSpy applied(mapping(), &LayerMappingPanel::applied);
        QVERIFY(mapping()->apply());
        QVERIFY(test::waitForSignal(applied));
        QTRY_VERIFY_WITH_TIMEOUT(m_ui.session->isWhole() && !m_ui.session->isBusy(Channel::Load), 60000);
        verifyOneSource(QStringLiteral("mapped"));

        const Counts before = countsOf(*m_ui.session->snapshot());
        const NodeId npu = unmatchedNode(Side::Npu, "final_layernorm");
        const NodeId bench = unmatchedNode(Side::Bench, "ln_f");
        QVERIFY(npu != ps::kNoNode && bench != ps::kNoNode);
        QSignalSpy matched(m_ui.session->analysis(), &AnalysisController::matchFinished);
        m_ui.session->analysis()->matchNodes(npu, bench, true);
        QVERIFY(test::waitForSignal(matched));
        QVERIFY2(matched.first().at(0).value<MatchOutcome>().error.isEmpty(),
            qPrintable(matched.first().at(0).value<MatchOutcome>().error));
        QVERIFY(countsOf(*m_ui.session->snapshot()) != before); // the match changed the counts
        verifyOneSource(QStringLiteral("matched"));

        // The same pair again: refused pair by pair, nothing changes, and the status bar no longer says it matches.
        matched.clear();
        m_ui.session->analysis()->matchNodes(npu, bench, true);
        QVERIFY(test::waitForSignal(matched));
        QCOMPARE(matched.first().at(0).value<MatchOutcome>().changed, 0);
        verifyOneSource(QStringLiteral("refused"));
    }

    // msprobe 1.2 rules (another rules profile: a new comparison), then other colour ranges, then an unmatch.
    void rulesColourRangesAndUnmatch()
    {
        QVERIFY(open(ps::RulesProfile::Msprobe121));
        verifyOneSource(QStringLiteral("rules12"));

        QCOMPARE(
            m_ui.window->applyColorRanges({ { "#FF4118", 0, 0.05, false, {} }, { "#FFFCF3", 0.05, 1, false, {} } }),
            QString());
        verifyOneSource(QStringLiteral("recoloured"));

        const auto snap = m_ui.session->snapshot();
        NodeId npu = ps::kNoNode;
        for (NodeId n : snap->rollup(Side::Npu).exec->nodes)
            if (npu == ps::kNoNode && snap->counterpart(Side::Npu, n) != ps::kNoNode
                && n != snap->graph(Side::Npu).root)
                npu = n;
        QVERIFY(npu != ps::kNoNode);
        QSignalSpy done(m_ui.session->analysis(), &AnalysisController::matchFinished);
        m_ui.session->analysis()->unmatchNodes(npu, snap->counterpart(Side::Npu, npu), true);
        QVERIFY(test::waitForSignal(done));
        verifyOneSource(QStringLiteral("unmatched"));
    }
};

QTEST_MAIN(TestCountsOneSource)
#include "tst_counts_one_source.moc"
