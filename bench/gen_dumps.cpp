// Synthetic msprobe dump generator: writes an NPU/bench pair of realistic PyTorch dump folders of a given size.
//
// Usage: gen_dumps OUT_DIR SIZE_MIB [--mode statistics|md5] [--layers N] [--seed S] [--msprobe 26|1.2.1]
//
// OUT_DIR/{npu,bench}/step0/rank/{dump.json,construct.json,stack.json} and OUT_DIR/compare.json. The model is a
// Megatron-style GPT (embedding, N decoder layers of attention + MLP + RMSNorm modules with the APIs they call,
// tensor-parallel all_reduce, loss), run forward and backward for as many micro-batches as it takes to reach
// SIZE_MIB of dump.json per side. dump.json has msprobe's layout (indent 1, Python float repr, NaN/Infinity
// literals). The bench side is the reference; the NPU side deviates by ~1e-4 relative everywhere, by 2e-2 from one
// injected node on (decoder layer N/3, micro-batch 0, the first MLP linear), and overflows to inf/NaN in one
// softmax. Same seed, same bytes. --msprobe 1.2.1 leaves out the parameters_grad entries msprobe >= 8 writes, whose
// names msprobe 1.2.1's graph command refuses, so that `graph` (.vis) can be measured on the pair too.
#include "util/pyformat.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace {

struct Rng { // splitmix64: tiny, fast, deterministic across platforms
    uint64_t s;
    uint64_t next()
    {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double uniform() { return double(next() >> 11) * 0x1.0p-53; } // [0, 1)
};

// Statistics of one tensor on the bench side; the NPU side derives its own from them.
struct Stats {
    double max, min, mean, norm;
};

struct TensorSpec {
    const char* dtype;
    std::vector<int> shape;
};

// Where the NPU side deviates from the bench side.
enum class Deviation { Small, Large, Overflow };

class DumpWriter {
public:
    DumpWriter(std::string mode, bool npu)
        : m_md5(mode == "md5")
        , m_npu(npu)
    {
        m_out.reserve(1 << 24);
        m_out += "{\n \"task\": \"statistics\",\n \"level\": \"mix\",\n \"framework\": \"pytorch\",\n"
                 " \"dump_data_dir\": null,\n \"data\": {";
    }

    // Starts an entry; the caller then adds lists/dicts of tensors and calls endEntry.
    void beginEntry(const std::string& name)
    {
        m_out += m_first ? "\n  \"" : ",\n  \"";
        m_first = false;
        m_out += name;
        m_out += "\": {";
        m_firstKey = true;
    }
    void endEntry() { m_out += "\n  }"; }

    void tensorList(const char* key, const std::vector<TensorSpec>& specs, const std::vector<Stats>& stats,
        Deviation dev, uint64_t crcSeed)
    {
        keyHeader(key);
        m_out += "[";
        for (size_t i = 0; i < specs.size(); ++i) {
            m_out += i ? ",\n    {" : "\n    {";
            tensorBody(specs[i], stats[i], dev, crcSeed + i, "     ");
            m_out += "\n    }";
        }
        m_out += specs.empty() ? "]" : "\n   ]";
    }

    void emptyDict(const char* key)
    {
        keyHeader(key);
        m_out += "{}";
    }

    // A scalar argument, as msprobe writes non-tensor inputs.
    void scalarArg(const char* key, double value)
    {
        keyHeader(key);
        m_out += "[\n    {\n     \"type\": \"float\",\n     \"value\": ";
        ps::py::appendJsonFloat(m_out, value);
        m_out += "\n    }\n   ]";
    }

    // "parameters": {"weight": {...}, "bias": {...}} of a module's forward entry.
    void parameters(const std::vector<std::pair<std::string, TensorSpec>>& params, const std::vector<Stats>& stats,
        uint64_t crcSeed)
    {
        keyHeader("parameters");
        m_out += "{";
        for (size_t i = 0; i < params.size(); ++i) {
            m_out += i ? ",\n    \"" : "\n    \"";
            m_out += params[i].first;
            m_out += "\": {";
            tensorBody(params[i].second, stats[i], Deviation::Small, crcSeed + i, "     ");
            m_out += "\n    }";
        }
        m_out += "\n   }";
    }

