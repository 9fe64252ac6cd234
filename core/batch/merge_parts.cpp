#include "batch/merge_parts.h"

#include "batch/distributed.h"
#include "batch/engine.h"
#include "util/error.h"
#include "util/rank_list.h"
#include "vis/graph_file.h"
#include "vis/vis_db_reader.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace ps {

namespace {

struct PartFile {
    std::string path;
    VisDbIndex index;
    std::set<int> ranks, steps;
};

std::string listText(const std::set<int>& values)
{
    return formatRankList(std::vector<int>(values.begin(), values.end()));
}

// The part's own content must fit its record of the run.
PartFile indexPart(const std::string& path)
{
    PartFile part { path, listVisDb(path), {}, {} };
    if (!part.index.part)
        throw Error(ErrorCode::BadContent, path,
            "not a part database (it has no " + std::string(kTbPartName)
                + " table): merge takes the files that graph_visualize --ranks writes");
    if (!part.index.rules26)
        throw Error(ErrorCode::BadContent, path, "a part database without msprobe 26.0.0's is_distributed column");
    if (part.index.graphs.empty())
        throw Error(ErrorCode::BadContent, path, "a part database without any graph");
    for (auto [step, rank] : part.index.graphs) {
        part.steps.insert(step);
        part.ranks.insert(rank);
    }
    const std::vector<int> runRanks = parseRankList(part.index.part->runRanks);
    const std::vector<int> runSteps = parseRankList(part.index.part->runSteps);
    for (int rank : part.ranks)
        if (!std::binary_search(runRanks.begin(), runRanks.end(), rank))
            throw Error(ErrorCode::BadContent, path,
                "holds rank " + std::to_string(rank) + ", which its run (ranks " + part.index.part->runRanks
                    + ") does not have");
    for (int step : part.steps)
        if (!std::binary_search(runSteps.begin(), runSteps.end(), step))
            throw Error(ErrorCode::BadContent, path,
                "holds step " + std::to_string(step) + ", which its run (steps " + part.index.part->runSteps
                    + ") does not have");
    return part;
}

// Parts of one run: the first part's kind, task, rules, ranks and steps of the run.
void checkSameRun(const PartFile& first, const PartFile& part)
{
    auto refuse = [&](const std::string& what, const std::string& mine, const std::string& theirs) {
        throw Error(ErrorCode::BadContent, part.path,
            "has other " + what + " (" + mine + ") than " + first.path + " (" + theirs
                + "): not a part of the same run");
    };
    const VisDbIndex &a = first.index, &b = part.index;
    if (a.compare != b.compare)
        refuse("graphs", b.compare ? "compare" : "build", a.compare ? "compare" : "build");
    if (a.task != b.task)
        refuse("task", b.task, a.task);
    if (a.part->rules != b.part->rules)
        refuse("rules", b.part->rules, a.part->rules);
    if (a.part->runRanks != b.part->runRanks)
        refuse("run ranks", b.part->runRanks, a.part->runRanks);
    if (a.part->runSteps != b.part->runSteps)
        refuse("run steps", b.part->runSteps, a.part->runSteps);
    if (first.steps != part.steps)
        refuse("steps", listText(part.steps), listText(first.steps));
}

void checkOutput(const MergePartsRequest& request)
{
    if (request.parts.empty())
        throw Error(ErrorCode::BadArgument, request.output, "merge needs at least one part database");
    if (!request.output.ends_with(".vis.db"))
        throw Error(ErrorCode::BadArgument, request.output, "the merged database must be named *.vis.db");
    std::error_code ec;
    for (const std::string& part : request.parts)
        if (part == request.output || std::filesystem::equivalent(part, request.output, ec))
            throw Error(ErrorCode::BadArgument, part, "is also the output: merge never overwrites its parts");
}

// Every rank of the run in exactly one part (as --expect-ranks asks), else an error; without it a warning.
void checkRanks(const std::vector<PartFile>& parts, const MergePartsRequest& request, MergePartsResult& result)
{
    std::map<int, const PartFile*> owner;
    for (const PartFile& part : parts)
        for (int rank : part.ranks) {
            auto [it, fresh] = owner.emplace(rank, &part);
            if (!fresh)
                throw Error(ErrorCode::BadContent, part.path,
                    "holds rank " + std::to_string(rank) + ", which " + it->second->path
                        + " holds too: the parts overlap");
        }
    for (const auto& entry : owner)
        result.ranks.push_back(entry.first);
    const std::vector<int>& expected = request.expectRanks;
    if (!expected.empty()) {
        for (const auto& [rank, part] : owner)
            if (!std::binary_search(expected.begin(), expected.end(), rank))
                throw Error(ErrorCode::BadContent, part->path,
                    "holds rank " + std::to_string(rank) + ", which --expect-ranks " + formatRankList(expected)
                        + " does not list");
        std::vector<int> missing;
        std::set_difference(
            expected.begin(), expected.end(), result.ranks.begin(), result.ranks.end(), std::back_inserter(missing));
        if (!missing.empty())
            throw Error(ErrorCode::BadArgument, request.output,
                "the ranks " + formatRankList(missing) + " of --expect-ranks " + formatRankList(expected)
                    + " are in none of the " + std::to_string(parts.size()) + " parts");
        return;
    }
    std::vector<int> runRanks = parseRankList(parts.front().index.part->runRanks), missing;
    std::set_difference(
        runRanks.begin(), runRanks.end(), result.ranks.begin(), result.ranks.end(), std::back_inserter(missing));
    if (!missing.empty())
        result.warnings.push_back("the ranks " + formatRankList(missing) + " of the run are in none of the parts; "
            + "their links are left out of matched_distributed (--expect-ranks makes this an error)");
}

} // namespace

