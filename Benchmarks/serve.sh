#!/usr/bin/env bash
# Serving the scanned synthetic library of Benchmarks/library.sh (100,000 photos, one folder of
# 20,000) under concurrency, each side against nginx as the reference, in the same run:
#   - pages: `wrk -t2 -c32 --latency` (after a warm-up) on the folder grid (/), page 1 and the
#     last page of the 20,000-photo folder, a photo view and a filtered search; nginx serves the
#     exact HTML Photolala returned for each page as a static file with the same wrk.
#   - warm thumbnails: 200 grid thumbnails requested once (so they are in the thumbnail cache),
#     then wrk cycles through their URLs (a Lua request function) against Photolala and against
#     nginx serving the same cached files under the same URLs (an alias onto the thumbnail folder).
# Every page is measured as a guest and signed in as a member (a session cookie from the real
# sign-in form), and beside a bare Hummingbird server of the same version (Benchmarks/floor:
# "hello", page 1's HTML and the 200 warm thumbnails from memory), the framework's own floor,
# and SwiftNIO's own "hello" (Benchmarks/floor's nio-floor: the library under Hummingbird, no framework);
# memory is printed after. Then paired runs for the figures whose targets are near (`/healthz`,
# the stylesheet, warm thumbnails signed in and as a guest, the bare servers' same answers):
# wrk alternates between the two sides 2 s at a time, and the median of the pairs' ratios is
# printed with its quartiles, so that a slow moment of the machine slows both sides of a pair.
# Photolala runs `serve --no-scan --no-watch --guest viewer` (its access log goes to a file);
# nginx runs in the foreground with nproc workers, sendfile on and no access log. Both on loopback,
# wrk on the same machine. Reports requests/s, p50 and p99 (medians over runs) and the ratios,
# then what three pages and the stylesheet weigh on the wire, plain and gzip-compressed.
# The catalog comes from Benchmarks/.cache/catalog-<files>/ (kept by scan.sh or made here with
# `photolala scan`, keyed to the binary's SHA-256, so a new build scans again), its stills'
# likeness measured once by a server run on it (`settle_catalog`), so that the server measured
# here does no background work; each run of this script serves a copy of it with an empty
# thumbnail cache.
# Reports only; asserts nothing.
#   usage: Benchmarks/serve.sh [runs]     (default 3)
#   env:   PHOTOLALA_BIN (binary to measure; unset: release build), BENCH_FILES (library size,
#          default 100000), BENCH_DURATION (seconds per wrk run, default 10), BENCH_WARMUP
#          (seconds of wrk before each measured one, default 2), BENCH_PAIRS (pairs of the paired
#          runs, default 12; 0 leaves them out)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
duration="${BENCH_DURATION:-10}"
warmup="${BENCH_WARMUP:-2}"
pairs="${BENCH_PAIRS:-12}"
source Benchmarks/common.sh
need wrk:wrk nginx:nginx-light curl:curl sqlite3:sqlite3 python3:python3
lib=$(bash Benchmarks/library.sh "$bench_files")
bin=$(photolala_bin)
work="$(mktemp -d)"; pid=""; nginx_pid=""; floor_pid=""; nio_pid=""
trap 'for p in "$pid" "$nginx_pid" "$floor_pid" "$nio_pid"; do [[ -n "$p" ]] && kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$work"' EXIT

copy_catalog serve "$bin" "$lib" "$work/data"
db="$work/data/catalog.sqlite"
# A member account, to measure pages as the household sees them (signed in) beside a guest.
printf 'bench password 1\n' | "$bin" users add bench --role member --data "$work/data" > /dev/null

