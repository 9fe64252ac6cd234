#pragma once
// First-divergence finder (docs/diagnose.md): walks the matched nodes in execution order and reports the nodes
// whose outputs exceed the tolerance while every input they inherited from earlier nodes is within it: the
// error is introduced there, not passed along. Ranked by the error each adds (out_err - in_err).
#include "compare/comparison.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ps {

struct DiagnoseOptions {
    // Node names to skip: glob patterns ('*', '?'); a pattern without wildcards matches as a substring.
    std::vector<std::string> ignore;
    // dtype ("float16", "torch.bfloat16", ...) -> tolerance; overrides the defaults of defaultTolerance().
    std::map<std::string, double> tolerances;
    size_t limit = 0; // 0: all
};

// Default relative tolerance of a dtype (the "torch." / "mindspore." prefix and case are ignored).
double defaultTolerance(std::string_view dtype);
double toleranceFor(const DiagnoseOptions& options, std::string_view dtype);
// Parses "float16=0.01" into options.tolerances; throws ps::Error(BadArgument) on bad text.
void addToleranceSpec(DiagnoseOptions& options, std::string_view spec);
bool matchesPattern(std::string_view name, std::string_view pattern);

struct Divergence {
    NodeId npu = kNoNode;
    NodeId bench = kNoNode;
    uint32_t order = 0; // position in execution order (dump record order)
    double inError = 0; // worst error of the inputs the node inherited (0 when none)
    double outError = 0; // worst output error
    double added = 0; // outError - inError
    std::string worstOutput; // key of the output item with outError
    std::string dtype; // its dtype
    double tolerance = 0; // the tolerance it exceeded
    // A diverging input that no earlier node produced (a parameter, buffer or data tensor): the error entered
    // the model through it. Empty when the computation itself diverged.
    std::string sourceInput;
};

// The mode's metric for one item pair (docs/diagnose.md): statistics -> relative error of Max/Min/Mean/Norm,
// real data -> also the relative L2 error the cosine implies, md5 -> 0 or 1. +inf when one side is inf/NaN.
double statisticError(double npu, double bench, double scale);

// Throws ps::Error(BadArgument) when the comparison has no bench side.
std::vector<Divergence> findDivergences(const Comparison& c, const DiagnoseOptions& options);

struct InputError {
    double worst = 0;
    bool exceeds = false;
};

// Where the error on a node's inputs comes from, for the cross-rank tracer: one pass over the NPU nodes in
// execution order follows every input beyond its tolerance back to the node that produced it (the latest earlier
// API node with an output of the same dtype, shape and statistics), through nodes that only pass the error on, to
// a node of `found`.
class InputTracer {
public:
    // `found`: findDivergences(c, options) without a limit. Throws as findDivergences does.
    InputTracer(const Comparison& c, const std::vector<Divergence>& found, const DiagnoseOptions& options);
    ~InputTracer();
    InputTracer(const InputTracer&) = delete;
    InputTracer& operator=(const InputTracer&) = delete;

    // The worst error of NPU node `npu`'s inputs against its bench counterpart's, paired by position; `exceeds`
    // when one is beyond its tolerance. No counterpart or no judged input: {0, false}.
    InputError inputError(NodeId npu);
    // The node of `found` the error on `npu`'s inputs comes from; kNoNode when none (its inputs are within their
    // tolerance, or the error came in through a parameter or a data tensor).
    NodeId causeOfInputs(NodeId npu) const;

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

} // namespace ps
