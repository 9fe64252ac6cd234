#include "analysis/divergence_report.h"

#include "io/json_writer.h"

#include <cmath>
#include <cstdio>

namespace ps {

std::string formatError(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string divergenceTable(const Comparison& c, const std::vector<Divergence>& found)
{
    if (found.empty())
        return "No node introduces an error above the tolerance.\n";
    const Graph& g = c.graph(Side::Npu);
    const Graph& b = c.graph(Side::Bench);
    std::string out;
    char line[128];
    std::snprintf(line, sizeof line, "%-5s %-12s %-12s %-12s %-10s ", "rank", "added", "out_err", "in_err", "tol");
    out += std::string(line) + "node (bench node) / worst output [dtype]\n";
    for (size_t i = 0; i < found.size(); ++i) {
        const Divergence& d = found[i];
        std::snprintf(line, sizeof line, "%-5zu %-12s %-12s %-12s %-10s ", i + 1, formatError(d.added).c_str(),
            formatError(d.outError).c_str(), formatError(d.inError).c_str(), formatError(d.tolerance).c_str());
        out += line;
        out += std::string(g.nameOf(d.npu));
        if (b.nameOf(d.bench) != g.nameOf(d.npu))
            out += " (" + std::string(b.nameOf(d.bench)) + ")";
        out += "\n" + std::string(52, ' ') + d.worstOutput + " [" + d.dtype + "]";
        if (!d.sourceInput.empty())
            out += "\n" + std::string(52, ' ') + "entered through " + d.sourceInput;
        out += "\n";
    }
    return out;
}

std::string divergenceJson(const Comparison& c, const std::vector<Divergence>& found, const DivergencePlace* place)
{
    std::string out;
    PyJsonWriter w(out, 2);
    auto number = [&](double v) {
        if (std::isfinite(v))
            w.real(v);
        else
            w.string(formatError(v));
    };
    w.beginObject();
    if (place) {
        w.key("step");
        w.integer(place->step);
        w.key("rank");
        w.integer(place->rank);
    }
    w.key("task");
    w.string(taskName(c.mode));
    w.key("divergences");
    w.beginArray();
    for (size_t i = 0; i < found.size(); ++i) {
        const Divergence& d = found[i];
        w.beginObject();
        w.key("rank");
        w.integer((long long)(i + 1));
        w.key("npu_node");
        w.string(c.graph(Side::Npu).nameOf(d.npu));
        w.key("bench_node");
        w.string(c.graph(Side::Bench).nameOf(d.bench));
        w.key("order");
        w.integer(d.order);
        w.key("in_error");
        number(d.inError);
        w.key("out_error");
        number(d.outError);
        w.key("added");
        number(d.added);
        w.key("dtype");
        w.string(d.dtype);
        w.key("tolerance");
        number(d.tolerance);
        w.key("worst_output");
        w.string(d.worstOutput);
        w.key("source_input");
        w.string(d.sourceInput);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    out += "\n";
    return out;
}

} // namespace ps