# The framework's floor: a bare Hummingbird server of the same version (Benchmarks/floor).
# And SwiftNIO's own floor under it: its HTTP/1 pipeline and one handler on the event loop.
(cd Benchmarks/floor && swift build -c release >&2)
floor_bin="$(cd Benchmarks/floor && swift build -c release --show-bin-path)/floor"
nio_floor_bin="$(dirname "$floor_bin")/nio-floor"
version_of() { python3 -c 'import json, sys; pins = json.load(open(sys.argv[1]))["pins"]; print(next(p["state"].get("version") for p in pins if p["identity"] == "hummingbird"))' "$1"; }
[[ -f Package.resolved ]] || swift package resolve >&2
hb_ours=$(version_of Package.resolved); hb_floor=$(version_of Benchmarks/floor/Package.resolved)
[[ "$hb_ours" == "$hb_floor" ]] || echo "warning: Photolala uses Hummingbird $hb_ours, the floor $hb_floor" >&2

port=$(free_port)
"$bin" serve --library "$lib" --data "$work/data" --port "$port" --no-scan --no-watch --guest viewer > "$work/serve.log" 2>&1 & pid=$!
ours="http://127.0.0.1:$port"
wait_up "$ours/healthz"

# The pages: the 20,000-photo folder (the biggest), its last page of 60, a photo in its middle,
# and a search for a word in event names and keywords among photos with 3 stars or more;
# /healthz (two bytes through the same server and middleware): what no page can beat; then a
# photo in the middle of a search as large as that folder, and the stylesheet.
big=$(sqlite3 "$db" "SELECT path FROM folder ORDER BY photoCount DESC LIMIT 1")
big_count=$(sqlite3 "$db" "SELECT photoCount FROM folder WHERE path = '$big'")
last=$(( (big_count + 59) / 60 ))
quote() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
photo=$(sqlite3 "$db" "SELECT key FROM file WHERE folder = '$big' ORDER BY sortTaken, id LIMIT 1 OFFSET $(( big_count / 2 ))")
# A word of the biggest folder's name: searching it finds that folder's photos, a search as large.
word=$(basename "$big" | sed 's/[^A-Za-z].*//' | tr 'A-Z' 'a-z')
pages=(
  "folder grid (/)|/"
  "folder of $big_count, page 1|/folders/$(quote "$big")"
  "folder of $big_count, last page ($last)|/folders/$(quote "$big")?page=$last"
  "photo view, mid-folder of $big_count|/photos/$(quote "$photo")"
  "search \"beach\", 3+ stars|/search?q=beach&min_rating=3"
  "the server's floor: /healthz|/healthz"
  "photo view, mid-search of $big_count|/photos/$(quote "$photo")?in=all&q=$word"
  "a static file: the stylesheet|/static/style.css"
)
mkdir -p "$work/nginx/html"
for i in "${!pages[@]}"; do
  path="${pages[i]#*|}"
  expect_200 "$ours$path"
  curl -s -o "$work/nginx/html/page$i.html" "$ours$path"
done
links() { grep -o 'href="/photos/[^"]*"' "$work/nginx/html/page$1.html" | sort -u | wc -l; }
(( $(links 1) == 60 )) || { echo "page 1 of $big shows $(links 1) photos, not 60" >&2; exit 1; }
(( $(links 2) == big_count - (last - 1) * 60 )) || { echo "the last page of $big shows $(links 2) photos" >&2; exit 1; }
(( $(links 4) > 0 )) || { echo "the search found nothing" >&2; exit 1; }
grep -q "of $(python3 -c "print(f'{$big_count:,}')")" "$work/nginx/html/page6.html" \
  || { echo "the photo is not placed in a search of $big_count" >&2; exit 1; }
# Signed in: the session cookie a browser would hold after the sign-in form.
curl -s -c "$work/jar" -o "$work/login.html" "$ours/login"
login_csrf=$(grep -o -m1 'name="csrf" value="[0-9a-f]*"' "$work/login.html" | sed -n '1s/.*value="//; 1s/"//p')
curl -s -b "$work/jar" -c "$work/jar" -o /dev/null -H "Origin: $ours" \
  --data-urlencode "csrf=$login_csrf" --data-urlencode "name=bench" --data-urlencode "password=bench password 1" --data-urlencode "next=/" "$ours/login"
