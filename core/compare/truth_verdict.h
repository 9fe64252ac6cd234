#pragma once
// The three-way verdict: the NPU run and the bench run each judged against a third run of the same step in higher
// precision (the truth, e.g. the model in fp64 on a CPU). The bench is not the truth either: a bf16 NPU run's
// ordinary rounding is 10^3-10^5 times an fp32 bench's error on every node, so a raw ratio flags everything. A node
// is judged by its output tensors:
//   error of a side = the largest relative difference of its statistics from the truth's: Max, Min (and Mean when
//     all three runs have it) over the tensor's magnitude max(|Max|, |Min|) of the truth, Norm over the truth's
//     Norm (msprobe writes no Mean and Norm for fp64 tensors: against an fp64 truth only Max and Min count);
//   floor of a side = factor x the rounding of the least precise dtype among the node's tensors on that side
//     (bf16 3.9e-3, fp16 4.9e-4, fp32 1e-6, fp64 1e-15): an fp32 op fed bf16 inputs is as precise as bf16;
//   npu-worse: the NPU error exceeds k x the bench error and the NPU floor;
//   both-off: both errors exceed their floors (and the NPU is not k times worse);
//   fine: otherwise.
// Only tensors are judged: a scalar argument (an epsilon, a dimension) is configuration, not data that carries an
// error along.
// Where it started: an npu-worse node whose inputs are already npu-worse against the truth, or that holds an
// npu-worse node, is "follows": the error came in with its inputs or from inside, so only the node where the NPU
// went wrong is npu-worse.
#include "compare/color_bins.h"
#include "compare/comparison.h"
#include "io/dump_data.h"

#include <memory>
#include <string>
#include <vector>

namespace ps {

enum class TruthVerdict : uint8_t { None, Fine, BothOff, Follows, NpuWorse };
const char* truthVerdictName(TruthVerdict verdict); // "", "fine", "both-off", "follows", "npu-worse"

struct TruthOptions {
    double k = 2.5; // how many times the bench's error the NPU's must exceed
    // Times the dtype's rounding: rounding adds up over a chain of ops (eight bf16 ops in a row reach 8e-3, two
    // units, in the test case), so the floor allows a few units.
    double floorFactor = 4;
};

// The unit rounding of a dtype as msprobe writes it ("torch.bfloat16", "float16", ...); 0 for integers and bool,
// the fp32 figure for a dtype it does not know.
double dtypeRounding(std::string_view dtype);

struct TruthNode {
    TruthVerdict verdict = TruthVerdict::None; // None: unmatched, or no output tensor the truth has
    double npuError = -1, benchError = -1; // of the output judged (-1: none)
    double npuFloor = 0, benchFloor = 0;
    uint32_t npuItem = kNoItem; // the output judged: the worst
};

struct TruthJudgement {
    TruthOptions options;
    std::string reference; // the truth's dump.json
    std::vector<TruthNode> nodes; // per NPU node
    size_t count(TruthVerdict verdict) const;
};

// The colours of the verdicts, least alarming first: fine, follows (explained by another node), both-off, npu-worse;
// then the unmatched entry. truthColorValues places each node in them (NaN: no verdict).
std::vector<ColorBin> truthColorBins();
std::vector<double> truthColorValues(const TruthJudgement& judgement);

// Judges every matched NPU node of `c` (a statistics comparison of dumps) against `truth`, the dump of the same
// step in higher precision, whose items are found by name. Throws Error(BadArgument) for a comparison without
// dump data or in another mode than statistics.
std::shared_ptr<const TruthJudgement> judgeAgainstTruth(
    const Comparison& c, const DumpData& truth, const TruthOptions& options);

} // namespace ps
