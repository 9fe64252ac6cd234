#pragma once
// The pickle subset of a torch.save data.pkl that holds one tensor: no code runs, only a fixed set of globals is
// recognised and the result is a plain description of the tensor. Internal to core/tensor.
#include "tensor.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ps::detail {

// torch._utils._rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks) with the
// persistent-id storage ('storage', torch.<Type>Storage, key, location, numel).
struct TensorRecipe {
    DType dtype = DType::Float32;
    std::string storageKey; // the record is "<archive>/data/<storageKey>"
    int64_t storageNumel = 0;
    int64_t storageOffset = 0;
    std::vector<int64_t> sizes;
    std::vector<int64_t> strides;
};

// On failure returns false with a sentence (without the file name) in error.
bool unpickleTensor(std::span<const std::byte> pickle, TensorRecipe& recipe, std::string& error);

} // namespace ps::detail