session=$(awk '$6 == "photolala_session" { print $7 }' "$work/jar")
[[ -n "$session" ]] || { echo "could not sign in as bench" >&2; exit 1; }
signed=(-H "Cookie: photolala_session=$session")
page_has '>bench' "${signed[@]}" "$ours/" || { echo "the session cookie does not sign in" >&2; exit 1; }


code=$(curl -s -o /dev/null -w '%{http_code}' "$ours/folders/$(quote "$big")?page=$(( last + 1 ))")
[[ "$code" == 404 ]] || echo "warning: page $(( last + 1 )) of $big answered $code, not 404" >&2

# 200 thumbnails spread over the catalog, made once by Photolala, then served warm.
sqlite3 "$db" "SELECT sha256 FROM photo WHERE id % (SELECT MAX(1, COUNT(*) / 200) FROM photo) = 0 LIMIT 200" \
  | sed 's|.*|/thumbs/256/&.jpg|' > "$work/thumbs.txt"
sed "s|^|$ours|" "$work/thumbs.txt" | xargs -P "$(nproc)" -n 1 curl -sf -o /dev/null
while read -r url; do
  sha="${url#/thumbs/256/}"; sha="${sha%.jpg}"
  [[ -s "$work/data/thumbnails/${sha:0:2}/$sha-256.jpg" ]] || { echo "no cached thumbnail for $sha" >&2; exit 1; }
done < "$work/thumbs.txt"
cycle_script "$work/thumbs.txt" > "$work/thumbs.lua"

nport=$(free_port)
start_nginx "$work/nginx" "$nport" "location ~ ^/thumbs/256/(..)(.*)\\.jpg\$ { alias $work/data/thumbnails/\$1/\$1\$2-256.jpg; }"
theirs="http://127.0.0.1:$nport"
expect_200 "$theirs$(head -1 "$work/thumbs.txt")"
cmp -s <(curl -s "$ours$(head -1 "$work/thumbs.txt")") <(curl -s "$theirs$(head -1 "$work/thumbs.txt")") \
  || { echo "nginx and Photolala serve different thumbnail bytes" >&2; exit 1; }

# The bare server, with page 1 and the thumbnails just made in memory.
fport=$(free_port)
"$floor_bin" "$fport" "$work/nginx/html/page1.html" "$work/data/thumbnails" "$work/nginx/html/page7.html" > "$work/floor.log" 2>&1 & floor_pid=$!
floor="http://127.0.0.1:$fport"
wait_up "$floor/hello"
cmp -s "$work/nginx/html/page1.html" <(curl -s "$floor/page") || { echo "the floor serves other bytes than page 1" >&2; exit 1; }
cmp -s <(curl -s "$ours/static/style.css") <(curl -s "$floor/style.css") || { echo "the floor serves another stylesheet" >&2; exit 1; }
cmp -s <(curl -s "$ours$(head -1 "$work/thumbs.txt")") <(curl -s "$floor$(head -1 "$work/thumbs.txt")") \
  || { echo "the floor serves other thumbnail bytes than Photolala" >&2; exit 1; }

nio_port=$(free_port)
"$nio_floor_bin" "$nio_port" > "$work/nio-floor.log" 2>&1 & nio_pid=$!
nio_floor="http://127.0.0.1:$nio_port"
wait_up "$nio_floor/hello"

