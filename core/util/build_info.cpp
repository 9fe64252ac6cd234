#include "util/build_info.h"

#include <sqlite3.h>
#include <zlib.h>

namespace ps {

namespace {

std::string compilerVersion()
{
#if defined(__clang__)
    return "Clang " __clang_version__;
#elif defined(__GNUC__)
    return "GCC " __VERSION__;
#else
    return "unknown";
#endif
}

} // namespace

std::vector<ComponentVersion> componentVersions()
{
    return {
        { "ProbeScope", PROBESCOPE_VERSION },
        { "SQLite", sqlite3_libversion() },
        { "zlib", zlibVersion() },
        { "C++ compiler", compilerVersion() },
    };
}

} // namespace ps