MergePartsResult mergeParts(const MergePartsRequest& request, RunContext& progress)
{
    checkOutput(request);
    MergePartsResult result;
    std::vector<PartFile> parts;
    for (const std::string& path : request.parts) {
        parts.push_back(indexPart(path));
        checkSameRun(parts.front(), parts.back());
    }
    checkRanks(parts, request, result);
    result.steps.assign(parts.front().steps.begin(), parts.front().steps.end());

    // Every graph of every part, in the single run's order (step, then rank).
    std::vector<VisDocument> docs;
    std::vector<JobResult> graphs;
    for (const PartFile& part : parts) {
        progress.checkCancelled();
        progress.info("Reading the part " + part.path + " (ranks " + listText(part.ranks) + ")...");
        std::vector<std::shared_ptr<Comparison>> open;
        std::vector<VisDocument> read = readVisDb(part.path, &open);
        for (size_t i = 0; i < read.size(); ++i) {
            JobResult r;
            r.job.step = read[i].step;
            r.job.rank = read[i].rank;
            r.comparison = open[i];
            graphs.push_back(std::move(r));
            docs.push_back(std::move(read[i]));
        }
    }
    std::vector<size_t> order(docs.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return std::pair(docs[a].step, docs[a].rank) < std::pair(docs[b].step, docs[b].rank);
    });

    // The distributed analysis per step over all its ranks, as runGraphCommand does it before writing.
    progress.info("Start analyzing distributed nodes...");
    std::vector<VisDocument> merged;
    for (size_t first = 0; first < order.size();) {
        size_t last = first;
        std::vector<JobResult> step;
        while (last < order.size() && docs[order[last]].step == docs[order[first]].step)
            step.push_back(graphs[order[last++]]);
        if (step.size() > 1)
            analyzeDistributed(step, result.warnings, RulesProfile::Msprobe26);
        for (size_t k = first; k < last; ++k)
            merged.push_back(std::move(docs[order[k]]));
        first = last;
    }
    progress.checkCancelled();
    progress.info("Writing " + request.output + "...");
    saveGraphFile(merged, request.output, { &progress });
    result.graphs = merged.size();
    return result;
}

} // namespace ps