# bench NAME ARGS... URL: a warm-up, then a measured wrk; appends "req/s p50 p99 errors requests
# server-CPU-ms-per-request" to $work/NAME (the CPU is Photolala's user + system time over the
# measured wrk, read from /proc; for nginx, whose workers are other processes, it stays 0).
# Before each wrk it waits for Photolala to go idle (`settle`).
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
bench() {
  local name="$1" before stats; shift
  settle
  wrk_stats -t2 -c32 -d"${warmup}s" "$@" > /dev/null
  settle
  before=$(cpu_ticks)
  stats=$(wrk_stats -t2 -c32 -d"${duration}s" "$@")
  awk -v s="$stats" -v t="$(( $(cpu_ticks) - before ))" -v hz="$(getconf CLK_TCK)" -v ours="${name%%-*}" 'BEGIN {
    split(s, f, " "); printf "%s %.2f\n", s, (ours == "ours" || ours == "signed") ? t * 1000 / hz / f[5] : 0 }' >> "$work/$name"
}
for run in $(seq "$runs"); do
  echo "serve: run $run of $runs" >&2
  for i in "${!pages[@]}"; do
    bench "ours-$i" "$ours${pages[i]#*|}"
    bench "signed-$i" "${signed[@]}" "$ours${pages[i]#*|}"
    bench "nginx-$i" "$theirs/page$i.html"
  done
  bench floor-hello "$floor/hello"
  bench nio-hello "$nio_floor/hello"
  bench floor-page "$floor/page"
  bench floor-style "$floor/style.css"
  bench ours-thumbs -s "$work/thumbs.lua" "$ours"
  bench signed-thumbs -s "$work/thumbs.lua" "${signed[@]}" "$ours"
  bench nginx-thumbs -s "$work/thumbs.lua" "$theirs"
  bench floor-thumbs -s "$work/thumbs.lua" "$floor"
done

# Paired runs (`pair` in common.sh), for the figures whose targets are near.
if (( pairs > 0 )); then
  echo "serve: paired runs" >&2
  pair healthz "$ours/healthz" -- "$theirs/page5.html"
  pair floor-hello "$floor/hello" -- "$theirs/page5.html"
  pair healthz-floor "$ours/healthz" -- "$floor/hello"
  pair nio-hello "$nio_floor/hello" -- "$theirs/page5.html"
  pair style "$ours/static/style.css" -- "$theirs/page7.html"
  pair floor-style "$floor/style.css" -- "$theirs/page7.html"
  pair style-floor "$ours/static/style.css" -- "$floor/style.css"
  pair signed-thumbs -s "$work/thumbs.lua" "${signed[@]}" "$ours" -- -s "$work/thumbs.lua" "$theirs"
  pair thumbs -s "$work/thumbs.lua" "$ours" -- -s "$work/thumbs.lua" "$theirs"
  pair floor-thumbs -s "$work/thumbs.lua" "$floor" -- -s "$work/thumbs.lua" "$theirs"
fi

# col FILE N: the median of column N over runs.
col() { median $(awk -v n="$2" '{ print $n }' "$work/$1"); }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { r = a / b; printf (r < 0.1 ? "%.2gx" : "%.2fx"), r }'; }
row() { printf "%-34s %6s | %8s %7s %8s %6s %6s | %8s %6s %6s | %6s\n" "$@"; }
echo
machine
echo "catalog: $(sqlite3 "$db" "SELECT COUNT(*) FROM file") photos; wrk -t2 -c32 -d${duration}s on loopback after ${warmup} s of warm-up; median of $runs runs"
echo "(CPU: Photolala's user + system CPU ms per request; errors: wrk socket errors, timeouts included)"
row "page" "KB" "Photolala" "" "" "CPU" "" "nginx" "" "" "req/s"
row "" "" "req/s" "p50 ms" "p99 ms" "ms/req" "errors" "req/s" "p50 ms" "p99 ms" "ratio"
for i in "${!pages[@]}"; do
  row "${pages[i]%%|*}" "$(awk -v b="$(stat -c %s "$work/nginx/html/page$i.html")" 'BEGIN { printf "%.1f", b / 1024 }')" \
    "$(col "ours-$i" 1)" "$(col "ours-$i" 2)" "$(col "ours-$i" 3)" "$(col "ours-$i" 6)" "$(col "ours-$i" 4)" \
    "$(col "nginx-$i" 1)" "$(col "nginx-$i" 2)" "$(col "nginx-$i" 3)" "$(ratio "$(col "ours-$i" 1)" "$(col "nginx-$i" 1)")"
