#pragma once
// A scalar as msprobe's Python code holds it in a comparison result: None, int, float or str.
// The distinction matters for output: int 0 prints "0", float 0.0 prints "0.0", str prints as is.
#include <cstdint>
#include <string>

namespace ps {

struct PyScalar {
    enum class Kind : uint8_t { None, Int, Float, Str };
    Kind kind = Kind::None;
    int64_t i = 0;
    double d = 0.0;
    std::string s;

    static PyScalar none() { return {}; }
    static PyScalar integer(int64_t v)
    {
        PyScalar p;
        p.kind = Kind::Int;
        p.i = v;
        return p;
    }
    static PyScalar real(double v)
    {
        PyScalar p;
        p.kind = Kind::Float;
        p.d = v;
        return p;
    }
    static PyScalar str(std::string v)
    {
        PyScalar p;
        p.kind = Kind::Str;
        p.s = std::move(v);
        return p;
    }
    bool isNumber() const { return kind == Kind::Int || kind == Kind::Float; }
    double number() const { return kind == Kind::Int ? double(i) : d; }
    bool operator==(const PyScalar& o) const
    {
        return kind == o.kind && i == o.i && (d == o.d || (d != d && o.d != o.d)) && s == o.s;
    }
};

} // namespace ps