    // A "parameters_grad" entry: {"weight": [{...}], "bias": [{...}]}.
    void parametersGrad(const std::string& name, const std::vector<std::pair<std::string, TensorSpec>>& params,
        const std::vector<Stats>& stats, uint64_t crcSeed)
    {
        beginEntry(name);
        for (size_t i = 0; i < params.size(); ++i) {
            m_out += i ? ",\n   \"" : "\n   \"";
            m_out += params[i].first;
            m_out += "\": [\n    {";
            tensorBody(params[i].second, stats[i], Deviation::Small, crcSeed + i, "     ");
            m_out += "\n    }\n   ]";
        }
        endEntry();
    }

    size_t size() const { return m_out.size(); }

    std::string finish()
    {
        m_out += "\n }\n}";
        return std::move(m_out);
    }

    Rng rng { 0 };

private:
    void keyHeader(const char* key)
    {
        m_out += m_firstKey ? "\n   \"" : ",\n   \"";
        m_firstKey = false;
        m_out += key;
        m_out += "\": ";
    }

    void tensorBody(const TensorSpec& spec, const Stats& s, Deviation dev, uint64_t crcSeed, const char* indent)
    {
        auto field = [&](const char* key) {
            m_out += m_out.back() == '{' ? "\n" : ",\n";
            m_out += indent;
            m_out += '"';
            m_out += key;
            m_out += "\": ";
        };
        field("type");
        m_out += "\"torch.Tensor\"";
        field("dtype");
        m_out += '"';
        m_out += spec.dtype;
        m_out += '"';
        field("shape");
        m_out += '[';
        for (size_t i = 0; i < spec.shape.size(); ++i) {
            m_out += i ? ",\n" : "\n";
            m_out += indent;
            m_out += ' ';
            m_out += std::to_string(spec.shape[i]);
        }
        if (!spec.shape.empty()) {
            m_out += '\n';
            m_out += indent;
        }
        m_out += ']';
        Stats v = m_npu ? deviate(s, dev) : s;
        const char* keys[] = { "Max", "Min", "Mean", "Norm" };
        const double values[] = { v.max, v.min, v.mean, v.norm };
        for (int i = 0; i < 4; ++i) {
            field(keys[i]);
            ps::py::appendJsonFloat(m_out, values[i]);
        }
        field("requires_grad");
        m_out += "true";
        if (m_md5) {
            // The bench side's checksum; the NPU side differs wherever its statistics deviate noticeably.
            uint32_t crc = uint32_t(crcSeed * 2654435761u) ^ (m_npu && dev != Deviation::Small ? 0x5a5a5a5au : 0u);
            char hex[9];
            std::snprintf(hex, sizeof hex, "%08x", crc);
            field("md5");
            m_out += '"';
            m_out += hex;
            m_out += '"';
        }
    }

    Stats deviate(const Stats& s, Deviation dev)
    {
        if (dev == Deviation::Overflow)
            return { INFINITY, -INFINITY, NAN, INFINITY };
        double scale = dev == Deviation::Large ? 2e-2 : 1e-4;
        auto f = [&](double x) { return float(x * (1.0 + scale * (2.0 * rng.uniform() - 1.0))); };
        return { f(s.max), f(s.min), f(s.mean), f(s.norm) };
    }

    std::string m_out;
    bool m_md5;
    bool m_npu;
    bool m_first = true;
    bool m_firstKey = true;
};

// One side's construct.json (node → parent module) and stack.json (grouped format) next to dump.json.
struct Side {
    explicit Side(DumpWriter d)
        : dump(std::move(d))
    {
    }
    DumpWriter dump;
    std::string construct = "{";
    std::map<std::string, std::vector<std::string>> stackGroups; // stack key → node names
};

std::string jsonQuoted(const std::string& s)
{
    std::string out;
    ps::py::appendJsonString(out, s);
    return out;
}

class ModelGenerator {
public:
    ModelGenerator(const std::string& mode, int layers, uint64_t seed, bool parameterGrads)
        : m_npu(DumpWriter(mode, true))
        , m_bench(DumpWriter(mode, false))
        , m_layers(layers)
        , m_parameterGrads(parameterGrads)
        , m_rng { seed }
    {
        m_npu.dump.rng = Rng { seed ^ 0xabcdefull };
    }

