// The first-run experience on the real main window (offscreen): the start page until something is opened, each of
// its buttons and recent entries, Help ▸ User guide in both languages and Help ▸ About with the versions.
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "testutil.h"
#include "widgets/aboutdialog.h"
#include "widgets/mainwindow.h"
#include "widgets/opendialog.h"
#include "widgets/sidebysidetreeview.h"
#include "widgets/startpage.h"
#include "widgets/userguidedialog.h"

#include <QApplication>
#include <QCommandLinkButton>
#include <QFile>
#include <QFileDialog>
#include <QListWidget>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTranslator>
#include <QTreeWidget>

using namespace psui;

class TestStartPage : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    int m_windows = 0;

    struct Window {
        std::unique_ptr<Settings> settings;
        std::unique_ptr<SessionController> session;
        std::unique_ptr<MainWindow> window;
    };

    // A fresh window on its own settings file, with the given recent entries.
    Window makeWindow(const QStringList& recent = {})
    {
        Window w;
        w.settings = std::make_unique<Settings>(m_tmp.filePath(QStringLiteral("settings%1.ini").arg(++m_windows)));
        for (auto it = recent.rbegin(); it != recent.rend(); ++it)
            w.settings->addRecentFile(*it);
        w.session = std::make_unique<SessionController>();
        w.window = std::make_unique<MainWindow>(w.settings.get(), w.session.get());
        w.window->resize(1200, 800);
        w.window->show();
        return w;
    }

    static QAction* helpAction(QWidget* window, const QKeySequence& key, const QString& textPart)
    {
        const auto actions = window->findChildren<QAction*>();
        for (QAction* a : actions)
            if ((!key.isEmpty() && a->shortcut() == key) || (!textPart.isEmpty() && a->text().contains(textPart)))
                return a;
        return nullptr;
    }

    static QString exampleCompareJson() { return test::exampleDir() + QStringLiteral("/compare.json"); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void startPageFillsTheWindowUntilSomethingIsOpened()
    {
        Window w = makeWindow();
        StartPage* page = test::part<StartPage>(w.window.get());
        QVERIFY(page);
        QVERIFY(test::startPageShown(w.window.get()));
        QVERIFY(page->isVisible());
        QVERIFY(!test::part<SideBySideTreeView>(w.window.get())->isVisible());
        QVERIFY(page->openComparisonButton()->isVisible());
        QVERIFY(page->openVisButton()->isVisible());
        QVERIFY(page->openExampleButton()->isVisible());
        QVERIFY(page->openExampleButton()->isEnabled()); // the example exists in the source tree
        QVERIFY(!page->recentList()->isVisible()); // nothing opened yet: a sentence instead of an empty list
    }

    void openTheExampleButtonShowsARealComparison()
    {
        Window w = makeWindow();
        QTest::mouseClick(test::part<StartPage>(w.window.get())->openExampleButton(), Qt::LeftButton);
        QVERIFY(test::waitForSession(w.session.get()));
        QVERIFY(w.session->snapshot());
        QVERIFY(w.session->snapshot()->comparison->isCompare);
        QVERIFY(!test::startPageShown(w.window.get()));
        QVERIFY(test::part<SideBySideTreeView>(w.window.get())->isVisible());
        QVERIFY(!test::part<StartPage>(w.window.get())->isVisible());
        // What was opened is now a recent entry on the start page of the next window.
        QCOMPARE(w.settings->recentFiles().value(0), QFileInfo(exampleCompareJson()).absoluteFilePath());
    }

    void recentEntriesAreListedAndOpenWithOneClick()
    {
        const QString missing = m_tmp.filePath(QStringLiteral("gone/compare.json"));
        Window w = makeWindow({ exampleCompareJson(), missing });
        QListWidget* list = test::part<StartPage>(w.window.get())->recentList();
        QVERIFY(list->isVisible());
        QCOMPARE(list->count(), 2);
        QVERIFY(list->item(0)->text().contains(QStringLiteral("mlp_mix_statistics")));
        QVERIFY(list->item(0)->flags() & Qt::ItemIsEnabled);
        QVERIFY(!(list->item(1)->flags() & Qt::ItemIsEnabled)); // the file is gone: listed, not openable
        QVERIFY(list->item(1)->toolTip().contains(QDir::toNativeSeparators(missing)));

        QSignalSpy requested(test::part<StartPage>(w.window.get()), &StartPage::recentRequested);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(1)).center());
        QCOMPARE(requested.count(), 0);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
        QCOMPARE(requested.count(), 1);
        QVERIFY(test::waitForSession(w.session.get()));
        QVERIFY(!test::startPageShown(w.window.get()));
    }

    void openComparisonButtonOpensTheDialog()
    {
        Window w = makeWindow();
        QTest::mouseClick(test::part<StartPage>(w.window.get())->openComparisonButton(), Qt::LeftButton);
        auto* dialog = w.window->findChild<OpenDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        dialog->reject();
        QVERIFY(test::startPageShown(w.window.get()));
    }

    void openVisButtonAsksForAGraphFile()
    {
        Window w = makeWindow();
        QString filter;
        bool sawDialog = false;
        // The file dialog is modal: look at it from inside its event loop, then cancel it.
        QTimer::singleShot(200, this, [&]() {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (dialog) {
                sawDialog = true;
                filter = dialog->nameFilters().join(QLatin1Char(';'));
                dialog->reject();
            }
        });
        QTest::mouseClick(test::part<StartPage>(w.window.get())->openVisButton(), Qt::LeftButton);
        QVERIFY(sawDialog);
        QVERIFY2(filter.contains(QStringLiteral("*.vis")) && filter.contains(QStringLiteral("*.vis.db")),
            qPrintable(filter));
        QVERIFY(test::startPageShown(w.window.get())); // cancelled: still on the start page
        QVERIFY(!w.session->snapshot());
    }

    void startPageFollowsTheLanguage()
    {
        Window w = makeWindow();
        QTranslator chinese;
        QVERIFY(chinese.load(QLocale(QStringLiteral("zh_CN")), QStringLiteral("probescope"), QStringLiteral("_"),
            QStringLiteral(":/i18n")));
        QApplication::installTranslator(&chinese); // posts LanguageChange to every widget
        QTRY_COMPARE(test::part<StartPage>(w.window.get())->openExampleButton()->text(), QStringLiteral("打开示例"));
        QVERIFY(test::part<StartPage>(w.window.get())
                    ->openComparisonButton()
                    ->description()
                    .contains(QStringLiteral("compare.json")));
        QApplication::removeTranslator(&chinese);
        QTRY_COMPARE(
            test::part<StartPage>(w.window.get())->openExampleButton()->text(), QStringLiteral("Open the example"));
    }

    void userGuideOpensInTheUiLanguage()
    {
        Window w = makeWindow();
        QAction* guideAction = helpAction(w.window.get(), QKeySequence(QKeySequence::HelpContents), {});
        QVERIFY(guideAction);
        guideAction->trigger();
        auto* guide = w.window->findChild<UserGuideDialog*>();
        QVERIFY(guide);
        QTRY_VERIFY(guide->isVisible());
        QVERIFY(guide->browser()->toPlainText().contains(QStringLiteral("ProbeScope user guide")));
        QVERIFY(guide->browser()->toPlainText().contains(QStringLiteral("construct.json")));
        guideAction->trigger(); // asked again: the same window, raised
        QCOMPARE(w.window->findChildren<UserGuideDialog*>().size(), 1);

        // The language switch installs a translator and sets the default locale; the guide follows.
        QLocale::setDefault(QLocale(QStringLiteral("zh_CN")));
        QEvent change(QEvent::LanguageChange);
        QApplication::sendEvent(guide, &change);
        QVERIFY(guide->browser()->toPlainText().contains(QStringLiteral("用户指南")));
        QLocale::setDefault(QLocale(QStringLiteral("en")));
        QApplication::sendEvent(guide, &change);
        QVERIFY(guide->browser()->toPlainText().contains(QStringLiteral("ProbeScope user guide")));
        guide->close();
    }

    void bothGuidesHaveTheSameSections()
    {
        QStringList counts;
        for (const char* locale : { "en", "zh_CN" }) {
            QFile file(UserGuideDialog::guideResource(QLocale(QString::fromLatin1(locale))));
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
            const QString text = QString::fromUtf8(file.readAll());
            const auto sections = text.count(QRegularExpression(QStringLiteral("(^|\\n)## ")));
            const auto tables = text.count(QRegularExpression(QStringLiteral("\\n\\| --- ")));
            QVERIFY(sections >= 5);
            counts << QStringLiteral("%1 sections, %2 tables").arg(sections).arg(tables);
        }
        QCOMPARE(counts[0], counts[1]);
        QVERIFY(UserGuideDialog::guideResource(QLocale(QStringLiteral("zh_CN"))).endsWith(QLatin1String("zh_CN.md")));
        QVERIFY(UserGuideDialog::guideResource(QLocale(QStringLiteral("de"))).endsWith(QLatin1String("_en.md")));
    }

    void aboutShowsTheVersions()
    {
        Window w = makeWindow();
        QAction* aboutAction = helpAction(w.window.get(), {}, QStringLiteral("About"));
        QVERIFY(aboutAction);
        aboutAction->trigger();
        auto* about = w.window->findChild<AboutDialog*>();
        QVERIFY(about);
        QTRY_VERIFY(about->isVisible());
        const QString text = about->versionsText();
        QVERIFY2(text.contains(QStringLiteral("ProbeScope " PROBESCOPE_VERSION)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())), qPrintable(text));
        for (const char* name : { "SQLite", "zlib", "C++ compiler" }) {
            // Each component with a version that starts with a digit (or the compiler's name).
            const QRegularExpression line(QStringLiteral("(^|\\n)")
                + QRegularExpression::escape(QString::fromLatin1(name))
                + QStringLiteral(" (\\d+\\.\\d+|GCC \\d|Clang \\d)"));
            QVERIFY2(
                line.match(text).hasMatch(), qPrintable(QString::fromLatin1(name) + QStringLiteral(" in:\n") + text));
        }
        QCOMPARE(about->versions()->topLevelItemCount(), 5); // ProbeScope, Qt, SQLite, zlib, compiler
        about->close();
    }
};

QTEST_MAIN(TestStartPage)
#include "tst_startpage.moc"
