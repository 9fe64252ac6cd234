#include "compare/verdict_rules.h"

#include "compare/comparison.h"
#include "compare/row_metrics.h"
#include "util/pyformat.h"

#include <cmath>

namespace ps {

namespace {

// Which rows a rule looks at: every row, the output rows only, or none (msprobe's IgnoreInfo).
enum class Exemption { None, Inputs, All };

// "all_reduce_rank1" -> "all_reduce" (r"_rank\d+$")
std::string_view withoutRankSuffix(std::string_view api)
{
    size_t digits = api.size();
    while (digits > 0 && api[digits - 1] >= '0' && api[digits - 1] <= '9')
        --digits;
    if (digits == api.size() || digits < 5 || api.substr(digits - 5, 5) != "_rank")
        return api;
    return api.substr(0, digits - 5);
}

Exemption exemptionOf(std::span<const VerdictRow> rows, bool parallelMerge)
{
    static const std::string_view kAll[] = { "empty", "empty_like", "numpy", "to", "__setitem__", "empty_with_format",
        "new_empty_strided", "new_empty", "empty_strided" };
    static const std::string_view kInputs[]
        = { "_reduce_scatter_base", "_all_gather_base", "all_to_all_single", "batch_isend_irecv" };
    // The API name is the second segment of the first input row's name.
    for (const VerdictRow& r : rows) {
        if (r.isOutput)
            continue;
        size_t dot = r.npuName.find('.');
        if (dot == std::string::npos)
            return Exemption::None;
        std::string_view rest = std::string_view(r.npuName).substr(dot + 1);
        std::string_view api = rest.substr(0, rest.find('.'));
        if (parallelMerge)
            api = withoutRankSuffix(api);
        for (std::string_view a : kAll)
            if (api == a)
                return Exemption::All;
        for (std::string_view a : kInputs)
            if (api == a)
                return Exemption::Inputs;
        return Exemption::None;
    }
    return Exemption::None;
}

// msprobe's get_min_or_max_value over the input or output rows: "Nan", "N/A" and other text are skipped,
// "x%" is read as a fraction; the default is 1.0 for a minimum, 0.0 for a maximum.
double extreme(std::span<const VerdictRow> rows, PyScalar VerdictRow::*metric, bool inputs, bool minimum)
{
    double best = minimum ? 1.0 : 0.0;
    for (const VerdictRow& r : rows) {
        if (r.isOutput == inputs)
            continue;
        const PyScalar& v = r.*metric;
        double x = 0;
        if (v.kind == PyScalar::Kind::Str) {
            if (v.s == "Nan" || v.s == "N/A" || v.s.empty() || v.s.back() != '%')
                continue;
            x = str2float(v);
        } else if (v.isNumber()) {
            x = v.number();
        } else {
            continue;
        }
        // Python's min(best, x) / max(best, x): x wins only when strictly better (never NaN).
        if (minimum ? x < best : x > best)
            best = x;
    }
    return best;
}

bool benchUnknown(const VerdictRow& r)
{
    return r.benchName.empty() || r.benchName == "N/A";
}

class Judge {
public:
    Judge(std::span<const VerdictRow> rows, bool parallelMerge)
        : m_rows(rows)
        , m_out(rows.size())
        , m_exempt(exemptionOf(rows, parallelMerge))
    {
    }

    std::vector<RowVerdict> take() { return std::move(m_out); }

    void set(size_t i, Reason reason)
    {
        const Verdict level = reasonLevel(reason);
        RowVerdict& v = m_out[i];
        if (level > v.level)
            v.level = level;
        v.reasons |= uint16_t(1u << unsigned(reason));
    }

    // The rows a per-row rule looks at.
    template <typename F> void eachRow(F f)
    {
        if (m_exempt == Exemption::All)
            return;
        for (size_t i = 0; i < m_rows.size(); ++i)
            if (m_exempt == Exemption::None || m_rows[i].isOutput)
                f(i, m_rows[i]);
    }

    bool inputsExempt() const { return m_exempt != Exemption::None; }

