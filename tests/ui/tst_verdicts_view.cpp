// msprobe 26.0.0's verdicts in the viewer: the open dialog offers the rules (26.0 by default,
// remembered), an error node shows "error" in its colour and the details say why (msprobe's Err_message), the
// legend filters by verdict, the status bar names the rules, and an export writes a .vis.db that opens again with
// the same verdicts and reasons.
#include "models/graphtreemodel.h"
#include "models/nodedetailsmodel.h"
#include "models/nodesearch.h"
#include "models/roles.h"
#include "models/verdicts.h"
#include "session/comparisonoptions.h"
#include "testutil.h"

#include "session/analysiscontroller.h"
#include "theme/palette.h"
#include "vis/vis_db_reader.h"
#include "widgets/detailspanel.h"
#include "widgets/legendpanel.h"
#include "widgets/opendialog.h"
#include "widgets/sidebysidetreeview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

using namespace psui;

namespace {

// gpt_mix_statistics compared under msprobe 26.0.0's rules: its reference .vis.db rates Tensor.split.0.forward
// "error" because the NPU and bench dtypes differ (116 error nodes, 1 warning, 117 pass).
const char* kCase = "gpt_mix_statistics";
const char* kErrorNode = "Tensor.split.0.forward";
const char* kDtypeReason = "error: The dtype of NPU and Bench are inconsistent.";

int columnOfKey(const NodeDetailsModel& model, const QString& key)
{
    for (int c = 0; c < model.columnCount(); ++c)
        if (model.headerData(c, Qt::Horizontal).toString() == key)
            return c;
    return -1;
}

} // namespace

