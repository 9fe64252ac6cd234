// One front door: the viewer opens every dump layout the command line opens, and plans and builds it alike. For
// each layout msprobe 1.2.1 or 26.0.0 writes (a files folder, rank, rank<N>, proc<PID>, step<N> folders, ranks on
// one side only, a one-sided build, compare.json), the viewer's load (SessionController, one job at a time) and
// the command (`graph_visualize` into one .vis.db, `graph` into .vis files) give the same jobs and the same graphs:
// nodes, hierarchy, matches and precision.
#include "testutil.h"

#include "commands/graph_command.h"
#include "vis/vis_db_reader.h"
#include "vis/vis_reader.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <set>

using namespace psui;

namespace {

// A copy of a case's folder under another name (a proc<PID> folder, a step with fewer ranks).
bool copyFolder(const QString& from, const QString& to)
{
    if (!QDir().mkpath(to))
        return false;
    const QDir source(from);
    for (const QFileInfo& entry : source.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString target = to + QLatin1Char('/') + entry.fileName();
        if (entry.isDir() ? !copyFolder(entry.filePath(), target) : !QFile::copy(entry.filePath(), target))
            return false;
    }
    return true;
}

// Everything the two front ends must agree on, by node name: a node's parent, its counterpart and its precision.
struct NodeView {
    std::string parent;
    std::string counterpart;
    bool rated = false;
    double precision = 0;
    bool operator==(const NodeView& o) const
    {
        const double scale = std::max({ 1.0, std::fabs(precision), std::fabs(o.precision) });
        return parent == o.parent && counterpart == o.counterpart && rated == o.rated
            && (!rated || std::isnan(precision) == std::isnan(o.precision))
            && (!rated || std::isnan(precision) || std::fabs(precision - o.precision) <= 1e-9 * scale);
    }
};
using GraphView = std::array<std::map<std::string, NodeView>, 2>;

GraphView viewOf(const ps::Comparison& c)
{
    GraphView view;
    for (size_t side = 0; side < 2; ++side) {
        if (!c.graphs[side])
            continue;
        const ps::Graph& g = *c.graphs[side];
        const ps::Graph* other = c.graphs[1 - side].get();
        for (ps::NodeId n = 0; n < g.size(); ++n) {
            NodeView v;
            if (g.parent[n] != ps::kNoNode)
                v.parent = g.nameOf(g.parent[n]);
            const ps::NodeId peer = n < c.counterpart[side].size() ? c.counterpart[side][n] : ps::kNoNode;
            if (other && peer != ps::kNoNode)
                v.counterpart = other->nameOf(peer);
            if (side == 0 && n < c.precision.size() && c.precision[n].has) {
                v.rated = true;
                v.precision = c.precision[n].value;
            }
            view[side].emplace(std::string(g.nameOf(n)), v);
        }
    }
    return view;
}

// The first node whose view differs, for the failure message.
QString firstDifference(const GraphView& gui, const GraphView& cli)
{
    for (size_t side = 0; side < 2; ++side) {
        if (gui[side].size() != cli[side].size())
            return QStringLiteral("side %1: %2 nodes in the viewer, %3 written")
                .arg(side)
                .arg(gui[side].size())
                .arg(cli[side].size());
        for (const auto& [name, view] : gui[side]) {
            const auto other = cli[side].find(name);
            if (other == cli[side].end() || !(other->second == view))
                return QStringLiteral("side %1: node %2").arg(side).arg(QString::fromStdString(name));
        }
    }
    return {};
}

using StepRank = std::pair<int, int>;

} // namespace

