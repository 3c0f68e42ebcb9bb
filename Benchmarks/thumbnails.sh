#!/usr/bin/env bash
# Cold grid thumbnails of 12 MP phone photos: Photolala over HTTP (every core busy) against
# vipsthumbnail making the same 256 px centre crops from the same files with the same
# parallelism, in the same run (and the same tiles in WebP); then the photo view's 1600 px screen renditions against
# `vipsthumbnail -s 1600x1600`; last, a new household's first look: from an empty data folder,
# `photolala serve` started on 18 photos (one of each wallpaper) until every tile of the folder's
# page (its 240 px high row rendition) has been served, against `openssl dgst -sha256` then vipsthumbnail over the same files.
# Reports images/s, the ratio and peak RSS, as medians over runs.
# Reports only; asserts nothing.   usage: Benchmarks/thumbnails.sh [runs]
#
# Corpus: the JPEG photographs in Debian's plasma-workspace-wallpapers, each scaled and cropped
# to 4032x3024 (a 12 MP phone) in twelve variants, with camera EXIF written by exiftool; built
# once into Benchmarks/.cache/phone-12mp/.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
cores=$(nproc)
bash scripts/setup.sh
for tool in vipsthumbnail:libvips-tools sqlite3:sqlite3 curl:curl exiftool:libimage-exiftool-perl; do
  command -v "${tool%%:*}" >/dev/null || { apt-get update -qq && apt-get install -y -qq "${tool#*:}" >/dev/null; }
done
[[ -x /usr/bin/time ]] || apt-get install -y -qq time >/dev/null
command -v djpeg >/dev/null || apt-get install -y -qq libjpeg-turbo-progs >/dev/null

source Benchmarks/phone_corpus.sh
count=$(find "$corpus" -name '*.jpg' | wc -l)

source Benchmarks/common.sh
bin="$(photolala_bin)"
work="$(mktemp -d)"; pid=""
trap '[[ -n "$pid" ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

# A pass that failed says so, with the end of the server's log, instead of leaving the figure out.
# (Each pass runs in a process substitution, where a failure would otherwise go unseen.)
server_failed() {
  echo "thumbnails: a pass failed; the end of the server's log:" >&2
  tail -n 20 "$work/server.log" >&2
  exit 1
}

# One cold pass of Photolala over HTTP for rendition size $1, with extra serve flags; prints "images/s peak-MB".
photolala() {
  local size="$1"; shift
  rm -rf "$work/data"
  "$bin" scan --library "$corpus" --data "$work/data" >/dev/null
  port=$(free_port)
  "$bin" serve --library "$corpus" --data "$work/data" --port "$port" --no-scan --no-watch --guest viewer \
    --thumbnail-workers "$cores" "$@" >"$work/server.log" 2>&1 & pid=$!
  wait_up "http://127.0.0.1:$port/healthz" || server_failed
  # One client process keeping $cores requests in flight (no process start per image).
  sqlite3 "$work/data/catalog.sqlite" "SELECT sha256 FROM photo" \
    | sed "s|.*|url = \"http://127.0.0.1:$port/thumbs/$size/&.${ext:-jpg}\"\noutput = \"/dev/null\"|" > "$work/curl.conf"
  local start; start=$(date +%s.%N)
  curl -sf --no-progress-meter --parallel --parallel-max "$cores" -K "$work/curl.conf" || server_failed
  echo "$(echo "$count / ($(date +%s.%N) - $start)" | bc -l) $(peak "$pid")"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
}

