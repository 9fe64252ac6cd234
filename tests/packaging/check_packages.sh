#!/usr/bin/env bash
# The package test (ctest -L packaging): builds the two .debs with the build tree's CPack, unpacks them into a
# scratch root with `dpkg -x` and checks what a user gets: the file list, Depends, the desktop file, the AppStream
# metainfo, the MIME types, the man pages, and that the unpacked programs run (the CLI on the bundled example).
#   tests/packaging/check_packages.sh SOURCE_DIR BUILD_DIR
# Exit 77 (skipped) without dpkg-deb. A missing validator (desktop-file-validate, appstreamcli) fails the test when
# CI is set, and is reported and passed over otherwise.
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
command -v dpkg-deb > /dev/null || { echo "SKIP: dpkg-deb is not installed"; exit 77; }

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
need_tool() { # tool package
  command -v "$1" > /dev/null && return 0
  if [ -n "${CI:-}" ]; then fail "$1 is missing (Debian package $2; packaging/install-deps.sh installs it)"; else
    echo "not checked: $1 is missing (apt-get install $2)"; fi
  return 1
}

work="$build/packaging-test"
rm -rf "$work"
mkdir -p "$work/root"
(cd "$build" && cpack -G DEB -B "$work/debs" > "$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; exit 1; }
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
gui_deb="$work/debs/probescope_${version}_$(dpkg --print-architecture).deb"
cli_deb="$work/debs/probescope-cli_${version}_$(dpkg --print-architecture).deb"
for deb in "$gui_deb" "$cli_deb"; do
  [ -f "$deb" ] || { fail "missing $(basename "$deb"); built: $(ls "$work/debs")"; exit 1; }
  dpkg -x "$deb" "$work/root"
done
root="$work/root"

# --- The file list: exactly these files (the example's data files are only counted) ---------------------------------
app_id=org.probescope.ProbeScope
expected="usr/bin/probescope
usr/bin/probescope-cli
usr/share/applications/$app_id.desktop
usr/share/metainfo/$app_id.metainfo.xml
usr/share/mime/packages/probescope.xml
usr/share/man/man1/probescope.1.gz
usr/share/man/man1/probescope-cli.1.gz
usr/share/icons/hicolor/scalable/apps/probescope.svg"
for size in 16 22 24 32 48 64 128 256 512; do
  expected+=$'\n'"usr/share/icons/hicolor/${size}x${size}/apps/probescope.png"
done
actual=$(cd "$root" && find . -type f ! -path './usr/share/probescope/examples/*' | sed 's|^\./||' | sort)
if diff <(echo "$expected" | sort) <(echo "$actual") > "$work/filelist.diff"; then
  pass "file list ($(echo "$actual" | wc -l) files besides the example)"
else
  fail "file list differs (< expected, > packaged):"; cat "$work/filelist.diff"
fi
example="$root/usr/share/probescope/examples/mlp_mix_statistics"
for f in compare.json npu/step0/rank/dump.json npu/step0/rank/construct.json bench/step0/rank/dump.json; do
  [ -f "$example/$f" ] || fail "the example lacks $f"
done
[ "$(dpkg-deb -c "$gui_deb" | grep -c examples/)" -gt 0 ] && pass "the example is in the probescope package"
if dpkg-deb -c "$cli_deb" | awk '{print $6}' | grep -v -e '^\./usr/bin/probescope-cli$' -e '^\./usr/share/man/man1/probescope-cli\.1\.gz$' \
    | grep -v '/$' | grep -q .; then
  fail "probescope-cli holds more than the program and its man page"
fi

# --- Package metadata and Depends ----------------------------------------------------------------------------------------
[ "$(dpkg-deb -f "$gui_deb" Package)" = probescope ] || fail "the GUI package is not named probescope"
[ "$(dpkg-deb -f "$cli_deb" Package)" = probescope-cli ] || fail "the CLI package is not named probescope-cli"
gui_depends=$(dpkg-deb -f "$gui_deb" Depends)
cli_depends=$(dpkg-deb -f "$cli_deb" Depends)
echo "probescope Depends: $gui_depends"
echo "probescope-cli Depends: $cli_depends"
names() { echo "$1" | tr ',|' '\n\n' | sed 's/^ *//; s/ .*//' | sort -u; }
for p in libqt6core6 libqt6gui6 libqt6widgets6 libqt6svg6 libsqlite3-0 zlib1g libc6 libstdc++6; do
  names "$gui_depends" | grep -qx "$p" || fail "probescope does not depend on $p"
done
for p in libsqlite3-0 zlib1g libc6 libstdc++6; do
  names "$cli_depends" | grep -qx "$p" || fail "probescope-cli does not depend on $p"
done
[[ "$cli_depends" != *qt* ]] || fail "probescope-cli depends on Qt: $cli_depends"
if ldd "$root/usr/bin/probescope-cli" | grep -qi qt; then fail "the packaged probescope-cli links Qt"; else
  pass "the packaged probescope-cli links no Qt"; fi
ldd "$root/usr/bin/probescope" | grep -q "not found" && fail "the packaged probescope misses libraries"
file_of() { dpkg-deb -c "$1" | awk '{print $6}' | grep -q "^\./usr/bin/$2$"; }
file_of "$gui_deb" probescope && file_of "$cli_deb" probescope-cli && pass "each program is in its own package"

# --- The unpacked programs run ----------------------------------------------------------------------------------------
"$root/usr/bin/probescope-cli" --version | grep -q "probescope-cli $version" && pass "probescope-cli --version" \
  || fail "probescope-cli --version"
QT_QPA_PLATFORM=offscreen "$root/usr/bin/probescope" --version 2> /dev/null | grep -q "ProbeScope $version" \
  && pass "probescope --version" || fail "probescope --version"
mkdir -p "$work/out"
if (cd "$example" && "$root/usr/bin/probescope-cli" -f pytorch graph -i compare.json -o "$work/out" > "$work/cli.log"); then
  ls "$work/out"/compare_*.vis > /dev/null && pass "the packaged CLI compares the packaged example"
else
  cat "$work/cli.log"; fail "the packaged CLI failed on the packaged example"
fi

# --- Desktop file, metainfo, MIME types ---------------------------------------------------------------------------------
desktop="$root/usr/share/applications/$app_id.desktop"
metainfo="$root/usr/share/metainfo/$app_id.metainfo.xml"
mime="$root/usr/share/mime/packages/probescope.xml"
if need_tool desktop-file-validate desktop-file-utils; then
  desktop-file-validate "$desktop" && pass "desktop-file-validate" || fail "desktop-file-validate"
fi
if need_tool appstreamcli appstream; then
  appstreamcli validate --no-net "$metainfo" && pass "appstreamcli validate" || fail "appstreamcli validate"
fi
grep -q "^Exec=probescope %f$" "$desktop" || fail "the desktop file does not run probescope with the file"
grep -q "^Icon=probescope$" "$desktop" || fail "the desktop file's icon is not probescope"
grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo" \
  || fail "the metainfo does not launch $app_id.desktop"
grep -q "<release version=\"$version\"" "$metainfo" || fail "the metainfo has no release $version"
# Every MIME type the desktop file opens is defined, and the globs are registered by update-mime-database.
desktop_types=$(sed -n 's/^MimeType=//p' "$desktop" | tr ';' '\n' | sed '/^$/d' | sort)
defined_types=$(grep -o '<mime-type type="[^"]*"' "$mime" | sed 's/.*type="//; s/"$//' | sort)
[ "$desktop_types" = "$defined_types" ] && pass "desktop MimeType = defined types ($(echo $defined_types))" \
  || fail "the desktop file opens '$desktop_types' but probescope.xml defines '$defined_types'"
if need_tool update-mime-database shared-mime-info; then
  mkdir -p "$work/mime/packages"
  cp "$mime" "$work/mime/packages/"
  [ -f /usr/share/mime/packages/freedesktop.org.xml ] && cp /usr/share/mime/packages/freedesktop.org.xml "$work/mime/packages/"
  if update-mime-database "$work/mime" > "$work/mime.log" 2>&1 \
      && grep -q ':application/x-msprobe-vis:\*\.vis$' "$work/mime/globs2" \
      && grep -q ':application/x-msprobe-vis-db:\*\.vis\.db$' "$work/mime/globs2"; then
    pass "update-mime-database registers *.vis and *.vis.db"
  else
    cat "$work/mime.log"; fail "update-mime-database did not register *.vis and *.vis.db"
  fi
fi

# --- Man pages: render without warnings --------------------------------------------------------------------------------
for page in probescope probescope-cli; do
  gz="$root/usr/share/man/man1/$page.1.gz"
  gunzip -c "$gz" > "$work/$page.1"
  if command -v groff > /dev/null; then
    warnings=$(groff -man -ww -z "$work/$page.1" 2>&1)
    [ -z "$warnings" ] && pass "man page $page renders" || fail "man page $page: $warnings"
  fi
  grep -q "^\.TH $(echo "$page" | tr a-z A-Z) 1 .*\"ProbeScope $version\"" "$work/$page.1" || fail "$page.1 lacks the version"
done

# --- Icons: each PNG has the size its folder says ---------------------------------------------------------------------
for png in "$root"/usr/share/icons/hicolor/*x*/apps/probescope.png; do
  size=$(basename "$(dirname "$(dirname "$png")")")
  dims=$(od -An -tu1 -j16 -N8 "$png" | awk '{printf "%dx%d", $3*256+$4, $7*256+$8}')
  [ "$dims" = "$size" ] || fail "$png is $dims"
done
pass "icon sizes"

if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all package checks passed: $(basename "$gui_deb") $(du -k "$gui_deb" | cut -f1) KiB, $(basename "$cli_deb") $(du -k "$cli_deb" | cut -f1) KiB"
