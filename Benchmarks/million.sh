#!/usr/bin/env bash
# A million photos on the machine at hand, on SQLite and on PostgreSQL: does a page cost what it
# shows, or what the library holds? The corpus is Benchmarks/library.sh's at this count (for a
# million: one folder of 200,000, a phone's dump, three of 50,000, the rest in events by month;
# small distinct JPEGs with camera EXIF). For each catalog:
#   - the cold scan into an empty catalog (seconds, files/s, peak RSS of the scan and its decoder
#     workers) and a rescan of the unchanged library;
#   - `photolala serve` started on the scanned catalog with the settings a household runs with
#     (a scan at the start, the library watched, the work beside the requests on: at first, a
#     million photos' likeness to measure): seconds from its start to its first answer
#     (/healthz) and to its first home page;
#   - during that start-up rescan, as a guest: the first visits of the home page, a search of
#     everything and the biggest folder's first page, then the home page under `wrk -t2 -c8` for
#     BENCH_DURATION seconds (whether the rescan was still running at its end is printed), then
#     the seconds until the rescan ended and the server's RSS then; and until the home page
#     shows its counts (they are made beside the requests);
#   - every page's first visit after that start, signed in as a member (one request, nothing
#     kept yet): the home page, the biggest folder's first, middle and last pages in every sort,
#     a month, the timeline, a name search, a search over everything, Favorites, Top rated,
#     Recently added to its last page, Duplicates, Tags, Albums, a photo in the middle of the
#     biggest folder;
#   - the same pages under load, signed in: `wrk -t2 -c8` for BENCH_DURATION seconds each
#     (default 4): requests/s and p99;
#   - the server's RSS after all of it;
#   - the reference for the cold scan: `openssl dgst -sha256` over the same files, one process a
#     core (the scan hashes every byte it reads; no scan can be faster than its hashing).
# The page cache is as writing the corpus left it (a million files do not fit in memory; the cold
# scan reads what it must). Reports only; asserts nothing.
#   usage: Benchmarks/million.sh [count]     (default 1000000; a smaller count tries it out)
#   env:   PHOTOLALA_BIN (binary to measure; unset: release build), BENCH_CATALOGS (default
#          "sqlite postgres"), BENCH_DURATION (seconds of wrk a page, default 4)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-1000000}"
duration="${BENCH_DURATION:-4}"
source Benchmarks/common.sh
need wrk:wrk curl:curl sqlite3:sqlite3 psql:postgresql-client python3:python3
lib=$(bash Benchmarks/library.sh "$count")
bin=$(photolala_bin)
work="$(mktemp -d)"; pid=""; pg_folder=""
trap '[[ -n "$pid" ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; [[ -n "$pg_folder" ]] && bash scripts/postgres.sh stop "$pg_folder"; rm -rf "$work"' EXIT
files=$(find "$lib" -type f | wc -l)
quote() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
ms_since() { awk -v a="$(date +%s.%N)" -v b="$1" 'BEGIN { printf "%.0f", (a - b) * 1000 }'; }

