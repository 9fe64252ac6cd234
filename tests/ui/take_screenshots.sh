#!/bin/sh
# Screenshots of the real main window, English and Chinese, into docs/screenshots/.
#   tests/ui/take_screenshots.sh [BUILD_DIR]   (default: build-gui)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build-gui}
ninja -C "$build" -j2 probescope_screenshots
mkdir -p "$root/docs/screenshots"
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
"$build/tests/ui/probescope_screenshots" "$root/docs/screenshots/main_window_en.png" en
"$build/tests/ui/probescope_screenshots" "$root/docs/screenshots/main_window_zh_CN.png" zh_CN
"$build/tests/ui/probescope_screenshots" "$root/docs/screenshots/loading_en.png" en loading
echo "wrote $root/docs/screenshots/main_window_en.png, main_window_zh_CN.png and loading_en.png"