    size_t firstOutput() const
    {
        for (size_t i = 0; i < m_rows.size(); ++i)
            if (m_rows[i].isOutput)
                return i;
        return m_rows.size();
    }

    void infNan()
    {
        eachRow([&](size_t i, const VerdictRow& r) {
            if (!r.benchStatInfNan && r.npuStatInfNan)
                set(i, Reason::InfNan);
        });
    }

    void requiresGrad()
    {
        eachRow([&](size_t i, const VerdictRow& r) {
            if (!benchUnknown(r) && r.npuRequiresGrad && r.benchRequiresGrad
                && *r.npuRequiresGrad != *r.benchRequiresGrad)
                set(i, Reason::RequiresGrad);
        });
    }

    void scalarParameters()
    {
        if (inputsExempt())
            return;
        for (size_t i = 0; i < m_rows.size(); ++i) {
            const VerdictRow& r = m_rows[i];
            if (r.isOutput || benchUnknown(r) || r.npuDtype.empty() || r.benchDtype.empty())
                continue;
            // A non-tensor scalar has a dtype such as "<class 'int'>" and the shape [].
            bool scalar = r.npuDtype.find("class") != std::string::npos
                && r.benchDtype.find("class") != std::string::npos && r.npuShapeIsEmptyList;
            if (scalar && !r.maxEqual)
                set(i, Reason::ScalarParameter);
        }
    }

    void dtype()
    {
        eachRow([&](size_t i, const VerdictRow& r) {
            if (r.npuName == "N/A" || benchUnknown(r))
                return;
            // Fused weights (qkv, gate_up) legitimately differ.
            if (r.benchName.find("qkv") != std::string::npos || r.benchName.find("gate_up") != std::string::npos)
                return;
            if (!r.npuDtype.empty() && !r.benchDtype.empty() && r.npuDtype != r.benchDtype)
                set(i, Reason::Dtype);
        });
    }

    void shape()
    {
        eachRow([&](size_t i, const VerdictRow& r) {
            if (!benchUnknown(r) && r.shapesKnown && !r.shapesEqual)
                set(i, Reason::Shape);
        });
    }

    void normRelative(bool warnOnly)
    {
        if (inputsExempt())
            return;
        const double in = std::fabs(extreme(m_rows, &VerdictRow::normRelativeErr, true, false));
        if (warnOnly) {
            if (firstOutput() == m_rows.size())
                return;
            const double out = std::fabs(extreme(m_rows, &VerdictRow::normRelativeErr, false, false));
            if (in == 0 ? out > 0.1 : out / in > 10)
                set(firstOutput(), Reason::NormRelativeWarn);
            return;
        }
        if (!(in < 0.1))
            return;
        for (size_t i = 0; i < m_rows.size(); ++i)
            if (m_rows[i].isOutput && std::fabs(str2float(m_rows[i].normRelativeErr)) > 0.5)
                set(i, Reason::NormRelativeErr);
    }

    void tensorRatios(Reason reason)
    {
        if (inputsExempt() || firstOutput() == m_rows.size())
            return;
        PyScalar VerdictRow::*metric
            = reason == Reason::OneThousandth ? &VerdictRow::oneThousandth : &VerdictRow::cosine;
        const double in = extreme(m_rows, metric, true, true);
        const double out = extreme(m_rows, metric, false, true);
        bool hit = reason == Reason::OneThousandth ? in > 0.9 && out < 0.1 : in > 0.9 && in - out > 0.1;
        if (hit)
            set(firstOutput(), reason);
    }

    void crc32()
    {
        eachRow([&](size_t i, const VerdictRow& r) {
            if (r.npuMd5 == r.benchMd5)
                return;
            auto missing = [](const std::string& m) { return m == "N/A" || m == "Nan"; };
            set(i, missing(r.npuMd5) || missing(r.benchMd5) ? Reason::Crc32Unmatched : Reason::Crc32Differs);
        });
    }

private:
    std::span<const VerdictRow> m_rows;
    std::vector<RowVerdict> m_out;
    Exemption m_exempt;
};

} // namespace

const char* verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return "pass";
    case Verdict::Warning:
        return "warning";
    case Verdict::Error:
        return "error";
    }
    return "pass";
}

