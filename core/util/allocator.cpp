#include "util/allocator.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace ps {

void configureAllocator()
{
#ifdef __GLIBC__
    constexpr int kTrimThreshold = 512 << 20;
    mallopt(M_TRIM_THRESHOLD, kTrimThreshold);
#endif
}

} // namespace ps
