// Offscreen tests of the viewer features beyond the basics of tst_mainwindow: loading progress with
// stages and percent, Cancel that stops the engine and keeps the previous session, the micro-step selector, the
// legend taken from the file's own Colors (with translated descriptions), node-type glyphs, keyboard shortcuts,
// export naming rules, and the suspicious-cell rule on a custom legend.
#include "models/nodedetailsmodel.h"
#include "models/nodefilterproxy.h"
#include "models/roles.h"
#include "session/analysiscontroller.h"
#include "session/exportjob.h"
#include "session/loadjob.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "testutil.h"
#include "theme/palette.h"
#include "vis/vis_reader.h"
#include "widgets/detailspanel.h"
#include "widgets/hitnavigator.h"
#include "widgets/legendpanel.h"
#include "widgets/mainwindow.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QTranslator>
#include <QTreeView>

using namespace psui;

namespace {

void writeFile(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text);
}

QByteArray tensor(const char* max)
{
    return QByteArray("{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [4, 1024], \"Max\": ")
        + max + ", \"Min\": -1.0, \"Mean\": 0.1, \"Norm\": 2.0, \"requires_grad\": false}";
}

// A "files" folder: `records` top-level APIs (large enough that reading dump.json takes a while), or the given
// module records with construct parents.
void writeDumpFolder(const QString& dir, const QList<QPair<QByteArray, QByteArray>>& nodes, const char* max = "1.5")
{
    QByteArray data = "{";
    QByteArray construct = "{";
    const QByteArray t = tensor(max);
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const QByteArray& name = nodes[i].first;
        data += (i ? ",\"" : "\"") + name + "\": {\"input_args\": [" + t + "], \"output\": [" + t + "]}";
        construct += (i ? ",\"" : "\"") + name + "\": " + nodes[i].second;
    }
    writeFile(dir + QStringLiteral("/dump.json"),
        "{\"task\": \"statistics\", \"level\": \"mix\", \"framework\": \"pytorch\", \"dump_data_dir\": null, "
        "\"data\": "
            + data + "}}");
    writeFile(dir + QStringLiteral("/construct.json"), construct + "}");
    writeFile(dir + QStringLiteral("/stack.json"), "{}");
}

QList<QPair<QByteArray, QByteArray>> manyApis(int count)
{
    QList<QPair<QByteArray, QByteArray>> nodes;
    for (int i = 0; i < count; ++i)
        nodes.append({ "Torch.matmul." + QByteArray::number(i) + ".forward", "null" });
    return nodes;
}

// Two micro steps: forward, backward, forward, backward of one module at the first level.
QList<QPair<QByteArray, QByteArray>> twoMicroSteps()
{
    return {
        { "Module.fc.Linear.forward.0", "null" },
        { "Torch.add.0.forward", "\"Module.fc.Linear.forward.0\"" },
        { "Module.fc.Linear.backward.0", "null" },
        { "Module.fc.Linear.forward.1", "null" },
        { "Torch.add.1.forward", "\"Module.fc.Linear.forward.1\"" },
        { "Module.fc.Linear.backward.1", "null" },
    };
}

// The text of the top-level "Colors" object replaced by `colors` (brace matching; the file is msprobe's output).
QByteArray withColors(QByteArray vis, const QByteArray& colors)
{
    const qsizetype key = vis.indexOf("\"Colors\":");
    if (key < 0)
        return {};
    const qsizetype open = vis.indexOf('{', key);
    int depth = 0;
    for (qsizetype i = open; i < vis.size(); ++i) {
        depth += vis[i] == '{' ? 1 : (vis[i] == '}' ? -1 : 0);
        if (depth == 0)
            return vis.replace(open, i - open + 1, colors);
    }
    return {};
}

bool hasCjk(const QString& s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

} // namespace

