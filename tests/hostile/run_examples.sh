#!/usr/bin/env bash
# Runs every example of make_examples.py with probescope-cli under a 60 s limit and a 4 GiB RSS watch, and prints
# one line each: exit code, wall time, peak RSS and the last line of output (the result or the error).
# Usage: tests/hostile/run_examples.sh [CLI] [EXAMPLES_DIR]     (defaults: build/app/probescope-cli, /tmp/ps-hostile)
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cli="$(realpath "${1:-$root/build/app/probescope-cli}")"
dir="${2:-/tmp/ps-hostile}"
[ -d "$dir" ] || python3 "$root/tests/hostile/make_examples.py" "$dir" > /dev/null
watch_kib=$((4 * 1024 * 1024))
printf '%-40s %4s %7s %8s  %s\n' example exit seconds "RSS MiB" "last line"
for ex in "$dir"/*/; do
    name="$(basename "$ex")"
    rm -rf "$ex/out"
    read -r -a args < "$ex/args"
    (
        cd "$ex" || exit 1
        if [[ "$name" == 5_* ]]; then # a job still writing: dump.json shrinks while it is read
            (sleep 0.3; truncate -s 1000 npu/dump.json) &
        fi
        /usr/bin/time -f '%e %M' -o time.txt timeout 60 "$cli" "${args[@]}" > log.txt 2>&1
        echo $? > rc.txt
        wait
    )
    read -r secs kib < <(tail -1 "$ex/time.txt")
    rc="$(cat "$ex/rc.txt")"
    verdict="$(grep -v '^\s*$' "$ex/log.txt" | tail -1 | cut -c1-150)"
    [ "$rc" -ne 124 ] || verdict="TIMEOUT (60 s)"
    [ "$kib" -le "$watch_kib" ] || verdict="OVER 4 GiB: $verdict"
    [ "$rc" -lt 128 ] || verdict="CRASH (signal $((rc - 128))): $verdict"
    printf '%-40s %4s %7s %8s  %s\n' "$name" "$rc" "$secs" "$((kib / 1024))" "$verdict"
done
