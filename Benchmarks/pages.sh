#!/usr/bin/env bash
# Page latency on a synthetic 100,000-photo catalog: builds release, fills a catalog with
# Benchmarks/synthetic-catalog.sql, serves it without scanning, and times each page with curl
# (sequential requests on loopback, after a warm-up). Prints median and p95 per page.
# Reports only; asserts nothing.   usage: Benchmarks/pages.sh [requests-per-page]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-50}"
bash scripts/setup.sh
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 >/dev/null; }
swift build -c release --product photolala >/dev/null
bin="$(swift build -c release --show-bin-path)/photolala"
work="$(mktemp -d)"; trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/library"
"$bin" scan --library "$work/library" --data "$work/data" >/dev/null   # creates the schema
sqlite3 "$work/data/catalog.sqlite" < Benchmarks/synthetic-catalog.sql
port=$(( 20000 + RANDOM % 20000 ))
"$bin" serve --library "$work/library" --data "$work/data" --port "$port" --no-scan --no-watch --guest viewer >/dev/null 2>&1 & pid=$!
for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.2; done
base="http://127.0.0.1:$port"
pages=(
  "home|/"
  "folder 20k, page 1|/folders/Big"
  "folder 20k, last page|/folders/Big?page=334"
  "folder 20k, by name desc, page 200|/folders/Big?sort=name&order=desc&page=200"
  "photo view|/photos/Big/IMG_12345.jpg"
  "search text|/search?q=img_9999"
  "search filtered|/search?min_rating=4&orientation=portrait&taken_from=2015-01-01"
  "tag group|/tags/tag7"
  "favorites|/favorites"
  "folder filtered|/folders/Big?min_rating=5&sort=size&order=desc"
)
printf "%-42s %10s %10s\n" "page (100,000-photo catalog)" "median ms" "p95 ms"
for entry in "${pages[@]}"; do
  name="${entry%%|*}"; path="${entry#*|}"
  code=$(curl -s -o /dev/null -w "%{http_code}" "$base$path")
  [[ "$code" == 200 ]] || { echo "$name: HTTP $code" >&2; exit 1; }
  for _ in 1 2 3; do curl -s -o /dev/null "$base$path"; done   # warm caches
  times=$(for _ in $(seq "$n"); do curl -s -o /dev/null -w "%{time_total}\n" "$base$path"; done | sort -n)
  median=$(echo "$times" | awk -v n="$n" 'NR == int((n + 1) / 2) { printf "%.1f", $1 * 1000 }')
  p95=$(echo "$times" | awk -v n="$n" 'NR == int(n * 0.95) { printf "%.1f", $1 * 1000 }')
  printf "%-42s %10s %10s\n" "$name" "$median" "$p95"
done
echo "machine: $(lscpu 2>/dev/null | sed -n "s/^Model name: *//p" | head -1), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)"