Verdict reasonLevel(Reason r)
{
    return r == Reason::NormRelativeWarn || r == Reason::CosineWarn || r == Reason::Crc32Unmatched ? Verdict::Warning
                                                                                                   : Verdict::Error;
}

const char* reasonMessage(Reason r)
{
    switch (r) {
    case Reason::InfNan:
        return "error: There is nan/inf/-inf in the maximum or minimum value of NPU.";
    case Reason::NormRelativeErr:
        return "error: The NormRelativeErr of output is greater than 0.5.";
    case Reason::OneThousandth:
        return "error: The input/parameters of One Thousandth Err Ratio > 0.9 while the output < 0.6.";
    case Reason::RequiresGrad:
        return "error: The Required_Grad of NPU and Bench are inconsistent";
    case Reason::ScalarParameter:
        return "error: The scalar parameters of NPU and Bench are inconsistent.";
    case Reason::Dtype:
        return "error: The dtype of NPU and Bench are inconsistent.";
    case Reason::Shape:
        return "error: The shape of NPU and Bench are inconsistent.";
    case Reason::NormRelativeWarn:
        return "warning: The norm relative error of output is 10 times that of input.";
    case Reason::CosineWarn:
        return "warning: The input/parameters of Cosine > 0.9, and input/parameters - output > 0.1";
    case Reason::Crc32Differs:
        return "error: The CRC-32 value of NPU differs from that of the bench.";
    case Reason::Crc32Unmatched:
        return "warning: The parameter of NPU does not match the bench.";
    case Reason::Count:
        break;
    }
    return "";
}

std::optional<Verdict> verdictOfName(std::string_view name)
{
    for (Verdict v : { Verdict::Pass, Verdict::Warning, Verdict::Error })
        if (name == verdictName(v))
            return v;
    return std::nullopt;
}

std::optional<Reason> reasonOfMessage(std::string_view message)
{
    for (unsigned r = 0; r < unsigned(Reason::Count); ++r)
        if (message == reasonMessage(Reason(r)))
            return Reason(r);
    return std::nullopt;
}

std::vector<Reason> RowVerdict::reasonList() const
{
    std::vector<Reason> out;
    for (unsigned r = 0; r < unsigned(Reason::Count); ++r)
        if (reasons & (1u << r))
            out.push_back(Reason(r));
    return out;
}

std::string RowVerdict::errMessageJson() const
{
    std::string s = "[";
    for (Reason r : reasonList()) {
        if (s.size() > 1)
            s += ", ";
        py::appendJsonString(s, reasonMessage(r));
    }
    return s + "]";
}

std::vector<RowVerdict> judgeRows(CompareMode mode, std::span<const VerdictRow> rows, Verdict& node, bool parallelMerge)
{
    Judge judge(rows, parallelMerge);
    switch (mode) {
    case CompareMode::Summary:
        judge.infNan();
        judge.normRelative(false);
        judge.requiresGrad();
        judge.scalarParameters();
        judge.dtype();
        if (!parallelMerge)
            judge.shape(); // STATISTICS_CHECKERS_PARALLEL_MERGE has no shape rule
        judge.normRelative(true);
        break;
    case CompareMode::Real:
        judge.infNan();
        judge.tensorRatios(Reason::OneThousandth);
        judge.requiresGrad();
        judge.scalarParameters();
        judge.dtype();
        judge.shape();
        judge.tensorRatios(Reason::CosineWarn);
        break;
    case CompareMode::Md5:
        judge.crc32();
        break;
    }
    std::vector<RowVerdict> out = judge.take();
    node = Verdict::Pass;
    for (const RowVerdict& v : out)
        if (v.level > node)
            node = v.level;
    return out;
}

double verdictPrecision(Verdict v)
{
    return v == Verdict::Pass ? 0.0 : v == Verdict::Warning ? 0.5 : 1.0;
}

} // namespace ps
