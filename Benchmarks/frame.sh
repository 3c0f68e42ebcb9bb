#!/usr/bin/env bash
# A day of the frame view (an old tablet on a shelf, moving on every 6 s by its meta refresh) in
# minutes: 14,400 refreshes of `/slideshow/…?frame=1` and the screen-sized image each names, each
# fetched as soon as the last came back, following the page's own refresh link round a folder of
# the wallpapers package's real photographs (Benchmarks/frame.py). The server's resident memory is
# read every 1,440 pages; the pages' sizes and the distinct addresses are counted.
#   usage: Benchmarks/frame.sh [pages]     (default 14400)
#   env:   PHOTOLALA_BIN (binary to measure; unset: release build), BENCH_PHOTOS (photos in the
#          folder, default 24), FRAME_SHARE=1 (the frame view of a share link of the folder, as a
#          tablet given the link would show it: the link is made through the forms by an admin)
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/common.sh
need curl:curl python3:python3
bin="$(photolala_bin)"
work="$(mktemp -d)"; pid=""
trap '[[ -n $pid ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/library/Shelf" "$work/data"
n=0
for photo in /usr/share/wallpapers/*/contents/images/*.jpg; do
  cp "$photo" "$work/library/Shelf/$(printf '%03d' "$n").jpg"
  n=$((n + 1)); [[ $n -ge ${BENCH_PHOTOS:-24} ]] && break
done
"$bin" scan --library "$work/library" --data "$work/data" >/dev/null
[[ -n ${FRAME_SHARE:-} ]] && printf 'correct horse battery\n' | "$bin" users add ada --role admin --data "$work/data" >/dev/null
port=$(free_port)
"$bin" serve --library "$work/library" --data "$work/data" --port "$port" --no-scan --no-watch --guest viewer > "$work/serve.log" 2>&1 & pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
echo "frame: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo), $n photos in one folder, $(date -u '+%Y-%m-%d %H:%M UTC')"
python3 Benchmarks/frame.py "http://127.0.0.1:$port" "$pid" "${1:-14400}" "/slideshow/Shelf/000.jpg?frame=1&every=6" ${FRAME_SHARE:+Shelf}