for catalog in ${BENCH_CATALOGS:-sqlite postgres}; do
  out="$work/$catalog"; mkdir -p "$out"
  args=(--data "$work/data-$catalog")
  if [[ "$catalog" == postgres ]]; then
    # The cluster's folder is its own: the server runs as `postgres`, which cannot enter $work.
    pg_folder="$(mktemp -d /tmp/photolala-bench-pg.XXXXXX)"
    maintenance=$(bash scripts/postgres.sh start "$pg_folder")
    psql -X -q -v ON_ERROR_STOP=1 "$maintenance" -c 'CREATE DATABASE photolala_million'
    args+=(--catalog "${maintenance%/*}/photolala_million")
  fi

  echo "million: $catalog: cold scan of $files files" >&2
  measure "$out/cold" "$bin" scan --library "$lib" "${args[@]}" > "$out/scan.log" 2>&1 || { cat "$out/scan.log" >&2; exit 1; }
  # (the summary's numbers are written with thousands commas)
  tr -d , < "$out/scan.log" | grep -q "Scanned $files files" && grep -q " 0 errors" "$out/scan.log" \
    || { echo "unexpected scan summary: $(cat "$out/scan.log")" >&2; exit 1; }
  echo "million: $catalog: rescan" >&2
  measure "$out/rescan" "$bin" scan --library "$lib" "${args[@]}" > "$out/rescan.log" 2>&1
  tr -d , < "$out/rescan.log" | grep -q "$files unchanged" || { echo "the rescan changed something: $(cat "$out/rescan.log")" >&2; exit 1; }
  printf 'bench password 1\n' | "$bin" users add bench --role member --library "$lib" "${args[@]}" > /dev/null

  echo "million: $catalog: start" >&2
  port=$(free_port); url="http://127.0.0.1:$port"
  start=$(date +%s.%N)
  if [[ "$catalog" == sqlite ]]; then q() { sqlite3 "$work/data-sqlite/catalog.sqlite" "$1"; }
  else q() { psql -X -At "${maintenance%/*}/photolala_million" -c "$1"; }; fi
  big=$(q "SELECT path FROM folder ORDER BY photoCount DESC, path LIMIT 1")
  folder="/folders/$(quote "$big")"
  "$bin" serve --library "$lib" "${args[@]}" --port "$port" --guest viewer > "$out/serve.log" 2>&1 & pid=$!
  until curl -sf -o /dev/null "$url/healthz"; do
    kill -0 "$pid" 2>/dev/null || { echo "the server stopped:" >&2; tail "$out/serve.log" >&2; exit 1; }
    sleep 0.02
  done
  echo "$(ms_since "$start")" > "$out/first-answer"
  curl -sf -o /dev/null "$url/"; echo "$(ms_since "$start")" > "$out/first-home"
  echo "million: $catalog: during the start-up rescan" >&2
  for path in /search "$folder"; do curl -s -o /dev/null -w '%{time_total}\n' "$url$path"; done > "$out/during-first"
  grep -q "scan finished" "$out/serve.log" && echo "warning: the rescan ended before the pages were visited" >&2
  wrk_stats -t2 -c8 -d"${duration}s" "$url/" > "$out/during-load" || echo "0 0 0 0 0" > "$out/during-load"
  if grep -q "scan finished" "$out/serve.log"; then echo "no" > "$out/during-still"; else echo "yes" > "$out/during-still"; fi
  until grep -q "scan finished" "$out/serve.log"; do
    kill -0 "$pid" 2>/dev/null || { echo "the server stopped:" >&2; tail "$out/serve.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "$(ms_since "$start")" > "$out/rescanned"
  awk '/^VmRSS:/ { printf "%.0f\n", $2 / 1024 }' "/proc/$pid/status" > "$out/rss-rescanned"
  # The home page's counts are made beside the requests; until then its cards say "Counting…".
  until [[ "$(curl -sf "$url/")" =~ Tags\</strong\>\<small\>[0-9] ]]; do sleep 0.1; done
  echo "$(ms_since "$start")" > "$out/counted"

  # Signed in, as the household looks.
  curl -s -c "$out/jar" -o "$out/login.html" "$url/login"
  csrf=$(grep -o -m1 'name="csrf" value="[0-9a-f]*"' "$out/login.html" | sed -n '1s/.*value="//; 1s/"//p')
  curl -s -b "$out/jar" -c "$out/jar" -o /dev/null -H "Origin: $url" --data-urlencode "csrf=$csrf" --data-urlencode "name=bench" \
    --data-urlencode "password=bench password 1" --data-urlencode "next=/" "$url/login"
  cookie="Cookie: photolala_session=$(awk '$6 == "photolala_session" { print $7 }' "$out/jar")"
  page_has '>bench' -H "$cookie" "$url/account" || { echo "could not sign in" >&2; exit 1; }

  # The pages, found the way a visitor finds them where the catalog decides (the biggest folder,
  # a month, a photo in the middle of that folder).
  big_count=$(q "SELECT photoCount FROM folder WHERE path = '$big'")
  last=$(( (big_count + 59) / 60 )); middle=$(( (last + 1) / 2 ))
  recent_last=$(( ($(q "SELECT COUNT(*) FROM file WHERE pairedTo IS NULL") + 59) / 60 ))
  photo=$(q "SELECT key FROM file WHERE folder = '$big' ORDER BY sortTaken, id LIMIT 1 OFFSET $(( big_count / 2 ))")
  curl -s -H "$cookie" -o "$out/timeline.html" "$url/timeline"
  month=$(grep -o 'href="/search?[^"]*taken_from[^"]*"' "$out/timeline.html" | sed -n '1{s/^href="//; s/"$//; s/&amp;/\&/g; p}' || true)
  pages=("home|/")
  for sort in taken name size stars added; do
    pages+=("folder of $big_count by $sort, first page|$folder?sort=$sort"
            "folder of $big_count by $sort, page $middle|$folder?sort=$sort&page=$middle"
            "folder of $big_count by $sort, last page|$folder?sort=$sort&page=$last")
  done
  pages+=("a month|${month:-/timeline}" "the timeline|/timeline" "search a name|/search?q=img" "search everything|/search"
          "Favorites|/favorites" "Top rated|/top-rated" "Recently added, page 1|/recent" "Recently added, last page|/recent?page=$recent_last"
          "Duplicates|/duplicates" "Tags|/tags" "Albums|/albums" "a photo mid-folder|/photos/$(quote "$photo")")
  printf '%s\n' "${pages[@]}" > "$out/pages"
  echo "million: $catalog: first visits" >&2
  for i in "${!pages[@]}"; do
    curl -s -o /dev/null -H "$cookie" -w '%{http_code} %{time_total}\n' "$url${pages[i]#*|}" > "$out/first-$i"
    read -r code _ < "$out/first-$i"
    [[ "$code" == 200 ]] || echo "warning: ${pages[i]#*|} answered $code" >&2
  done
  echo "million: $catalog: under load" >&2
  for i in "${!pages[@]}"; do
    settle
    wrk_stats -t2 -c8 -d"${duration}s" -H "$cookie" "$url${pages[i]#*|}" > "$out/load-$i" || echo "0 0 0 0 0" > "$out/load-$i"
  done
  awk '/^VmRSS:/ { r = $2 } /^VmHWM:/ { h = $2 } END { printf "%.0f %.0f\n", r / 1024, h / 1024 }' "/proc/$pid/status" > "$out/rss"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  if [[ "$catalog" == postgres ]]; then bash scripts/postgres.sh stop "$pg_folder"; pg_folder=""; fi
done

echo
echo "million: the reference: openssl dgst -sha256 of the same files" >&2
cores=$(nproc)
started=$(date +%s.%N)
(cd "$lib" && find . -type f -print0 | xargs -0 -P"$cores" -n 2000 openssl dgst -sha256 > /dev/null)
reference=$(ms_since "$started")

machine
echo "library: $files files ($(du -sh "$lib" | cut -f1)); binary: $bin; pages signed in as a member; wrk -t2 -c8 -d${duration}s"
catalogs=(${BENCH_CATALOGS:-sqlite postgres})
printf "%-44s" ""; for c in "${catalogs[@]}"; do printf " | %-28s" "$c"; done; echo
scan_row() {
  printf "%-44s" "$1"
  for c in "${catalogs[@]}"; do
    read -r s m < "$work/$c/$2"
    printf " | %-28s" "$(awk -v s="$s" -v n="$files" -v m="$m" 'BEGIN { printf "%.1f s, %.0f files/s, %s MB", s, n / s, m }')"
  done; echo
}
scan_row "cold scan (seconds, files/s, peak RSS)" cold
printf "%-44s" "  reference: openssl dgst -sha256, $cores procs"
for c in "${catalogs[@]}"; do
  read -r s _ < "$work/$c/cold"
  printf " | %-28s" "$(awk -v r="$reference" -v s="$s" 'BEGIN { printf "%.1f s; the scan takes %.2fx", r / 1000, s / (r / 1000) }')"
done; echo
scan_row "rescan, unchanged" rescan
printf "%-44s" "serve: first answer / first home page"
for c in "${catalogs[@]}"; do printf " | %-28s" "$(cat "$work/$c/first-answer") ms / $(cat "$work/$c/first-home") ms"; done; echo
printf "%-44s" "during the rescan: first home, search, folder"
for c in "${catalogs[@]}"; do
  mapfile -t during < "$work/$c/during-first"
  printf " | %-28s" "$(cat "$work/$c/first-home") ms (from start), $(awk -v a="${during[0]}" -v b="${during[1]}" 'BEGIN { printf "%.0f ms, %.0f ms", a * 1000, b * 1000 }')"
done; echo
printf "%-44s" "during the rescan: home p99, req/s (still?)"
for c in "${catalogs[@]}"; do
  read -r rps _ p99 _ < "$work/$c/during-load"
  printf " | %-28s" "$(awk -v p="$p99" -v r="$rps" 'BEGIN { printf "%.1f ms, %.0f", p, r }') ($(cat "$work/$c/during-still"))"
done; echo
printf "%-44s" "serve: the start-up rescan ended; RSS then"
for c in "${catalogs[@]}"; do printf " | %-28s" "$(cat "$work/$c/rescanned") ms; $(cat "$work/$c/rss-rescanned") MB"; done; echo
printf "%-44s" "serve: the home page's counts made"
for c in "${catalogs[@]}"; do printf " | %-28s" "$(cat "$work/$c/counted") ms"; done; echo
echo
printf "%-44s" "page (first visit ms, p99 ms, req/s)"; for c in "${catalogs[@]}"; do printf " | %-28s" "$c"; done; echo
mapfile -t rows < "$work/${catalogs[0]}/pages"
for i in "${!rows[@]}"; do
  printf "%-44s" "${rows[i]%%|*}"
  for c in "${catalogs[@]}"; do
    read -r _ first < "$work/$c/first-$i"
    read -r rps _ p99 _ < "$work/$c/load-$i"
    printf " | %-28s" "$(awk -v f="$first" -v p="$p99" -v r="$rps" 'BEGIN { printf "%6.0f %8.1f %9.0f", f * 1000, p, r }')"
  done; echo
done
printf "%-44s" "server RSS after it all (now, peak MB)"
for c in "${catalogs[@]}"; do read -r r h < "$work/$c/rss"; printf " | %-28s" "$r MB, $h MB peak"; done; echo
