// .pt tensor files: the zip container, the pickle subset and the storage checks, then the metrics on success.
#include "fuzz_common.h"
#include "tensor/real_metrics.h"
#include "tensor/tensor.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    std::string path = fuzz::scratchFile(data, size, ".pt");
    ps::TensorReadResult r = ps::readPtFile(path);
    if (r.ok && r.tensor.data.size() < (1u << 20))
        (void)ps::compareTensors(r.tensor, r.tensor);
    return 0;
}
