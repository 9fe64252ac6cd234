// The session controller's analysis requests: manual match / unmatch, .vis.config files and the first-divergence
// finder. Each runs on a worker thread against the snapshot of the moment; a newer request makes older ones stale.
#include "session/sessioncontroller.h"

#include "compare/manual_match.h"
#include "models/graphtreemodel.h"
#include "util/error.h"
#include "vis/vis_config.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace psui {

namespace {

struct MutationResult {
    std::shared_ptr<const Snapshot> snapshot; // null when refused
    MatchOutcome outcome;
};

} // namespace

QString SessionController::manualMatchRefusal() const
{
    if (!m_snapshot || !m_snapshot->comparison)
        return tr("Nothing is open.");
    const std::string why = ps::manualMatchRefusal(*m_snapshot->comparison);
    return why.empty() ? QString() : QString::fromStdString(why);
}

void SessionController::mutate(const QString& stage, Mutation mutation)
{
    const quint64 generation = ++m_editGeneration;
    const auto base = m_snapshot;
    if (!base || !base->comparison) {
        Q_EMIT matchFinished({ 0, {}, tr("Nothing is open.") });
        return;
    }
    setBusy(true, stage);
    auto* watcher = new QFutureWatcher<MutationResult>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, base]() {
        MutationResult r = watcher->result();
        watcher->deleteLater();
        // Stale: a newer edit was asked for, or another session was opened meanwhile.
        if (generation != m_editGeneration || m_snapshot != base)
            return;
        setBusy(false);
        if (r.snapshot) {
            m_snapshot = r.snapshot;
            ++m_searchGeneration;
            ++m_filterGeneration;
            for (GraphTreeModel* model : m_models)
                model->updateSnapshot(m_snapshot);
            Q_EMIT snapshotUpdated();
        }
        Q_EMIT matchFinished(r.outcome);
    });
    watcher->setFuture(QtConcurrent::run([base, mutation]() {
        MutationResult r;
        try {
            ps::ManualMatchReport report;
            auto changed = mutation(*base->comparison, report);
            r.outcome.changed = int(report.pairs.size());
            for (const std::string& f : report.failures)
                r.outcome.failures << QString::fromStdString(f);
            if (!report.pairs.empty())
                r.snapshot = makeSnapshot(std::move(changed), nullptr, &base->bins); // the legend shown stays
        } catch (const std::exception& e) {
            r.outcome.error = QString::fromUtf8(e.what());
        }
        return r;
    }));
}

void SessionController::matchNodes(NodeId npu, NodeId bench, bool withChildren)
{
    mutate(tr("Matching nodes and recomputing…"), [=](const ps::Comparison& c, ps::ManualMatchReport& report) {
        return ps::matchManually(c, npu, bench, withChildren, report);
    });
}

void SessionController::unmatchNodes(NodeId npu, NodeId bench, bool withChildren)
{
    mutate(tr("Unmatching nodes…"), [=](const ps::Comparison& c, ps::ManualMatchReport& report) {
        return ps::unmatchManually(c, npu, bench, withChildren, report);
    });
}

void SessionController::loadMatchConfig(const QString& path)
{
    const std::string file = path.toStdString();
    mutate(tr("Applying %1…").arg(path), [file](const ps::Comparison& c, ps::ManualMatchReport& report) {
        std::string refusal = ps::manualMatchRefusal(c); // before reading: the clearer reason
        if (!refusal.empty())
            throw ps::Error(ps::ErrorCode::BadArgument, "", refusal);
        return ps::applyMatchPairs(c, ps::readVisConfig(file), report);
    });
}

void SessionController::saveMatchConfig(const QString& path)
{
    if (!m_snapshot || !m_snapshot->comparison) {
        Q_EMIT matchConfigSaved(path, tr("Nothing is open."));
        return;
    }
    auto comparison = m_snapshot->comparison;
    auto* watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path]() {
        Q_EMIT matchConfigSaved(path, watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([comparison, path]() {
        try {
            ps::writeVisConfig(path.toStdString(), ps::manualPairs(*comparison));
            return QString();
        } catch (const std::exception& e) {
            return QString::fromUtf8(e.what());
        }
    }));
}

void SessionController::diagnose(const ps::DiagnoseOptions& options)
{
    const quint64 generation = ++m_diagnoseGeneration;
    auto snapshot = m_snapshot;
    auto* watcher = new QFutureWatcher<DiagnoseOutcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation]() {
        if (generation == m_diagnoseGeneration)
            Q_EMIT diagnoseFinished(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([snapshot, options]() {
        DiagnoseOutcome r;
        r.snapshot = snapshot;
        if (!snapshot || !snapshot->comparison) {
            r.error = SessionController::tr("Nothing is open.");
            return r;
        }
        try {
            r.divergences = ps::findDivergences(*snapshot->comparison, options);
        } catch (const std::exception& e) {
            r.error = QString::fromUtf8(e.what());
        }
        return r;
    }));
}

} // namespace psui
