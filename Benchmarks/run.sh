#!/usr/bin/env bash
# The whole benchmark suite in one command: builds release once (unless PHOTOLALA_BIN names a
# binary) and hands that binary to every script, prepares the synthetic library
# (Benchmarks/library.sh), then runs Benchmarks/thumbnails.sh (cold grid thumbnails against
# vipsthumbnail), Benchmarks/sigal.sh (a gallery of tiles and previews made from nothing, against
# sigal), Benchmarks/scan.sh (scanning against openssl, rescan, pages during a scan)
# Benchmarks/serve.sh (pages and warm thumbnails under concurrency against nginx),
# Benchmarks/zip.sh (a selection's zip, first byte, throughput and server memory, against tar),
# Benchmarks/video.sh (cold video posters and an HEVC clip's first play, against ffmpeg alone),
# Benchmarks/dav.sh (the WebDAV door: a phone's photos and a large video PUT, and a large
# folder's PROPFIND, against nginx's DAV module and JSON autoindex),
# Benchmarks/weight.sh (the bytes of a phone's first screen of a group, in headless Chromium) and
# Benchmarks/scaleout.sh (a group page and warm thumbnails from a PostgreSQL catalog, directly and
# behind nginx in front of one and two instances, beside SQLite), and
# prints all their tables together with the machine (CPU, cores, RAM, kernel) and the date.
# Everything printed also goes to Benchmarks/.cache/run-<UTC date and time>.log
# (Benchmarks/.cache/run-latest.log points at the newest).
# Reports only; asserts nothing.
#   usage: Benchmarks/run.sh [runs]     (default 3; passed to each script)
#   env:   PHOTOLALA_BIN (binary to measure), BENCH_FILES (library size, default 100000),
#          BENCH_DURATION / BENCH_WARMUP (serve.sh's wrk seconds, default 10 / 2), BENCH_PAIRS
#          (serve.sh's paired runs, default 12 pairs; 0 leaves them out),
#          BENCH_ONLY (which to run, default "thumbnails sigal scan serve zip video dav weight scaleout")
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
source Benchmarks/common.sh
mkdir -p Benchmarks/.cache
log="Benchmarks/.cache/run-$(date -u +%Y%m%d-%H%M%S).log"
ln -sfn "$(basename "$log")" Benchmarks/.cache/run-latest.log

main() {
  local started=$SECONDS name
  # Global, not local: the EXIT trap runs after main has returned.
  tables="$(mktemp -d)"; trap 'rm -rf "$tables"' EXIT
  PHOTOLALA_BIN="$(photolala_bin)"; export PHOTOLALA_BIN
  echo "run: measuring $PHOTOLALA_BIN ($(stat -c '%y' "$PHOTOLALA_BIN" | cut -d. -f1)); $runs runs; library of $bench_files" >&2
  bash Benchmarks/library.sh "$bench_files" > /dev/null
  for name in ${BENCH_ONLY:-thumbnails sigal scan serve zip video dav weight scaleout}; do
    echo "run: Benchmarks/$name.sh $runs" >&2
    bash "Benchmarks/$name.sh" "$runs" | tee "$tables/$name" || { echo "run: Benchmarks/$name.sh failed" >&2; exit 1; }
  done
  echo
  echo "================ Photolala benchmarks ================"
  machine
  echo "binary: $PHOTOLALA_BIN; $runs runs each; $(( (SECONDS - started) / 60 )) min in all; log: $log"
  for name in ${BENCH_ONLY:-thumbnails sigal scan serve zip video dav weight scaleout}; do
    echo
    echo "---- Benchmarks/$name.sh ----"
    sed '/./,$!d' "$tables/$name"
  done
}
main 2>&1 | tee "$log"
