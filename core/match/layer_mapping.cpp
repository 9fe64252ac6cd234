#include "match/layer_mapping.h"

namespace ps {

std::unordered_map<std::string, std::string> buildLayerNameMap(const std::string&, const std::string&,
    const std::string& yamlPath, const std::string&, std::vector<std::string>& warnings)
{
    // Issue #4 brings layer mapping; until then -lm falls back to default matching, as msprobe does on failure.
    warnings.push_back("layer mapping (" + yamlPath + ") is not supported yet; default matching is used");
    return {};
}

} // namespace ps
