// The engine's .vis: the document writer with msprobe's defaults (no file extras).
#include "vis/vis_writer.h"

#include "vis/vis_document_writer.h"

namespace ps {

std::string visJson(const Comparison& c)
{
    return visJson(c, engineVisMeta());
}

void writeVisFile(const Comparison& c, const std::string& path, const ProgressPart& progress)
{
    writeVisFile(c, engineVisMeta(), path, progress);
}

} // namespace ps
