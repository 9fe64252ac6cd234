// The ProbeScope GUI: creates the application, installs translators (the only place that does), reads the
// command line and opens what it names.
#include "batch/engine.h"
#include "session/comparisonoptions.h"
#include "session/sessioncontroller.h"
#include "session/settings.h"
#include "util/allocator.h"
#include "util/limits.h"
#include "widgets/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>
#include <memory>
#include <stdexcept>

namespace {

// Swaps the application's and Qt's own translators for a locale ("" = the system's).
class Translators {
public:
    void install(const QString& locale)
    {
        for (auto& t : m_installed)
            QCoreApplication::removeTranslator(t.get());
        m_installed.clear();
        const QLocale l = locale.isEmpty() ? QLocale::system() : QLocale(locale);
        QLocale::setDefault(l);
        auto app = std::make_unique<QTranslator>();
        if (app->load(l, QStringLiteral("probescope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
            m_installed.push_back(std::move(app));
        auto qt = std::make_unique<QTranslator>();
        if (qt->load(
                l, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            m_installed.push_back(std::move(qt));
        for (auto& t : m_installed)
            QCoreApplication::installTranslator(t.get());
    }

private:
    std::vector<std::unique_ptr<QTranslator>> m_installed;
};

} // namespace

int main(int argc, char** argv)
{
    ps::configureAllocator();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ProbeScope"));
    QApplication::setOrganizationName(QStringLiteral("ProbeScope"));
    QApplication::setApplicationVersion(QStringLiteral(PROBESCOPE_VERSION));
    // Ties the windows to the installed desktop file (its icon and name in docks and task bars).
    QGuiApplication::setDesktopFileName(QStringLiteral("org.probescope.ProbeScope"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/probescope.svg")));

    psui::Settings settings;
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Compare msprobe NPU and bench dumps as side-by-side trees."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("paths"),
        QStringLiteral("A compare.json, one dump folder (build), or an NPU and a bench dump folder."),
        QStringLiteral("[PATH...]"));
    const QCommandLineOption example(QStringLiteral("example"), QStringLiteral("Open the bundled example comparison."));
    const QCommandLineOption fuzzy({ QStringLiteral("f"), QStringLiteral("fuzzy") }, QStringLiteral("Fuzzy matching."));
    const QCommandLineOption overflow(
        { QStringLiteral("oc"), QStringLiteral("overflow-check") }, QStringLiteral("Overflow check."));
    const QCommandLineOption stack(
        { QStringLiteral("cs"), QStringLiteral("complete-stack") }, QStringLiteral("Complete call stacks."));
    const QCommandLineOption mapping({ QStringLiteral("lm"), QStringLiteral("layer-mapping") },
        QStringLiteral("Layer mapping YAML file."), QStringLiteral("file"));
    const QCommandLineOption language(QStringLiteral("lang"),
        QStringLiteral("UI language (en, zh_CN); default: the system's."), QStringLiteral("locale"));
    const QCommandLineOption limit(QStringLiteral("resource-limit"),
        QStringLiteral("Change a resource limit (repeatable; see probescope-cli --help), also PROBESCOPE_LIMITS."),
        QStringLiteral("NAME=VALUE"));
    const QCommandLineOption reference(QStringLiteral("reference"),
        QStringLiteral("A truth run: a dump of the same step in higher precision, judging both sides."),
        QStringLiteral("folder"));
    parser.addOptions({ example, fuzzy, overflow, stack, mapping, reference, language, limit });
    parser.process(app);
    try {
        ps::Limits limits = ps::limitsFromEnvironment();
        for (const QString& setting : parser.values(limit))
            ps::applyLimitSettings(limits, setting.toStdString());
        ps::setLimits(limits);
    } catch (const std::invalid_argument& e) {
        std::fprintf(stderr, "probescope: %s\n", e.what());
        return 2;
    }

    Translators translators;
    translators.install(
        parser.isSet(language) ? parser.value(language) : settings.value(psui::Settings::Key::Language).toString());

    psui::SessionController session;
    psui::MainWindow window(&settings, &session);
    QObject::connect(&window, &psui::MainWindow::languageRequested, &app,
        [&translators](const QString& locale) { translators.install(locale); });
    window.show();

    // Flags on the command line, else the options the paths were last opened with (never another comparison's).
    psui::OpenOptions options = psui::ComparisonOptions::forPaths(settings, parser.positionalArguments());
    if (parser.isSet(fuzzy) || parser.isSet(overflow) || parser.isSet(stack) || parser.isSet(mapping)) {
        options.engine.fuzzy = parser.isSet(fuzzy);
        options.engine.overflowCheck = parser.isSet(overflow);
        options.engine.completeStack = parser.isSet(stack);
        options.layerMappingFile = parser.value(mapping);
    }
    options.referencePath = parser.value(reference);
    if (parser.isSet(example))
        window.openExample();
    else if (!parser.positionalArguments().isEmpty())
        session.openPaths(parser.positionalArguments(), options);
    return QApplication::exec();
}
