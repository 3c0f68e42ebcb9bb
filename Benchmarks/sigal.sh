#!/usr/bin/env bash
# A gallery of 12 MP phone photos made from nothing: Photolala against sigal (a static gallery
# generator, PyPI), on the same files with the same renditions, in the same run.
#   - sigal: `sigal build` with every core, each photo's preview fitted into 1600x1600 and its
#     thumbnail 240 px high in its own shape (sigal's `thumb_fit = False` in a 720x240 box),
#     JPEG quality 82 as Photolala's, neither optimised nor progressive; it writes its HTML too.
#   - Photolala: `photolala scan` into an empty data folder, then `serve` (no scan, no watching,
#     the work beside the requests on) and every photo's row tile (`/thumbs/240/`, 240 px high in
#     its own shape) and screen rendition (`/thumbs/1600/`, fitted into 1600x1600) fetched over
#     HTTP, as many at once as there are cores, until the last one is served.
# Both begin from the same files with the page cache warm (a first untimed pass of each reads
# them), so the figure is their work, not the disk's. Reports seconds per side, the ratio
# (sigal's seconds over Photolala's) and each side's peak RSS, medians over runs.
# Reports only; asserts nothing.   usage: Benchmarks/sigal.sh [runs]   (default 3)
# Corpus: Benchmarks/phone_corpus.sh (216 JPEGs of 4032x3024 with camera EXIF).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
cores=$(nproc)
source Benchmarks/common.sh
need curl:curl sqlite3:sqlite3 python3:python3 exiftool:libimage-exiftool-perl convert:imagemagick
[[ -x /usr/bin/time ]] || need time:time
source Benchmarks/phone_corpus.sh
count=$(find "$corpus" -name '*.jpg' | wc -l)
bin="$(photolala_bin)"

# sigal, pinned, in a virtual environment of its own kept beside the corpus.
venv=Benchmarks/.cache/sigal-2.6.1
if [[ ! -x "$venv/bin/sigal" ]]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q 'sigal==2.6.1' >&2
fi

work="$(mktemp -d)"; pid=""
trap '[[ -n "$pid" ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

cat > "$work/sigal.conf.py" <<EOF
source = "$PWD/$corpus"
img_size = (1600, 1600)
thumb_size = (720, 240)
thumb_fit = False
jpg_options = {"quality": 82, "optimize": False, "progressive": False}
EOF

# One sigal build into an empty folder; prints "seconds peak-MB" (the peak of its process tree).
sigal_build() {
  rm -rf "$work/sigal"
  local start; start=$(date +%s.%N)
  /usr/bin/time -f '%M' -o "$work/sigal-rss" "$venv/bin/sigal" build -n "$cores" -c "$work/sigal.conf.py" "$PWD/$corpus" "$work/sigal" \
    > "$work/sigal.log" 2>&1 || { tail -n 20 "$work/sigal.log" >&2; exit 1; }
  local seconds; seconds=$(echo "$(date +%s.%N) - $start" | bc -l)
  local made; made=$(find "$work/sigal" -path '*/thumbnails/*.jpg' | wc -l)
  (( made == count )) || { echo "sigal made $made thumbnails of $count photos" >&2; exit 1; }
  # time's figure is the largest single process; sigal's workers are alike, so the tree's peak
  # is about that times the workers and the parent.
  echo "$seconds $(( $(cat "$work/sigal-rss") * (cores + 1) / 1024 ))"
}

server_failed() {
  echo "sigal: a Photolala pass failed; the end of the server's log:" >&2
  tail -n 20 "$work/server.log" >&2
  exit 1
}

# One Photolala pass from an empty data folder; prints "seconds peak-MB".
photolala() {
  rm -rf "$work/data"
  local start; start=$(date +%s.%N)
  "$bin" scan --library "$corpus" --data "$work/data" > "$work/scan.log" 2>&1 || { tail -n 20 "$work/scan.log" >&2; exit 1; }
  local port; port=$(free_port)
  "$bin" serve --library "$corpus" --data "$work/data" --port "$port" --no-scan --no-watch --guest viewer \
    > "$work/server.log" 2>&1 & pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/healthz"; do
    kill -0 "$pid" 2>/dev/null || server_failed
    sleep 0.005
  done
  sqlite3 "$work/data/catalog.sqlite" "SELECT sha256 FROM photo" > "$work/photos"
  (( $(wc -l < "$work/photos") == count )) || { echo "Photolala catalogued $(wc -l < "$work/photos") of $count photos" >&2; exit 1; }
  { sed "s|.*|url = \"http://127.0.0.1:$port/thumbs/240/&.jpg\"\noutput = \"/dev/null\"|" "$work/photos"
    sed "s|.*|url = \"http://127.0.0.1:$port/thumbs/1600/&.jpg\"\noutput = \"/dev/null\"|" "$work/photos"; } > "$work/curl.conf"
  curl -sf --no-progress-meter --parallel --parallel-max "$cores" -K "$work/curl.conf" || server_failed
  local seconds; seconds=$(echo "$(date +%s.%N) - $start" | bc -l)
  # Every rendition was made, none stood in for by a placeholder.
  local made; made=$(find "$work/data" -name '*-240.jpg' -o -name '*-1600.jpg' | wc -l)
  (( made == 2 * count )) || { echo "Photolala made $made renditions of $((2 * count))" >&2; exit 1; }
  echo "$seconds $(peak "$pid")"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
}

# The files in the page cache for both, and each side's code loaded once, untimed.
cat "$corpus"/*.jpg > /dev/null
sigal_build > /dev/null
photolala > /dev/null

ours=(); ours_rss=(); theirs=(); theirs_rss=()
for _ in $(seq "$runs"); do
  read -r seconds rss < <(photolala); ours+=("$seconds"); ours_rss+=("$rss")
  read -r seconds rss < <(sigal_build); theirs+=("$seconds"); theirs_rss+=("$rss")
done

o=$(median "${ours[@]}"); t=$(median "${theirs[@]}")
echo "machine: $(lscpu | awk -F: '/Model name/ { gsub(/^ +/, "", $2); print $2 }'), $cores cores; $count JPEGs of 4032x3024; median of $runs runs"
printf "%-58s %10s %12s\n" "a gallery made from nothing: tiles and previews" "seconds" "peak RSS MB"
printf "%-58s %10.2f %12s\n" "Photolala: scan, serve, every 240 px tile and 1600 px view" "$o" "$(median "${ours_rss[@]}")"
printf "%-58s %10.2f %12s\n" "sigal $("$venv/bin/sigal" --version | awk '{ print $NF }'): build, $cores processes" "$t" "~$(median "${theirs_rss[@]}")"
printf "%-58s %10.2fx\n" "ratio (sigal's seconds / Photolala's)" "$(echo "$t / $o" | bc -l)"
echo "every run, Photolala / sigal: ${ours[*]} / ${theirs[*]}"
