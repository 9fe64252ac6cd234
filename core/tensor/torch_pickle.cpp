#include "torch_pickle.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace ps::detail {

namespace {

// Limits far above what a one-tensor pickle needs; they bound memory for hostile input.
constexpr size_t kMaxStack = 100000;
constexpr size_t kMaxMemo = 100000;
constexpr int kMaxDepth = 32; // also keeps the destructor chain of nested tuples short
constexpr size_t kMaxGlobalPart = 256;
constexpr size_t kMaxDims = 64;

struct Object;
using Ref = std::shared_ptr<const Object>;

// A Python value of the subset. Objects are shared like Python references, so memo gets never copy.
struct Object {
    enum class Kind { None, Bool, Int, Str, Tuple, Global, Dict, Storage, Tensor };
    Kind kind = Kind::None;
    int64_t number = 0; // Bool, Int
    std::string text; // Str; Global as "module.name"
    std::vector<Ref> items; // Tuple
    int depth = 1;
    TensorRecipe recipe; // Storage (dtype, key, numel) and Tensor
};

struct StorageType {
    std::string_view name;
    DType dtype;
};

constexpr std::array<StorageType, 10> kStorageTypes { {
    { "torch.FloatStorage", DType::Float32 },
    { "torch.DoubleStorage", DType::Float64 },
    { "torch.HalfStorage", DType::Float16 },
    { "torch.BFloat16Storage", DType::BFloat16 },
    { "torch.LongStorage", DType::Int64 },
    { "torch.IntStorage", DType::Int32 },
    { "torch.ShortStorage", DType::Int16 },
    { "torch.CharStorage", DType::Int8 },
    { "torch.ByteStorage", DType::UInt8 },
    { "torch.BoolStorage", DType::Bool },
} };

constexpr std::string_view kRebuildTensor = "torch._utils._rebuild_tensor_v2";
constexpr std::string_view kOrderedDict = "collections.OrderedDict";

std::optional<DType> storageDType(std::string_view global)
{
    for (const StorageType& type : kStorageTypes) {
        if (type.name == global)
            return type.dtype;
    }
    return std::nullopt;
}

bool isAllowedGlobal(std::string_view global)
{
    return global == kRebuildTensor || global == kOrderedDict || storageDType(global).has_value();
}

bool isSafeStorageKey(const std::string& key)
{
    if (key.empty() || key.size() > 64)
        return false;
    return std::all_of(key.begin(), key.end(),
        [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; });
}

Ref makeScalar(Object::Kind kind, int64_t number = 0)
{
    auto object = std::make_shared<Object>();
    object->kind = kind;
    object->number = number;
    return object;
}

class Unpickler {
public:
    explicit Unpickler(std::span<const std::byte> data)
        : m_data(data)
    {
    }
    bool run(TensorRecipe& recipe, std::string& error);

private:
    bool step(unsigned char opcode, std::optional<Ref>& result);
    bool need(size_t n);
    uint64_t readLE(size_t n);
    bool readLine(std::string& out);
    bool push(Ref object);
    bool pop(Ref& object);
    bool popTuple(size_t count);
    bool makeTuple(std::vector<Ref> items);
    bool persistentLoad();
    bool reduce();
    bool rebuildTensor(const Object& args);
    bool fail(std::string message);

