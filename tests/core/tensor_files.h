#pragma once
// Writes tensor files for tests and benchmarks without Python: .pt in the byte layout of torch.save (a C++ port of
// tests/data/tensor/make_pt.py: stored zip records aligned to 64 bytes, data descriptors, zip64 end records, a
// protocol-2 data.pkl calling torch._utils._rebuild_tensor_v2) and .npy version 1.0. Plain C++, no Qt.
#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace tensorfiles {

// The torch storage name, numpy descr and element size of the dtypes the tests write.
struct DTypeInfo {
    const char* storage;
    const char* torchDtype;
    const char* descr;
    size_t size;
};
inline constexpr DTypeInfo kFloat32 { "FloatStorage", "torch.float32", "<f4", 4 };
inline constexpr DTypeInfo kFloat16 { "HalfStorage", "torch.float16", "<f2", 2 };
inline constexpr DTypeInfo kBFloat16 { "BFloat16Storage", "torch.bfloat16", "", 2 };
inline constexpr DTypeInfo kFloat64 { "DoubleStorage", "torch.float64", "<f8", 8 };
inline constexpr DTypeInfo kInt64 { "LongStorage", "torch.int64", "<i8", 8 };

inline uint32_t crc32(const std::string& data)
{
    static const std::array<uint32_t, 256> table = [] {
        std::array<uint32_t, 256> t {};
        for (uint32_t i = 0; i < 256; ++i) {
            uint32_t c = i;
            for (int k = 0; k < 8; ++k)
                c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    uint32_t c = 0xFFFFFFFFu;
    for (unsigned char ch : data)
        c = table[(c ^ ch) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

namespace detail {

template <typename T> void put(std::string& out, T v)
{
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T)); // little-endian host assumed, as in the readers
    out.append(b, sizeof(T));
}

class Pickle {
public:
    std::string out = std::string("\x80\x02", 2);
    void memo() { out += 'q', out += char(m_memo++); }
    void global(const std::string& module, const std::string& name)
    {
        out += 'c' + module + '\n' + name + '\n';
        memo();
    }
    void string(const std::string& text)
    {
        out += 'X';
        put(out, uint32_t(text.size()));
        out += text;
        memo();
    }
    void integer(int64_t v)
    {
        if (v >= 0 && v < 256) {
            out += 'K', out += char(v);
        } else if (v >= 0 && v < 65536) {
            out += 'M';
            put(out, uint16_t(v));
        } else if (v >= INT32_MIN && v <= INT32_MAX) {
            out += 'J';
            put(out, int32_t(v));
        } else {
            out += "\x8a\x08";
            put(out, v);
        }
    }
    void intTuple(const std::vector<int64_t>& values)
    {
        if (values.empty()) {
            out += ')';
            return;
        }
        if (values.size() > 3)
            out += '(';
        for (int64_t v : values)
            integer(v);
        out += values.size() == 1 ? '\x85' : values.size() == 2 ? '\x86' : values.size() == 3 ? '\x87' : 't';
        memo();
    }

private:
    int m_memo = 0;
};

// `strides` empty: contiguous (row-major).
inline std::string tensorPickle(
    const char* storage, int64_t numel, const std::vector<int64_t>& shape, std::vector<int64_t> stride = {})
{
    if (stride.empty()) {
        stride.resize(shape.size());
        int64_t step = 1;
        for (size_t i = shape.size(); i-- > 0;) {
            stride[i] = step;
            step *= shape[i];
        }
    }
    Pickle p;
    p.global("torch._utils", "_rebuild_tensor_v2");
    p.out += "((";
    p.string("storage");
    p.global("torch", storage);
    p.string("0");
    p.string("cpu");
    p.integer(numel);
    p.out += 't';
    p.memo();
    p.out += 'Q';
    p.integer(0);
    p.intTuple(shape);
    p.intTuple(stride);
    p.out += '\x89';
    p.global("collections", "OrderedDict");
    p.out += ")R";
    p.memo();
    p.out += 't';
    p.memo();
    p.out += 'R';
    p.memo();
    p.out += '.';
    return p.out;
}

// The zip container as PyTorchStreamWriter writes it (stored, 64-byte aligned payloads).
inline std::string torchZip(const std::vector<std::pair<std::string, const std::string*>>& records)
{
    std::string out, central;
    for (const auto& [name, data] : records) {
        uint32_t crc = crc32(*data);
        uint32_t offset = uint32_t(out.size());
        size_t start = offset + 30 + name.size() + 4;
        uint16_t padding = uint16_t((64 - start % 64) % 64);
        std::string extra = "FB";
        put(extra, padding);
        extra.append(padding, 'Z');
        put(out, uint32_t(0x04034B50));
        for (uint16_t v : { 0, 0x0808, 0, 0, 0 })
            put(out, uint16_t(v));
        for (uint32_t v : { 0u, 0u, 0u })
            put(out, v);
        put(out, uint16_t(name.size()));
        put(out, uint16_t(extra.size()));
        out += name + extra + *data;
        for (uint32_t v : { 0x08074B50u, crc, uint32_t(data->size()), uint32_t(data->size()) })
            put(out, v);
        put(central, uint32_t(0x02014B50));
        for (uint16_t v : { 0, 0, 0x0808, 0, 0, 0 })
            put(central, uint16_t(v));
        for (uint32_t v : { crc, uint32_t(data->size()), uint32_t(data->size()) })
            put(central, v);
        for (uint16_t v : { uint16_t(name.size()), uint16_t(0), uint16_t(0), uint16_t(0), uint16_t(0) })
            put(central, v);
        put(central, uint32_t(0));
        put(central, offset);
        central += name;
    }
    uint64_t cdOffset = out.size(), count = records.size();
    out += central;
    uint64_t z64Offset = out.size();
    put(out, uint32_t(0x06064B50));
    put(out, uint64_t(44));
    put(out, uint16_t(0x031E));
    put(out, uint16_t(45));
    put(out, uint32_t(0));
    put(out, uint32_t(0));
    for (uint64_t v : { count, count, uint64_t(central.size()), cdOffset })
        put(out, v);
    put(out, uint32_t(0x07064B50));
    put(out, uint32_t(0));
    put(out, z64Offset);
    put(out, uint32_t(1));
    put(out, uint32_t(0x06054B50));
    for (uint16_t v : { uint16_t(0), uint16_t(0), uint16_t(count), uint16_t(count) })
        put(out, v);
    put(out, uint32_t(central.size()));
    put(out, uint32_t(cdOffset));
    put(out, uint16_t(0));
    return out;
}

inline bool writeBytes(const std::string& path, const std::string& bytes)
{
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), std::streamsize(bytes.size()));
    return bool(f);
}

} // namespace detail

