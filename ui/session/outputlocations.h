#pragma once
// Where the viewer writes what the user asks for (exports, reports, session files): never into a dump tree, which
// is often read-only and shared. Exports start in the user's output folder (the last one chosen, else Documents,
// else home). A session file is read beside the comparison as before, and saved there too unless that place is
// in the dump tree (inside the NPU or bench dump folder, or, for dump folders opened without a compare.json, the
// folder holding them) or not writable: then it goes to the output folder, named after the comparison's folder.
#include "session/openrequest.h"

#include <QString>

namespace psui {

class Settings;

namespace OutputLocations {

QString userFolder(const Settings& settings); // the remembered output folder if it exists, else Documents or home
void rememberFolder(Settings& settings, const QString& chosenFile); // the folder of a file the user chose
bool isInsideDumps(const QString& path, const OpenRequest& request); // in the dump tree, as above
// Where "Save session" writes: `besideComparison` (the file looked up when the comparison opens) when allowed.
QString sessionTarget(const QString& besideComparison, const OpenRequest& request, const Settings& settings);

} // namespace OutputLocations

} // namespace psui
