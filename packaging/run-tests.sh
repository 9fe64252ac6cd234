#!/usr/bin/env bash
# Fresh Debian 12 machine -> all tests passed: installs the packages, builds everything, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
cmake --preset dev
cmake --build --preset dev -j "$(nproc)"
QT_QPA_PLATFORM=offscreen ctest --preset dev -j "$(nproc)"
