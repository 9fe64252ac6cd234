#pragma once
// What this build of ProbeScope is made of: its own version and the versions of the libraries and compiler it was
// built with (shown by `probescope-cli --version` and Help ▸ About).
#include <string>
#include <vector>

namespace ps {

struct ComponentVersion {
    std::string name;
    std::string version;
};

// ProbeScope first, then the libraries the engine links (runtime versions where the library reports one) and the
// compiler. The GUI adds Qt itself: the core knows nothing of it.
std::vector<ComponentVersion> componentVersions();

} // namespace ps
