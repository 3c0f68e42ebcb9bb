#!/usr/bin/env bash
# Serving from a shared PostgreSQL catalog, alone and behind nginx, beside SQLite in the same run:
# the synthetic library of Benchmarks/library.sh is scanned into a throwaway PostgreSQL cluster
# (scripts/postgres.sh: loopback, fsync off) with `photolala scan --catalog`, and into SQLite (the
# cached catalog serve.sh uses), then `wrk -t2 -c32 --latency` (after a warm-up) asks for page 1 of
# the biggest folder and cycles through 200 warm grid thumbnails, as a guest and signed in as a
# member (a session cookie from the real sign-in form), against:
#   - SQLite: one instance, directly;
#   - PostgreSQL: one instance directly, nginx in front of it, and nginx in front of two instances
#     (each with its own data folder, so each makes and keeps its own thumbnails).
# Every instance runs `serve --no-scan --no-watch --rescan-interval 0 --guest viewer
# --trusted-proxies 127.0.0.1`; nginx runs in the foreground with nproc workers, keep-alive
# connections to the instances and no access log. Everything on loopback, wrk on the same machine
# (so on a small machine nginx, the instances, PostgreSQL and wrk share the cores).
# Reports requests/s, p50 and p99 (medians over runs) with the ratio to SQLite, how long the
# PostgreSQL scan took, and each process's memory (now and peak, with its children).
# Reports only; asserts nothing.
#   usage: Benchmarks/scaleout.sh [runs]     (default 3)
#   env:   PHOTOLALA_BIN (binary to measure; unset: release build), BENCH_FILES (library size,
#          default 100000), BENCH_DURATION (seconds per wrk run, default 10), BENCH_WARMUP
#          (seconds of wrk before each measured one, default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
duration="${BENCH_DURATION:-10}"
warmup="${BENCH_WARMUP:-2}"
source Benchmarks/common.sh
need wrk:wrk nginx:nginx-light curl:curl sqlite3:sqlite3 psql:postgresql-client python3:python3
lib=$(bash Benchmarks/library.sh "$bench_files")
bin=$(photolala_bin)
work="$(mktemp -d)"
# The cluster's folder is its own: the server runs as `postgres`, which cannot enter $work.
pg_folder="$(mktemp -d /tmp/photolala-bench-pg.XXXXXX)"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; bash scripts/postgres.sh stop "$pg_folder"; rm -rf "$work"' EXIT

# SQLite: the cached scan of the library (as serve.sh), served from a copy.
copy_catalog scaleout "$bin" "$lib" "$work/sqlite"
db="$work/sqlite/catalog.sqlite"

# PostgreSQL: a database of its own in a fresh cluster, filled by a scan.
maintenance=$(bash scripts/postgres.sh start "$pg_folder")
psql -X -q -v ON_ERROR_STOP=1 "$maintenance" -c 'CREATE DATABASE photolala_bench'
catalog="${maintenance%/*}/photolala_bench"
echo "scaleout: scanning the library into PostgreSQL" >&2
measure "$work/scan.result" "$bin" scan --library "$lib" --catalog "$catalog" --data "$work/pg-1" > "$work/scan.log" 2>&1 \
  || { cat "$work/scan.log" >&2; exit 1; }
read -r scan_seconds scan_peak < "$work/scan.result"
pg_photos=$(psql -X -At "$catalog" -c 'SELECT COUNT(*) FROM file')
sqlite_photos=$(sqlite3 "$db" "SELECT COUNT(*) FROM file")
[[ "$pg_photos" == "$sqlite_photos" ]] || { echo "PostgreSQL holds $pg_photos files, SQLite $sqlite_photos" >&2; exit 1; }

# A member account in each catalog, to measure pages as the household sees them.
printf 'bench password 1\n' | "$bin" users add bench --role member --data "$work/sqlite" > /dev/null
printf 'bench password 1\n' | "$bin" users add bench --role member --catalog "$catalog" --library "$lib" --data "$work/pg-1" > /dev/null

# serve NAME ARGS...: starts an instance on a free port, sets its URL in url_NAME and its pid in pid_NAME.
serve() {
  local name="$1" port; shift
  port=$(free_port)
  "$bin" serve --library "$lib" --port "$port" --no-scan --no-watch --rescan-interval 0 --guest viewer \
    --trusted-proxies 127.0.0.1 "$@" > "$work/$name.log" 2>&1 &
  pids+=($!)
  printf -v "pid_$name" '%s' $!
  printf -v "url_$name" '%s' "http://127.0.0.1:$port"
  wait_up "http://127.0.0.1:$port/healthz" || { cat "$work/$name.log" >&2; return 1; }
}
serve sqlite --data "$work/sqlite"
serve pg1 --data "$work/pg-1" --catalog "$catalog"
serve pg2 --data "$work/pg-2" --catalog "$catalog"