# A new household's first look: 18 photos, one of each wallpaper (every twelfth file), each with
# a phone's position near one of six cities, so the server names places beside the first look
# as it would for a phone's photos.
first="$work/first"; mkdir -p "$first"
find "$corpus" -name '*.jpg' | sort | awk 'NR % 12 == 1' | xargs -I{} cp {} "$first/"
cities=("48.8584 2.2945" "41.8902 12.4922" "35.6586 139.7454" "40.6892 -74.0445" "-33.8568 151.2153" "30.0444 31.2357")
n=0
for f in "$first"/*.jpg; do
  read -r lat lon <<< "${cities[$((n % 6))]}"; n=$((n + 1))
  exiftool -q -overwrite_original "-GPSLatitude=${lat#-}" "-GPSLatitudeRef=$([[ $lat == -* ]] && echo S || echo N)" \
    "-GPSLongitude=${lon#-}" "-GPSLongitudeRef=$([[ $lon == -* ]] && echo W || echo E)" "$f"
done
# Seconds from `serve` on an empty data folder to every grid thumbnail served (the start-up scan
# included), then the seconds until the server first answered /healthz; then the milliseconds of
# the Places page's first visit once the photos' places are named (read from the catalog file),
# and of its first visit by the same server started again, as soon as it answers (a restart:
# nothing waits to be named, and the gazetteer is not read yet).
places_visit() {  # PORT: the milliseconds of one visit to Places, which must name a country
  local ms; ms=$(curl -sf -o "$work/places.html" -w '%{time_total}' "http://127.0.0.1:$1/places") || server_failed
  grep -q 'places?country=' "$work/places.html" || { echo "the Places page names no country" >&2; exit 1; }
  echo "$ms * 1000" | bc -l
}
first_look() {
  rm -rf "$work/data"
  local port start up; port=$(free_port); start=$(date +%s.%N)
  "$bin" serve --library "$first" --data "$work/data" --port "$port" --no-watch --guest viewer >"$work/server.log" 2>&1 & pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/healthz"; do sleep 0.005; done
  up=$(echo "$(date +%s.%N) - $start" | bc -l)
  local page=""
  for _ in $(seq 600); do
    page=$(curl -sf "http://127.0.0.1:$port/folders" 2>/dev/null || true)
    [[ $(grep -o '/thumbs/240/[0-9a-f]*\.jpg' <<< "$page" | sort -u | wc -l) -ge 18 ]] && break
    sleep 0.005
  done
  grep -o '/thumbs/240/[0-9a-f]*\.jpg' <<< "$page" | sort -u | sed "s|.*|url = \"http://127.0.0.1:$port&\"\noutput = \"/dev/null\"|" > "$work/first.conf"
  curl -sf --no-progress-meter --parallel --parallel-max "$cores" -K "$work/first.conf" || server_failed
  local seconds; seconds=$(echo "$(date +%s.%N) - $start" | bc -l)
  local waited=0
  until [[ $(sqlite3 "file:$work/data/catalog.sqlite?mode=ro" "SELECT COUNT(*) FROM photo WHERE placeId > 0" 2>/dev/null) == 18 ]]; do
    (( waited++ < 1200 )) || { echo "the 18 photos' places were not named within a minute" >&2; exit 1; }
    sleep 0.05
  done
  local named again; named=$(places_visit "$port")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  "$bin" serve --library "$first" --data "$work/data" --port "$port" --no-watch --guest viewer >>"$work/server.log" 2>&1 & pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/healthz"; do sleep 0.005; done
  again=$(places_visit "$port")
  echo "$seconds $up $named $again"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
}

webp=(); webp_rss=(); ours=(); ours_rss=(); inproc=(); inproc_rss=(); vips=(); vips_rss=(); floor=(); screen=(); screen_rss=(); vips_screen=(); look=(); look_up=(); look_ref=(); look_floor=(); look_places=(); look_again=()
for run in $(seq "$runs"); do
  rm -rf "$work/vips"; mkdir -p "$work/vips"
  read -r speed rss < <(photolala 256); ours+=("$speed"); ours_rss+=("$rss")
  read -r speed rss < <(photolala 256 --no-isolate-decoders); inproc+=("$speed"); inproc_rss+=("$rss")
  read -r speed rss < <(ext=webp photolala 256); webp+=("$speed"); webp_rss+=("$rss")
  read -r speed rss < <(photolala 1600); screen+=("$speed"); screen_rss+=("$rss")

  start=$(date +%s.%N)
  find "$corpus" -name '*.jpg' -print0 | xargs -0 -P "$cores" -n 16 /usr/bin/time -f '%M' -a -o "$work/vips-rss" \
    vipsthumbnail -s 256x256 --smartcrop centre -o "$work/vips/%s.jpg[Q=82,strip]"
  vips+=("$(echo "$count / ($(date +%s.%N) - $start)" | bc -l)")
  vips_rss+=("$(( $(sort -n "$work/vips-rss" | tail -1) / 1024 ))"); rm -f "$work/vips-rss"

  read -r seconds up places again < <(first_look); look+=("$seconds"); look_up+=("$up"); look_places+=("$places"); look_again+=("$again")
  rm -rf "$work/vips"; mkdir -p "$work/vips"
  start=$(date +%s.%N)
  find "$first" -name '*.jpg' -print0 | xargs -0 -P "$cores" -n 9 openssl dgst -sha256 > /dev/null
  find "$first" -name '*.jpg' -print0 | xargs -0 -P "$cores" -n 9 vipsthumbnail -s 256x256 --smartcrop centre -o "$work/vips/%s.jpg[Q=82,strip]"
  look_ref+=("$(echo "$(date +%s.%N) - $start" | bc -l)")
  # What any side must spend at the least: decoding the 18 files at 1/8 scale, and nothing else.
  start=$(date +%s.%N)
  find "$first" -name '*.jpg' -print0 | xargs -0 -P "$cores" -n 9 sh -c 'for f; do djpeg -scale 1/8 "$f" >/dev/null; done' _
  look_floor+=("$(echo "$(date +%s.%N) - $start" | bc -l)")

  # The photo view's rendition: fitted into 1600x1600, never cropped.
  rm -rf "$work/vips"; mkdir -p "$work/vips"
  start=$(date +%s.%N)
  find "$corpus" -name '*.jpg' -print0 | xargs -0 -P "$cores" -n 16 vipsthumbnail -s 1600x1600 -o "$work/vips/%s.jpg[Q=82,strip]"
  vips_screen+=("$(echo "$count / ($(date +%s.%N) - $start)" | bc -l)")

  # The floor under both: libjpeg-turbo decoding each file at 1/8 scale and nothing else.
  start=$(date +%s.%N)
  find "$corpus" -name '*.jpg' -print0 | xargs -0 -P "$cores" -n 16 sh -c 'for f; do djpeg -scale 1/8 "$f" >/dev/null; done' _
  floor+=("$(echo "$count / ($(date +%s.%N) - $start)" | bc -l)")
done

o=$(median "${ours[@]}"); v=$(median "${vips[@]}")
echo "machine: $(lscpu | awk -F: '/Model name/ { gsub(/^ +/, "", $2); print $2 }'), $cores cores; $count JPEGs of 4032x3024; median of $runs runs"
printf "%-44s %12s %12s\n" "cold 256 px grid thumbnails" "images/s" "peak RSS MB"
printf "%-44s %12.1f %12s\n" "Photolala (HTTP, $cores parallel, incl. workers)" "$o" "$(median "${ours_rss[@]}")"
printf "%-44s %12.1f %12s\n" "Photolala, decoding in the server process" "$(median "${inproc[@]}")" "$(median "${inproc_rss[@]}")"
printf "%-44s %12.1f %12s\n" "Photolala, the same tiles in WebP" "$(median "${webp[@]}")" "$(median "${webp_rss[@]}")"
printf "%-44s %12.1f %12s\n" "vipsthumbnail ($cores parallel, per process)" "$v" "$(median "${vips_rss[@]}")"
printf "%-44s %12.1f %12s\n" "djpeg -scale 1/8 (decode only, $cores parallel)" "$(median "${floor[@]}")" "-"
printf "%-44s %12.2fx\n" "ratio Photolala / vipsthumbnail" "$(echo "$o / $v" | bc -l)"
printf "%-44s %12.2fx\n" "ratio decode-only floor / vipsthumbnail" "$(echo "$(median "${floor[@]}") / $v" | bc -l)"
s=$(median "${screen[@]}"); vs=$(median "${vips_screen[@]}")
echo
printf "%-44s %12s %12s\n" "cold 1600 px screen renditions" "images/s" "peak RSS MB"
printf "%-44s %12.1f %12s\n" "Photolala (HTTP, $cores parallel, incl. workers)" "$s" "$(median "${screen_rss[@]}")"
printf "%-44s %12.1f %12s\n" "vipsthumbnail -s 1600x1600 ($cores parallel)" "$vs" "-"
printf "%-44s %12.2fx\n" "ratio Photolala / vipsthumbnail" "$(echo "$s / $vs" | bc -l)"
l=$(median "${look[@]}"); lr=$(median "${look_ref[@]}")
echo
printf "%-44s %12s\n" "a first look: 18 photos, empty data folder" "seconds"
printf "%-44s %12.2f\n" "Photolala: serve, scan, every grid thumbnail" "$l"
printf "%-44s %12.2f\n" "openssl dgst -sha256, then vipsthumbnail" "$lr"
printf "%-44s %12.2fx\n" "ratio (reference time / Photolala time)" "$(echo "$lr / $l" | bc -l)"
lf=$(median "${look_floor[@]}")
printf "%-44s %12.2f\n" "of which Photolala's start, to /healthz" "$(median "${look_up[@]}")"
printf "%-44s %12.2f\n" "djpeg -scale 1/8 alone (the decode floor)" "$lf"
printf "%-44s %12.2fx\n" "ratio (reference time / decode floor)" "$(echo "$lr / $lf" | bc -l)"
printf "%-44s %12.0f\n" "Places' first visit once named, ms" "$(median "${look_places[@]}")"
printf "%-44s %12.0f\n" "Places' first visit after a restart, ms" "$(median "${look_again[@]}")"
