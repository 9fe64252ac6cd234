#pragma once
// Progress and cancellation of a long engine run, with no Qt. The engine reports (stage, fraction of the stage)
// from any of its threads; the caller receives the current stage and one overall fraction that never decreases
// and ends at 1, and stops the run by setting its cancel flag (the engine then throws Error(Cancelled)).
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

class Progress {
public:
    // Called with the stage now running (the slowest side's while both sides are read) and the overall
    // fraction 0..1. Calls are serialized and throttled (about every 0.2 %, and on every stage change).
    using Listener = std::function<void(Stage stage, double overall)>;

    Progress() = default;
    explicit Progress(Listener onProgress, const std::atomic<bool>* cancelFlag = nullptr);
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

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
    void plan(size_t jobs, bool writes) const;
    void setTensors(bool tensors) const;
    void beginJob(size_t index) const;
    // `fraction` of `stage` is done on side `part` of `parts` (1, or 2 while both sides are read). Never throws.
    void report(Stage stage, double fraction, int part = 0, int parts = 1) const;
    void finish() const; // the run is complete: reports 1

private:
    double positionOf(Stage stage, double fraction) const; // within one job, in weight units
    double totalWeight() const;
    void publish(Stage stage, double overall, bool force) const; // not "emit": a Qt macro in ui/

    mutable std::mutex m_mutex;
    mutable size_t m_jobs = 1;
    mutable size_t m_job = 0;
    mutable bool m_writes = false;
    mutable bool m_tensors = false;
    mutable std::array<double, 2> m_partPos {};
    mutable std::array<Stage, 2> m_partStage {};
    mutable double m_overall = 0;
    mutable double m_emitted = -1;
    mutable int m_emittedStage = -1;
};

// What a long loop deep in the core receives: its side of the run, for reporting and the cancel check.
struct ProgressPart {
    const Progress* progress = nullptr;
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
