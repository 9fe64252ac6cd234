// .npy tensor files (versions 1-3): the header dictionary, dtype, shape and data length checks.
#include "fuzz_common.h"
#include "tensor/real_metrics.h"
#include "tensor/tensor.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    std::string path = fuzz::scratchFile(data, size, ".npy");
    ps::TensorReadResult r = ps::readNpyFile(path);
    if (r.ok && r.tensor.data.size() < (1u << 20))
        (void)ps::compareTensors(r.tensor, r.tensor);
    return 0;
}
