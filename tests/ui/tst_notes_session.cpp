// Notes, tags and sessions that travel in the GUI: a note or tag on a node marks it in the
// trees and shows in the details; File ▸ Save session writes notes, expansion, filters and selection beside the
// comparison and reopening restores them; a corrupt session file is reported (file and place), the comparison
// still opens and the file is left untouched; a .vis.db export carries the notes and opening it shows them.
#include "models/graphtreemodel.h"
#include "models/roles.h"
#include "session/usersession.h"
#include "testutil.h"

#include "session/analysiscontroller.h"
#include "widgets/detailspanel.h"
#include "widgets/legendpanel.h"
#include "widgets/noteactions.h"
#include "widgets/notedialog.h"
#include "widgets/searchbar.h"
#include "widgets/sidebysidetreeview.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

using namespace psui;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class TestNotesSession : public QObject {
    Q_OBJECT
private:
    test::WindowFixture m_ui;
    QString m_compareJson; // in the temporary folder, naming the case's dumps: its session goes beside it

    GraphTreeModel* npuModel() const { return m_ui.session->model(Side::Npu); }
    const ps::Graph& npu() const { return m_ui.session->snapshot()->graph(Side::Npu); }
    NoteActions* notes() const { return m_ui.window->findChild<NoteActions*>(); }
    QString sessionPath() const
    {
        return QFileInfo(m_compareJson).absolutePath() + QStringLiteral("/compare.probescope.json");
    }

    // The NPU root's first child, and a node below it: what the tests note, expand and select.
    NodeId firstChild() const { return npu().children(npu().root)[0]; }
    NodeId deepNode() const
    {
        NodeId n = firstChild();
        while (!npu().children(n).empty())
            n = npu().children(n).back();
        return n;
    }
    QVariant roleOf(NodeId node, int role) const { return npuModel()->indexOfNode(node).data(role); }

    void triggerAction(const char* name)
    {
        auto* action = m_ui.window->findChild<QAction*>(QString::fromLatin1(name));
        QVERIFY(action);
        QVERIFY(action->isEnabled());
        action->trigger();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_ui.start(1280, 800));
        const QString dumps = test::caseDir("mlp_mix_statistics");
        m_compareJson = m_ui.tmp.filePath(QStringLiteral("case/compare.json"));
        QVERIFY(QDir().mkpath(QFileInfo(m_compareJson).absolutePath()));
        writeAll(m_compareJson,
            QStringLiteral("{\"npu_path\": \"%1/npu/step0/rank\", \"bench_path\": \"%1/bench/step0/rank\"}")
                .arg(dumps)
                .toUtf8());
        QVERIFY(m_ui.open(m_compareJson));
    }

    void aTagMarksTheNodeInTheTree()
    {
        const NodeId node = firstChild();
        QCOMPARE(roleOf(node, NoteTagRole).toInt(), -1);
        QSignalSpy changed(npuModel(), &QAbstractItemModel::dataChanged);
        notes()->setTag(Side::Npu, node, ps::NoteTag::Suspicious);
        QCOMPARE(roleOf(node, NoteTagRole).toInt(), int(ps::NoteTag::Suspicious));
        QVERIFY(!changed.isEmpty()); // the row repaints with its flag
        QVERIFY(m_ui.session->userSession()->isModified());
        QVERIFY(m_ui.window->isWindowModified());
        // The context menu offers Note… and Tag ▸ with the tag ticked.
        QMenu menu;
        notes()->addActions(&menu, Side::Npu, node);
        QVERIFY(menu.findChild<QAction*>(QStringLiteral("editNote")));
        auto* suspicious = menu.findChild<QAction*>(QStringLiteral("tag_suspicious"));
        QVERIFY(suspicious && suspicious->isChecked());
        menu.findChild<QAction*>(QStringLiteral("tag_cause"))->trigger();
        QCOMPARE(roleOf(node, NoteTagRole).toInt(), int(ps::NoteTag::Cause));
    }

    void theNoteDialogSetsTextShownInTooltipAndDetails()
    {
        const NodeId node = firstChild();
        NoteDialog* dialog = notes()->editNote(Side::Npu, node);
        QVERIFY(dialog);
        QCOMPARE(dialog->tag(), ps::NoteTag::Cause); // the current note is edited
        dialog->tagBox()->setCurrentIndex(dialog->tagBox()->findData(int(ps::NoteTag::Checked)));
        dialog->textEdit()->setPlainText(QStringLiteral("the bias is cast to fp16 here"));
        dialog->accept();
        QCOMPARE(roleOf(node, NoteTagRole).toInt(), int(ps::NoteTag::Checked));
        QCOMPARE(roleOf(node, NoteTextRole).toString(), QStringLiteral("the bias is cast to fp16 here"));
        QVERIFY(roleOf(node, Qt::ToolTipRole).toString().contains(QLatin1String("the bias is cast to fp16 here")));
        auto* trees = test::part<SideBySideTreeView>(m_ui.window.get());
        trees->selectNode(Side::Npu, node);
        auto* details = test::part<DetailsPanel>(m_ui.window.get());
        QTRY_VERIFY(details->noteText().contains(QLatin1String("the bias is cast to fp16 here")));
        auto* label = details->findChild<QLabel*>(QStringLiteral("nodeNote"));
        QVERIFY(label && label->isVisible());
        // The tag alone, then clearing it: the note keeps its text, then no tag and no text removes it.
        notes()->setTag(Side::Npu, node, ps::NoteTag::None);
        QCOMPARE(roleOf(node, NoteTagRole).toInt(), int(ps::NoteTag::None));
        m_ui.session->userSession()->setNote(Side::Npu, std::string(npu().nameOf(node)), ps::NoteTag::None, {});
        QCOMPARE(roleOf(node, NoteTagRole).toInt(), -1);
        QVERIFY(details->noteText().isEmpty());
        QVERIFY(!label->isVisible());
    }

    void saveThenReopenRestoresNotesExpansionFiltersAndSelection()
    {
        const NodeId noted = firstChild(), selected = deepNode();
        const std::string notedName(npu().nameOf(noted)), selectedName(npu().nameOf(selected));
        m_ui.session->userSession()->setNote(Side::Npu, notedName, ps::NoteTag::Cause, QStringLiteral("starts here"));
        auto* legend = test::part<LegendPanel>(m_ui.window.get());
        legend->setBinChecked(0, true);
        auto* search = test::part<SearchBar>(m_ui.window.get());
        search->setQuery(QStringLiteral("Linear"), false);
        QVERIFY(test::waitUntilIdle()); // the filters' first matches are selected: select the node after them
        auto* trees = test::part<SideBySideTreeView>(m_ui.window.get());
        trees->selectNode(Side::Npu, selected); // expands its ancestors
        QCOMPARE(trees->currentNode(Side::Npu), selected);
        std::vector<std::string> expanded;
        for (NodeId n : trees->expandedNodes(Side::Npu))
            expanded.emplace_back(npu().nameOf(n));
        QVERIFY(expanded.size() >= 2);

        QVERIFY(!QFileInfo::exists(sessionPath()));
        triggerAction("saveSession");
        QVERIFY(QFileInfo::exists(sessionPath())); // beside the comparison: ps::sessionPathFor
        QVERIFY(!m_ui.session->userSession()->isModified());
        QVERIFY(readAll(sessionPath()).contains("starts here"));

        // Reopen: a new session, restored from the file.
        QSignalSpy restored(m_ui.session.get(), &SessionController::sessionRestored);
        QVERIFY(m_ui.open(m_compareJson));
        QVERIFY(test::waitForSignal(restored));
        QCOMPARE(restored[0][0].toString(), sessionPath());
        const NodeId notedAgain = npu().find(notedName);
        QCOMPARE(roleOf(notedAgain, NoteTagRole).toInt(), int(ps::NoteTag::Cause));
        QCOMPARE(roleOf(notedAgain, NoteTextRole).toString(), QStringLiteral("starts here"));
        std::vector<std::string> expandedAgain;
        for (NodeId n : trees->expandedNodes(Side::Npu))
            expandedAgain.emplace_back(npu().nameOf(n));
        for (const std::string& name : expanded)
            QVERIFY2(std::find(expandedAgain.begin(), expandedAgain.end(), name) != expandedAgain.end(), name.c_str());
        QCOMPARE(search->text(), QStringLiteral("Linear"));
        QVERIFY(!search->isRegex());
        QCOMPARE(legend->checkedBins(), std::vector<int> { 0 });
        QVERIFY(test::waitUntilIdle()); // the restored filters' results do not move the restored selection
        QCOMPARE(trees->currentNode(Side::Npu), npu().find(selectedName));
        QVERIFY(test::part<QLabel>(m_ui.window.get(), QStringLiteral("statusText"))
                    ->text()
                    .contains(QLatin1String("restored")));
        QVERIFY(!m_ui.session->userSession()->isModified());
        legend->setChecked({}, {});
        search->setQuery({}, false);
    }

    void aCorruptSessionFileIsReportedAndLeftUntouched()
    {
        const QByteArray corrupt
            = "{\"schema\": \"probescope-session\", \"version\": 1,\n  \"notes\": [{\"step\": \"zero\"}]}\n";
        writeAll(sessionPath(), corrupt);
        QSignalSpy failed(m_ui.session.get(), &SessionController::sessionFileFailed);
        QVERIFY(m_ui.open(m_compareJson)); // the comparison opens all the same
        QVERIFY(test::waitForSignal(failed));
        const QString message = failed[0][0].toString();
        QVERIFY2(message.contains(QLatin1String("compare.probescope.json")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("line 2")), qPrintable(message)); // and the column
        QVERIFY(m_ui.session->snapshot());
        QVERIFY(m_ui.session->userSession()->notes().empty());
        QTRY_VERIFY(m_ui.window->findChild<QWidget*>(QStringLiteral("errorBox")));
        auto* box = m_ui.window->findChild<QMessageBox*>(QStringLiteral("errorBox"));
        QVERIFY(box->text().contains(QLatin1String("compare.probescope.json")));
        box->close();
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(readAll(sessionPath()), corrupt); // nothing lost until the user saves
        QVERIFY(!m_ui.session->userSession()->isModified());
        QFile::remove(sessionPath());
    }

    void aGraphFileExportCarriesTheNotes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow(".vis.db") << QStringLiteral("export_db/noted.vis.db");
        QTest::newRow(".vis") << QStringLiteral("export_vis/noted.vis");
    }

    void aGraphFileExportCarriesTheNotes()
    {
        QFETCH(QString, file);
        if (m_ui.session->request().compareJson.isEmpty()) // the previous row left its export open
            QVERIFY(m_ui.open(m_compareJson));
        const NodeId node = deepNode();
        const std::string name(npu().nameOf(node));
        m_ui.session->userSession()->setNote(Side::Npu, name, ps::NoteTag::Suspicious, QStringLiteral("look here"));
        const QString db = m_ui.tmp.filePath(file);
        QVERIFY(QDir().mkpath(QFileInfo(db).absolutePath()));
        QSignalSpy finished(m_ui.session->analysis(), &AnalysisController::exportFinished);
        m_ui.session->analysis()->exportVis(db);
        QVERIFY(test::waitForSignal(finished));
        QCOMPARE(finished[0][1].toString(), QString());
        // A colleague opens it: the note is on the node.
        QVERIFY(m_ui.session->openPaths({ db }, ps::EngineOptions {}));
        QVERIFY(test::waitForSession(m_ui.session.get()));
        const NodeId again = npu().find(name);
        QVERIFY(again != ps::kNoNode);
        QCOMPARE(roleOf(again, NoteTagRole).toInt(), int(ps::NoteTag::Suspicious));
        QCOMPARE(roleOf(again, NoteTextRole).toString(), QStringLiteral("look here"));
        QVERIFY(!m_ui.session->userSession()->isModified());
        // Its session file would go beside it.
        QCOMPARE(m_ui.session->userSession()->path(),
            QFileInfo(db).absolutePath() + QStringLiteral("/noted.probescope.json"));
    }

    void aSessionSavedOnAnotherStepReturnsToIt()
    {
        // mlp_steps has step0 and step1: notes and view saved on step1 bring step1 back.
        const QString dumps = test::caseDir("mlp_steps_mix_statistics");
        const QString compareJson = m_ui.tmp.filePath(QStringLiteral("steps/compare.json"));
        QVERIFY(QDir().mkpath(QFileInfo(compareJson).absolutePath()));
        writeAll(compareJson,
            QStringLiteral("{\"npu_path\": \"%1/npu\", \"bench_path\": \"%1/bench\"}").arg(dumps).toUtf8());
        QVERIFY(m_ui.open(compareJson));
        QCOMPARE(int(m_ui.session->jobs().size()), 2);
        m_ui.session->selectJob(1);
        QVERIFY(test::waitForSession(m_ui.session.get()));
        QCOMPARE(m_ui.session->userSession()->step(), m_ui.session->jobs()[1].step);
        const NodeId node = deepNode();
        const std::string name(npu().nameOf(node));
        notes()->setTag(Side::Npu, node, ps::NoteTag::Suspicious);
        test::part<SideBySideTreeView>(m_ui.window.get())->selectNode(Side::Npu, node);
        triggerAction("saveSession");
        QVERIFY(QFileInfo::exists(m_ui.tmp.filePath(QStringLiteral("steps/compare.probescope.json"))));

        QSignalSpy restored(m_ui.session.get(), &SessionController::sessionRestored);
        QVERIFY(m_ui.open(compareJson)); // opens step0 first
        QVERIFY(test::waitForSignal(restored));
        QTRY_COMPARE(m_ui.session->currentJob(), 1);
        QVERIFY(test::waitUntilIdle());
        QCOMPARE(roleOf(npu().find(name), NoteTagRole).toInt(), int(ps::NoteTag::Suspicious));
        QTRY_COMPARE(test::part<SideBySideTreeView>(m_ui.window.get())->currentNode(Side::Npu), npu().find(name));
    }

    void unsavedNotesAskBeforeClosing()
    {
        const NodeId node = firstChild();
        notes()->setTag(Side::Npu, node, ps::NoteTag::Checked);
        QVERIFY(m_ui.session->userSession()->isModified());
        const auto answer = [](QMessageBox::StandardButton button) {
            QTimer::singleShot(0, [button]() {
                for (QWidget* w : QApplication::topLevelWidgets())
                    if (auto* box = qobject_cast<QMessageBox*>(w);
                        box && box->objectName() == QLatin1String("unsavedNotesBox"))
                        box->button(button)->click();
            });
        };
        answer(QMessageBox::Cancel);
        QVERIFY(!m_ui.window->close()); // cancelled: the window stays, the notes too
        QVERIFY(m_ui.window->isVisible());
        QCOMPARE(roleOf(node, NoteTagRole).toInt(), int(ps::NoteTag::Checked));
        answer(QMessageBox::Save);
        QVERIFY(m_ui.window->close());
        QVERIFY(readAll(m_ui.session->userSession()->path()).contains("checked"));
    }
};

QTEST_MAIN(TestNotesSession)
#include "tst_notes_session.moc"