class TestVerdictsView : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    // Opens and waits for the whole comparison: a .vis.db shows a part of its graph first, in which the error
    // node may be missing yet.
    bool openWith(const QStringList& paths, const ps::EngineOptions& options)
    {
        m_ui.session->openPaths(paths, options);
        return test::waitForSession(m_ui.session.get(), 120000);
    }

    bool openCase26()
    {
        ps::EngineOptions options;
        options.profile = ps::RulesProfile::Msprobe26;
        return openWith({ test::caseDir(kCase) + QStringLiteral("/compare.json") }, options);
    }

    // The error node: "error" in the Verdict column, the error colour, and its reason in the details panel.
    void checkErrorNode()
    {
        auto snap = m_ui.session->snapshot();
        QCOMPARE(snap->comparison->profile, ps::RulesProfile::Msprobe26);
        const NodeId node = snap->graph(Side::Npu).find(kErrorNode);
        QVERIFY(node != ps::kNoNode);
        QCOMPARE(snap->precision(Side::Npu, node), 1.0);
        const GraphTreeModel& model = *m_ui.session->model(Side::Npu);
        QCOMPARE(model.headerData(PrecisionColumn, Qt::Horizontal).toString(), QStringLiteral("Verdict"));
        QCOMPARE(model.indexOfNode(node, PrecisionColumn).data().toString(), QStringLiteral("error"));
        // NOLINTNEXTLINE(bugprone-signed-char-misuse): bins are small signed numbers, -1 meaning none
        const int bin = snap->rollup(Side::Npu).bin[node];
        QVERIFY(binVerdict(*snap, bin) == ps::Verdict::Error);
        QCOMPARE(Palette::nodeFill(*snap, Side::Npu, bin).name(), QStringLiteral("#ff704d"));

        test::part<SideBySideTreeView>(m_ui.window.get())->selectNode(Side::Npu, node);
        DetailsPanel* details = test::part<DetailsPanel>(m_ui.window.get());
        QTRY_VERIFY(details->verdictText().contains(QLatin1String(kDtypeReason)));
        QVERIFY2(details->verdictText().startsWith(QLatin1String("input.0: ")), qPrintable(details->verdictText()));
        QVERIFY(details->findChild<QLabel*>(QStringLiteral("verdictReasons"))->isVisible());
        // The table shows 26.0.0's fields: the NPU input's Result is "error", in the error colour.
        const NodeDetailsModel& table = *details->model();
        const int result = columnOfKey(table, QStringLiteral("Result"));
        const int message = columnOfKey(table, QStringLiteral("Err_message"));
        QVERIFY(result >= 0 && message >= 0);
        QCOMPARE(table.index(0, result).data().toString(), QStringLiteral("error"));
        QCOMPARE(table.index(0, result).data(BinRole).toInt(), snap->worstValueBin());
        QVERIFY(table.index(0, message).data().toString().contains(QLatin1String("dtype of NPU and Bench")));
        auto* rules = m_ui.window->findChild<QLabel*>(QStringLiteral("rulesLabel"));
        QVERIFY(rules && rules->text().contains(QLatin1String("26.0")));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_ui.start(1400, 900)); }

    // A new user gets msprobe 26.0's rules; the choice is remembered; a parallel merge forces them.
    void openDialogOffersTheRules()
    {
        {
            OpenDialog dialog(m_ui.settings.get());
            auto* rules = dialog.findChild<QComboBox*>(QStringLiteral("rules"));
            QVERIFY(rules);
            QCOMPARE(dialog.request().options.profile, ps::RulesProfile::Msprobe26);
            rules->setCurrentIndex(rules->findData(int(ps::RulesProfile::Msprobe121)));
            dialog.findChild<QLineEdit*>(QStringLiteral("npuPath"))->setText(test::caseDir(kCase));
            QCOMPARE(dialog.request().options.profile, ps::RulesProfile::Msprobe121);
            dialog.accept();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
        }
        QCOMPARE(m_ui.settings->openOptions().engine.profile, ps::RulesProfile::Msprobe121);
        OpenDialog again(m_ui.settings.get());
        auto* rules = again.findChild<QComboBox*>(QStringLiteral("rules"));
        QCOMPARE(rules->currentData().toInt(), int(ps::RulesProfile::Msprobe121));
        again.findChild<QGroupBox*>(QStringLiteral("parallelLayout"))->setChecked(true);
        QCOMPARE(again.request().options.profile, ps::RulesProfile::Msprobe26);
        QVERIFY(!rules->isEnabled());
        m_ui.settings->setOpenOptions(ps::EngineOptions {}); // back to a new user's settings
    }

    // The rules selector also offers msprobe 26.0 as its 26.0.0 release writes it (numbers rounded); the choice is
    // remembered, kept by a parallel merge and travels with a recent entry's options.
    void openDialogOffersThe2600Release()
    {
        {
            OpenDialog dialog(m_ui.settings.get());
            auto* rules = dialog.findChild<QComboBox*>(QStringLiteral("rules"));
            QVERIFY(rules);
            QCOMPARE(rules->count(), 3);
            QCOMPARE(dialog.request().options.msprobe26Release, ps::Msprobe26Release::V26_1);
            const int release = rules->findText(QStringLiteral("26.0.0 release"), Qt::MatchContains);
            QVERIFY(release >= 0);
            rules->setCurrentIndex(release);
            dialog.findChild<QLineEdit*>(QStringLiteral("npuPath"))->setText(test::caseDir(kCase));
            QCOMPARE(dialog.request().options.profile, ps::RulesProfile::Msprobe26);
            QCOMPARE(dialog.request().options.msprobe26Release, ps::Msprobe26Release::V26_0_0);
            dialog.accept();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
        }
        QCOMPARE(m_ui.settings->openOptions().engine.msprobe26Release, ps::Msprobe26Release::V26_0_0);
        OpenDialog again(m_ui.settings.get());
        auto* rules = again.findChild<QComboBox*>(QStringLiteral("rules"));
        QVERIFY(rules->currentText().contains(QLatin1String("26.0.0 release")));
        again.findChild<QGroupBox*>(QStringLiteral("parallelLayout"))->setChecked(true);
        QCOMPARE(again.request().options.msprobe26Release, ps::Msprobe26Release::V26_0_0);
        const auto decoded = ComparisonOptions::decode(ComparisonOptions::encode(again.request().options));
        QVERIFY(decoded);
        QCOMPARE(decoded->engine.msprobe26Release, ps::Msprobe26Release::V26_0_0);
        QCOMPARE(decoded->engine.profile, ps::RulesProfile::Msprobe26);
        m_ui.settings->setOpenOptions(ps::EngineOptions {}); // back to a new user's settings
    }

    // The details show the dump's numbers as the chosen release writes them: the 26.1 line unrounded, the 26.0.0
    // release rounded to 6 decimals (the Max of Functional.embedding.0.forward's output in both msprobe's files);
    // the status bar names the release.
    void release2600ShowsRoundedNumbers()
    {
        for (auto release : { ps::Msprobe26Release::V26_1, ps::Msprobe26Release::V26_0_0 }) {
            ps::EngineOptions options;
            options.profile = ps::RulesProfile::Msprobe26;
            options.msprobe26Release = release;
            QVERIFY(openWith({ test::caseDir(kCase) + QStringLiteral("/compare.json") }, options));
            auto snap = m_ui.session->snapshot();
            QCOMPARE(snap->comparison->msprobe26Release, release);
            const bool rounded = release == ps::Msprobe26Release::V26_0_0;
            auto* label = m_ui.window->findChild<QLabel*>(QStringLiteral("rulesLabel"));
            QTRY_COMPARE(label->text().contains(QLatin1String("26.0.0 release")), rounded);
            const NodeId node = snap->graph(Side::Npu).find("Functional.embedding.0.forward");
            QVERIFY(node != ps::kNoNode);
            test::part<SideBySideTreeView>(m_ui.window.get())->selectNode(Side::Npu, node);
            const NodeDetailsModel& table = *test::part<DetailsPanel>(m_ui.window.get())->model();
            auto shownMax = [&table]() {
                QStringList shown;
                const int max = columnOfKey(table, QStringLiteral("Max"));
                for (int r = 0; r < table.rowCount() && max >= 0; ++r)
                    shown << table.index(r, max).data().toString();
                return shown;
            };
            const QString expected = rounded ? QStringLiteral("2.915356") : QStringLiteral("2.915355920791626");
            QTRY_VERIFY2(shownMax().contains(expected), qPrintable(shownMax().join(QLatin1Char(' '))));
        }
    }

    void errorNodeShowsWhy()
    {
        QVERIFY(openCase26());
        checkErrorNode();
    }

    // Ticking the legend's "error" entry lists exactly the error nodes; "warning" the warning ones.
    void legendFiltersByVerdict()
    {
        QVERIFY(openCase26());
        auto snap = m_ui.session->snapshot();
        LegendPanel* legend = test::part<LegendPanel>(m_ui.window.get());
        for (ps::Verdict wanted : { ps::Verdict::Error, ps::Verdict::Warning }) {
            int bin = -1;
            for (int b = 0; b < int(snap->bins.size()); ++b)
                if (binVerdict(*snap, b) == wanted)
                    bin = b;
            QVERIFY(bin >= 0);
            const QString label = verdictLabel(wanted);
            bool labelled = false;
            for (QCheckBox* c : legend->findChildren<QCheckBox*>())
                labelled = labelled || c->text().startsWith(label + QStringLiteral("   ("));
            QVERIFY2(labelled, qPrintable(label));
            std::shared_ptr<const NodeSet> hits;
            auto connection = connect(
                legend, &LegendPanel::resultChanged, this, [&hits](const QueryResult& r) { hits = r.sides[0]; });
            legend->setBinChecked(bin, true);
            QTRY_VERIFY_WITH_TIMEOUT(hits != nullptr, 30000);
            disconnect(connection);
            QVERIFY(!hits->hits.empty());
            size_t expected = 0;
            for (NodeId n = 0; n < snap->graph(Side::Npu).size(); ++n)
                expected += nodeVerdict(*snap, snap->precision(Side::Npu, n)) == wanted;
            QCOMPARE(hits->hits.size(), expected);
            for (NodeId n : hits->hits)
                QVERIFY(nodeVerdict(*snap, snap->precision(Side::Npu, n)) == wanted);
            legend->setBinChecked(bin, false);
            QVERIFY(test::waitUntilIdle());
        }
    }

    // msprobe 26.0.0's own database of the case (xz'ed in the repository, unpacked here by Python's lzma) opens
    // with its verdicts, colours and reasons.
    void referenceDatabaseOpensWithItsVerdicts()
    {
        const QString xz = test::caseDir(kCase) + QStringLiteral("/ref_26.0.0/compare/compare.vis.db.xz");
        const QString db = m_ui.tmp.filePath(QStringLiteral("ref26/compare.vis.db"));
        QVERIFY2(test::unpackXz(xz, db), "python3 (the golden tests need it too)");
        QVERIFY(openWith({ db }, ps::EngineOptions {}));
        checkErrorNode();
    }

    // Every msprobe 26.0.0 database of the shared cases reads into the trees' model: 26.0.0's rules, every node
    // reachable from the root row, and in compare databases a verdict in every matched NPU node's Verdict cell.
    void everyReferenceDatabaseReadsIntoTheModel()
    {
        const QString out = m_ui.tmp.filePath(QStringLiteral("refs26"));
        QVERIFY(QDir().mkpath(out));
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        QVERIFY(!python.isEmpty());
        // One call unpacks them all: <case>__<variant>__<name>.vis.db
        QCOMPARE(QProcess::execute(python,
                     { QStringLiteral("-c"),
                         QStringLiteral("import glob,lzma,os,shutil,sys\n"
                                        "for f in glob.glob(sys.argv[1] + '/*/ref_26.0.0/*/*.vis.db.xz'):\n"
                                        "    p = f[len(sys.argv[1]) + 1:-3].split('/')\n"
                                        "    shutil.copyfileobj(lzma.open(f), open(os.path.join(sys.argv[2], "
                                        "p[0] + '__' + p[2] + '__' + p[3]), 'wb'))"),
                         QStringLiteral(PROBESCOPE_CASES), out }),
            0);
        const QStringList files = QDir(out).entryList({ QStringLiteral("*.vis.db") }, QDir::Files);
        QVERIFY2(files.size() >= 78, qPrintable(QString::number(files.size())));
        for (const QString& name : files) {
            const std::vector<ps::VisDocument> docs = ps::readVisDb(QDir(out).filePath(name).toStdString());
            QVERIFY2(!docs.empty(), qPrintable(name));
            for (const ps::VisDocument& doc : docs) {
                QCOMPARE(doc.comparison->profile, ps::RulesProfile::Msprobe26);
                auto snap = makeSnapshot(doc.comparison, &doc.meta);
                for (Side side : { Side::Npu, Side::Bench }) {
                    if (!snap->hasSide(side))
                        continue;
                    GraphTreeModel model(side);
                    model.setSnapshot(snap);
                    QCOMPARE(model.rowCount(), 1);
                    size_t reached = 0; // breadth-first over the model, as a view expands it
                    std::vector<QModelIndex> queue { model.index(0, 0) };
                    for (size_t k = 0; k < queue.size(); ++k) {
                        ++reached;
                        const NodeId n = GraphTreeModel::nodeOf(queue[k]);
                        if (side == Side::Npu && doc.comparison->isCompare && snap->counterpart(side, n) != ps::kNoNode
                            && n != snap->graph(side).root) {
                            const QString cell = model.indexOfNode(n, PrecisionColumn).data().toString();
                            QVERIFY2(cell == QLatin1String("pass") || cell == QLatin1String("warning")
                                    || cell == QLatin1String("error") || cell.isEmpty(),
                                qPrintable(name + QStringLiteral(": ") + cell));
                        }
                        for (int r = 0; r < model.rowCount(queue[k]); ++r)
                            queue.push_back(model.index(r, 0, queue[k]));
                    }
                    QCOMPARE(reached, size_t(snap->graph(side).size()));
                }
            }
        }
    }

    // Export writes 26.0.0's .vis.db; opened again, the same node is red for the same reason.
    void exportedDatabaseOpensWithItsVerdicts()
    {
        QVERIFY(openCase26());
        const QString path = m_ui.tmp.filePath(QStringLiteral("export26/compare_gpt.vis.db"));
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QSignalSpy exported(m_ui.session->analysis(), &AnalysisController::exportFinished);
        m_ui.session->analysis()->exportVis(path);
        QVERIFY(exported.wait(120000));
        QCOMPARE(exported.last()[1].toString(), QString());
        QVERIFY(openWith({ path }, ps::EngineOptions {}));
        checkErrorNode();
    }
};

QTEST_MAIN(TestVerdictsView)
#include "tst_verdicts_view.moc"