# proxy NAME PORT...: nginx (start_nginx) in $work/NAME, in front of the instances on those
# ports, on a free port of its own; sets url_NAME and pid_NAME.
proxy() {
  local name="$1" port servers="" p; shift
  port=$(free_port)
  for p in "$@"; do servers+="server 127.0.0.1:$p; "; done
  start_nginx "$work/$name" "$port" '
    location / {
      proxy_pass http://photolala;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_next_upstream error timeout http_502 http_503;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }' "upstream photolala { $servers keepalive 64; }" || return 1
  pids+=("$nginx_pid")
  printf -v "pid_$name" '%s' "$nginx_pid"
  printf -v "url_$name" '%s' "http://127.0.0.1:$port"
}
port_of() { echo "${1##*:}"; }
proxy nginx1 "$(port_of "$url_pg1")"
proxy nginx2 "$(port_of "$url_pg1")" "$(port_of "$url_pg2")"

# The group page: page 1 of the biggest folder (60 photos).
quote() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
big=$(sqlite3 "$db" "SELECT path FROM folder ORDER BY photoCount DESC LIMIT 1")
big_count=$(sqlite3 "$db" "SELECT photoCount FROM folder WHERE path = '$big'")
page="/folders/$(quote "$big")"

# sign_in URL: prints the session cookie of bench signed in through the form at URL.
sign_in() {
  local jar="$work/jar-$RANDOM" csrf session
  curl -s -c "$jar" -o "$jar.html" "$1/login"
  csrf=$(grep -o -m1 'name="csrf" value="[0-9a-f]*"' "$jar.html" | sed -n '1s/.*value="//; 1s/"//p')
  curl -s -b "$jar" -c "$jar" -o /dev/null -H "Origin: $1" \
    --data-urlencode "csrf=$csrf" --data-urlencode "name=bench" --data-urlencode "password=bench password 1" --data-urlencode "next=/" "$1/login"
  session=$(awk '$6 == "photolala_session" { print $7 }' "$jar")
  [[ -n "$session" ]] || { echo "could not sign in as bench at $1" >&2; return 1; }
  echo "photolala_session=$session"
}
sqlite_cookie=$(sign_in "$url_sqlite")
# One session serves every PostgreSQL instance: it is kept in the shared catalog.
pg_cookie=$(sign_in "$url_nginx2")

setups=(sqlite pg1 nginx1 nginx2)
declare -A label=([sqlite]="SQLite, one instance" [pg1]="PostgreSQL, one instance" [nginx1]="PostgreSQL, nginx + one instance"
                  [nginx2]="PostgreSQL, nginx + two instances")
declare -A cookie=([sqlite]="$sqlite_cookie" [pg1]="$pg_cookie" [nginx1]="$pg_cookie" [nginx2]="$pg_cookie")
links() { grep -o 'href="/photos/[^"]*"' | sort -u | wc -l; }
for s in "${setups[@]}"; do
  url="url_$s"
  expect_200 "${!url}$page"
  shown=$(curl -s "${!url}$page" | links)
  (( shown == 60 || shown == big_count )) || { echo "${label[$s]}: page 1 of $big shows $shown photos" >&2; exit 1; }
  # (read whole first: grep -q stopping early would fail curl, and the pipeline with it)
  signed_page=$(curl -s -H "Cookie: ${cookie[$s]}" "${!url}$page")
  grep -q '<summary>bench</summary>' <<<"$signed_page" || { echo "${label[$s]}: the session cookie does not sign in" >&2; exit 1; }
done

# 200 thumbnails spread over the catalog, made once by each instance (each keeps its own), then served warm.
sqlite3 "$db" "SELECT sha256 FROM photo WHERE id % (SELECT MAX(1, COUNT(*) / 200) FROM photo) = 0 LIMIT 200" \
  | sed 's|.*|/thumbs/256/&.jpg|' > "$work/thumbs.txt"
for s in sqlite pg1 pg2; do
  url="url_$s"
  sed "s|^|${!url}|" "$work/thumbs.txt" | xargs -P "$(nproc)" -n 1 curl -sf -o /dev/null \
    || { echo "${label[$s]:-PostgreSQL, the second instance}: a thumbnail failed" >&2; exit 1; }
done
cycle_script "$work/thumbs.txt" > "$work/thumbs.lua"

# Before each wrk, waits for every instance to go idle (`settle`).
cpu_ticks() { local p total=0; for p in "$pid_sqlite" "$pid_pg1" "$pid_pg2"; do
  total=$(( total + $(awk '{ print $14 + $15 }' "/proc/$p/stat") )); done; echo "$total"; }
# bench NAME ARGS... URL: a warm-up, then a measured wrk; appends "req/s p50 p99 errors requests" to $work/NAME.
bench() {
  local name="$1"; shift
  settle
  wrk_stats -t2 -c32 -d"${warmup}s" "$@" > /dev/null
  settle
  wrk_stats -t2 -c32 -d"${duration}s" "$@" >> "$work/$name"
}
for run in $(seq "$runs"); do
  echo "scaleout: run $run of $runs" >&2
  for s in "${setups[@]}"; do
    url="url_$s"
    bench "$s-page" "${!url}$page"
    bench "$s-page-signed" -H "Cookie: ${cookie[$s]}" "${!url}$page"
    bench "$s-thumbs" -s "$work/thumbs.lua" "${!url}"
    bench "$s-thumbs-signed" -s "$work/thumbs.lua" -H "Cookie: ${cookie[$s]}" "${!url}"
  done
done

# col FILE N: the median of column N over runs.
col() { median $(awk -v n="$2" '{ print $n }' "$work/$1"); }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { r = a / b; printf (r < 0.1 ? "%.2gx" : "%.2fx"), r }'; }
row() { printf "%-44s %9s %8s %8s %7s %9s\n" "$@"; }
# mem PID: resident memory of a process and its children (an instance's decoder workers, nginx's
# workers, PostgreSQL's backends), now and at peak.
mem() { local p now=0 high=0; for p in "$1" $(pgrep -P "$1" || true); do
  now=$(( now + $(awk '/^VmRSS:/ { print $2 }' "/proc/$p/status" 2>/dev/null || echo 0) ))
  high=$(( high + $(awk '/^VmHWM:/ { print $2 }' "/proc/$p/status" 2>/dev/null || echo 0) )); done
  echo "$(( now / 1024 )) MB now, $(( high / 1024 )) MB peak"; }
echo
machine
echo "catalog: $pg_photos photos in PostgreSQL $(psql -X -At "$catalog" -c 'SHOW server_version' | cut -d' ' -f1) and in SQLite;" \
  "page 1 of a folder of $big_count; wrk -t2 -c32 -d${duration}s on loopback after ${warmup} s of warm-up; median of $runs runs"
echo "scan into PostgreSQL: $scan_seconds s ($(awk -v n="$pg_photos" -v s="$scan_seconds" 'BEGIN { printf "%.0f", n / s }') files/s), peak $scan_peak MB"
echo "(errors: wrk socket errors, timeouts included; vs SQLite: requests/s over SQLite's for the same requests)"
for what in "page|group page, page 1 of $big_count, guest" "page-signed|group page, signed in as a member" \
            "thumbs|warm 256 px thumbnails (200 URLs), guest" "thumbs-signed|warm 256 px thumbnails, signed in"; do
  echo
  row "${what#*|}" "req/s" "p50 ms" "p99 ms" "errors" "vs SQLite"
  for s in "${setups[@]}"; do
    row "  ${label[$s]}" "$(col "$s-${what%%|*}" 1)" "$(col "$s-${what%%|*}" 2)" "$(col "$s-${what%%|*}" 3)" "$(col "$s-${what%%|*}" 4)" \
      "$(ratio "$(col "$s-${what%%|*}" 1)" "$(col "sqlite-${what%%|*}" 1)")"
  done
done
echo
echo "memory after the runs (with children; PostgreSQL's shared buffers count in every backend that touched them):"
echo "  Photolala on SQLite:              $(mem "$pid_sqlite")"
echo "  Photolala on PostgreSQL, first:   $(mem "$pid_pg1")"
echo "  Photolala on PostgreSQL, second:  $(mem "$pid_pg2")"
echo "  nginx in front of one:            $(mem "$pid_nginx1")"
echo "  nginx in front of two:            $(mem "$pid_nginx2")"
echo "  PostgreSQL (server and backends): $(mem "$(head -1 "$pg_folder/data/postmaster.pid")")"
for s in sqlite pg1 pg2; do
  problems=$(grep -c -E ' (warning|error|critical) ' "$work/$s.log" || true)
  (( problems == 0 )) || { echo "the $s instance logged $problems warnings or errors; the first:"; grep -m3 -E ' (warning|error|critical) ' "$work/$s.log"; }
done