    void microBatch(int micro)
    {
        m_micro = micro;
        m_forwardOrder.clear();
        const std::string root = "Module.module.module";
        std::string rootFw = moduleName(root + ".GPTModel", "forward");
        module(root, "embedding.word_embeddings.VocabParallelEmbedding", rootFw, { "Functional.embedding" }, hidden(),
            true);
        for (int l = 0; l < m_layers; ++l)
            decoderLayer(l, rootFw);
        module(root, "decoder.final_layernorm.RMSNorm", rootFw, normApis(), hidden(), true);
        module(root, "output_layer.ColumnParallelLinear", rootFw, { "Functional.linear" }, logits(), true);
        api("Functional.cross_entropy", rootFw, logits(), { "torch.float32", {} });
        record(rootFw, "", { hidden() }, { hidden() }, {});
        backwardPass();
    }

    size_t npuSize() const { return m_npu.dump.size(); }

    void write(const std::filesystem::path& out)
    {
        writeSide(m_npu, out / "npu" / "step0" / "rank");
        writeSide(m_bench, out / "bench" / "step0" / "rank");
        std::ofstream(out / "compare.json") << "{\n \"npu_path\": \"npu/step0/rank\",\n"
                                               " \"bench_path\": \"bench/step0/rank\",\n"
                                               " \"is_print_compare_log\": true\n}\n";
    }

private:
    struct Call { // a recorded forward call, replayed in reverse for the backward pass
        std::string name; // full forward name
        std::string parent; // forward name of the parent module ("" for none)
        TensorSpec in, out;
        bool isModule;
    };

    static TensorSpec hidden() { return { "torch.bfloat16", { 4, 1024, 4096 } }; }
    static TensorSpec logits() { return { "torch.float32", { 4, 1024, 50304 } }; }
    static std::vector<const char*> normApis()
    {
        return { "Tensor.pow", "Tensor.mean", "Torch.rsqrt", "Tensor.__mul__", "Tensor.__mul__" };
    }

    std::string moduleName(const std::string& path, const char* direction) const
    {
        return path + "." + direction + "." + std::to_string(m_micro);
    }

    void decoderLayer(int l, const std::string& rootFw)
    {
        std::string base = "Module.module.module.decoder.layers." + std::to_string(l);
        std::string layerFw = moduleName(base + ".TransformerLayer", "forward");
        m_layer = l;
        module(base, "input_layernorm.RMSNorm", layerFw, normApis(), hidden(), true);
        std::string attnFw = moduleName(base + ".self_attention.SelfAttention", "forward");
        module(base, "self_attention.linear_qkv.ColumnParallelLinear", attnFw, { "Functional.linear" }, hidden(), true);
        module(base, "self_attention.core_attention.DotProductAttention", attnFw,
            { "Tensor.transpose", "Torch.matmul", "Tensor.__mul__", "Functional.softmax", "Functional.dropout",
                "Torch.matmul" },
            hidden(), false);
        module(base, "self_attention.linear_proj.RowParallelLinear", attnFw,
            { "Functional.linear", "Distributed.all_reduce" }, hidden(), true);
        record(attnFw, layerFw, { hidden() }, { hidden() }, {});
        api("Tensor.__add__", layerFw, hidden(), hidden());
        module(base, "pre_mlp_layernorm.RMSNorm", layerFw, normApis(), hidden(), true);
        std::string mlpFw = moduleName(base + ".mlp.MLP", "forward");
        module(base, "mlp.linear_fc1.ColumnParallelLinear", mlpFw, { "Functional.linear", "Functional.gelu" }, hidden(),
            true);
        module(base, "mlp.linear_fc2.RowParallelLinear", mlpFw, { "Functional.linear", "Distributed.all_reduce" },
            hidden(), true);
        record(mlpFw, layerFw, { hidden() }, { hidden() }, {});
        api("Tensor.__add__", layerFw, hidden(), hidden());
        record(layerFw, rootFw, { hidden() }, { hidden() }, {});
        m_layer = -1;
    }

    // A leaf module with its APIs, written in msprobe's order: the APIs, then the module (hooks fire on exit).
    void module(const std::string& prefix, const std::string& path, const std::string& parent,
        const std::vector<const char*>& apis, const TensorSpec& shape, bool hasWeight)
    {
        std::string fw = moduleName(prefix + "." + path, "forward");
        m_currentModule = path;
        for (const char* a : apis)
            api(a, fw, shape, shape);
        std::vector<std::pair<std::string, TensorSpec>> params;
        if (hasWeight)
            params.push_back({ "weight", { "torch.float32", { 4096, 4096 } } });
        record(fw, parent, { shape }, { shape }, params);
        if (!params.empty() && m_parameterGrads)
            m_paramGrads.push_back({ prefix + "." + path + ".parameters_grad", params });
    }

