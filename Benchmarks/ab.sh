#!/usr/bin/env bash
# A paired A/B of two photolala binaries (a change against the build before it) on the figures of
# BENCHMARKS.md's summary that a change to the server can move:
#   - the scan: cold scans of the synthetic library (Benchmarks/library.sh) into empty data
#     folders and rescans of it unchanged, A and B in turn (which goes first alternates);
#   - serving: both binaries serve copies of one catalog (scanned by A; B takes its own
#     migrations as it opens its copy) with `serve --no-scan --no-watch --guest viewer`, each
#     signed in as a member through the real sign-in form, and wrk alternates between them 2 s at
#     a time (`wrk -t2 -c32`; which goes first alternates too), so a slow moment of the machine
#     slows both sides of a pair. The figures: /healthz, the stylesheet, page 1 of the biggest
#     folder as a guest and signed in, a photo in the middle of a search as large as that folder,
#     a filtered search, and 200 warm grid thumbnails signed in.
# Each line gives B's and A's medians and the median of the pairs' B/A ratios with its quartiles
# (above 1: B is faster). Reports only; asserts nothing.
#   usage: Benchmarks/ab.sh A-BINARY B-BINARY [pairs]     (default 12 pairs; scans: pairs / 4, at least 2)
#   env:   BENCH_FILES (library size, default 100000); AB_RESOURCES_A and AB_RESOURCES_B, the
#          folders holding each build's Templates/ and Public/ (default: this checkout's, for both)
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -ge 2 && -x "$1" && -x "$2" ]] || { echo "usage: Benchmarks/ab.sh A-BINARY B-BINARY [pairs]" >&2; exit 2; }
bin_a="$(realpath "$1")"; bin_b="$(realpath "$2")"; pairs="${3:-12}"
source Benchmarks/common.sh
need wrk:wrk curl:curl sqlite3:sqlite3 python3:python3
lib=$(bash Benchmarks/library.sh "$bench_files")
work="$(mktemp -d)"; pid_a=""; pid_b=""
trap '[[ -n "$pid_a" ]] && kill "$pid_a" 2>/dev/null; [[ -n "$pid_b" ]] && kill "$pid_b" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
count=$(find "$lib" -type f | wc -l)
find "$lib" -type f -print0 | xargs -0 cat > /dev/null

# The scan: files a second, cold and unchanged. check: every file scanned without errors.
scans=$(( pairs / 4 < 2 ? 2 : pairs / 4 ))
scan_rate() {
  local data="$work/scan-$RANDOM" start out
  start=$(date +%s.%N)
  # (the summary in English, its numbers without their thousands commas)
  out=$(LANGUAGE= LC_ALL=C.UTF-8 "$1" scan --library "$lib" --data "$data" 2>&1 | tr -d ,)
  grep -q "Scanned $count files" <<<"$out" && grep -q " 0 errors" <<<"$out" || { echo "unexpected scan summary: $out" >&2; exit 1; }
  awk -v n="$count" -v a="$(date +%s.%N)" -v b="$start" 'BEGIN { printf "%.1f ", n / (a - b) }'
  start=$(date +%s.%N)
  "$1" scan --library "$lib" --data "$data" > /dev/null 2>&1
  awk -v n="$count" -v a="$(date +%s.%N)" -v b="$start" 'BEGIN { printf "%.1f\n", n / (a - b) }'
  rm -rf "$data"
}
for i in $(seq "$scans"); do
  echo "ab: scans, pair $i of $scans" >&2
  if (( i % 2 )); then a=$(scan_rate "$bin_a"); b=$(scan_rate "$bin_b"); else b=$(scan_rate "$bin_b"); a=$(scan_rate "$bin_a"); fi
  echo "${b% *} ${a% *}" >> "$work/cold"; echo "${b#* } ${a#* }" >> "$work/rescan"
done

# Serving: one catalog, scanned by A, copied for each side, with a member account.
"$bin_a" scan --library "$lib" --data "$work/scanned" > /dev/null 2>&1
db="$work/scanned/catalog.sqlite"
printf 'bench password 1\n' | "$bin_a" users add bench --role member --data "$work/scanned" > /dev/null
cp -a "$work/scanned" "$work/data-a"; cp -a "$work/scanned" "$work/data-b"
port_a=$(free_port)
PHOTOLALA_RESOURCES="${AB_RESOURCES_A:-$PWD}" "$bin_a" serve --library "$lib" --data "$work/data-a" --port "$port_a" --no-scan --no-watch --guest viewer > "$work/a.log" 2>&1 & pid_a=$!
port_b=$(free_port)
while [[ "$port_b" == "$port_a" ]]; do port_b=$(free_port); done
PHOTOLALA_RESOURCES="${AB_RESOURCES_B:-$PWD}" "$bin_b" serve --library "$lib" --data "$work/data-b" --port "$port_b" --no-scan --no-watch --guest viewer > "$work/b.log" 2>&1 & pid_b=$!
side_a="http://127.0.0.1:$port_a"; side_b="http://127.0.0.1:$port_b"
wait_up "$side_a/healthz"; wait_up "$side_b/healthz"
cpu_ticks() { awk '{ t += $14 + $15 } END { print t }' "/proc/$pid_a/stat" "/proc/$pid_b/stat"; }

