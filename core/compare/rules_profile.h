#pragma once
// Which msprobe the engine reproduces. The two share one engine; the few rules that differ consult this value:
//  * Msprobe121: `msprobe graph` 1.2.1 (.vis files, relative-error bins, structural matching checks).
//  * Msprobe26: `msprobe graph_visualize` 26.0.0 (.vis.db only, 8.x hierarchy with parameters_grad nodes and
//    backward re-parenting, matching by name and ancestors only, pass/warning/error verdicts with reasons,
//    unrounded numbers). docs/deviations.md lists the deliberate differences of each.
#include <cstdint>

namespace ps {

enum class RulesProfile : uint8_t { Msprobe121 = 0, Msprobe26 = 1 };

inline const char* rulesProfileName(RulesProfile p)
{
    return p == RulesProfile::Msprobe26 ? "msprobe 26.0.0" : "msprobe 1.2.1";
}

} // namespace ps
