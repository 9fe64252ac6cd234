#include "util/run_context.h"

#include "util/error.h"

#include <algorithm>

namespace ps {

namespace {

// The share of the time each stage takes, measured on a 2 x 1 GiB statistics pair written as .vis.db (of 26.7 s:
// dump.json 18 %, construct/stack and build 6 %, match 2 %, compare 11 %, writing 65 %; the .vis is ~55 %);
// reading and comparing tensor files takes about three times the JSON reading in real-data runs. The command
// line's "time left" is extrapolated from these: with writing weighted a fifth, it said "2 s left" for 17 s.
constexpr double kWeight[kStageCount] = { 18, 2, 4, 2, 11, 54, 60 };

} // namespace

const char* stageName(Stage stage)
{
    switch (stage) {
    case Stage::ReadDump:
        return "reading dump.json";
    case Stage::ReadStructure:
        return "reading construct.json and stack.json";
    case Stage::Build:
        return "building the graphs";
    case Stage::Match:
        return "matching nodes";
    case Stage::Compare:
        return "comparing";
    case Stage::Tensors:
        return "comparing tensors";
    case Stage::Write:
        return "writing";
    }
    return "";
}

RunContext::RunContext(Listener onProgress, const std::atomic<bool>* cancelFlag)
    : listener(std::move(onProgress))
    , cancel(cancelFlag)
{
}

void RunContext::checkCancelled() const
{
    if (cancelled())
        throw Error(ErrorCode::Cancelled, "", "cancelled");
}

void RunContext::plan(size_t jobs, bool writes)
{
    std::lock_guard lock(m_mutex);
    m_jobs = std::max<size_t>(jobs, 1);
    m_writes = writes;
}

void RunContext::setTensors(bool tensors)
{
    std::lock_guard lock(m_mutex);
    m_tensors = tensors;
}

void RunContext::beginJob(size_t index)
{
    std::lock_guard lock(m_mutex);
    m_job = std::min(index, m_jobs - 1);
    m_partPos = {};
    m_partStage = {};
}

double RunContext::totalWeight() const
{
    double total = 0;
    for (size_t s = 0; s < kStageCount; ++s)
        total += positionOf(Stage(s), 1) - positionOf(Stage(s), 0);
    return total;
}

double RunContext::positionOf(Stage stage, double fraction) const
{
    auto weight = [&](size_t s) {
        if (Stage(s) == Stage::Tensors && !m_tensors)
            return 0.0;
        if (Stage(s) == Stage::Write && !m_writes)
            return 0.0;
        return kWeight[s];
    };
    double before = 0;
    for (size_t s = 0; s < size_t(stage); ++s)
        before += weight(s);
    return before + weight(size_t(stage)) * std::clamp(fraction, 0.0, 1.0);
}

void RunContext::report(Stage stage, double fraction, int part, int parts)
{
    if (!listener)
        return;
    std::lock_guard lock(m_mutex);
    double pos = positionOf(stage, fraction);
    Stage shown = stage;
    if (parts == 2 && (part == 0 || part == 1)) {
        m_partPos[size_t(part)] = std::max(m_partPos[size_t(part)], pos);
        m_partStage[size_t(part)] = stage;
        pos = (m_partPos[0] + m_partPos[1]) / 2;
        shown = m_partPos[0] <= m_partPos[1] ? m_partStage[0] : m_partStage[1];
    } else {
        m_partPos = { pos, pos };
        m_partStage = { stage, stage };
    }
    double overall = (double(m_job) + pos / totalWeight()) / double(m_jobs);
    m_overall = std::max(m_overall, std::min(overall, 1.0));
    publish(shown, m_overall, false);
}

void RunContext::finish()
{
    if (!listener)
        return;
    std::lock_guard lock(m_mutex);
    m_overall = 1;
    publish(m_emittedStage < 0 ? Stage::Compare : Stage(m_emittedStage), 1, true);
}

void RunContext::publish(Stage stage, double overall, bool force)
{
    if (!force && int(stage) == m_emittedStage && overall < m_emitted + 0.002)
        return;
    m_emitted = overall;
    m_emittedStage = int(stage);
    listener(stage, overall);
}

} // namespace ps
