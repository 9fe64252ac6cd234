#include "session/analysisjobs.h"

#include "compare/manual_match.h"
#include "io/vis_config.h"
#include "session/errortext.h"
#include "util/error.h"

namespace psui {

AnalysisJobs::Mutation AnalysisJobs::match(NodeId npu, NodeId bench, bool withChildren)
{
    return [=](const ps::Comparison& c, ps::ManualMatchReport& report) {
        return ps::matchManually(c, npu, bench, withChildren, report);
    };
}

AnalysisJobs::Mutation AnalysisJobs::unmatch(NodeId npu, NodeId bench, bool withChildren)
{
    return [=](const ps::Comparison& c, ps::ManualMatchReport& report) {
        return ps::unmatchManually(c, npu, bench, withChildren, report);
    };
}

AnalysisJobs::Mutation AnalysisJobs::applyConfig(const QString& path)
{
    return [file = path.toStdString()](const ps::Comparison& c, ps::ManualMatchReport& report) {
        std::string refusal = ps::manualMatchRefusal(c); // before reading: the clearer reason
        if (!refusal.empty())
            throw ps::Error(ps::ErrorCode::BadArgument, "", refusal);
        return ps::applyMatchPairs(c, ps::readVisConfig(file), report);
    };
}

QString AnalysisJobs::refusal(const Snapshot* snapshot)
{
    if (!snapshot || !snapshot->comparison)
        return tr("Nothing is open.");
    switch (ps::manualMatchRefusalOf(*snapshot->comparison)) {
    case ps::MatchRefusal::None:
        return {};
    case ps::MatchRefusal::SingleGraph:
        return tr("A single graph has no bench side to match with.");
    case ps::MatchRefusal::RealData:
        return tr("Real-data comparisons (task \"all\") cannot be matched by hand: the metrics come from the tensor "
                  "files and are not recomputed for one pair (tb_graph_ascend refuses them too).");
    case ps::MatchRefusal::GraphFile:
        return tr("This comparison was opened from a graph file, which holds formatted rows but not the dump "
                  "statistics: open the NPU and bench dump folders to match nodes by hand.");
    }
    return {};
}

EditResult AnalysisJobs::edit(const std::shared_ptr<const Snapshot>& base, const Mutation& mutation)
{
    EditResult r;
    try {
        ps::ManualMatchReport report;
        auto changed = mutation(*base->comparison, report);
        r.outcome.changed = int(report.pairs.size());
        for (const std::string& f : report.failures)
            r.outcome.failures << QString::fromStdString(f);
        // The legend shown stays; a metric shown is computed again over the new matches. A truth run judged the
        // old pairs: its verdicts go, and msprobe's colours come back.
        if (!report.pairs.empty())
            r.snapshot = base->metric == ps::ColorMetric::Precision
                ? makeSnapshot(std::move(changed), nullptr, &base->bins)
                : base->metric == ps::ColorMetric::Truth
                ? makeSnapshot(std::move(changed))
                : colorByMetric(*makeSnapshot(std::move(changed)), base->metric);
    } catch (const std::exception& e) {
        r.outcome.error = ErrorText::of(e);
    }
    return r;
}

QString AnalysisJobs::saveConfig(const ps::Comparison& comparison, const QString& path)
{
    try {
        ps::writeVisConfig(path.toStdString(), ps::manualPairs(comparison));
        return {};
    } catch (const std::exception& e) {
        return ErrorText::of(e);
    }
}

DiagnoseOutcome AnalysisJobs::diagnose(
    const std::shared_ptr<const Snapshot>& snapshot, const ps::DiagnoseOptions& options)
{
    DiagnoseOutcome r;
    r.snapshot = snapshot;
    if (!snapshot || !snapshot->comparison) {
        r.error = tr("Nothing is open.");
        return r;
    }
    try {
        r.divergences = ps::findDivergences(*snapshot->comparison, options);
    } catch (const std::exception& e) {
        r.error = ErrorText::of(e);
    }
    return r;
}

OriginsOutcome AnalysisJobs::traceOrigins(const ps::Source& source, const std::vector<size_t>& ranks,
    const ps::DiagnoseOptions& options, const std::atomic<bool>* cancel, const std::function<void(int)>& progress)
{
    OriginsOutcome r;
    for (size_t job : ranks)
        r.jobOfRank.emplace(source.jobs().at(job).rank, int(job));
    try {
        ps::RunContext run([&](ps::Stage, double overall) { progress(int(overall * 1000)); }, cancel);
        std::vector<std::string> warnings; // each rank's load reported its own when it was shown
        r.traced = ps::traceStep(source, ranks, options, warnings, &run);
    } catch (const std::exception& e) {
        r.error = ErrorText::of(e);
    }
    return r;
}

} // namespace psui
