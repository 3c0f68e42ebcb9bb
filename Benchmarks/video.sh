#!/usr/bin/env bash
# Videos: cold grid posters of phone clips and the wait before an HEVC clip first plays.
#   Posters: `photolala serve` on 12 H.264 clips (1080p, 30 fps, 10 s), every 256 px grid poster
#   asked for over HTTP with as many requests in flight as cores, against ffmpeg taking one frame
#   a second in and scaling it to a 256 px crop from the same files with the same parallelism.
#   First play: a 30-s 1080p HEVC clip (what an iPhone shoots), from `GET /play/<key>` to the
#   page sending the visitor to a video that plays (the H.264 rendition made), against ffmpeg
#   run alone with the same arguments the server gives it.
# Reports clips/s, seconds, the ratios and peak RSS (the server with its child processes), as
# medians over runs. Reports only; asserts nothing.   usage: Benchmarks/video.sh [runs]
#
# Corpus: ffmpeg's testsrc2 pattern with moving film grain, so the encoders and decoders have
# real work; made once into Benchmarks/.cache/video/.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
cores=$(nproc)
source Benchmarks/common.sh
bash scripts/setup.sh
need sqlite3:sqlite3 curl:curl bc:bc

corpus=Benchmarks/.cache/video
if [[ ! -f "$corpus/.complete" ]]; then
  rm -rf "$corpus"; mkdir -p "$corpus/clips" "$corpus/hevc"
  for n in $(seq 12); do
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=10,hue=h=$((n * 30)),noise=alls=12:allf=t" \
      -f lavfi -i "sine=frequency=$((200 + n * 40)):duration=10" -c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p \
      -c:a aac -b:a 128k -shortest "$corpus/clips/VID_$(printf %04d "$n").mp4"
  done
  ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=30,noise=alls=12:allf=t" \
    -f lavfi -i "sine=frequency=440:duration=30" -c:v libx265 -preset fast -crf 26 -pix_fmt yuv420p -tag:v hvc1 \
    -x265-params log-level=error -c:a aac -b:a 128k -shortest "$corpus/hevc/IMG_0001.MOV"
  touch "$corpus/.complete"
fi
clips=$(find "$corpus/clips" -name '*.mp4' | wc -l)

bin="$(photolala_bin)"
work="$(mktemp -d)"; pid=""
trap '[[ -n "$pid" ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT


# Starts `serve` on library $1 with an empty data folder once its start-up scan has finished; sets pid and port.
serve_scanned() {
  rm -rf "$work/data"
  port=$(free_port)
  "$bin" serve --library "$1" --data "$work/data" --port "$port" --no-watch --guest viewer >"$work/server.log" 2>&1 & pid=$!
  for _ in $(seq 600); do grep -q "scan finished" "$work/server.log" && return 0; sleep 0.1; done
  echo "the server did not finish its scan" >&2; cat "$work/server.log" >&2; return 1
}

stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

# Cold 256 px posters of every clip over HTTP; prints "clips/s peak-MB".
posters() {
  serve_scanned "$corpus/clips"
  sqlite3 "$work/data/catalog.sqlite" "SELECT sha256 FROM photo WHERE kind = 'video'" \
    | sed "s|.*|url = \"http://127.0.0.1:$port/thumbs/256/&.jpg\"\noutput = \"/dev/null\"|" > "$work/curl.conf"
  local start; start=$(date +%s.%N)
  curl -sf --no-progress-meter --parallel --parallel-max "$cores" -K "$work/curl.conf"
  echo "$(echo "$clips / ($(date +%s.%N) - $start)" | bc -l) $(peak "$pid")"
  stop
}

# ffmpeg alone: a frame a second in, a 256 px centre crop, same parallelism; prints clips/s.
ffmpeg_posters() {
  rm -rf "$work/ref"; mkdir -p "$work/ref"
  local start; start=$(date +%s.%N)
  find "$corpus/clips" -name '*.mp4' -print0 | xargs -0 -P "$cores" -I{} sh -c \
    'ffmpeg -nostdin -v error -threads 1 -ss 1 -i "$1" -frames:v 1 -an \
       -vf "scale=256:256:force_original_aspect_ratio=increase,crop=256:256" -q:v 4 -y "$2/$(basename "$1").jpg"' _ {} "$work/ref"
  echo "$clips / ($(date +%s.%N) - $start)" | bc -l
}

# Seconds from the first GET /play/<key> until it redirects to the video's page; prints "seconds peak-MB".
first_play() {
  serve_scanned "$corpus/hevc"
  local url="http://127.0.0.1:$port/play/IMG_0001.MOV" start code
  start=$(date +%s.%N)
  for _ in $(seq 6000); do
    code=$(curl -s -o /dev/null -w '%{http_code}' "$url")
    [[ "$code" == 303 ]] && break
    [[ "$code" == 200 ]] || { echo "GET $url answered $code" >&2; return 1; }
    sleep 0.1
  done
  echo "$(echo "$(date +%s.%N) - $start" | bc -l) $(peak "$pid")"
  stop
}

# ffmpeg alone with the server's arguments (Imaging.transcodePlayable); prints seconds.
ffmpeg_play() {
  local start; start=$(date +%s.%N)
  ffmpeg -nostdin -v error -threads 2 -protocol_whitelist file -f mov -i "file:$corpus/hevc/IMG_0001.MOV" \
    -map 0:v:0 -map '0:a:0?' -sn -dn \
    -vf "scale=w='min(1920,iw)':h='min(1920,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2" \
    -c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -profile:v high -c:a aac -b:a 128k -ac 2 \
    -movflags +faststart -y -f mp4 "file:$work/ref.mp4"
  echo "$(date +%s.%N) - $start" | bc -l
}

ours=(); ours_rss=(); ref=(); play=(); play_rss=(); play_ref=()
for _ in $(seq "$runs"); do
  read -r speed rss < <(posters); ours+=("$speed"); ours_rss+=("$rss")
  ref+=("$(ffmpeg_posters)")
  read -r seconds rss < <(first_play); play+=("$seconds"); play_rss+=("$rss")
  play_ref+=("$(ffmpeg_play)")
done

o=$(median "${ours[@]}"); r=$(median "${ref[@]}"); p=$(median "${play[@]}"); pr=$(median "${play_ref[@]}")
echo "$clips H.264 clips of 1920x1080, 30 fps, 10 s; one HEVC clip of 1920x1080, 30 fps, 30 s; $cores cores; median of $runs runs"
printf "%-52s %10s %8s %12s\n" "cold 256 px grid posters" "clips/s" "ratio" "peak RSS MB"
printf "%-52s %10.2f %8.2f %12s\n" "Photolala (HTTP, $cores in flight, incl. child processes)" "$o" "$(echo "$o / $r" | bc -l)" "$(median "${ours_rss[@]}")"
printf "%-52s %10.2f %8s %12s\n" "ffmpeg, one frame scaled and cropped ($cores parallel)" "$r" "1.00" ""
printf "%-52s %10s %8s %12s\n" "first play of a 30-s HEVC clip (H.264 made)" "seconds" "ratio" "peak RSS MB"
printf "%-52s %10.1f %8.2f %12s\n" "Photolala, GET /play until it sends to the video" "$p" "$(echo "$pr / $p" | bc -l)" "$(median "${play_rss[@]}")"
printf "%-52s %10.1f %8s %12s\n" "ffmpeg alone, the same arguments" "$pr" "1.00" ""
echo "(ratio: Photolala's speed over the reference's, so 1.00 is as fast as the tool alone)"
