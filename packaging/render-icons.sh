#!/usr/bin/env bash
# Renders resources/icons/probescope.svg into the hicolor PNG sizes that the packages install
# (resources/icons/hicolor/NxN/apps/probescope.png). Run after changing the SVG; the PNGs are committed so that a
# build needs no SVG renderer. Needs rsvg-convert (Debian: librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/.."
for size in 16 22 24 32 48 64 128 256 512; do
  dir=resources/icons/hicolor/${size}x${size}/apps
  mkdir -p "$dir"
  rsvg-convert --width "$size" --height "$size" resources/icons/probescope.svg --output "$dir/probescope.png"
done
echo "rendered $(ls resources/icons/hicolor | wc -l) sizes into resources/icons/hicolor"
