// Reads a numpy .npy file (format 1.0-3.0) of a plain little-endian numeric dtype. Object arrays (pickle) are
// refused: nothing in the file is ever executed.
#include "file_source.h"
#include "tensor.h"
#include "util/limits.h"

#include <cstring>
#include <limits>
#include <optional>
#include <string_view>

namespace ps {

namespace {

constexpr size_t kMaxHeaderLength = 10000; // numpy's own default max_header_size
constexpr size_t kMaxDims = 64;

struct NpyHeader {
    std::string descr;
    bool fortranOrder = false;
    std::vector<int64_t> shape;
};

// A parser for the one dict literal numpy writes: {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
class HeaderParser {
public:
    explicit HeaderParser(std::string_view text)
        : m_text(text)
    {
    }
    bool parse(NpyHeader& header, std::string& error);

private:
    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t' || m_text[m_pos] == '\n'))
            ++m_pos;
    }
    bool accept(char c)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    bool quoted(std::string& out);
    bool integer(int64_t& out);
    bool shapeTuple(std::vector<int64_t>& out);

    std::string_view m_text;
    size_t m_pos = 0;
};

bool HeaderParser::quoted(std::string& out)
{
    skipSpace();
    if (m_pos >= m_text.size() || (m_text[m_pos] != '\'' && m_text[m_pos] != '"'))
        return false;
    const char quote = m_text[m_pos++];
    const size_t end = m_text.find(quote, m_pos);
    if (end == std::string_view::npos)
        return false;
    out.assign(m_text.substr(m_pos, end - m_pos));
    m_pos = end + 1;
    return true;
}

bool HeaderParser::integer(int64_t& out)
{
    skipSpace();
    const size_t start = m_pos;
    out = 0;
    while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
        const int digit = m_text[m_pos++] - '0';
        if (out > (std::numeric_limits<int64_t>::max() - digit) / 10)
            return false;
        out = out * 10 + digit;
    }
    if (m_pos < m_text.size() && m_text[m_pos] == 'L') // Python 2 longs
        ++m_pos;
    return m_pos > start;
}

bool HeaderParser::shapeTuple(std::vector<int64_t>& out)
{
    out.clear();
    if (!accept('('))
        return false;
    while (!accept(')')) {
        int64_t value = 0;
        if (!integer(value) || out.size() == kMaxDims)
            return false;
        out.push_back(value);
        if (!accept(',')) {
            if (!accept(')'))
                return false;
            break;
        }
    }
    return true;
}

bool HeaderParser::parse(NpyHeader& header, std::string& error)
{
    bool haveDescr = false;
    bool haveOrder = false;
    bool haveShape = false;
    if (!accept('{')) {
        error = "header is not a dict literal";
        return false;
    }
    while (!accept('}')) {
        std::string key;
        if (!quoted(key) || !accept(':')) {
            error = "malformed header";
            return false;
        }
        if (key == "descr") {
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == '[') {
                error = "structured dtypes are not supported";
                return false;
            }
            haveDescr = quoted(header.descr);
        } else if (key == "fortran_order") {
            skipSpace();
            if (m_text.substr(m_pos, 4) == "True") {
                header.fortranOrder = true;
                m_pos += 4;
                haveOrder = true;
            } else if (m_text.substr(m_pos, 5) == "False") {
                m_pos += 5;
                haveOrder = true;
            }
        } else if (key == "shape") {
            haveShape = shapeTuple(header.shape);
        } else {
            error = "unexpected header key '" + key + "'";
            return false;
        }
        if (!accept(',')) {
            if (!accept('}')) {
                error = "malformed header";
                return false;
            }
            break;
        }
    }
    if (!(haveDescr && haveOrder && haveShape)) {
        error = "header lacks descr, fortran_order or shape";
        return false;
    }
    return true;
}

std::optional<DType> dtypeFromDescr(const std::string& descr, std::string& error)
{
    if (descr.size() < 2) {
        error = "unsupported dtype '" + descr + "'";
        return std::nullopt;
    }
    const char order = descr[0];
    const std::string_view code = std::string_view(descr).substr(1);
    if (code.find('O') != std::string_view::npos) {
        error = "object arrays need pickle and are refused";
        return std::nullopt;
    }
    const bool singleByte = code == "i1" || code == "u1" || code == "b1";
    if (order == '>' && !singleByte) {
        error = "big-endian dtype '" + descr + "' is not supported";
        return std::nullopt;
    }
    if (order != '<' && order != '|' && order != '=' && !(order == '>' && singleByte)) {
        error = "unsupported dtype '" + descr + "'";
        return std::nullopt;
    }
    static const std::pair<std::string_view, DType> kCodes[] = {
        { "f8", DType::Float64 },
        { "f4", DType::Float32 },
        { "f2", DType::Float16 },
        { "i8", DType::Int64 },
        { "i4", DType::Int32 },
        { "i2", DType::Int16 },
        { "i1", DType::Int8 },
        { "u1", DType::UInt8 },
        { "b1", DType::Bool },
    };
    for (const auto& [name, dtype] : kCodes) {
        if (code == name)
            return dtype;
    }
    error = "unsupported dtype '" + descr + "'";
    return std::nullopt;
}