// `raw` holds the elements in the dtype's own little-endian encoding; the archive name is the file name's stem.
// `strides` empty: contiguous.
inline bool writePt(const std::string& dir, const std::string& fileName, const DTypeInfo& dtype,
    const std::vector<int64_t>& shape, const std::string& raw, const std::vector<int64_t>& strides = {})
{
    std::string archive = fileName.substr(0, fileName.rfind('.'));
    std::string pkl = detail::tensorPickle(dtype.storage, int64_t(raw.size() / dtype.size), shape, strides);
    std::string version = "3\n";
    return detail::writeBytes(dir + "/" + fileName,
        detail::torchZip(
            { { archive + "/data.pkl", &pkl }, { archive + "/data/0", &raw }, { archive + "/version", &version } }));
}

// numpy .npy format 1.0, C order.
inline bool writeNpy(const std::string& dir, const std::string& fileName, const DTypeInfo& dtype,
    const std::vector<int64_t>& shape, const std::string& raw)
{
    std::string dims;
    for (size_t i = 0; i < shape.size(); ++i)
        dims += (i == 0 ? "" : ", ") + std::to_string(shape[i]);
    if (shape.size() == 1)
        dims += ','; // numpy writes "(3,)" and "(2, 3)"
    std::string header
        = "{'descr': '" + std::string(dtype.descr) + "', 'fortran_order': False, 'shape': (" + dims + "), }";
    header.append(63 - (10 + header.size()) % 64, ' ');
    header += '\n';
    std::string out = "\x93NUMPY\x01";
    out += '\0';
    detail::put(out, uint16_t(header.size()));
    return detail::writeBytes(dir + "/" + fileName, out + header + raw);
}

inline std::string floats(const std::vector<float>& values)
{
    return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
}

} // namespace tensorfiles
