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

namespace {

// An error in a JSON document: a number when finite, else its text ("inf", "nan"), which JSON has no number for.
void writeError(PyJsonWriter& w, double v)
{
    if (std::isfinite(v))
        w.real(v);
    else
        w.string(formatError(v));
}

} // namespace

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
        w.integer((long long)i + 1);
        w.key("npu_node");
        w.string(c.graph(Side::Npu).nameOf(d.npu));
        w.key("bench_node");
        w.string(c.graph(Side::Bench).nameOf(d.bench));
        w.key("order");
        w.integer(d.order);
        w.key("in_error");
        writeError(w, d.inError);
        w.key("out_error");
        writeError(w, d.outError);
        w.key("added");
        writeError(w, d.added);
        w.key("dtype");
        w.string(d.dtype);
        w.key("tolerance");
        writeError(w, d.tolerance);
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

namespace {

std::string hopText(const RankNode& hop)
{
    return "rank " + std::to_string(hop.rank) + " " + hop.node;
}

std::string rankList(const std::vector<int>& ranks)
{
    std::string out;
    for (int r : ranks)
        out += (out.empty() ? "" : ",") + std::to_string(r);
    return out;
}

} // namespace

std::string originsTable(const std::vector<CrossRankOrigin>& origins)
{
    if (origins.empty())
        return "No node introduces an error above the tolerance on any rank.\n";
    std::string out;
    char line[128];
    std::snprintf(line, sizeof line, "%-5s %-5s %-12s %-12s ", "#", "rank", "reaches", "added");
    out += std::string(line) + "node / how it reached the other ranks\n";
    for (size_t i = 0; i < origins.size(); ++i) {
        const CrossRankOrigin& o = origins[i];
        std::snprintf(line, sizeof line, "%-5zu %-5d %-12s %-12s ", i + 1, o.where.rank, rankList(o.ranks).c_str(),
            formatError(o.divergence.added).c_str());
        out += line + o.where.node + "\n";
        for (const std::vector<RankNode>& path : o.paths) {
            std::string hops;
            for (const RankNode& hop : path)
                hops += (hops.empty() ? "" : " -> ") + hopText(hop);
            out += std::string(38, ' ') + hops + "\n";
        }
    }
    return out;
}

std::vector<std::string> originsJson(const std::vector<CrossRankOrigin>& origins, int step)
{
    std::vector<std::string> out;
    for (const CrossRankOrigin& o : origins) {
        std::string text;
        PyJsonWriter w(text, 2);
        w.beginObject();
        w.key("step");
        w.integer(step);
        w.key("rank");
        w.integer(o.where.rank);
        w.key("node");
        w.string(o.where.node);
        w.key("ranks");
        w.beginArray();
        for (int r : o.ranks)
            w.integer(r);
        w.endArray();
        w.key("added");
        writeError(w, o.divergence.added);
        w.key("out_error");
        writeError(w, o.divergence.outError);
        w.key("paths");
        w.beginArray();
        for (const std::vector<RankNode>& path : o.paths) {
            w.beginArray();
            for (const RankNode& hop : path) {
                w.beginObject();
                w.key("rank");
                w.integer(hop.rank);
                w.key("node");
                w.string(hop.node);
                w.endObject();
            }
            w.endArray();
        }
        w.endArray();
        w.endObject();
        out.push_back(std::move(text));
    }
    return out;
}

} // namespace ps