class TestFrontDoor : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;

    QString tmpPath(const QString& name) const { return m_tmp.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        const QString gpt = test::caseDir("gpt_mix_statistics");
        const QString dist = test::caseDir("dist_tp_mix_statistics");
        // msprobe 26.0.0's single-process dump: dump/step0/proc<PID>/ (its quick start writes it so). Two runs are
        // two processes: the pids differ, and msprobe pairs the two folders all the same.
        QVERIFY(
            copyFolder(gpt + QStringLiteral("/npu/step0/rank"), tmpPath(QStringLiteral("proc/npu/step0/proc31337"))));
        QVERIFY(copyFolder(
            gpt + QStringLiteral("/bench/step0/rank"), tmpPath(QStringLiteral("proc/bench/step0/proc4242"))));
        // Ranks present on one side only: 26.0.0 compares the common ones.
        QVERIFY(copyFolder(dist + QStringLiteral("/npu/step0"), tmpPath(QStringLiteral("uneven/npu/step0"))));
        QVERIFY(copyFolder(
            dist + QStringLiteral("/bench/step0/rank0"), tmpPath(QStringLiteral("uneven/bench/step0/rank0"))));
    }

    void sameJobsAndGraphs_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<int>("profile");
        QTest::addColumn<int>("jobs");
        const QString gpt = test::caseDir("gpt_mix_statistics");
        const QString dist = test::caseDir("dist_tp_mix_statistics");
        const QString steps = test::caseDir("mlp_steps_mix_statistics");
        const int v26 = int(ps::RulesProfile::Msprobe26);
        const int v121 = int(ps::RulesProfile::Msprobe121);
        for (const auto& version : { std::pair { "26.0.0", v26 }, std::pair { "1.2.1", v121 } }) {
            // Plain variables, not structured bindings: clang 14 (clang-tidy) cannot capture those in a lambda.
            const char* const rules = version.first;
            const int profile = version.second;
            auto row = [&](const char* name, const QStringList& paths, int jobs) {
                QTest::addRow("%s: %s", rules, name) << paths << profile << jobs;
            };
            row("files folders", { gpt + QStringLiteral("/npu/step0/rank"), gpt + QStringLiteral("/bench/step0/rank") },
                1);
            row("a 'rank' folder", { gpt + QStringLiteral("/npu/step0"), gpt + QStringLiteral("/bench/step0") }, 1);
            row("rank<N> folders", { dist + QStringLiteral("/npu/step0"), dist + QStringLiteral("/bench/step0") }, 2);
            row("step<N> folders of rank<N>", { dist + QStringLiteral("/npu"), dist + QStringLiteral("/bench") }, 4);
            row("step<N> folders of 'rank'", { steps + QStringLiteral("/npu"), steps + QStringLiteral("/bench") }, 2);
            row("one side's rank<N> folders, built", { dist + QStringLiteral("/npu/step0") }, 2);
            row("compare.json", { gpt + QStringLiteral("/compare.json") }, 1);
        }
        QTest::addRow("26.0.0: proc<PID> folders")
            << QStringList { tmpPath(QStringLiteral("proc/npu/step0")), tmpPath(QStringLiteral("proc/bench/step0")) }
            << v26 << 1;
        QTest::addRow("26.0.0: proc<PID> folders under step<N>")
            << QStringList { tmpPath(QStringLiteral("proc/npu")), tmpPath(QStringLiteral("proc/bench")) } << v26 << 1;
        QTest::addRow("26.0.0: ranks on one side only") << QStringList { tmpPath(QStringLiteral("uneven/npu/step0")),
            tmpPath(QStringLiteral("uneven/bench/step0")) }
                                                        << v26 << 1;
    }

    void sameJobsAndGraphs()
    {
        QFETCH(QStringList, paths);
        QFETCH(int, profile);
        QFETCH(int, jobs);
        ps::EngineOptions options;
        options.profile = ps::RulesProfile(profile);
        const bool v26 = options.profile == ps::RulesProfile::Msprobe26;

        // The command line: graph_visualize -tp NPU [-gp BENCH] (one .vis.db) or graph -i compare.json (.vis files).
        std::vector<std::string> inputs;
        for (const QString& p : paths)
            inputs.push_back(p.toStdString());
        ps::EngineOptions written = options;
        if (!v26)
            written.outputFormat = ps::OutputFormat::Vis;
        QTemporaryDir out;
        ps::RunContext quiet;
        const ps::RunResult run
            = ps::runGraphCommand(ps::Source::open(inputs, written), out.path().toStdString(), quiet, "20261207000000");
        std::map<StepRank, GraphView> cli;
        if (v26) {
            QCOMPARE(run.outputFiles.size(), size_t(1));
            for (const auto& [step, rank] : ps::listVisDb(run.outputFiles[0]).graphs)
                cli[{ step, rank }] = viewOf(*ps::readVisDbGraph(run.outputFiles[0], step, rank).comparison);
        } else {
            // One .vis per job, named compare[_stepS][_rankR]_{timestamp}.vis.
            for (const std::string& file : run.outputFiles) {
                const QString name = QFileInfo(QString::fromStdString(file)).fileName();
                auto number = [&](const QString& prefix) {
                    const qsizetype at = name.indexOf(QLatin1Char('_') + prefix);
                    if (at < 0)
                        return 0;
                    const QString rest = name.mid(at + 1 + prefix.size());
                    return rest.section(QLatin1Char('_'), 0, 0).toInt();
                };
                cli[{ number(QStringLiteral("step")), number(QStringLiteral("rank")) }]
                    = viewOf(*ps::readVisFile(file).comparison);
            }
        }
        QCOMPARE(int(cli.size()), jobs);

        // The viewer: the same paths opened with the same rules, then every step and rank chosen in turn.
        SessionController session;
        QVERIFY(session.openPaths(paths, options));
        QVERIFY(test::waitForSession(&session));
        QCOMPARE(int(session.jobs().size()), jobs);
        std::set<StepRank> seen;
        for (int i = 0; i < jobs; ++i) {
            if (i != session.currentJob()) {
                session.selectJob(i);
                QVERIFY(test::waitForSession(&session));
            }
            QCOMPARE(session.currentJob(), i);
            const ps::GraphJob& job = session.jobs()[size_t(i)];
            const StepRank key { job.step, job.rank };
            QVERIFY2(cli.count(key),
                qPrintable(QStringLiteral("step %1, rank %2 was not written").arg(job.step).arg(job.rank)));
            QVERIFY(seen.insert(key).second);
            const GraphView gui = viewOf(*session.snapshot()->comparison);
            const QString difference = firstDifference(gui, cli[key]);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
            QVERIFY(!gui[0].empty());
        }
    }

    // The layout message a user met before the viewer shared the command line's front door.
    void procFolderOpensWhereItWasRefused()
    {
        SessionController session;
        ps::EngineOptions options;
        options.profile = ps::RulesProfile::Msprobe26;
        QSignalSpy failed(&session, &SessionController::loadFailed);
        QVERIFY(session.openPaths(
            { tmpPath(QStringLiteral("proc/npu/step0")), tmpPath(QStringLiteral("proc/bench/step0")) }, options));
        QVERIFY(test::waitForSession(&session));
        QCOMPARE(failed.size(), 0);
        QCOMPARE(session.jobs().size(), size_t(1));
        QVERIFY(session.jobs()[0].npuDir.ends_with("proc31337"));
        QVERIFY(session.jobs()[0].benchDir.ends_with("proc4242"));
    }
};

QTEST_MAIN(TestFrontDoor)
#include "tst_front_door.moc"
