#pragma once
// msprobe 26.0.0's verdict engine (core/compare/indicator_analysis): every comparison row of a node (one per NPU
// data item) is rated pass, warning or error by a fixed list of rules per mode, each with its message; the node's
// verdict is the worst row. APIs such as `empty` or `to` are exempt from every rule, the collectives that carry
// their output buffer as an input (`_all_gather_base`, ...) from the rules on inputs.
#include "util/pyvalue.h"
#include "util/rules_profile.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ps {

enum class CompareMode : uint8_t; // compare/comparison.h

enum class Verdict : uint8_t { Pass = 0, Warning = 1, Error = 2 };
const char* verdictName(Verdict v); // "pass", "warning", "error"
std::optional<Verdict> verdictOfName(std::string_view name); // the inverse; nullopt for other text

// The rules, in the order msprobe runs them; a row's Err_message lists its reasons in this order.
enum class Reason : uint8_t {
    InfNan, // npu Max/Min inf or nan while bench's are finite
    NormRelativeErr, // statistics: inputs within 10 %, an output beyond 50 % (NormRelativeErr)
    OneThousandth, // tensor: inputs' One Thousandth ratio > 0.9, an output's < 0.1
    RequiresGrad, // requires_grad differs
    ScalarParameter, // a non-tensor scalar argument differs
    Dtype, // dtype differs
    Shape, // shape differs
    NormRelativeWarn, // statistics: output NormRelativeErr 10 times that of the inputs
    CosineWarn, // tensor: inputs' Cosine > 0.9 and inputs minus output > 0.1
    Crc32Differs, // md5: CRC-32 differs
    Crc32Unmatched, // md5: one side has no value
    Count
};
Verdict reasonLevel(Reason r); // warning for the three "warning:" reasons, error for the others
const char* reasonMessage(Reason r); // msprobe's text, e.g. "error: The dtype of NPU and Bench are inconsistent."
std::optional<Reason> reasonOfMessage(std::string_view message); // the inverse; nullopt for other text

struct RowVerdict {
    Verdict level = Verdict::Pass;
    bool requiresGradConsistent = false; // the row's Requires_grad Consistent column (set by the comparator)
    uint16_t reasons = 0; // bit (1 << Reason)
    bool has(Reason r) const { return reasons & (1u << unsigned(r)); }
    std::vector<Reason> reasonList() const;
    std::string errMessageJson() const; // json.dumps of the message list, e.g. ["error: ..."]
};

// What the rules read of one row of msprobe's compare table (NPU and bench name, dtype, shape, requires_grad,
// statistics or metrics), as the table holds it: for an NPU item without bench partner every bench column is
// "Nan". The comparator fills it from the two data items.
struct VerdictRow {
    std::string npuName; // the NPU item's name (the first input row's names the API for the exemptions)
    bool isOutput = false; // ".output." in the name
    std::string benchName; // the bench item's name, "Nan" without partner
    std::string npuDtype, benchDtype; // "" for None
    bool shapesKnown = false; // both shapes are not None
    bool shapesEqual = false;
    bool npuShapeIsEmptyList = false; // str(npu shape) == "[]": a scalar argument
    std::optional<std::string> npuRequiresGrad, benchRequiresGrad; // nullopt for None (or "")
    bool npuStatInfNan = false; // npu Max or Min is inf/nan
    bool benchStatInfNan = false;
    bool maxEqual = false; // npu Max == bench Max (Python ==)
    PyScalar normRelativeErr; // statistics: the row's NormRelativeErr
    PyScalar cosine, oneThousandth; // tensor mode
    std::string npuMd5, benchMd5; // md5 mode
    bool requiresGradEqual = false; // Python == of the two requires_grad values; false without bench item
};

// Rates the rows of one node in place of msprobe's ApiIndicatorCalculator; returns one verdict per row and the
// node's verdict through `node`. `parallelMerge`: the rules for graphs merged from parallel ranks (no shape rule;
// an API named `<api>_rank<r>` is exempt as `<api>` is).
std::vector<RowVerdict> judgeRows(
    CompareMode mode, std::span<const VerdictRow> rows, Verdict& node, bool parallelMerge = false);

// msprobe's precision_index of a verdict: pass 0, warning 0.5, error 1.
double verdictPrecision(Verdict v);

} // namespace ps