# sign_in URL: the session cookie a browser holds after the sign-in form.
sign_in() {
  local jar="$work/jar-$RANDOM" csrf session
  curl -s -c "$jar" -o "$work/login.html" "$1/login"
  csrf=$(grep -o -m1 'name="csrf" value="[0-9a-f]*"' "$work/login.html" | sed -n '1s/.*value="//; 1s/"//p')
  curl -s -b "$jar" -c "$jar" -o /dev/null -H "Origin: $1" --data-urlencode "csrf=$csrf" --data-urlencode "name=bench" \
    --data-urlencode "password=bench password 1" --data-urlencode "next=/" "$1/login"
  session=$(awk '$6 == "photolala_session" { print $7 }' "$jar")
  [[ -n "$session" ]] && page_has '>bench' -H "Cookie: photolala_session=$session" "$1/" \
    || { echo "could not sign in at $1 (A is $side_a); the servers' last lines:" >&2; tail -n 5 "$work/a.log" "$work/b.log" >&2; exit 1; }
  echo "$session"
}
cookie_a="Cookie: photolala_session=$(sign_in "$side_a")"
cookie_b="Cookie: photolala_session=$(sign_in "$side_b")"

big=$(sqlite3 "$db" "SELECT path FROM folder ORDER BY photoCount DESC LIMIT 1")
big_count=$(sqlite3 "$db" "SELECT photoCount FROM folder WHERE path = '$big'")
quote() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
photo=$(sqlite3 "$db" "SELECT key FROM file WHERE folder = '$big' ORDER BY sortTaken, id LIMIT 1 OFFSET $(( big_count / 2 ))")
word=$(basename "$big" | sed 's/[^A-Za-z].*//' | tr 'A-Z' 'a-z')
sqlite3 "$db" "SELECT sha256 FROM photo WHERE id % (SELECT MAX(1, COUNT(*) / 200) FROM photo) = 0 LIMIT 200" \
  | sed 's|.*|/thumbs/256/&.jpg|' > "$work/thumbs.txt"
for side in "$side_a" "$side_b"; do sed "s|^|$side|" "$work/thumbs.txt" | xargs -P "$(nproc)" -n 1 curl -sf -o /dev/null; done
cycle_script "$work/thumbs.txt" > "$work/thumbs.lua"

# Every figure must answer 200 on both sides before it is measured.
figures=(
  "/healthz|guest|/healthz"
  "the stylesheet|guest|/static/style.css"
  "folder of $big_count, page 1, guest|guest|/folders/$(quote "$big")"
  "folder of $big_count, page 1, signed in|signed|/folders/$(quote "$big")"
  "photo view, mid-search of $big_count, guest|guest|/photos/$(quote "$photo")?in=all&q=$word"
  "photo view, mid-search of $big_count, signed in|signed|/photos/$(quote "$photo")?in=all&q=$word"
  "search \"beach\", 3+ stars, signed in|signed|/search?q=beach&min_rating=3"
)
for f in "${figures[@]}"; do
  path="${f##*|}"; expect_200 "$side_a$path"; expect_200 "$side_b$path"
done

for i in "${!figures[@]}"; do
  f="${figures[i]}"; who="${f#*|}"; who="${who%%|*}"; path="${f##*|}"
  echo "ab: ${f%%|*}" >&2
  if [[ "$who" == signed ]]; then
    pair "$i" -H "$cookie_b" "$side_b$path" -- -H "$cookie_a" "$side_a$path"
  else
    pair "$i" "$side_b$path" -- "$side_a$path"
  fi
done
echo "ab: warm thumbnails" >&2
pair thumbs -s "$work/thumbs.lua" -H "$cookie_b" "$side_b" -- -s "$work/thumbs.lua" -H "$cookie_a" "$side_a"

echo
machine
echo "A: $bin_a"
echo "B: $bin_b"
echo "library: $count photos; scans: $scans pairs; serving: $pairs pairs of 2 s, wrk -t2 -c32 on loopback"
printf "%-50s %8s %8s %7s %13s\n" "figure" "B" "A" "B / A" "quartiles"
pair_row "$work/cold" "cold scan (files/s)"
pair_row "$work/rescan" "rescan, unchanged (files/s)"
for i in "${!figures[@]}"; do pair_row "$work/pair-$i" "${figures[i]%%|*} (req/s)"; done
pair_row "$work/pair-thumbs" "warm thumbnails, signed in (req/s)"
rss() { awk '/^VmRSS:/ { r = $2 } /^VmHWM:/ { h = $2 } END { printf "%.0f MB now, %.0f MB peak", r / 1024, h / 1024 }' "/proc/$1/status"; }
echo "memory after the runs: A $(rss "$pid_a"); B $(rss "$pid_b")"
for side in a b; do
  problems=$(grep -c -E ' (warning|error|critical) ' "$work/$side.log" || true)
  (( problems == 0 )) || { echo "$side logged $problems warnings or errors; the first:"; grep -m3 -E ' (warning|error|critical) ' "$work/$side.log"; }
done