done
echo
echo "signed in as a member (the household's usual case): the same pages with a session cookie"
row "page" "" "signed in" "" "" "CPU" "" "" "" "vs guest" "vs nginx"
for i in "${!pages[@]}"; do
  row "${pages[i]%%|*}" "" "$(col "signed-$i" 1)" "$(col "signed-$i" 2)" "$(col "signed-$i" 3)" "$(col "signed-$i" 6)" "$(col "signed-$i" 4)" \
    "" "" "$(ratio "$(col "signed-$i" 1)" "$(col "ours-$i" 1)")" "$(ratio "$(col "signed-$i" 1)" "$(col "nginx-$i" 1)")"
done
echo
echo "the framework's floor: a bare Hummingbird $hb_floor server (Benchmarks/floor), answering from memory"
row "bare Hummingbird" "KB" "req/s" "p50 ms" "p99 ms" "" "errors" "" "" "vs nginx" "Photolala/it"
row "\"hello\"" "0.0" "$(col floor-hello 1)" "$(col floor-hello 2)" "$(col floor-hello 3)" "" "$(col floor-hello 4)" \
  "" "" "$(ratio "$(col floor-hello 1)" "$(col nginx-5 1)")" "$(ratio "$(col ours-5 1)" "$(col floor-hello 1)")"
row "page 1 of $big_count from memory" "$(awk -v b="$(stat -c %s "$work/nginx/html/page1.html")" 'BEGIN { printf "%.1f", b / 1024 }')" \
  "$(col floor-page 1)" "$(col floor-page 2)" "$(col floor-page 3)" "" "$(col floor-page 4)" \
  "" "" "$(ratio "$(col floor-page 1)" "$(col nginx-1 1)")" "$(ratio "$(col ours-1 1)" "$(col floor-page 1)")"
row "the stylesheet from memory" "$(awk -v b="$(stat -c %s "$work/nginx/html/page7.html")" 'BEGIN { printf "%.1f", b / 1024 }')" \
  "$(col floor-style 1)" "$(col floor-style 2)" "$(col floor-style 3)" "" "$(col floor-style 4)" \
  "" "" "$(ratio "$(col floor-style 1)" "$(col nginx-7 1)")" "$(ratio "$(col ours-7 1)" "$(col floor-style 1)")"
row "the 200 thumbnails from memory" "" "$(col floor-thumbs 1)" "$(col floor-thumbs 2)" "$(col floor-thumbs 3)" "" "$(col floor-thumbs 4)" \
  "" "" "$(ratio "$(col floor-thumbs 1)" "$(col nginx-thumbs 1)")" "$(ratio "$(col ours-thumbs 1)" "$(col floor-thumbs 1)")"
row "SwiftNIO alone: \"hello\"" "0.0" "$(col nio-hello 1)" "$(col nio-hello 2)" "$(col nio-hello 3)" "" "$(col nio-hello 4)" \
  "" "" "$(ratio "$(col nio-hello 1)" "$(col nginx-5 1)")" "$(ratio "$(col ours-5 1)" "$(col nio-hello 1)")"
echo "(vs nginx: \"hello\" against nginx serving /healthz's two bytes, page 1 and the stylesheet against nginx serving the same bytes, the thumbnails against nginx serving the same files; Photolala/it: Photolala's guest /healthz, page 1, stylesheet and warm thumbnails over these)"
rss() { awk '/^VmRSS:/ { r = $2 } /^VmHWM:/ { h = $2 } END { printf "%.0f MB now, %.0f MB peak", r / 1024, h / 1024 }' "/proc/$1/status"; }
echo "memory after the runs: Photolala $(rss "$pid"); bare Hummingbird $(rss "$floor_pid"); SwiftNIO alone $(rss "$nio_pid")"
echo
printf "last page / page 1 (Photolala): p50 %s, CPU per request %s (the last page shows %d photos, page 1 60)\n" \
  "$(ratio "$(col ours-2 2)" "$(col ours-1 2)")" "$(ratio "$(col ours-2 6)" "$(col ours-1 6)")" "$(( big_count - (last - 1) * 60 ))"