    void api(const std::string& api, const std::string& parent, const TensorSpec& in, const TensorSpec& out)
    {
        std::string name = api + "." + std::to_string(m_apiCounts[api]++) + ".forward";
        record(name, parent, { in, in }, { out }, {});
    }

    Deviation deviationFor(const std::string& name)
    {
        bool injected = m_micro == 0 && m_layer == m_layers / 3
            && m_currentModule == "mlp.linear_fc1.ColumnParallelLinear" && name.rfind("Functional.linear.", 0) == 0;
        if (injected)
            m_deviated = true;
        bool overflow = m_micro == 0 && m_layer == (2 * m_layers) / 3 && name.rfind("Functional.softmax.", 0) == 0
            && !m_overflowed;
        if (overflow) {
            m_overflowed = true;
            return Deviation::Overflow;
        }
        return m_deviated ? Deviation::Large : Deviation::Small;
    }

    Stats randomStats()
    {
        float mx = float(0.5 + 4.0 * m_rng.uniform());
        float mn = float(-0.5 - 4.0 * m_rng.uniform());
        float mean = float(0.1 * (2.0 * m_rng.uniform() - 1.0));
        float norm = float(100.0 + 1000.0 * m_rng.uniform());
        return { mx, mn, mean, norm };
    }

    std::vector<Stats> statsFor(size_t n)
    {
        std::vector<Stats> s(n);
        for (Stats& x : s)
            x = randomStats();
        return s;
    }

    // Writes one forward entry to both sides, its construct.json line and its stack.
    void record(const std::string& name, const std::string& parent, const std::vector<TensorSpec>& in,
        const std::vector<TensorSpec>& out, const std::vector<std::pair<std::string, TensorSpec>>& params)
    {
        Deviation inDev = m_deviated ? Deviation::Large : Deviation::Small; // inherited from earlier nodes
        Deviation dev = deviationFor(name);
        auto inStats = statsFor(in.size());
        auto outStats = statsFor(out.size());
        auto paramStats = statsFor(params.size());
        uint64_t crc = m_rng.next();
        for (Side* side : { &m_npu, &m_bench }) {
            DumpWriter& d = side->dump;
            d.beginEntry(name);
            d.tensorList("input_args", in, inStats, inDev, crc);
            d.emptyDict("input_kwargs");
            d.tensorList("output", out, outStats, dev, crc + 16);
            if (!params.empty())
                d.parameters(params, paramStats, crc + 32);
            d.endEntry();
            constructLine(*side, name, parent);
            side->stackGroups[stackKey(name)].push_back(name);
        }
        m_forwardOrder.push_back({ name, parent, in.front(), out.front(), name.rfind("Module.", 0) == 0 });
    }

    void backwardPass()
    {
        for (auto it = m_forwardOrder.rbegin(); it != m_forwardOrder.rend(); ++it) {
            if (it->name.find("Distributed.") == 0)
                continue; // communication has no backward hook
            std::string bw = backwardName(it->name);
            std::string parent = it->parent.empty() ? "" : backwardName(it->parent);
            auto inStats = statsFor(1);
            auto outStats = statsFor(1);
            uint64_t crc = m_rng.next();
            for (Side* side : { &m_npu, &m_bench }) {
                DumpWriter& d = side->dump;
                d.beginEntry(bw);
                d.tensorList("input", { it->out }, inStats, Deviation::Small, crc);
                d.tensorList("output", { it->in }, outStats, m_deviated ? Deviation::Large : Deviation::Small, crc + 8);
                d.endEntry();
                constructLine(*side, bw, parent);
            }
        }
        for (auto& [name, params] : m_paramGrads) {
            auto stats = statsFor(params.size());
            uint64_t crc = m_rng.next();
            for (Side* side : { &m_npu, &m_bench }) {
                side->dump.parametersGrad(name, params, stats, crc);
                constructLine(*side, name, "");
            }
        }
        m_paramGrads.clear();
    }

    // "X.forward.N" → "X.backward.N" (modules), "X.N.forward" → "X.N.backward" (APIs).
    static std::string backwardName(const std::string& forward)
    {
        std::string s = forward;
        size_t pos = s.rfind(".forward");
        return s.replace(pos, 8, ".backward");
    }

    static void constructLine(Side& side, const std::string& name, const std::string& parent)
    {
        side.construct += side.construct.size() == 1 ? "\n " : ",\n ";
        side.construct += jsonQuoted(name);
        side.construct += ": ";
        side.construct += parent.empty() ? std::string("null") : jsonQuoted(parent);
    }

