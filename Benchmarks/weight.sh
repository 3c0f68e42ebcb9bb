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
trap '[[ -n "$pid" ]] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT

# The corpus is the library: the first screen is its root folder's page 1.
port=$(free_port)
"$bin" serve --library "$corpus" --data "$work/data" --port "$port" --no-watch --guest viewer >"$work/serve.log" 2>&1 & pid=$!
for _ in $(seq 1200); do grep -q "scan finished" "$work/serve.log" && break; sleep 0.1; done
wait_up "http://127.0.0.1:$port/healthz"

echo "first screen of a folder of $count photos on a 390 px phone (Chromium, cache off); KB as sent"
printf "%-12s %8s %8s %20s %10s %12s %12s\n" "pixels/px" "HTML" "CSS" "thumbnails (WebP)" "total" "as JPEG" "total JPEG"
.venv-e2e/bin/python Benchmarks/weight.py "http://127.0.0.1:$port" /folders | while read -r dpr html css thumbs n jpeg; do
  printf "%-12s %8.1f %8.1f %14.1f (%3d) %10.1f %12.1f %12.1f\n" "$dpr" "$(bc -l <<< "$html / 1024")" "$(bc -l <<< "$css / 1024")" \
    "$(bc -l <<< "$thumbs / 1024")" "$n" "$(bc -l <<< "($html + $css + $thumbs) / 1024")" "$(bc -l <<< "$jpeg / 1024")" \
    "$(bc -l <<< "($html + $css + $jpeg) / 1024")"
done
