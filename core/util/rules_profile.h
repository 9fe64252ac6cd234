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

// Which msprobe 26 release the written data follows under Msprobe26's rules. Nodes, links and verdicts are the
// same; the 26.0.0 release rounds every float of an item's data to 6 decimals (round(x, 6), "%.6e" when Python
// prints the float with an exponent), the 26.1 line (and msprobe's master) writes the float as Python prints it.
enum class Msprobe26Release : uint8_t { V26_1 = 0, V26_0_0 = 1 };

inline const char* msprobe26ReleaseName(Msprobe26Release r)
{
    return r == Msprobe26Release::V26_0_0 ? "26.0.0" : "26.1";
}

} // namespace ps