echo
row "warm 256 px thumbnails (200 URLs)" "KB" "Photolala" "" "" "CPU" "" "nginx" "" "" "req/s"
row "" "" "req/s" "p50 ms" "p99 ms" "ms/req" "errors" "req/s" "p50 ms" "p99 ms" "ratio"
row "signed in, the same 200" "" "$(col signed-thumbs 1)" "$(col signed-thumbs 2)" "$(col signed-thumbs 3)" "$(col signed-thumbs 6)" "$(col signed-thumbs 4)" \
  "" "" "" "$(ratio "$(col signed-thumbs 1)" "$(col nginx-thumbs 1)")"
row "cycling through cached files" "$(find "$work/data/thumbnails" -name '*-256.jpg' -printf '%s\n' | awk '{ b += $1 } END { printf "%.1f", b / 1024 / NR }')" \
  "$(col ours-thumbs 1)" "$(col ours-thumbs 2)" "$(col ours-thumbs 3)" "$(col ours-thumbs 6)" "$(col ours-thumbs 4)" \
  "$(col nginx-thumbs 1)" "$(col nginx-thumbs 2)" "$(col nginx-thumbs 3)" "$(ratio "$(col ours-thumbs 1)" "$(col nginx-thumbs 1)")"
if (( pairs > 0 )); then
  echo
  echo "paired runs: wrk alternating between the two sides 2 s at a time, $pairs pairs; the median of the pairs' req/s ratios"
  printf "%-50s %8s %8s %7s %13s\n" "pair" "A req/s" "B req/s" "A / B" "quartiles"
  for p in "healthz|/healthz / nginx" "floor-hello|bare \"hello\" / nginx" "healthz-floor|/healthz / bare \"hello\"" "nio-hello|SwiftNIO \"hello\" / nginx" \
           "style|the stylesheet / nginx" "floor-style|bare stylesheet / nginx" "style-floor|the stylesheet / bare stylesheet" \
           "signed-thumbs|warm thumbnails, signed in / nginx" "thumbs|warm thumbnails, guest / nginx" "floor-thumbs|bare thumbnails / nginx"; do
    pair_row "$work/pair-${p%%|*}" "${p#*|}"
  done
  echo "(nginx serves /healthz's bytes, the stylesheet and the thumbnail files; \"bare\": the bare Hummingbird server above)"
fi
echo
echo "page weight on the wire: bytes as sent without and with Accept-Encoding: gzip (curl)"
weigh() { curl -s -o /dev/null -w '%{size_download}' "$@"; }
for i in 0 1 4; do
  plain=$(weigh "$ours${pages[i]#*|}"); packed=$(weigh -H 'Accept-Encoding: gzip' "$ours${pages[i]#*|}")
  printf "%-34s %8.1f KB -> %6.1f KB (%.2fx)\n" "${pages[i]%%|*}" "$(awk -v b="$plain" 'BEGIN { print b / 1024 }')" \
    "$(awk -v b="$packed" 'BEGIN { print b / 1024 }')" "$(awk -v a="$packed" -v b="$plain" 'BEGIN { print a / b }')"
done
plain=$(weigh "$ours/static/style.css"); packed=$(weigh -H 'Accept-Encoding: gzip' "$ours/static/style.css")
printf "%-34s %8.1f KB -> %6.1f KB (%.2fx)\n" "the stylesheet" "$(awk -v b="$plain" 'BEGIN { print b / 1024 }')" \
  "$(awk -v b="$packed" 'BEGIN { print b / 1024 }')" "$(awk -v a="$packed" -v b="$plain" 'BEGIN { print a / b }')"
problems=$(grep -c -E ' (warning|error|critical) ' "$work/serve.log" || true)
(( problems == 0 )) || { echo "the server logged $problems warnings or errors; the first:"; grep -m3 -E ' (warning|error|critical) ' "$work/serve.log"; }
