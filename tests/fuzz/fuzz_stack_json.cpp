// stack.json in both formats: 1.2.1's {node: [lines]} and the newer grouped {"0": [[nodes], lines]}.
#include "fuzz_common.h"
#include "io/construct_stack.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fuzz::expectOnlyPsErrors([&] {
        ps::StringPool pool;
        ps::StackData stack = ps::parseStackJson(fuzz::asText(data, size), "stack.json", pool);
        for (const auto& [node, group] : stack.groupOf)
            for (ps::StrId line : stack.groups[group])
                (void)pool.view(line).size();
    });
    return 0;
}
