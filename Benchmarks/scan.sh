#!/usr/bin/env bash
# Scanning the synthetic library of Benchmarks/library.sh (100,000 small JPEGs with camera EXIF):
#   - cold scan: `photolala scan` into an empty data folder; seconds, files/s, peak RSS of the
#     scan and its decoder worker processes;
#   - the reference: `openssl dgst -sha256` over the same files with the same parallelism (one
#     process per 500 files, nproc at once); seconds, files/s, peak RSS of all its processes;
#   - rescan: `photolala scan` again over the unchanged library (nothing to hash);
#   - the catalog's floor: SQLite alone inserting the same photo, file and full-text rows into an
#     empty catalog, 2,048 files a transaction with prepared statements, as the scan's writer
#     does, without reading a file (Benchmarks/catalog_floor.py): what keeping it costs at least;
#   - the home page while a server scans: `photolala serve` (start-up scan, no watcher) on an
#     empty data folder, `wrk -t1 -c2 --latency /` from the moment it answers until it logs
#     "scan finished"; p50/p99 and requests/s, how long the scan took under that load (server
#     start to the log line), and the same wrk for 5 s once the server is idle.
# The page cache is warm for every side: every file is read once before the runs. Peak RSS is the
# largest sum, over samples every 0.05-0.2 s, of the VmHWM of every live process in the measured
# tree (see measure in Benchmarks/common.sh). Cold scan, openssl and rescan repeat over runs;
# the tables give medians.
# Reports only; asserts nothing.
#   usage: Benchmarks/scan.sh [runs]     (default 3)
#   env:   PHOTOLALA_BIN (binary to measure; unset: release build), BENCH_FILES (library size,
#          default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
source Benchmarks/common.sh
need wrk:wrk openssl:openssl curl:curl python3:python3
cores=$(nproc)
lib=$(bash Benchmarks/library.sh "$bench_files")
bin=$(photolala_bin)
work="$(mktemp -d)"; pid=""
wrk_pid=""
trap '[[ -n "$wrk_pid" ]] && kill "$wrk_pid" 2>/dev/null; [[ -n "$pid" ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

count=$(find "$lib" -type f | wc -l)
folders=$(find "$lib" -mindepth 1 -type d | wc -l)
bytes=$(du -sh "$lib" | cut -f1)
echo "scan: warming the page cache (reading all $count files once)" >&2
find "$lib" -type f -print0 | xargs -0 cat > /dev/null

seconds_since() { awk -v a="$(date +%s.%N)" -v b="$1" 'BEGIN { printf "%.3f", a - b }'; }

# timed COMMAND...: runs it and sets s (seconds) and m (peak RSS of its process tree, MB);
# its stdout goes to $work/out.
timed() {
  measure "$work/measured" "$@" > "$work/out" & pid=$!
  wait "$pid"; pid=""
  read -r s m < "$work/measured"
}

# A scan's summary must cover every file without errors.
check_scan() {
  grep -q "Scanned $count files" "$work/out" && grep -q " 0 errors" "$work/out" \
    || { echo "unexpected scan summary: $(cat "$work/out")" >&2; exit 1; }
}

openssl_all=(bash -c 'find "$1" -type f -print0 | xargs -0 -P "$2" -n 500 openssl dgst -sha256 > /dev/null' - "$lib" "$cores")

cold=(); cold_rss=(); ossl=(); ossl_rss=(); rescan=(); rescan_rss=()
for run in $(seq "$runs"); do
  echo "scan: run $run of $runs" >&2
  rm -rf "$work/data"
  timed "$bin" scan --library "$lib" --data "$work/data"; check_scan
  cold+=("$s"); cold_rss+=("$m")
  catalog_cached "$bin" || save_catalog "$bin" "$work/data"
  timed "$bin" scan --library "$lib" --data "$work/data"; check_scan
  grep -q "$count unchanged" "$work/out" || { echo "rescan changed something: $(cat "$work/out")" >&2; exit 1; }
  rescan+=("$s"); rescan_rss+=("$m")
  timed "${openssl_all[@]}"
  ossl+=("$s"); ossl_rss+=("$m")
done
c=$(median "${cold[@]}"); o=$(median "${ossl[@]}")

# The catalog's floor: an empty catalog of the same schema (a scan of an empty folder makes one),
# filled with the scanned catalog's rows by SQLite alone.
echo "scan: the catalog's floor (SQLite alone)" >&2
mkdir -p "$work/empty-library"
floor=()
for run in $(seq "$runs"); do
  rm -rf "$work/floor"
  "$bin" scan --library "$work/empty-library" --data "$work/floor" > /dev/null
  floor+=("$(python3 Benchmarks/catalog_floor.py "$work/data/catalog.sqlite" "$work/floor/catalog.sqlite")")
