// Reads a tensor saved by torch.save (zip container, data.pkl + data/<key> records) without running any code.
#include "file_source.h"
#include "io/file_io.h"
#include "tensor.h"
#include "torch_pickle.h"
#include "util/error.h"
#include "util/limits.h"
#include "zip_archive.h"

#include <cstring>
#include <limits>

namespace ps {

namespace {

using detail::TensorRecipe;

constexpr uint64_t kMaxPickleBytes = uint64_t(1) << 20; // a one-tensor data.pkl is a few hundred bytes

TensorReadResult failure(std::string error)
{
    TensorReadResult result;
    result.error = std::move(error);
    return result;
}

// Products and sums of non-negative sizes; false on overflow.
bool multiplyChecked(int64_t a, int64_t b, int64_t& out)
{
    if (a != 0 && b > std::numeric_limits<int64_t>::max() / a)
        return false;
    out = a * b;
    return true;
}

bool addChecked(int64_t a, int64_t b, int64_t& out)
{
    if (b > std::numeric_limits<int64_t>::max() - a)
        return false;
    out = a + b;
    return true;
}

// The highest storage element the view touches (offset + sum((size-1)*stride)), or -1 when it overflows.
int64_t lastStorageIndex(const TensorRecipe& recipe)
{
    int64_t last = recipe.storageOffset;
    for (size_t d = 0; d < recipe.sizes.size(); ++d) {
        int64_t span = 0;
        if (!multiplyChecked(recipe.sizes[d] - 1, recipe.strides[d], span) || !addChecked(last, span, last))
            return -1;
    }
    return last;
}

bool isContiguous(const TensorRecipe& recipe)
{
    int64_t expected = 1;
    for (size_t d = recipe.sizes.size(); d-- > 0;) {
        if (recipe.sizes[d] != 1 && recipe.strides[d] != expected)
            return false;
        expected *= recipe.sizes[d];
    }
    return true;
}

// Copies a strided view of storage into contiguous row-major order, one innermost row at a time.
void gatherStrided(
    const TensorRecipe& recipe, const std::byte* storage, size_t elementSize, int64_t numel, std::byte* out)
{
    if (recipe.sizes.empty()) {
        std::memcpy(out, storage + size_t(recipe.storageOffset) * elementSize, elementSize);
        return;
    }
    const size_t dims = recipe.sizes.size();
    const int64_t rowLength = recipe.sizes.back();
    const int64_t rowStride = recipe.strides.back();
    std::vector<int64_t> index(dims, 0);
    int64_t rowStart = recipe.storageOffset;
    for (int64_t written = 0; written < numel; written += rowLength) {
        for (int64_t i = 0; i < rowLength; ++i) {
            std::memcpy(out, storage + size_t(rowStart + i * rowStride) * elementSize, elementSize);
            out += elementSize;
        }
        // advance the odometer over all but the innermost dimension
        for (size_t d = dims - 1; d-- > 0;) {
            rowStart += recipe.strides[d];
            if (++index[d] < recipe.sizes[d])
                break;
            rowStart -= recipe.strides[d] * recipe.sizes[d];
            index[d] = 0;
        }
    }
}

// Finds "<archive>/data.pkl": the archive name is the first path component of the first record, as torch does.
std::string archivePrefix(const detail::ZipArchive& zip)
{
    if (zip.entries().empty())
        return {};
    const std::string& first = zip.entries().front().name;
    const size_t slash = first.find('/');
    return slash == std::string::npos ? std::string() : first.substr(0, slash + 1);
}

// The file mapped for tensors to view, or nullptr when it cannot be (the reader then copies the bytes instead).
std::shared_ptr<const MappedFile> mapForViewing(const std::string& path)
{
    try {
        return std::make_shared<const MappedFile>(path, detail::kTensorFileSizeLimit - 1);
    } catch (const Error&) {
        return nullptr; // e.g. every map slot taken by tensors held elsewhere
    }
}

// Points `out` at the first `bytes` bytes of a stored entry in the mapped file, once the entry's CRC is checked.
bool viewStoredEntry(const std::shared_ptr<const MappedFile>& file, detail::ZipArchive& zip,
    const detail::ZipEntry& entry, size_t bytes, TensorBytes& out, std::string& error)
{
    uint64_t offset = 0;
    if (!zip.dataOffset(entry, offset, error))
        return false;
    const std::string_view text = file->text();
    if (offset > text.size() || entry.uncompressedSize > text.size() - offset) {
        error = zip.fail("the file changed while being read");
        return false;
    }
    const auto* begin = reinterpret_cast<const std::byte*>(text.data()) + offset;
    if (!zip.checkCrc(entry, { begin, size_t(entry.uncompressedSize) }, error))
        return false;
    out.view(file, begin, bytes);
    return true;
}

} // namespace

TensorReadResult readPtFile(const std::string& path, TensorRead mode)
{
    std::string error;
    detail::FileSource file;
    if (!file.open(path, error))
        return failure(error);
    detail::ZipArchive zip;
    if (!zip.open(file, error))
        return failure(error);

    // step 1: the pickle
    const std::string prefix = archivePrefix(zip);
    const detail::ZipEntry* pickleEntry = prefix.empty() ? nullptr : zip.find(prefix + "data.pkl");
    if (!pickleEntry)
        return failure(path + ": missing data.pkl record (not a torch.save archive)");
    std::vector<std::byte> pickle;
    if (!zip.read(*pickleEntry, kMaxPickleBytes, pickle, error))
        return failure(error);
    TensorRecipe recipe;
    if (!detail::unpickleTensor(pickle, recipe, error))
        return failure(path + ": " + error);
    if (const detail::ZipEntry* byteOrder = zip.find(prefix + "byteorder")) {
        std::vector<std::byte> order;
        if (!zip.read(*byteOrder, 16, order, error))
            return failure(error);
        if (std::string(reinterpret_cast<const char*>(order.data()), order.size()) != "little")
            return failure(path + ": big-endian tensor data is not supported");
    }

    // step 2: sizes, strides and storage must agree before anything large is allocated
    const size_t elementSize = dtypeSize(recipe.dtype);
    int64_t numel = 1;
    for (int64_t size : recipe.sizes) {
        if (!multiplyChecked(numel, size, numel))
            return failure(path + ": tensor size overflows");
    }
    if (uint64_t(numel) > limits().maxTensorElements)
        return failure(path + ": "
            + overLimit("a tensor of " + std::to_string(numel) + " elements", "max_tensor_elements",
                limits().maxTensorElements));
    int64_t outputBytes = 0;
    if (!multiplyChecked(numel, int64_t(elementSize), outputBytes)
        || uint64_t(outputBytes) >= detail::kTensorFileSizeLimit)
        return failure(path + ": tensor of " + std::to_string(numel) + " elements is too large");
    const detail::ZipEntry* storageEntry = zip.find(prefix + "data/" + recipe.storageKey);
    if (!storageEntry)
        return failure(path + ": missing storage record 'data/" + recipe.storageKey + "'");
    int64_t storageBytes = 0;
    if (!multiplyChecked(recipe.storageNumel, int64_t(elementSize), storageBytes)
        || storageEntry->uncompressedSize < uint64_t(storageBytes))
        return failure(path + ": storage record 'data/" + recipe.storageKey + "' holds "
            + std::to_string(storageEntry->uncompressedSize) + " bytes but declares "
            + std::to_string(recipe.storageNumel) + " elements of " + std::to_string(elementSize) + " bytes");
    if (numel > 0) {
        const int64_t last = lastStorageIndex(recipe);
        if (last < 0 || last >= recipe.storageNumel)
            return failure(path + ": storage of " + std::to_string(recipe.storageNumel)
                + " elements is too small for the tensor's size, stride and offset");
    }

    // step 3: the data, moved as is when the view is the whole storage, else materialised
    TensorReadResult result;
    result.ok = true;
    result.tensor.dtype = recipe.dtype;
    result.tensor.shape = recipe.sizes;
    const bool wholeStorage = recipe.storageOffset == 0 && isContiguous(recipe);
    result.memoryBytes = numel == 0 ? 0 : storageEntry->uncompressedSize + (wholeStorage ? 0 : uint64_t(outputBytes));
    if (numel == 0 || mode == TensorRead::HeaderOnly)
        return result;
    if (wholeStorage && storageEntry->method == 0) {
        // torch.save stores tensors uncompressed: the tensor is a window into the mapped file.
        if (const std::shared_ptr<const MappedFile> file = mapForViewing(path)) {
            if (!viewStoredEntry(file, zip, *storageEntry, size_t(outputBytes), result.tensor.data, error))
                return failure(error);
            return result;
        }
    }
    std::vector<std::byte> storage;
    if (!zip.read(*storageEntry, detail::kTensorFileSizeLimit - 1, storage, error))
        return failure(error);
    std::byte* out = result.tensor.data.allocate(size_t(outputBytes));
    if (wholeStorage)
        std::memcpy(out, storage.data(), size_t(outputBytes));
    else
        gatherStrided(recipe, storage.data(), elementSize, numel, out);
    return result;
}

} // namespace ps