    // The user-code frame that made the call: one per API kind and decoder-layer module, like a real model file.
    std::string stackKey(const std::string& name) const
    {
        size_t dot = name.find('.', name.find('.') + 1);
        return name.substr(0, dot) + "|" + m_currentModule;
    }

    static void writeSide(Side& side, const std::filesystem::path& dir)
    {
        std::filesystem::create_directories(dir);
        std::string dump = side.dump.finish();
        std::ofstream(dir / "dump.json", std::ios::binary).write(dump.data(), std::streamsize(dump.size()));
        side.construct += "\n}";
        std::ofstream(dir / "construct.json", std::ios::binary) << side.construct;
        std::string stack = "{";
        int group = 0;
        for (const auto& [key, names] : side.stackGroups) {
            stack += group ? ",\n \"" : "\n \"";
            stack += std::to_string(group++) + "\": [\n  [";
            for (size_t i = 0; i < names.size(); ++i)
                stack += (i ? ",\n   " : "\n   ") + jsonQuoted(names[i]);
            std::string api = key.substr(0, key.find('|')), module = key.substr(key.find('|') + 1);
            stack += "\n  ],\n  [\n   "
                + jsonQuoted(
                    "File /usr/lib/python3/dist-packages/torch/nn/modules/module.py, line 1501, in _call_impl, "
                    "\n return forward_call(*args, **kwargs)")
                + ",\n   "
                + jsonQuoted("File /home/user/megatron/core/transformer/" + (module.empty() ? "gpt_model" : module)
                    + ".py, line " + std::to_string(100 + group % 400) + ", in forward, \n out = " + api + "(x)")
                + ",\n   "
                + jsonQuoted("File /home/user/megatron/training/training.py, line 620, in train_step, \n "
                             "losses_reduced = forward_backward_func(...)")
                + "\n  ]\n ]";
        }
        stack += "\n}";
        std::ofstream(dir / "stack.json", std::ios::binary) << stack;
    }

    Side m_npu, m_bench;
    int m_layers;
    Rng m_rng;
    int m_micro = 0;
    int m_layer = -1;
    std::string m_currentModule;
    bool m_deviated = false;
    bool m_overflowed = false;
    std::map<std::string, int> m_apiCounts;
    std::vector<Call> m_forwardOrder;
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, TensorSpec>>>> m_paramGrads;
    bool m_parameterGrads; // msprobe >= 8 dumps them; msprobe 1.2.1's graph refuses their names
};

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr,
            "usage: %s OUT_DIR SIZE_MIB [--mode statistics|md5] [--layers N] [--seed S] [--msprobe 26|1.2.1]\n",
            argv[0]);
        return 2;
    }
    std::filesystem::path out = argv[1];
    double targetBytes = std::atof(argv[2]) * 1024.0 * 1024.0;
    std::string mode = "statistics";
    int layers = 32;
    uint64_t seed = 1;
    std::string msprobe = "26";
    for (int i = 3; i + 1 < argc; i += 2) {
        std::string flag = argv[i];
        if (flag == "--mode")
            mode = argv[i + 1];
        else if (flag == "--layers")
            layers = std::atoi(argv[i + 1]);
        else if (flag == "--seed")
            seed = std::strtoull(argv[i + 1], nullptr, 10);
        else if (flag == "--msprobe")
            msprobe = argv[i + 1];
        else {
            std::fprintf(stderr, "gen_dumps: unknown option %s\n", flag.c_str());
            return 2;
        }
    }
    if (mode != "statistics" && mode != "md5") {
        std::fprintf(stderr, "gen_dumps: --mode must be statistics or md5\n");
        return 2;
    }
    if (msprobe != "26" && msprobe != "1.2.1") {
        std::fprintf(stderr, "gen_dumps: --msprobe must be 26 or 1.2.1\n");
        return 2;
    }
    if (targetBytes <= 0 || layers < 1) {
        std::fprintf(stderr, "gen_dumps: SIZE_MIB and --layers must be positive\n");
        return 2;
    }
    ModelGenerator gen(mode, layers, seed, msprobe == "26");
    int micro = 0;
    while (double(gen.npuSize()) < targetBytes)
        gen.microBatch(micro++);
    double mib = double(gen.npuSize()) / 1048576.0;
    gen.write(out);
    std::printf(
        "%s: %d micro-batches of %d decoder layers, %.1f MiB of dump.json per side\n", out.c_str(), micro, layers, mib);
    return 0;
}
