#pragma once
// The context of a long engine run (progress, cancellation, log), with no Qt. The engine reports (stage, fraction of
// the stage) from any of its threads; the caller receives the current stage and one overall fraction that never
// decreases and ends at 1, and stops the run by setting its cancel flag (the engine then throws Error(Cancelled)).
#include "util/memory_budget.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

namespace ps {

class Comparison;

// In the order a pair is processed. ReadDump..Build run once per side (both sides in parallel).
enum class Stage : uint8_t { ReadDump, ReadStructure, Build, Match, Compare, Tensors, Write };
constexpr size_t kStageCount = 7;
const char* stageName(Stage stage); // English, for logs: "reading dump.json", ...

// The context of one long engine run: what the caller hands in (a log sink, a progress listener, a cancel flag,
// an optional observer of the matched pair) and the run's progress bookkeeping. The engine takes it by non-const
// reference because reporting changes it; report() and the rest are safe to call from any of the run's threads.
class RunContext {
public:
    // Called with the stage now running (the slowest side's while both sides are read) and the overall
    // fraction 0..1. Calls are serialized and throttled (about every 0.2 %, and on every stage change).
    using Listener = std::function<void(Stage stage, double overall)>;

    RunContext() = default;
    explicit RunContext(Listener onProgress, const std::atomic<bool>* cancelFlag = nullptr);
    RunContext(const RunContext&) = delete;
    RunContext& operator=(const RunContext&) = delete;

    // The caller's hooks, set before the run starts; the engine only reads them.
    std::function<void(const std::string& message)> log; // msprobe-style INFO lines
    Listener listener;
    // The pair is matched, not compared yet: `c` has its graphs and counterparts, no rows, metrics or precision.
    // Called on the comparing thread, which waits for it; a viewer shows the structure meanwhile. `c` changes
    // once the call returns: copy what is kept.
    std::function<void(const Comparison& c)> matched;
    const std::atomic<bool>* cancel = nullptr; // set by the caller; the engine only reads it

    void info(const std::string& m) const
    {
        if (log)
            log(m);
    }
    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    void checkCancelled() const; // throws Error(ErrorCode::Cancelled, "", "cancelled")

    // The run's shape, set by the engine: how many pairs, and whether tensors are read and files written
    // (they change the stage weights). beginJob resets the per-side positions.
    void plan(size_t jobs, bool writes);
    void setTensors(bool tensors);
    void beginJob(size_t index);
    // `fraction` of `stage` is done on side `part` of `parts` (1, or 2 while both sides are read). Never throws.
    void report(Stage stage, double fraction, int part = 0, int parts = 1);
    void finish(); // the run is complete: reports 1

private:
    double positionOf(Stage stage, double fraction) const; // within one job, in weight units
    double totalWeight() const;
    void publish(Stage stage, double overall, bool force); // not "emit": a Qt macro in ui/

    std::mutex m_mutex;
    size_t m_jobs = 1;
    size_t m_job = 0;
    bool m_writes = false;
    bool m_tensors = false;
    std::array<double, 2> m_partPos {};
    std::array<Stage, 2> m_partStage {};
    double m_overall = 0;
    double m_emitted = -1;
    int m_emittedStage = -1;
};

// What a long loop deep in the core receives: its side of the run, for reporting and the cancel check.
struct ProgressPart {
    RunContext* progress = nullptr;
    int part = 0;
    int parts = 1;
    // Reports, throws Error(Cancelled) if the run was cancelled and Error(MemoryLimit) when the run holds more
    // memory than its budget (util/memory_budget.h).
    void advance(Stage stage, double fraction) const
    {
        checkMemory();
        if (!progress)
            return;
        progress->report(stage, fraction, part, parts);
        progress->checkCancelled();
    }
};

} // namespace ps
