#pragma once
// What the error charts plot, extracted from a comparison without any GUI: the NPU precision index along
// execution order (forward and backward apart) with overflow and NaN/inf markers, and the same per numbered
// decoder layer and per layer x sub-module kind.
//
// Execution order is the pre-order walk of the NPU hierarchy from the root, children in `subnodes` order: the
// writer keeps children in call order and a module is entered before the calls inside it, and the walk works
// the same for dumps and for opened .vis / .vis.db files (which carry no dump order).
#include "compare/comparison.h"

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace ps {

enum class Pass : uint8_t { Forward, Backward, Other };
// By name: the last `forward` / `backward` dot-separated part (Module.x.Linear.forward.0, Torch.add.3.backward).
Pass passOfName(std::string_view name);

// Layer number from a node name: the number right after a `layers`, `h`, `encoder` or `layer` part
// (Module.layers.3.mlp..., Module.h.0.attn..., Module.encoder.layers.11... -> 11). The first such pair wins.
std::optional<int> layerNumberOfName(std::string_view name);

// Sub-module kind by name. The dot-separated parts are read from the most specific (last) to the first and the
// first part that says something wins, so `h.0.attn.c_proj.Conv1D` is attention and `h.0.mlp.c_proj` is MLP:
//   communication: names starting with `Distributed.`, or a part that is a collective (all_reduce, all_gather,
//                  reduce_scatter, broadcast, all_to_all, send, recv, isend, irecv, barrier);
//   norm:          a part containing `norm` (LayerNorm, RMSNorm, input_layernorm, norm1) or `ln`, `ln_1`, `ln_f`;
//   attention:     a part containing `attn` or `attention`, or q/k/v/o projections (q_proj, query_key_value, qkv,
//                  query, key, value, c_attn, out_proj);
//   MLP:           a part containing `mlp`, `ffn` or `feed_forward`, or the usual MLP layers (fc1, fc2, c_fc,
//                  linear1, linear2, dense_h_to_4h, dense_4h_to_h, gate_proj, up_proj, down_proj, w1, w2, w3);
//   other:         nothing above.
// A node whose own name says nothing (an API such as Torch.matmul.2.forward) takes the kind of its nearest
// ancestor that has one (see precisionSeries).
enum class ModuleKind : uint8_t { Attention, Mlp, Norm, Communication, Other };
constexpr size_t kModuleKindCount = 5;
ModuleKind moduleKindOfName(std::string_view name);
const char* moduleKindName(ModuleKind kind); // "attention", "mlp", "norm", "communication", "other"

struct PrecisionPoint {
    NodeId node = kNoNode; // NPU node
    uint32_t order = 0; // position within its pass, 0-based
    double precision = 0; // precision_index as stored
    OverflowLevel overflow = OverflowLevel::None;
    bool nonFinite = false; // an output's Max or Min is NaN or +-inf
    int layer = -1; // -1: not inside a numbered layer
    ModuleKind kind = ModuleKind::Other;
};

struct PrecisionSeries {
    std::vector<PrecisionPoint> forward;
    std::vector<PrecisionPoint> backward;
    const std::vector<PrecisionPoint>& of(Pass pass) const { return pass == Pass::Backward ? backward : forward; }
};

// Every NPU node that carries a precision index and a forward/backward name, in execution order. Empty for
// build results (no precision).
PrecisionSeries precisionSeries(const Comparison& comparison);

// The worst (highest) precision of a group of points, and the node that has it.
struct WorstCell {
    double worst = -1; // -1: no point in the group
    NodeId node = kNoNode;
    uint32_t count = 0;
    bool overflow = false; // some point in the group overflowed
    bool nonFinite = false;
    bool empty() const { return count == 0; }
    void add(const PrecisionPoint& p);
};

struct LayerTable {
    std::vector<int> layers; // distinct layer numbers, ascending
    std::vector<WorstCell> forward; // per layer
    std::vector<WorstCell> backward; // per layer
    std::vector<std::array<WorstCell, kModuleKindCount>> byKind; // per layer and kind, both passes
    bool empty() const { return layers.empty(); }
};
LayerTable layerTable(const PrecisionSeries& series);

} // namespace ps