// Fortran (column-major) order to C (row-major) order.
void fortranToC(
    const std::byte* in, const std::vector<int64_t>& shape, size_t elementSize, int64_t numel, std::byte* out)
{
    const size_t dims = shape.size();
    std::vector<int64_t> columnStride(dims, 1);
    for (size_t d = 1; d < dims; ++d)
        columnStride[d] = columnStride[d - 1] * shape[d - 1];
    std::vector<int64_t> index(dims, 0);
    int64_t source = 0;
    for (int64_t i = 0; i < numel; ++i) {
        std::memcpy(out + size_t(i) * elementSize, in + size_t(source) * elementSize, elementSize);
        for (size_t d = dims; d-- > 0;) { // row-major odometer, last dimension fastest
            source += columnStride[d];
            if (++index[d] < shape[d])
                break;
            source -= columnStride[d] * shape[d];
            index[d] = 0;
        }
    }
}

TensorReadResult failure(std::string error)
{
    TensorReadResult result;
    result.error = std::move(error);
    return result;
}

} // namespace

TensorReadResult readNpyFile(const std::string& path, TensorRead mode)
{
    std::string error;
    detail::FileSource file;
    if (!file.open(path, error))
        return failure(error);

    // step 1: magic, version and header length
    unsigned char preamble[12] = {};
    if (!file.readAt(0, preamble, 10) || std::memcmp(preamble, "\x93NUMPY", 6) != 0)
        return failure(path + ": not a .npy file (bad magic)");
    const int major = preamble[6];
    if (major < 1 || major > 3)
        return failure(path + ": unsupported .npy format version " + std::to_string(major));
    size_t headerLength = size_t(preamble[8]) | (size_t(preamble[9]) << 8);
    uint64_t headerStart = 10;
    if (major >= 2) {
        if (!file.readAt(10, preamble + 10, 2))
            return failure(path + ": truncated .npy header");
        headerLength |= (size_t(preamble[10]) << 16) | (size_t(preamble[11]) << 24);
        headerStart = 12;
    }
    if (headerLength > kMaxHeaderLength)
        return failure(path + ": .npy header longer than " + std::to_string(kMaxHeaderLength) + " bytes");
    std::string headerText(headerLength, '\0');
    if (!file.readAt(headerStart, headerText.data(), headerLength))
        return failure(path + ": truncated .npy header");

    // step 2: dtype and shape
    NpyHeader header;
    if (!HeaderParser(headerText).parse(header, error))
        return failure(path + ": " + error);
    const std::optional<DType> dtype = dtypeFromDescr(header.descr, error);
    if (!dtype)
        return failure(path + ": " + error);
    const size_t elementSize = dtypeSize(*dtype);
    int64_t numel = 1;
    for (int64_t size : header.shape) {
        if (size != 0 && numel > std::numeric_limits<int64_t>::max() / size)
            return failure(path + ": array size overflows");
        numel *= size;
    }
    if (uint64_t(numel) > limits().maxTensorElements)
        return failure(path + ": "
            + overLimit("an array of " + std::to_string(numel) + " elements", "max_tensor_elements",
                limits().maxTensorElements));
    const uint64_t dataStart = headerStart + headerLength;
    const uint64_t available = file.size() - dataStart;
    if (uint64_t(numel) > available / elementSize)
        return failure(path + ": truncated .npy data (" + std::to_string(numel) + " elements declared, "
            + std::to_string(available) + " bytes present)");

    // step 3: data, re-ordered to row-major when stored column-major
    TensorReadResult result;
    result.tensor.dtype = *dtype;
    result.tensor.shape = header.shape;
    const bool reorder = header.fortranOrder && header.shape.size() > 1 && numel > 0;
    result.memoryBytes = uint64_t(numel) * elementSize * (reorder ? 2 : 1);
    if (mode == TensorRead::HeaderOnly) {
        result.ok = true;
        return result;
    }
    std::byte* bytes = result.tensor.data.allocate(size_t(numel) * elementSize);
    if (!file.readAt(dataStart, bytes, result.tensor.data.size()))
        return failure(path + ": cannot read the .npy data");
    if (reorder) {
        const TensorBytes columnMajor = result.tensor.data; // shares the bytes until the reordered copy is made
        fortranToC(
            columnMajor.data(), header.shape, elementSize, numel, result.tensor.data.allocate(columnMajor.size()));
    }
    result.ok = true;
    return result;
}

} // namespace ps
