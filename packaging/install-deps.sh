#!/usr/bin/env bash
# Installs the Debian 12 packages ProbeScope needs to build, test and package (run as root or with sudo).
# libqt6opengl6-dev: Qt6Charts' CMake files need Qt6OpenGL's, which qt6-charts-dev does not depend on (a fresh
# machine fails at find_package(Qt6 Charts) without it). qt6-svg-dev: QSvgGenerator, for exporting charts as SVG.
# libqt6svg6 draws the SVG icon; the next line is for the packages and their test (dpkg-shlibdeps, the validators);
# clang-format-14 and clang-tidy-14 for the style gate (packaging/check-style.sh, run by .ci/run); ccache lets
# .ci/run's later builds reuse the main build's objects; slurm-wlm and
# munge for the single-node Slurm run of the cluster recipe (packaging/slurm/run_local_slurm.sh, run by .ci/run:
# ~25 s, its daemons stopped and its folder removed at the end; the packages start no service themselves).
set -euo pipefail
packages=(
  cmake ninja-build g++ pkg-config python3
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n libgl-dev
  nlohmann-json3-dev libsqlite3-dev zlib1g-dev
  xvfb xauth fonts-wqy-microhei libqt6svg6
  dpkg-dev file groff-base desktop-file-utils appstream shared-mime-info
  clang-format-14 clang-tidy-14 ccache
  slurm-wlm munge
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