class TestViewerFeatures : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;

    void openExample()
    {
        m_ui.window->openExample();
        QVERIFY(test::waitForSession(m_ui.session.get()));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_ui.start(1400, 900)); }

    void loadingShowsStagesAndPercent()
    {
        QSignalSpy progress(m_ui.session.get(), &SessionController::progressChanged);
        openExample();
        QVERIFY(progress.size() >= 3);
        int last = -1;
        QStringList stages;
        for (const QList<QVariant>& args : progress) {
            const int permille = args.at(0).toInt();
            if (permille >= 0) {
                QVERIFY2(permille >= last, "the percentage never goes back");
                QVERIFY(permille <= 1000);
                last = permille;
            }
            stages << args.at(1).toString();
        }
        QCOMPARE(last, 1000);
        QVERIFY(stages.contains(LoadJob::stageText(ps::Stage::ReadDump)));
        QVERIFY(stages.contains(LoadJob::stageText(ps::Stage::Compare)));
        auto* bar = m_ui.window->findChild<QProgressBar*>(QStringLiteral("loadProgress"));
        QVERIFY(bar);
        QCOMPARE(bar->maximum(), 1000); // a real percentage was shown, not only a busy indicator
        QVERIFY(!bar->isVisible()); // and it is gone when the load is done
    }

    void cancelStopsTheEngineAndKeepsTheSession()
    {
        openExample();
        const auto before = m_ui.session->snapshot();
        QVERIFY(before);
        const QString big = m_ui.tmp.filePath(QStringLiteral("big"));
        writeDumpFolder(big + QStringLiteral("/npu"), manyApis(80000));
        writeDumpFolder(big + QStringLiteral("/bench"), manyApis(80000));
        QSignalSpy progress(m_ui.session.get(), &SessionController::progressChanged);
        QSignalSpy changed(m_ui.session.get(), &SessionController::sessionChanged);
        QVERIFY(m_ui.session->openPaths({ big + QStringLiteral("/npu"), big + QStringLiteral("/bench") }, {}));
        // Wait until the engine is reading dump.json, then press Cancel.
        const QString reading = LoadJob::stageText(ps::Stage::ReadDump);
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(progress.begin(), progress.end(),
                                     [&](const QList<QVariant>& a) { return a.at(1).toString() == reading; }),
            30000);
        auto* cancel = m_ui.window->findChild<QPushButton*>(QStringLiteral("cancelLoad"));
        QVERIFY(cancel && cancel->isVisible());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(!m_ui.session->isBusy(Channel::Load));
        QVERIFY(!cancel->isVisible());
        QCOMPARE(m_ui.session->snapshot(), before);
        QVERIFY(
            m_ui.window->findChild<QLabel*>(QStringLiteral("statusText"))->text().contains(QStringLiteral("ancel")));
        // The engine stops (within one progress chunk per side: tst_progress) and its result is dropped.
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(changed.size(), 0);
        QCOMPARE(m_ui.session->snapshot(), before);
        QCOMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Npu)->model()->rowCount(), 1);
    }

    void microStepSelectorFiltersTheFirstLevel()
    {
        const QString dir = m_ui.tmp.filePath(QStringLiteral("micro"));
        writeDumpFolder(dir + QStringLiteral("/npu"), twoMicroSteps(), "1.5");
        writeDumpFolder(dir + QStringLiteral("/bench"), twoMicroSteps(), "1.0");
        QVERIFY(m_ui.session->openPaths({ dir + QStringLiteral("/npu"), dir + QStringLiteral("/bench") }, {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        const auto snap = m_ui.session->snapshot();
        QCOMPARE(snap->microSteps(), 2);
        QComboBox* selector = test::part<QComboBox>(m_ui.window.get(), QStringLiteral("microStepSelector"));
        QCOMPARE(selector->count(), 3); // All, 0, 1
        // The tool bar shows its widgets when it lays itself out, on a posted event.
        QTRY_VERIFY_WITH_TIMEOUT(selector->isVisibleTo(m_ui.window.get()), 30000);
        QTreeView* npu = test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Npu);
        QTreeView* bench = test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Bench);
        const QModelIndex npuRoot = npu->model()->index(0, 0);
        const QModelIndex benchRoot = bench->model()->index(0, 0);
        QCOMPARE(npu->model()->rowCount(npuRoot), 4);
        selector->setCurrentIndex(2);
        Q_EMIT selector->activated(2);
        QCOMPARE(m_ui.session->microStep(), 1);
        // The legend counts follow the selector: each value bin counts the nodes of step 1 only.
        const auto binChecks = test::part<QGroupBox>(m_ui.window.get(), QStringLiteral("legendBins"))
                                   ->findChildren<QCheckBox*>(QString(), Qt::FindDirectChildrenOnly);
        QCOMPARE(binChecks.size(), qsizetype(snap->bins.size()));
        const SideRollup& rollup = snap->rollup(Side::Npu);
        int stepOneNodes = 0;
        for (int bin = 0; bin < int(snap->bins.size()); ++bin) {
            if (snap->bins[size_t(bin)].unmatched)
                continue;
            int expected = 0;
            for (size_t n = 0; n < rollup.bin.size(); ++n)
                expected += rollup.bin[n] == bin && rollup.microStep[n] == 1;
            stepOneNodes += expected;
            QVERIFY2(binChecks[bin]->text().endsWith(QStringLiteral("(%1)").arg(expected)),
                qPrintable(binChecks[bin]->text()));
        }
        QVERIFY(stepOneNodes > 0);
        QCOMPARE(npu->model()->rowCount(npuRoot), 2);
        QCOMPARE(bench->model()->rowCount(benchRoot), 2);
        for (int r = 0; r < 2; ++r)
            QVERIFY(npu->model()->index(r, 0, npuRoot).data(FullNameRole).toString().endsWith(QLatin1String(".1")));
        // Searches only report nodes of the selected micro step.
        QSignalSpy searched(m_ui.session.get(), &SessionController::searchFinished);
        m_ui.session->search(1, SearchQuery { QStringLiteral("Linear.forward") });
        QTRY_COMPARE(searched.size(), 1);
        const auto result = searched.first().first().value<QueryResult>();
        QCOMPARE(result.sides[0]->hits.size(), size_t(1));
        QCOMPARE(QString::fromUtf8(snap->graph(Side::Npu).nameOf(result.sides[0]->hits[0])),
            QStringLiteral("Module.fc.Linear.forward.1"));
        selector->setCurrentIndex(0);
        Q_EMIT selector->activated(0);
        QCOMPARE(npu->model()->rowCount(npuRoot), 4);
    }

    void singleMicroStepHidesTheSelector()
    {
        openExample();
        // The toolbar hides an action's widget when it lays itself out again (a posted event).
        QTRY_VERIFY(!test::part<QComboBox>(m_ui.window.get(), QStringLiteral("microStepSelector"))
                         ->isVisibleTo(m_ui.window.get()));
        QCOMPARE(m_ui.session->microStep(), -1);
    }

    void legendUsesTheFilesOwnColors()
    {
        const QString ref = test::caseDir("mlp_mix_statistics") + QStringLiteral("/ref_1.2.1/compare/compare.vis.gz");
        QVERIFY2(QFileInfo::exists(ref), qPrintable(ref));
        const QByteArray custom = withColors(QByteArray::fromStdString(ps::readMaybeGzipped(ref.toStdString())),
            "{\"#00FF00\": {\"value\": [0, 0.5], \"description\": \"fine\"}, "
            "\"#0000FF\": {\"value\": [0.5, 1], \"description\": \"bad\"}, "
            "\"#C7C7C7\": {\"value\": [], \"description\": \"unmatched\"}}");
        QVERIFY(!custom.isEmpty());
        const QString path = m_ui.tmp.filePath(QStringLiteral("custom/custom.vis"));
        writeFile(path, custom);
        QVERIFY(m_ui.session->openPaths({ path }, {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        const auto snap = m_ui.session->snapshot();
        QCOMPARE(snap->bins.size(), size_t(3));
        QCOMPARE(QString::fromStdString(snap->bins[0].hex), QStringLiteral("#00FF00"));
        QCOMPARE(QString::fromStdString(snap->bins[1].hex), QStringLiteral("#0000FF"));
        QVERIFY(snap->bins[2].unmatched);
        QCOMPARE(snap->worstValueBin(), 1);
        // Counts per bin: every matched NPU node with a value is in one of the two bins.
        const auto& npu = snap->rollup(Side::Npu);
        uint32_t withValue = 0;
        for (NodeId n = 0; n < snap->graph(Side::Npu).size(); ++n)
            withValue += snap->isValueBin(npu.bin[n]);
        QCOMPARE(npu.binTotals[0] + npu.binTotals[1], withValue);
        QVERIFY(npu.binTotals[1] > 0);
        // The legend rows show these bins with their counts and the file's descriptions.
        auto checks = test::part<LegendPanel>(m_ui.window.get())->findChildren<QCheckBox*>();
        QStringList texts;
        QStringList tips;
        for (QCheckBox* c : checks) {
            texts << c->text();
            tips << c->toolTip();
        }
        QVERIFY(texts.contains(QStringLiteral("[0.5, 1]   (%1)").arg(npu.binTotals[1])));
        QVERIFY(tips.contains(QStringLiteral("bad")));
        // The tree paints the file's colour.
        QCOMPARE(Palette::nodeFill(*snap, Side::Npu, 1).name(), QStringLiteral("#0000ff"));
    }

    void exportOfAnOpenedFileKeepsItsExtras()
    {
        // A file edited by tb_graph_ascend (its own colours, a saved match list): the export writes it back as it was.
        const QString ref = test::caseDir("mlp_mix_statistics") + QStringLiteral("/ref_1.2.1/compare/compare.vis.gz");
        QByteArray text = QByteArray::fromStdString(ps::readMaybeGzipped(ref.toStdString()));
        QVERIFY(text.contains("\"#C7C7C7\"") && text.endsWith("\n}"));
        text.replace("\"#C7C7C7\"", "\"#C0C0C0\"");
        text.chop(2);
        text += ",\n    \"npu_match_nodes\": {\n        \"A\": \"B\"\n    }\n}";
        const QString path = m_ui.tmp.filePath(QStringLiteral("edited/edited.vis"));
        writeFile(path, text);
        QVERIFY(m_ui.session->openPaths({ path }, {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QSignalSpy exported(m_ui.session->analysis(), &AnalysisController::exportFinished);
        const QString out = m_ui.tmp.filePath(QStringLiteral("exported/again.vis"));
        QVERIFY(QDir().mkpath(QFileInfo(out).path()));
        m_ui.session->analysis()->exportVis(out);
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported[0][1].toString(), QString());
        QFile again(out);
        QVERIFY(again.open(QIODevice::ReadOnly));
        const QByteArray written = again.readAll();
        QCOMPARE(written.size(), text.size());
        QVERIFY(written == text);
    }

    void defaultLegendDescriptionsFollowTheLanguage()
    {
        openExample();
        const auto checks = test::part<LegendPanel>(m_ui.window.get())->findChildren<QCheckBox*>();
        QStringList tips;
        for (QCheckBox* c : checks)
            if (!c->toolTip().isEmpty())
                tips << c->toolTip();
        QVERIFY(tips.size() >= 6);
        for (const QString& tip : tips)
            QVERIFY2(!hasCjk(tip), qPrintable(tip)); // English UI: no Chinese text from the file
        // Metric explanations in the details table are translated too.
        const QString tip = NodeDetailsModel::metricExplanation(QStringLiteral("Max diff"));
        QVERIFY(!tip.isEmpty() && !hasCjk(tip));
        // In Chinese, the same rows show msprobe's Chinese texts, and the status bar follows the switch.
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/probescope_zh_CN.qm")));
        QCoreApplication::installTranslator(&zh);
        QTRY_VERIFY(hasCjk(m_ui.window->findChild<QLabel*>(QStringLiteral("statusText"))->text()));
        for (QCheckBox* c : test::part<LegendPanel>(m_ui.window.get())->findChildren<QCheckBox*>())
            if (!c->toolTip().isEmpty())
                QVERIFY2(hasCjk(c->toolTip()), qPrintable(c->toolTip()));
        QVERIFY(hasCjk(NodeDetailsModel::metricExplanation(QStringLiteral("Max diff"))));
        QVERIFY(hasCjk(LoadJob::stageText(ps::Stage::ReadDump)));
        QCoreApplication::removeTranslator(&zh);
        QTRY_VERIFY(!hasCjk(m_ui.window->findChild<QLabel*>(QStringLiteral("statusText"))->text()));
    }

    void nodeTypeLegendShowsTheShapes()
    {
        auto* box = test::part<LegendPanel>(m_ui.window.get())->findChild<QGroupBox*>(QStringLiteral("nodeTypes"));
        QVERIFY(box);
        QStringList texts;
        int glyphs = 0;
        for (QLabel* l : box->findChildren<QLabel*>()) {
            texts << l->text();
            glyphs += !l->pixmap().isNull();
        }
        QVERIFY(texts.join(QLatin1Char('\n')).contains(QStringLiteral("Apis_Between_Modules")));
        QVERIFY(glyphs >= 3);
    }

    void keyboardShortcuts()
    {
        openExample();
        const auto snap = m_ui.session->snapshot();
        QTreeView* npu = test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Npu);
        // F3: next suspicious node; Ctrl+Right / Ctrl+Left: expand / collapse the current node.
        QTest::keyClick(m_ui.window.get(), Qt::Key_F3);
        NodeId red = test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu);
        QVERIFY(red != ps::kNoNode);
        const NodeId module = snap->graph(Side::Npu).find("Module.fc1.Linear.forward.0");
        m_ui.window->jumpTo(Side::Npu, module);
        npu->setFocus();
        const QModelIndex mi = test::part<SideBySideTreeView>(m_ui.window.get())->proxy(Side::Npu)->indexOfNode(module);
        QTest::keyClick(npu, Qt::Key_Right, Qt::ControlModifier);
        QVERIFY(npu->isExpanded(mi));
        QTest::keyClick(npu, Qt::Key_Left, Qt::ControlModifier);
        QVERIFY(!npu->isExpanded(mi));
        // Ctrl+F focuses the search field; Ctrl+G steps through the hits.
        QTest::keyClick(m_ui.window.get(), Qt::Key_F, Qt::ControlModifier);
        auto* edit = test::part<SearchBar>(m_ui.window.get())->findChild<QLineEdit*>();
        QVERIFY(edit && edit->hasFocus());
        QSignalSpy searched(m_ui.session.get(), &SessionController::searchFinished);
        QTest::keyClicks(edit, QStringLiteral("relu"));
        QTRY_VERIFY_WITH_TIMEOUT(!searched.isEmpty(), 5000);
        HitNavigator* hits = test::part<SearchBar>(m_ui.window.get())->navigator();
        const int row = hits->currentRow();
        QVERIFY(row >= 0); // the first hit was jumped to
        QTest::keyClick(m_ui.window.get(), Qt::Key_G, Qt::ControlModifier);
        QCOMPARE(hits->currentRow(), row + 1);
        QTest::keyClick(m_ui.window.get(), Qt::Key_G, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(hits->currentRow(), row);
    }

    void overflowMarkersAreDrawn()
    {
        const QString path = test::caseDir("mlp_nan_mix_statistics") + QStringLiteral("/compare.json");
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        ps::EngineOptions options;
        options.overflowCheck = true;
        QVERIFY(m_ui.session->openPaths({ path }, options));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        const auto snap = m_ui.session->snapshot();
        NodeId node = ps::kNoNode;
        for (NodeId n = 0; n < snap->graph(Side::Npu).size() && node == ps::kNoNode; ++n)
            if (snap->overflow(Side::Npu, n) != ps::OverflowLevel::None && !snap->graph(Side::Npu).children(n).size())
                node = n;
        QVERIFY(node != ps::kNoNode);
        m_ui.window->jumpTo(Side::Npu, node);
        QTreeView* view = test::part<SideBySideTreeView>(m_ui.window.get())->view(Side::Npu);
        const QRect cell = view->visualRect(
            test::part<SideBySideTreeView>(m_ui.window.get())->proxy(Side::Npu)->indexOfNode(node, NameColumn));
        QVERIFY(cell.isValid());
        const QImage image = view->viewport()->grab().toImage();
        const QColor colour = Palette::overflowColor(int(snap->overflow(Side::Npu, node)));
        const qreal dpr = image.devicePixelRatio();
        bool found = false;
        for (int x = cell.right() - 20; x <= cell.right() && !found; ++x)
            found = image.pixelColor(QPoint(int(x * dpr), int(cell.center().y() * dpr))) == colour;
        QVERIFY2(found, "an overflow dot is drawn at the right of the node name");
        // The first level shows a ring on the collapsed module hiding it.
        NodeId top = node;
        while (snap->graph(Side::Npu).parent[top] != snap->graph(Side::Npu).root)
            top = snap->graph(Side::Npu).parent[top];
        QVERIFY(snap->rollup(Side::Npu).worstOverflow[top] >= uint8_t(snap->overflow(Side::Npu, node)));
    }

    void detailsCopyAsText()
    {
        openExample();
        QTest::keyClick(m_ui.window.get(), Qt::Key_F3);
        auto* copy = test::part<DetailsPanel>(m_ui.window.get())->findChild<QPushButton*>();
        QVERIFY(copy);
        QTest::mouseClick(copy, Qt::LeftButton);
        const QString text = QApplication::clipboard()->text();
        QVERIFY(text.contains(QLatin1Char('\t')));
        QVERIFY(text.count(QLatin1Char('\n')) >= test::part<DetailsPanel>(m_ui.window.get())->model()->rowCount());
    }

    void exportAddsTheSuffixAndRefusesHiddenFiles()
    {
        QCOMPARE(ExportJob::pathFor(QStringLiteral("/x/run"), false), QStringLiteral("/x/run.vis"));
        QCOMPARE(ExportJob::pathFor(QStringLiteral("/x/run"), true), QStringLiteral("/x/run.vis.db"));
        QCOMPARE(ExportJob::pathFor(QStringLiteral("/x/run.vis"), true), QStringLiteral("/x/run.vis.db"));
        QCOMPARE(ExportJob::pathFor(QStringLiteral("/x/run.vis.db"), false),
            QStringLiteral("/x/run.vis")); // the filter wins
        QTemporaryDir out;
        writeFile(out.filePath(QStringLiteral("a.vis")), "{}");
        QVERIFY(!ExportJob::problem(out.filePath(QStringLiteral("b.vis.db"))).isEmpty());
        QVERIFY(ExportJob::problem(out.filePath(QStringLiteral("b.vis"))).isEmpty());
    }
};

QTEST_MAIN(TestViewerFeatures)
#include "tst_viewer_features.moc"