done
q=$(median "${floor[@]}")

# The home page while `photolala serve` scans an empty data folder at start-up: wrk starts as
# soon as the server answers and is stopped (SIGINT, upon which it prints its figures) when the
# server logs "scan finished", so it covers the whole scan but its first moments.
echo "scan: home page during a start-up scan" >&2
rm -rf "$work/served"
port=$(free_port)
start=$(date +%s.%N)
"$bin" serve --library "$lib" --data "$work/served" --port "$port" --no-watch --guest viewer > "$work/serve.log" 2>&1 & pid=$!
wait_up "http://127.0.0.1:$port/healthz"
wrk --latency --timeout 10s -t1 -c2 -d1h "http://127.0.0.1:$port/" > "$work/wrk.txt" & wrk_pid=$!
wrk_start=$(date +%s.%N)
until grep -q "scan finished" "$work/serve.log"; do
  kill -0 "$pid" 2>/dev/null || { echo "server stopped:" >&2; tail "$work/serve.log" >&2; exit 1; }
  sleep 0.1
done
served_scan=$(seconds_since "$start")
kill -INT "$wrk_pid"; wait "$wrk_pid"; wrk_pid=""
during=$(seconds_since "$wrk_start")
stats=$(wrk_figures / < "$work/wrk.txt")
read -r during_rps during_p50 during_p99 during_errors _ <<<"$stats"
grep "scan finished" "$work/serve.log" | grep "added=$count " | grep -q "errors=0 " \
  || { echo "unexpected start-up scan: $(grep 'scan finished' "$work/serve.log")" >&2; exit 1; }
stats=$(wrk_stats -t1 -c2 -d5s "http://127.0.0.1:$port/")
read -r idle_rps idle_p50 idle_p99 idle_errors _ <<<"$stats"
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""

echo
machine
echo "library: $count JPEGs ($bytes) in $folders folders; page cache warm (every file read once first); median of $runs runs"
printf "%-52s %10s %9s %12s\n" "scan" "files/s" "seconds" "peak RSS MB"
printf "%-52s %10.0f %9.1f %12s\n" "Photolala cold scan (process + decoder workers)" "$(awk -v n="$count" -v s="$c" 'BEGIN { print n / s }')" "$c" "$(median "${cold_rss[@]}")"
printf "%-52s %10.0f %9.1f %12s\n" "openssl dgst -sha256 ($cores parallel, all processes)" "$(awk -v n="$count" -v s="$o" 'BEGIN { print n / s }')" "$o" "$(median "${ossl_rss[@]}")"
printf "%-52s %10s\n" "ratio Photolala / openssl (files/s)" "$(awk -v a="$o" -v b="$c" 'BEGIN { r = a / b; printf (r < 0.1 ? "%.3fx" : "%.2fx"), r }')"
printf "%-52s %10.0f %9.1f %12s\n" "SQLite alone writing the same rows (catalog floor)" "$(awk -v n="$count" -v s="$q" 'BEGIN { print n / s }')" "$q" "-"
printf "%-52s %10s\n" "ratio catalog floor / openssl (files/s)" "$(awk -v a="$o" -v b="$q" 'BEGIN { printf "%.2fx", a / b }')"
printf "%-52s %10s\n" "ratio Photolala / the catalog's floor (files/s)" "$(awk -v a="$q" -v b="$c" 'BEGIN { printf "%.2fx", a / b }')"
printf "%-52s %10s %9.1f %12s\n" "Photolala rescan, nothing changed" "" "$(median "${rescan[@]}")" "$(median "${rescan_rss[@]}")"
echo
echo "home page (/) while \`photolala serve\` scans the library from empty (wrk -t1 -c2; one run)"
printf "%-52s %10s %9s %9s %7s\n" "" "req/s" "p50 ms" "p99 ms" "errors"
printf "%-52s %10s %9s %9s %7s\n" "during the start-up scan ($(printf %.0f "$during") s)" "$during_rps" "$during_p50" "$during_p99" "$during_errors"
printf "%-52s %10s %9s %9s %7s\n" "after it, idle (5 s)" "$idle_rps" "$idle_p50" "$idle_p99" "$idle_errors"
printf "start-up scan under that load: %.1f s from server start (alone: %.1f s)\n" "$served_scan" "$c"
echo "per-run seconds: cold ${cold[*]}; openssl ${ossl[*]}; rescan ${rescan[*]}; catalog floor ${floor[*]}"
