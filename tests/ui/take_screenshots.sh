#!/bin/sh
# Screenshots of the real main window, English and Chinese, and of its start page, into docs/screenshots/.
#   tests/ui/take_screenshots.sh [BUILD_DIR]   (default: build, the dev preset)
# The cases come from tests/data/golden, unpacked by the build into BUILD_DIR/tests/cases.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
cases="$build/tests/cases"
ninja -C "$build" -j2 probescope_test_cases probescope_screenshots probescope_screenshot_start probescope_screenshots_graph_charts \
  probescope_screenshot_color_ranges probescope_screenshots_layer_mapping probescope_screenshot_parallel_merge probescope_screenshot_verdicts \
  probescope_screenshot_viewer_nav probescope_screenshot_viewer_layout probescope_screenshot_diff_view probescope_screenshot_notes probescope_screenshot_trends \
  probescope_screenshot_lazy_visdb probescope_screenshot_tensor_error
mkdir -p "$root/docs/screenshots"
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
"$build/tests/ui/probescope_screenshots" "$root/docs/screenshots/main_window_en.png" en
"$build/tests/ui/probescope_screenshots" "$root/docs/screenshots/main_window_zh_CN.png" zh_CN
"$build/tests/ui/probescope_screenshots" "$root/docs/screenshots/loading_en.png" en loading
"$build/tests/ui/probescope_screenshot_start" "$root/docs/screenshots/start_page.png" en
"$build/tests/ui/probescope_screenshots_graph_charts" "$root/docs/screenshots" "$cases" \
  "$root/resources/examples/mlp_mix_statistics"
"$build/tests/ui/probescope_screenshot_color_ranges" "$root/docs/screenshots" \
  "$root/resources/examples/mlp_mix_statistics"
"$build/tests/ui/probescope_screenshots_layer_mapping" "$root/docs/screenshots" "$cases" en
"$build/tests/ui/probescope_screenshot_parallel_merge" "$root/docs/screenshots" "$cases" en
"$build/tests/ui/probescope_screenshot_parallel_merge" "$root/docs/screenshots" "$cases" zh_CN
"$build/tests/ui/probescope_screenshot_verdicts" "$root/docs/screenshots" "$cases" en
"$build/tests/ui/probescope_screenshot_verdicts" "$root/docs/screenshots" "$cases" zh_CN
"$build/tests/ui/probescope_screenshot_notes" "$root/docs/screenshots" "$cases" en
"$build/tests/ui/probescope_screenshot_notes" "$root/docs/screenshots" "$cases" zh_CN
for lang in en zh_CN; do
  "$build/tests/ui/probescope_screenshot_diff_view" "$root/docs/screenshots" "$cases" $lang
  "$build/tests/ui/probescope_screenshot_viewer_layout" "$root/docs/screenshots" "$cases" $lang 1280 800
  "$build/tests/ui/probescope_screenshot_viewer_layout" "$root/docs/screenshots" "$cases" $lang 1920 1080
  "$build/tests/ui/probescope_screenshot_viewer_layout" "$root/docs/screenshots" "$cases" $lang 1366 768 docks
  "$build/tests/ui/probescope_screenshot_viewer_layout" "$root/docs/screenshots" "$cases" $lang 1366 768 graph
  "$build/tests/ui/probescope_screenshot_parallel_merge" "$root/docs/screenshots" "$cases" $lang 1366 768
done
# msprobe 26.0.0's multi-rank database of the dist case, unpacked for the peer-rank jump.
dist_db=$(mktemp -d)/compare.vis.db
python3 -c 'import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
  "$cases/dist_tp_mix_statistics/ref_26.0.0/compare/compare.vis.db.xz" "$dist_db"
"$build/tests/ui/probescope_screenshot_viewer_nav" "$root/docs/screenshots" "$cases" en "$dist_db"
# msprobe 26.0.0's database of the gpt case, shown in part as it opens.
gpt_db=$(mktemp -d)/compare.vis.db
python3 -c 'import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
  "$cases/gpt_mix_statistics/ref_26.0.0/compare/compare.vis.db.xz" "$gpt_db"
for lang in en zh_CN; do
  "$build/tests/ui/probescope_screenshot_lazy_visdb" "$root/docs/screenshots" "$gpt_db" $lang
done
"$build/tests/ui/probescope_screenshot_viewer_nav" "$root/docs/screenshots" "$cases" zh_CN "$dist_db"
"$build/tests/ui/probescope_screenshot_trends" "$root/docs/screenshots" "$cases" en
"$build/tests/ui/probescope_screenshot_tensor_error" "$root/docs/screenshots" "$cases" en
"$build/tests/ui/probescope_screenshot_tensor_error" "$root/docs/screenshots" "$cases" zh_CN
"$build/tests/ui/probescope_screenshot_trends" "$root/docs/screenshots" "$cases" zh_CN
rm -r "$(dirname "$dist_db")"
echo "wrote diff_view_en.png, diff_view_zh_CN.png,"
echo "wrote viewer_search_*, viewer_peer_rank_* (1280x800, 1920x1080, en, zh_CN),"
echo "wrote notes_en.png, notes_zh_CN.png,"
echo "wrote trends_{en,zh_CN}.png, trends_heatmap_{en,zh_CN}.png, tensor_error_1366x768_{en,zh_CN}.png,"
echo "wrote viewer_{main,graph,noisefloor}_{1280x800,1920x1080}_{en,zh_CN}.png, viewer_{graph,docks}_1366x768_{en,zh_CN}.png, parallel_merge_1366x768_{en,zh_CN}.png, verdicts_en.png, verdicts_zh_CN.png, parallel_merge_en.png, parallel_merge_zh_CN.png, color_ranges_dialog_en.png, color_ranges_en.png, layer_mapping_en.png, charts_en.png, graph_canvas_en.png, main_window_en.png, main_window_zh_CN.png, loading_en.png and start_page.png"
