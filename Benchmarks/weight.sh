#!/usr/bin/env bash
# The first screen of a group on a phone, in bytes (Benchmarks/weight.py): `photolala serve` on the
# 216 photos of the phone corpus, as a guest; headless Chromium at 390 px, 1 and 3 device pixels a
# CSS pixel, opens the folder and everything it fetched until the network is quiet is added up:
# the HTML (gzip), the stylesheet and the grid thumbnails (WebP where the browser takes it), and
# beside them the same thumbnails as JPEG. Bytes, not timings: one run is enough, and runs agree.
# Reports only; asserts nothing.   usage: Benchmarks/weight.sh [runs]   (runs is ignored)
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/common.sh
bash scripts/setup.sh --test
need curl:curl
source Benchmarks/phone_corpus.sh
count=$(find "$corpus" -name '*.jpg' | wc -l)
bin="$(photolala_bin)"
work="$(mktemp -d)"; pid=""
trap '[[ -n "$pid" ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

# The corpus is the library: the first screen is its root folder's page 1.
port=$(free_port)
"$bin" serve --library "$corpus" --data "$work/data" --port "$port" --no-watch --guest viewer >"$work/serve.log" 2>&1 & pid=$!
for _ in $(seq 1200); do grep -q "scan finished" "$work/serve.log" && break; sleep 0.1; done
wait_up "http://127.0.0.1:$port/healthz"

echo "first screen of a folder of $count photos on a 390 px phone (Chromium, cache off); KB as sent"
printf "%-10s %6s %6s %18s %8s %14s %10s %18s\n" "pixels/px" "HTML" "CSS" "thumbnails (WebP)" "total" "same in JPEG" "total" "on screen: total"
.venv-e2e/bin/python Benchmarks/weight.py "http://127.0.0.1:$port" /folders | while read -r dpr html css thumbs n jpeg seen n_seen; do
  kb() { bc -l <<< "($*) / 1024"; }
  printf "%-10s %6.1f %6.1f %12.1f (%3d) %8.1f %14.1f %10.1f %12.1f (%3d)\n" "$dpr" "$(kb "$html")" "$(kb "$css")" "$(kb "$thumbs")" "$n" \
    "$(kb "$html + $css + $thumbs")" "$(kb "$jpeg")" "$(kb "$html + $css + $jpeg")" "$(kb "$html + $css + $seen")" "$n_seen"
done
echo "(on screen: the HTML, the stylesheet and the thumbnails of the tiles in the first 844 px; Chromium fetches more ahead of scrolling)"
