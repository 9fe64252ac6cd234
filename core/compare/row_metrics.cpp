#include "compare/row_metrics.h"

#include "util/pyformat.h"

#include <cmath>

namespace ps {

namespace {

PyScalar inTab(PyScalar v)
{
    // Any metric whose str() is inf, -inf or nan gets a trailing TAB (msprobe marks them for Excel).
    if (v.kind == PyScalar::Kind::Float && !std::isfinite(v.d))
        return PyScalar::str(py::repr(v.d) + "\t");
    return v;
}

} // namespace

PyScalar scalarOf(const DumpData& d, const FieldValue* f)
{
    if (!f)
        return PyScalar::none();
    if (f->isText)
        return PyScalar::str(f->text);
    const JValue& v = f->json;
    switch (v.type) {
    case JType::Null:
        return PyScalar::none();
    case JType::Int:
        return PyScalar::integer(v.i);
    case JType::Float:
        return PyScalar::real(v.d);
    default: {
        std::string s;
        appendPyStr(s, d, v);
        return PyScalar::str(std::move(s));
    }
    }
}

namespace {

// Columns k (the difference) and 4 + k (the relative error) of statistic k.
void summaryColumns(const ItemStats& n, const ItemStats& b, int k, PyScalar* diffOut, PyScalar& rel)
{
    const FieldValue* nf = &n.stats[k];
    const FieldValue* bf = &b.stats[k];
    auto isNum = [](const FieldValue* f) {
        return f && !f->isText && (f->json.type == JType::Int || f->json.type == JType::Float);
    };
    PyScalar diff = PyScalar::str("N/A");
    rel = PyScalar::str("N/A");
    if (isNum(nf) && isNum(bf)) {
        const JValue& x = nf->json;
        const JValue& y = bf->json;
        double bv = y.type == JType::Int ? double(y.i) : y.d;
        double dv;
        if (x.type == JType::Int && y.type == JType::Int) {
            int64_t di = 0;
            if (!__builtin_sub_overflow(x.i, y.i, &di)) {
                diff = PyScalar::integer(di);
                dv = double(di);
            } else {
                dv = double(x.i) - double(y.i);
                diff = PyScalar::real(dv);
            }
        } else {
            dv = (x.type == JType::Int ? double(x.i) : x.d) - bv;
            diff = PyScalar::real(dv);
        }
        if (std::isnan(dv)) {
            diff = PyScalar::str("Nan");
            rel = PyScalar::str("Nan");
        } else if (bv != 0) {
            rel = PyScalar::str(py::repr(std::fabs((dv / bv) * 100)) + "%");
        }
    }
    if (diffOut)
        *diffOut = inTab(std::move(diff));
}

} // namespace

SummaryMetrics summaryMetrics(const ItemStats& n, const ItemStats& b)
{
    SummaryMetrics out;
    for (int k = 0; k < 4; ++k)
        summaryColumns(n, b, k, &out[size_t(k)], out[size_t(k) + 4]);
    return out;
}

PyScalar summaryRelativeErr(const ItemStats& n, const ItemStats& b, int k)
{
    PyScalar rel;
    summaryColumns(n, b, k, nullptr, rel);
    return rel;
}

SummaryMetrics summaryNpuOnly(const DumpData& nd, const ItemStats& n)
{
    SummaryMetrics out;
    for (int k = 0; k < 5; ++k)
        out[size_t(k)] = PyScalar::str(" ");
    for (int k = 0; k < 3; ++k) {
        PyScalar stat = scalarOf(nd, &n.stats[k]);
        if (stat.kind == PyScalar::Kind::Float && std::isnan(stat.d))
            stat = PyScalar::str("Nan"); // msprobe writes NaN statistics as "Nan" in the table
        out[size_t(k) + 5] = inTab(stat);
    }
    return out;
}

PyScalar md5Result(const DumpData& nd, const ItemStats& n, const DumpData& bd, const ItemStats& b)
{
    // Python's == on the two values: msprobe's xor mode writes a 0-d tensor's checksum as the number itself.
    return PyScalar::str(fieldEquals(nd, &n.md5, bd, &b.md5) ? "pass" : "Different");
}

double str2float(const PyScalar& v)
{
    if (v.kind != PyScalar::Kind::Str)
        return 0;
    std::string_view s = v.s;
    while (!s.empty() && s.front() == '%')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == '%')
        s.remove_suffix(1);
    double x = 0;
    if (!py::parseFloat(s, x))
        return 0;
    return x / 100;
}

} // namespace ps
