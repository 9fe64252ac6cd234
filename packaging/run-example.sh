#!/usr/bin/env bash
# Fresh Debian 12 machine -> the bundled example comparison: installs the packages, builds, then opens the
# example in the GUI, or (no display) compares it with the CLI and prints where the .vis went.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
cmake --preset dev
cmake --build --preset dev -j "$(nproc)"
example=resources/examples/mlp_mix_statistics/compare.json
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x build/app/probescope ]; then
  exec build/app/probescope "$example"
fi
out=$(mktemp -d /tmp/probescope-example.XXXXXX)
build/app/probescope-cli -f pytorch graph -i "$example" -o "$out"
echo "The comparison is in: $(ls "$out"/*.vis)"