    std::span<const std::byte> m_data;
    size_t m_pos = 0;
    std::vector<Ref> m_stack;
    std::vector<size_t> m_marks;
    std::unordered_map<uint32_t, Ref> m_memo;
    std::string m_error;
};

bool Unpickler::fail(std::string message)
{
    if (m_error.empty())
        m_error = std::move(message);
    return false;
}

bool Unpickler::need(size_t n)
{
    return m_data.size() - m_pos >= n || fail("truncated pickle data");
}

uint64_t Unpickler::readLE(size_t n)
{
    uint64_t value = 0;
    for (size_t i = 0; i < n; ++i)
        value |= uint64_t(std::to_integer<unsigned char>(m_data[m_pos + i])) << (8 * i);
    m_pos += n;
    return value;
}

bool Unpickler::readLine(std::string& out)
{
    out.clear();
    while (m_pos < m_data.size()) {
        const char c = char(std::to_integer<unsigned char>(m_data[m_pos++]));
        if (c == '\n')
            return true;
        if (out.size() == kMaxGlobalPart)
            return fail("over-long GLOBAL name in pickle");
        out.push_back(c);
    }
    return fail("truncated pickle data");
}

bool Unpickler::push(Ref object)
{
    if (m_stack.size() >= kMaxStack)
        return fail("pickle stack too large");
    m_stack.push_back(std::move(object));
    return true;
}

bool Unpickler::pop(Ref& object)
{
    const size_t floor = m_marks.empty() ? 0 : m_marks.back();
    if (m_stack.size() <= floor)
        return fail("pickle stack underflow");
    object = std::move(m_stack.back());
    m_stack.pop_back();
    return true;
}

bool Unpickler::makeTuple(std::vector<Ref> items)
{
    auto tuple = std::make_shared<Object>();
    tuple->kind = Object::Kind::Tuple;
    for (const Ref& item : items)
        tuple->depth = std::max(tuple->depth, item->depth + 1);
    if (tuple->depth > kMaxDepth)
        return fail("pickle nesting too deep");
    tuple->items = std::move(items);
    return push(std::move(tuple));
}

bool Unpickler::popTuple(size_t count)
{
    std::vector<Ref> items(count);
    for (size_t i = count; i-- > 0;) {
        if (!pop(items[i]))
            return false;
    }
    return makeTuple(std::move(items));
}

bool Unpickler::persistentLoad()
{
    // ('storage', torch.<Type>Storage, key, location, numel)
    Ref pid;
    if (!pop(pid))
        return false;
    const auto& f = pid->items;
    const bool shaped = pid->kind == Object::Kind::Tuple && f.size() == 5 && f[0]->kind == Object::Kind::Str
        && f[0]->text == "storage" && f[1]->kind == Object::Kind::Global && f[2]->kind == Object::Kind::Str
        && f[3]->kind == Object::Kind::Str && f[4]->kind == Object::Kind::Int;
    if (!shaped)
        return fail("unsupported persistent id (expected a ('storage', type, key, location, numel) tuple)");
    const std::optional<DType> dtype = storageDType(f[1]->text);
    if (!dtype)
        return fail("persistent id names '" + f[1]->text + "', which is not a storage type");
    if (!isSafeStorageKey(f[2]->text))
        return fail("invalid storage key in persistent id");
    if (f[4]->number < 0)
        return fail("negative storage size in persistent id");
    auto storage = std::make_shared<Object>();
    storage->kind = Object::Kind::Storage;
    storage->recipe.dtype = *dtype;
    storage->recipe.storageKey = f[2]->text;
    storage->recipe.storageNumel = f[4]->number;
    return push(std::move(storage));
}

bool Unpickler::rebuildTensor(const Object& args)
{
    const auto& a = args.items;
    if (a.size() != 6 && a.size() != 7)
        return fail("_rebuild_tensor_v2 called with " + std::to_string(a.size()) + " arguments");
    const auto isIntTuple = [](const Ref& r) {
        return r->kind == Object::Kind::Tuple
            && std::all_of(r->items.begin(), r->items.end(), [](const Ref& i) { return i->kind == Object::Kind::Int; });
    };
    const auto isEmptyMapping
        = [](const Ref& r) { return r->kind == Object::Kind::Dict || r->kind == Object::Kind::None; };
    if (a[0]->kind != Object::Kind::Storage || a[1]->kind != Object::Kind::Int || !isIntTuple(a[2]) || !isIntTuple(a[3])
        || (a[4]->kind != Object::Kind::Bool && a[4]->kind != Object::Kind::Int) || a[5]->kind != Object::Kind::Dict
        || (a.size() == 7 && !isEmptyMapping(a[6])))
        return fail("unexpected arguments to _rebuild_tensor_v2");
    if (a[2]->items.size() != a[3]->items.size())
        return fail("tensor size and stride have different lengths");
    if (a[2]->items.size() > kMaxDims)
        return fail("tensor has more than 64 dimensions");
    auto tensor = std::make_shared<Object>();
    tensor->kind = Object::Kind::Tensor;
    tensor->recipe = a[0]->recipe;
    tensor->recipe.storageOffset = a[1]->number;
    for (size_t d = 0; d < a[2]->items.size(); ++d) {
        const int64_t size = a[2]->items[d]->number;
        const int64_t stride = a[3]->items[d]->number;
        if (size < 0 || stride < 0)
            return fail("negative tensor size or stride");
        tensor->recipe.sizes.push_back(size);
        tensor->recipe.strides.push_back(stride);
    }
    if (tensor->recipe.storageOffset < 0)
        return fail("negative storage offset");
    return push(std::move(tensor));
}

bool Unpickler::reduce()
{
    Ref args;
    Ref callable;
    if (!pop(args) || !pop(callable))
        return false;
    if (callable->kind != Object::Kind::Global || args->kind != Object::Kind::Tuple)
        return fail("REDUCE on something that is not a recognised global");
    if (callable->text == kRebuildTensor)
        return rebuildTensor(*args);
    if (callable->text == kOrderedDict) {
        if (!args->items.empty())
            return fail("non-empty OrderedDict (tensor backward hooks) is not supported");
        return push(makeScalar(Object::Kind::Dict));
    }
    return fail("refusing to call '" + callable->text + "'");
}

bool Unpickler::step(unsigned char opcode, std::optional<Ref>& result)
{
    switch (opcode) {
    case 0x80: // PROTO
        return need(1) && readLE(1) <= 5;
    case 'c': { // GLOBAL
        std::string module;
        std::string name;
        if (!readLine(module) || !readLine(name))
            return false;
        const std::string global = module + "." + name;
        if (!isAllowedGlobal(global))
            return fail("refused global '" + global + "' (only the torch tensor rebuild globals are allowed)");
        auto object = std::make_shared<Object>();
        object->kind = Object::Kind::Global;
        object->text = global;
        return push(std::move(object));
    }
    case 'q': // BINPUT
    case 'r': { // LONG_BINPUT
        const size_t width = opcode == 'q' ? 1 : 4;
        if (!need(width))
            return false;
        const auto index = uint32_t(readLE(width));
        if (m_stack.empty())
            return fail("pickle memo store on an empty stack");
        if (m_memo.size() >= kMaxMemo && !m_memo.count(index))
            return fail("pickle memo too large");
        m_memo[index] = m_stack.back();
        return true;
    }
    case 'h': // BINGET
    case 'j': { // LONG_BINGET
        const size_t width = opcode == 'h' ? 1 : 4;
        if (!need(width))
            return false;
        const auto found = m_memo.find(uint32_t(readLE(width)));
        return found != m_memo.end() ? push(found->second) : fail("pickle memo lookup of an unknown index");
    }
    case '(': // MARK
        if (m_marks.size() >= kMaxStack)
            return fail("pickle stack too large");
        m_marks.push_back(m_stack.size());
        return true;
    case 't': { // TUPLE
        if (m_marks.empty())
            return fail("TUPLE without MARK in pickle");
        const size_t mark = m_marks.back();
        std::vector<Ref> items(
            std::make_move_iterator(m_stack.begin() + std::ptrdiff_t(mark)), std::make_move_iterator(m_stack.end()));
        m_stack.resize(mark);
        m_marks.pop_back();
        return makeTuple(std::move(items));
    }
    case ')': // EMPTY_TUPLE
        return makeTuple({});
    case 0x85: // TUPLE1
    case 0x86: // TUPLE2
    case 0x87: // TUPLE3
        return popTuple(size_t(opcode - 0x84));
    case 'X': // BINUNICODE
    case 0x8c: { // SHORT_BINUNICODE
        const size_t width = opcode == 'X' ? 4 : 1;
        if (!need(width))
            return false;
        const auto length = size_t(readLE(width));
        if (!need(length))
            return false;
        auto object = std::make_shared<Object>();
        object->kind = Object::Kind::Str;
        object->text.assign(reinterpret_cast<const char*>(m_data.data() + m_pos), length);
        m_pos += length;
        return push(std::move(object));
    }
    case 'J': // BININT
        return need(4) && push(makeScalar(Object::Kind::Int, int32_t(uint32_t(readLE(4)))));
    case 'K': // BININT1
        return need(1) && push(makeScalar(Object::Kind::Int, int64_t(readLE(1))));
    case 'M': // BININT2
        return need(2) && push(makeScalar(Object::Kind::Int, int64_t(readLE(2))));
    case 0x8a: { // LONG1: little-endian two's complement of n bytes
        if (!need(1))
            return false;
        const auto length = size_t(readLE(1));
        if (length > 8)
            return fail("integer in pickle too large");
        if (!need(length))
            return false;
        uint64_t value = readLE(length);
        if (length > 0 && length < 8 && (value >> (8 * length - 1)) & 1)
            value |= ~uint64_t(0) << (8 * length); // sign-extend
        return push(makeScalar(Object::Kind::Int, int64_t(value)));
    }
    case 'N': // NONE
        return push(makeScalar(Object::Kind::None));
    case 0x88: // NEWTRUE
    case 0x89: // NEWFALSE
        return push(makeScalar(Object::Kind::Bool, opcode == 0x88 ? 1 : 0));
    case '}': // EMPTY_DICT
        return push(makeScalar(Object::Kind::Dict));
    case 'Q': // BINPERSID
        return persistentLoad();
    case 'R': // REDUCE
        return reduce();
    case '.': { // STOP
        Ref top;
        if (!pop(top))
            return false;
        result = std::move(top);
        return true;
    }
    default: {
        char text[96];
        std::snprintf(text, sizeof text, "unsupported pickle opcode 0x%02x at byte %zu", opcode, m_pos - 1);
        return fail(text);
    }
    }
}

bool Unpickler::run(TensorRecipe& recipe, std::string& error)
{
    std::optional<Ref> result;
    while (!result) {
        if (m_pos >= m_data.size()) {
            fail("truncated pickle data (no STOP opcode)");
            break;
        }
        const auto opcode = std::to_integer<unsigned char>(m_data[m_pos++]);
        if (!step(opcode, result)) {
            fail("unsupported pickle protocol");
            break;
        }
    }
    if (result && (*result)->kind != Object::Kind::Tensor)
        fail("data.pkl does not hold a single tensor");
    if (!m_error.empty()) {
        error = m_error;
        return false;
    }
    recipe = (*result)->recipe;
    return true;
}

} // namespace

bool unpickleTensor(std::span<const std::byte> pickle, TensorRecipe& recipe, std::string& error)
{
    Unpickler unpickler(pickle);
    return unpickler.run(recipe, error);
}

} // namespace ps::detail
