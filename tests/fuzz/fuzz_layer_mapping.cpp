// Layer-mapping YAML (-lm): parse, validate, build the candidate table, and save/reload must round-trip.
#include "fuzz_common.h"
#include "match/layer_mapping_rules.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fuzz::expectOnlyPsErrors([&] {
        ps::LayerMappingRules rules = ps::LayerMappingRules::parse(fuzz::asText(data, size), "mapping.yaml");
        (void)rules.validate();
        (void)rules.candidateTable();
        std::string yaml = rules.toYaml();
        ps::LayerMappingRules again = ps::LayerMappingRules::parse(yaml, "saved.yaml");
        // What we save must load back as the same rules (names, order).
        if (again.classes.size() != rules.classes.size())
            std::abort();
        for (size_t c = 0; c < rules.classes.size(); ++c) {
            if (again.classes[c].className != rules.classes[c].className
                || again.classes[c].rules.size() != rules.classes[c].rules.size())
                std::abort();
            for (size_t r = 0; r < rules.classes[c].rules.size(); ++r)
                if (again.classes[c].rules[r].source != rules.classes[c].rules[r].source
                    || again.classes[c].rules[r].target != rules.classes[c].rules[r].target)
                    std::abort();
        }
    });
    return 0;
}
