#!/usr/bin/env bash
# An API page against the HTML page of the same photos, in the same run: the biggest folder of
# the synthetic library (Benchmarks/library.sh), its first 60 photos by date taken,
#   - as the group page a signed-in member sees (`/folders/FOLDER`, a session cookie from the
#     real sign-in form), and
#   - as `GET /api/v1/photos?folder=FOLDER&limit=60` with the same member's read token,
# both checked to hold the same 60 photos first. wrk -t2 -c32 on each, after a warm-up (median
# of runs), then paired runs (`pair` in common.sh: the two alternate 2 s at a time, and the
# median of the pairs' req/s ratios is reported with its quartiles). Photolala serves the
# catalog with --no-scan --no-watch, so only the two pages are measured.
# Reports only; asserts nothing.
#   usage: Benchmarks/api.sh [runs]     (default 3)
#   env:   PHOTOLALA_BIN (binary to measure; unset: release build), BENCH_FILES (photos in the
#          synthetic library, default 100000), BENCH_DURATION (seconds per wrk run, default 10),
#          BENCH_WARMUP (default 2), BENCH_PAIRS (default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
bench_files="${BENCH_FILES:-100000}"
duration="${BENCH_DURATION:-10}"
warmup="${BENCH_WARMUP:-2}"
pairs="${BENCH_PAIRS:-10}"
source Benchmarks/common.sh
need wrk:wrk curl:curl sqlite3:sqlite3 python3:python3
lib=$(bash Benchmarks/library.sh "$bench_files")
bin=$(photolala_bin)
work="$(mktemp -d)"; pid=""
trap '[[ -n "$pid" ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

copy_catalog api "$bin" "$lib" "$work/data"
db="$work/data/catalog.sqlite"
printf 'bench password 1\n' | "$bin" users add bench --role member --data "$work/data" > /dev/null
token=$("$bin" tokens add bench "bench script" --scope read --data "$work/data" 2> /dev/null)

port=$(free_port)
"$bin" serve --library "$lib" --data "$work/data" --port "$port" --no-scan --no-watch --api-rate 1000000 > "$work/serve.log" 2>&1 & pid=$!
ours="http://127.0.0.1:$port"
wait_up "$ours/healthz"
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }

big=$(sqlite3 "$db" "SELECT path FROM folder ORDER BY photoCount DESC LIMIT 1")
quoted=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$big")
html="$ours/folders/$quoted"
api="$ours/api/v1/photos?folder=$quoted&limit=60"

curl -s -c "$work/jar" -o "$work/login.html" "$ours/login"
login_csrf=$(grep -o -m1 'name="csrf" value="[0-9a-f]*"' "$work/login.html" | sed -n '1s/.*value="//; 1s/"//p')
curl -s -b "$work/jar" -c "$work/jar" -o /dev/null -H "Origin: $ours" \
  --data-urlencode "csrf=$login_csrf" --data-urlencode "name=bench" --data-urlencode "password=bench password 1" --data-urlencode "next=/" "$ours/login"
session=$(awk '$6 == "photolala_session" { print $7 }' "$work/jar")
[[ -n "$session" ]] || { echo "could not sign in as bench" >&2; exit 1; }
signed=(-H "Cookie: photolala_session=$session")
bearer=(-H "Authorization: Bearer $token")

# The same 60 photos on both.
curl -s "${signed[@]}" "$html" > "$work/page.html"
curl -s "${bearer[@]}" "$api" > "$work/page.json"
python3 - "$work/page.html" "$work/page.json" <<'PY'
import json, re, sys, urllib.parse
html = open(sys.argv[1]).read()
keys = {urllib.parse.unquote(k) for k in re.findall(r'href="/photos/([^"?#]+)"', html)}
api = json.load(open(sys.argv[2]))
paths = {p["path"] for p in api["photos"]}
if len(paths) != 60 or paths != keys:
    sys.exit(f"the pages differ: {len(paths)} photos in the API's, {len(keys)} in the HTML's, {len(paths ^ keys)} not in both")
PY

bench() {
  local name="$1" before stats; shift
  settle
  wrk_stats -t2 -c32 -d"${warmup}s" "$@" > /dev/null
  settle
  before=$(cpu_ticks)
  stats=$(wrk_stats -t2 -c32 -d"${duration}s" "$@")
  awk -v s="$stats" -v t="$(( $(cpu_ticks) - before ))" -v hz="$(getconf CLK_TCK)" 'BEGIN {
    split(s, f, " "); printf "%s %.2f\n", s, t * 1000 / hz / f[5] }' >> "$work/$name"
}
for run in $(seq "$runs"); do
  echo "api: run $run of $runs" >&2
  bench html "${signed[@]}" "$html"
  bench api "${bearer[@]}" "$api"
done
(( pairs > 0 )) && pair api-html "${bearer[@]}" "$api" -- "${signed[@]}" "$html"

col() { median $(awk -v n="$2" '{ print $n }' "$work/$1"); }
echo
machine
echo "catalog: $(sqlite3 "$db" "SELECT COUNT(*) FROM file") photos; the folder $big ($(sqlite3 "$db" "SELECT photoCount FROM folder WHERE path = '$big'") photos), its first 60"
echo "wrk -t2 -c32 -d${duration}s on loopback after ${warmup} s of warm-up; median of $runs runs"
printf "%-44s %8s %8s %8s %8s %8s\n" "" "req/s" "p50 ms" "p99 ms" "KB" "CPU ms"
printf "%-44s %8s %8s %8s %8s %8s\n" "HTML group page of 60, signed in" "$(col html 1)" "$(col html 2)" "$(col html 3)" \
  "$(( $(wc -c < "$work/page.html") / 1024 ))" "$(col html 6)"
printf "%-44s %8s %8s %8s %8s %8s\n" "API page of the same 60, read token" "$(col api 1)" "$(col api 2)" "$(col api 3)" \
  "$(( $(wc -c < "$work/page.json") / 1024 ))" "$(col api 6)"
if (( pairs > 0 )); then
  echo "paired runs: wrk alternating between the two 2 s at a time, $pairs pairs; the median of the pairs' req/s ratios (quartiles)"
  pair_row "$work/pair-api-html" "API page / HTML page"
fi
