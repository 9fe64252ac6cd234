#pragma once
// Writes a VisDocument back as .vis JSON: msprobe 1.2.1's layout (byte for byte for files it or ProbeScope
// wrote), with the file's own top-level key order, Colors, ToolTip and any node keys the model has no place for.
#include "vis/vis_document.h"

#include <string>

namespace ps {

std::string visDocumentJson(const VisDocument& doc);
void writeVisDocument(const VisDocument& doc, const std::string& path); // temp file + rename, mode 0640

} // namespace ps
