#pragma once
// Helpers shared by the GUI tests.
#include "batch/engine.h"
#include "models/snapshot.h"

#include <QDir>
#include <QFileInfo>
#include <QString>

#include <memory>
#include <vector>

namespace psui::test {

inline QString exampleDir()
{
    return QStringLiteral(PROBESCOPE_EXAMPLES_DIR "/mlp_mix_statistics");
}

inline QString sharedCase(const char* name)
{
    return QStringLiteral(PROBESCOPE_SHARED_DATA "/cases/") + QString::fromLatin1(name);
}

// Loads a compare.json synchronously (tests only: the application loads through the session controller).
inline std::shared_ptr<const Snapshot> loadSnapshot(const QString& compareJson, ps::EngineOptions options = {})
{
    const QString old = QDir::currentPath();
    QDir::setCurrent(QFileInfo(compareJson).absolutePath());
    ps::CompareConfig config = ps::readCompareJson(compareJson.toStdString());
    std::vector<std::string> warnings;
    auto c = ps::runPair(config.npuPath, config.benchPath, options, warnings);
    QDir::setCurrent(old);
    return makeSnapshot(std::move(c));
}

} // namespace psui::test
