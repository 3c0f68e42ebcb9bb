#!/usr/bin/env bash
# The WebDAV door (/dav/) against nginx's DAV module (nginx-light) on the same bytes, in the
# same run, both on loopback with their files on the same file system:
#   - a phone's backup: DAV_PHOTOS distinct JPEGs of 4000x3000 (about 1.6 MB each, each with
#     DateTimeOriginal) PUT into a member's inbox with a device password, DAV_PARALLEL in flight
#     (one curl, --parallel, connections kept open); Photolala answers 201 only when a file is
#     synced, filed into the library (Phones/<member>/YYYY/MM/) and catalogued; nginx writes the
#     same files under its root (`dav_methods PUT`, `create_full_put_path on`), without a sync;
#   - one video of DAV_VIDEO_MB MB (a valid QuickTime file of raw 1920x1080 frames) PUT to both,
#     the server's resident memory (VmRSS) sampled every 0.2 s meanwhile;
#   - PROPFIND (Depth: 1, no body: every property) of a library folder of DAV_FOLDER_FILES small
#     JPEGs, by a read-scope device, after the server's own start-up scan of it; nginx lists the
#     same folder as JSON (`autoindex on; autoindex_format json`), having no PROPFIND.
# curl sends no `Expect: 100-continue` to either server (curl asks for it on bodies over 1 MB and
# waits up to 1 s for the answer), so both are timed on the bytes alone. A sync precedes every
# side of a measurement, so neither pays for the other's dirty pages.
# Photolala runs `serve` as a household would (start-up scan, watching the library) on an empty
# library and data folder for each run of the PUTs; the PROPFIND server runs on the scanned and
# settled catalog (`settle_catalog`) with `--no-scan --no-watch`, started anew for each run.
# The media are made afresh in a temporary folder (ImageMagick, exiftool, ffmpeg), removed at the
# end with everything else. Reports files/s, MB/s, milliseconds and the ratios (Photolala over
# nginx; times as nginx's over Photolala's, so above 1 is faster), medians over runs, and the CPU
# each server spent a file of the PUTs (where both cores go is what bounds the ratio on two cores).
# With DAV_INTO=N, the photos are PUT a second time in each run, into a copy of
# Benchmarks/library.sh's library of N files (hard links: the server only adds files to it) with
# its scanned and settled catalog, the server started as a household runs it and timed once its
# start-up scan is over: what a phone's backup into a grown library costs.
# Reports only; asserts nothing.
#   usage: Benchmarks/dav.sh [runs]     (default 3)
#   env:   PHOTOLALA_BIN (binary to measure; unset: release build), DAV_PHOTOS (photos PUT,
#          default 1000), DAV_VIDEO_MB (the video's size, default 2048), DAV_FOLDER_FILES (the
#          listed folder's files, default 10000), DAV_PARALLEL (PUTs in flight, default 4),
#          DAV_INTO (files of the library the photos are also PUT into; unset: none)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
photos="${DAV_PHOTOS:-1000}"
video_mb="${DAV_VIDEO_MB:-2048}"
folder_files="${DAV_FOLDER_FILES:-10000}"
parallel="${DAV_PARALLEL:-4}"
into="${DAV_INTO:-}"
[[ -z "$into" ]] || export BENCH_FILES="$into"
source Benchmarks/common.sh
need nginx:nginx-light curl:curl sqlite3:sqlite3 python3:python3 convert:imagemagick exiftool:libimage-exiftool-perl ffmpeg:ffmpeg
bin=$(photolala_bin)
work="$(mktemp -d)"; pid=""; nginx_pid=""
trap 'for p in "$pid" "$nginx_pid"; do [[ -n "$p" ]] && kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$work"' EXIT

# distinct BASE OUT-PATTERN COUNT: COUNT copies of the JPEG BASE, each with a comment segment of
# its own after SOI (so no two have the same bytes), named by the printf pattern OUT-PATTERN.
distinct() {
  python3 - "$@" <<'PY'
import struct, sys
base, pattern, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(base, "rb").read()
assert data[:2] == b"\xff\xd8", "not a JPEG"
for n in range(1, count + 1):
    text = b"Photolala benchmark copy %d" % n
    with open(pattern % n, "wb") as f:
        f.write(data[:2] + b"\xff\xfe" + struct.pack(">H", len(text) + 2) + text + data[2:])
PY
}

echo "dav: making $photos photos, a $video_mb MB video and a folder of $folder_files" >&2
media="$work/media"; mkdir -p "$media/photos"
# A phone's photo: 12 MP with grain, so it weighs what one does (about 1.6 MB at quality 85).
convert -size 4000x3000 gradient:skyblue-sandybrown -attenuate 0.35 +noise Gaussian -quality 85 -sampling-factor 2x2 "$media/photo.jpg"
exiftool -q -overwrite_original -DateTimeOriginal='2024:06:15 12:34:56' -Make=Photolala -Model=Benchmark "$media/photo.jpg"
distinct "$media/photo.jpg" "$media/photos/IMG_%04d.JPG" "$photos"
photo_bytes=$(du -cb "$media/photos" | awk 'END { print $1 }')
# The video: raw 4:2:2 frames (4 MB each) in QuickTime, valid and written at disk speed, where
# encoding 2 GB of H.264 would take the two cores many minutes.
frames=$(( (video_mb * 1048576 + 1920 * 1080 * 2 - 1) / (1920 * 1080 * 2) ))
ffmpeg -v error -nostdin -y -f lavfi -i testsrc2=size=1920x1080:rate=30 -frames:v "$frames" -pix_fmt uyvy422 -c:v rawvideo \
  -metadata creation_time=2024-06-15T12:34:56Z "$media/VID_0001.MOV"
video_bytes=$(stat -c %s "$media/VID_0001.MOV")
# The folder to list: small JPEGs, one base and its distinct copies.
folder=Camera
mkdir -p "$work/listlib/$folder"
convert -size 160x120 gradient:skyblue-sandybrown -quality 85 "$media/small.jpg"
exiftool -q -overwrite_original -DateTimeOriginal='2024:06:15 12:34:56' "$media/small.jpg"
distinct "$media/small.jpg" "$work/listlib/$folder/IMG_%05d.JPG" "$folder_files"

# fresh_ours LIB DATA [serve flags...]: an empty DATA with a member, anna, and a read-scope device
# (its password in $secret), and the server on LIB (made if missing) once it answers; sets pid and ours.
fresh_ours() {
  local lib="$1" data="$2"; shift 2
  rm -rf "$data"; mkdir -p "$lib"
  printf 'benchmark password 1\n' | "$bin" users add anna --role member --library "$lib" --data "$data" > /dev/null
  secret=$("$bin" devices add anna "benchmark" --scope read --library "$lib" --data "$data" 2> /dev/null)
  [[ -n "$secret" ]] || { echo "no device password was printed" >&2; return 1; }
  start_ours "$lib" "$data" "$@"
}
start_ours() {
  local lib="$1" data="$2" port; shift 2
  port=$(free_port)
  "$bin" serve --library "$lib" --data "$data" --port "$port" "$@" > "$work/serve.log" 2>&1 & pid=$!
  ours="http://127.0.0.1:$port"
  wait_up "$ours/healthz"
}
stop_ours() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; cat "$work/serve.log" >> "$work/servers.log"; }

# put_config URL-PREFIX FILES...: a curl config PUTting each file to URL-PREFIX/<its name>.
put_config() {
  local prefix="$1" f; shift
  echo "user = \"anna:$secret\""
  echo 'header = "Expect:"'
  echo 'write-out = "%{http_code}\n"'
  for f in "$@"; do
    echo "upload-file = \"$f\""; echo "url = \"$prefix/$(basename "$f")\""; echo 'output = "/dev/null"'
  done
}

# timed_put PID CPU-PIDS CONFIG: runs the config's PUTs, DAV_PARALLEL in flight, sampling the
# VmRSS of PID (none: "") every 0.2 s; prints "seconds rss-before-MB rss-peak-MB rss-after-MB
# server-cpu-s machine-busy", the CPU the processes CPU-PIDS (space-separated: the server's)
# spent meanwhile and the share of both cores busy. Fails unless every PUT answered 201.
timed_put() {
  sync
  python3 - "$1" "$2" "$3" "$parallel" <<'PY'
import os, subprocess, sys, threading, time
pid, cpu_pids, config, parallel = sys.argv[1:]
hz = os.sysconf("SC_CLK_TCK")
def cpu():
    total = 0
    for p in cpu_pids.split():
        fields = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / hz
def machine():
    fields = [int(x) for x in open("/proc/stat").readline().split()[1:8]]
    return sum(fields) - fields[3] - fields[4], sum(fields)
def rss():
    if not pid: return 0.0
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1]) / 1024
before = rss(); peak = [before]; done = threading.Event()
cpu_before = cpu(); busy_before, all_before = machine()
def sample():
    while not done.wait(0.2): peak[0] = max(peak[0], rss())
threading.Thread(target=sample, daemon=True).start()
start = time.monotonic()
out = subprocess.run(["curl", "-s", "--no-progress-meter", "--parallel", "--parallel-max", parallel, "-K", config],
                     stdout=subprocess.PIPE, text=True).stdout
seconds = time.monotonic() - start
done.set(); after = rss()
busy_after, all_after = machine()
spent = cpu() - cpu_before; busy = (busy_after - busy_before) / max(1, all_after - all_before)
codes = out.split()
wrong = [c for c in codes if c != "201"]
if wrong or not codes: sys.exit(f"PUT answered {sorted(set(wrong)) or 'nothing'} ({len(wrong)} of {len(codes)})")
print(f"{seconds:.3f} {before:.1f} {max(peak[0], after):.1f} {after:.1f} {spent:.2f} {busy:.3f}")
PY
}

nport=$(free_port)
start_nginx "$work/nginx" "$nport" "
    location /put/ { dav_methods PUT DELETE MKCOL COPY MOVE; create_full_put_path on; client_body_temp_path $work/nginx/tmp/put; }
    location /library/ { alias $work/listlib/; autoindex on; autoindex_format json; }"
theirs="http://127.0.0.1:$nport"

# One run of the PUTs, each side in turn (which goes first alternates by run).
put_ours() {  # NAME FILES...
  local name="$1"; shift
  fresh_ours "$work/putlib" "$work/putdata"
  put_config "$ours/dav/anna" "$@" > "$work/put.conf"
  timed_put "$pid" "$pid $(pgrep -P "$pid" | tr '\n' ' ')" "$work/put.conf" >> "$work/ours-$name"
  local filed; filed=$(sqlite3 "$work/putdata/catalog.sqlite" "SELECT COUNT(*) FROM file WHERE key LIKE 'Phones/anna/%'")
  (( filed == $# )) || { echo "$filed of $# files are in the catalog after the PUTs" >&2; exit 1; }
  grep -q "webdav put" "$work/serve.log" || { echo "the server logged no PUT" >&2; exit 1; }
  stop_ours; rm -rf "$work/putlib" "$work/putdata"
}
put_nginx() {  # NAME FILES...
  local name="$1"; shift
  rm -rf "$work/nginx/html/put"
  put_config "$theirs/put" "$@" > "$work/put.conf"
  timed_put "" "$nginx_pid $(pgrep -P "$nginx_pid" | tr '\n' ' ')" "$work/put.conf" >> "$work/nginx-$name"
  cmp -s "$1" "$work/nginx/html/put/$(basename "$1")" || { echo "nginx stored other bytes" >&2; exit 1; }
  rm -rf "$work/nginx/html/put"
}

# put_ours_into NAME FILES...: the PUTs into a copy of the grown library (DAV_INTO).
put_ours_into() {
  local name="$1"; shift
  rm -rf "$work/intolib" "$work/intodata"
  cp -al "$big_lib" "$work/intolib"; cp -a "$work/bigdata" "$work/intodata"
  "$bin" library move "$work/intolib" --data "$work/intodata" > /dev/null
  printf 'benchmark password 1\n' | "$bin" users add anna --role member --library "$work/intolib" --data "$work/intodata" > /dev/null
  secret=$("$bin" devices add anna "benchmark" --scope read --library "$work/intolib" --data "$work/intodata" 2> /dev/null)
  start_ours "$work/intolib" "$work/intodata"
  until grep -q "scan finished" "$work/serve.log"; do
    kill -0 "$pid" 2>/dev/null || { echo "the server stopped during its scan:" >&2; tail "$work/serve.log" >&2; exit 1; }
    sleep 0.2
  done
  put_config "$ours/dav/anna" "$@" > "$work/put.conf"
  timed_put "$pid" "$pid $(pgrep -P "$pid" | tr '\n' ' ')" "$work/put.conf" >> "$work/ours-$name"
  local filed; filed=$(sqlite3 "$work/intodata/catalog.sqlite" "SELECT COUNT(*) FROM file WHERE key LIKE 'Phones/anna/%'")
  (( filed == $# )) || { echo "$filed of $# files are in the grown catalog after the PUTs" >&2; exit 1; }
  stop_ours; rm -rf "$work/intolib" "$work/intodata"
}
if [[ -n "$into" ]]; then
  big_lib=$(bash Benchmarks/library.sh "$into")
  copy_catalog dav "$bin" "$big_lib" "$work/bigdata"
fi

# The listed folder, scanned by the server at its start, then settled (likeness and stacks).
started=$SECONDS
fresh_ours "$work/listlib" "$work/listdata"
list_secret=$secret
until grep -q "scan finished" "$work/serve.log"; do
  kill -0 "$pid" 2>/dev/null || { echo "the server stopped during its scan:" >&2; tail "$work/serve.log" >&2; exit 1; }
  sleep 0.2
done
echo "dav: the server scanned the folder of $folder_files in $(( SECONDS - started )) s" >&2
stop_ours
settle_catalog "$bin" "$work/listlib" "$work/listdata"
listed=$(sqlite3 "$work/listdata/catalog.sqlite" "SELECT COUNT(*) FROM file WHERE folder = '$folder'")
(( listed == folder_files )) || { echo "the catalog holds $listed files of $folder, not $folder_files" >&2; exit 1; }

# list URL COUNT-COMMAND CURL-ARGS...: prints the milliseconds of one listing; fails unless it
# answered 207 or 200 with folder_files entries (counted from the body by the command).
list() {
  local url="$1" count="$2" timing n; shift 2
  timing=$(curl -s -o "$work/listing" -w '%{http_code} %{time_total}' "$@" "$url")
  [[ "${timing%% *}" == 20[07] ]] || { echo "$url answered HTTP ${timing%% *}" >&2; head -c 300 "$work/listing" >&2; return 1; }
  n=$(python3 -c "$count" "$work/listing")
  (( n == folder_files )) || { echo "$url listed $n files, not $folder_files" >&2; return 1; }
  awk -v s="${timing#* }" 'BEGIN { printf "%.1f\n", s * 1000 }'
}
dav_count='import re, sys; print(len(re.findall(rb"<[A-Za-z]*:?href>[^<]*\.JPG</", open(sys.argv[1], "rb").read())))'
json_count='import json, sys; print(sum(1 for e in json.load(open(sys.argv[1])) if e["type"] == "file"))'

for run in $(seq "$runs"); do
  echo "dav: run $run of $runs" >&2
  [[ -z "$into" ]] || put_ours_into photos-into "$media"/photos/*.JPG
  if (( run % 2 )); then
    put_ours photos "$media"/photos/*.JPG; put_nginx photos "$media"/photos/*.JPG
    put_ours video "$media/VID_0001.MOV"; put_nginx video "$media/VID_0001.MOV"
  else
    put_nginx photos "$media"/photos/*.JPG; put_ours photos "$media"/photos/*.JPG
    put_nginx video "$media/VID_0001.MOV"; put_ours video "$media/VID_0001.MOV"
  fi
  secret=$list_secret
  start_ours "$work/listlib" "$work/listdata" --no-scan --no-watch --rescan-interval 0
  for i in 1 2 3 4 5; do
    ms=$(list "$ours/dav/library/$folder/" "$dav_count" -X PROPFIND -H "Depth: 1" -u "anna:$secret")
    (( i == 1 )) && echo "$ms" >> "$work/ours-first"
    echo "$ms" >> "$work/ours-list"
    ms=$(list "$theirs/library/$folder/" "$json_count")
    (( i == 1 )) && echo "$ms" >> "$work/nginx-first"
    echo "$ms" >> "$work/nginx-list"
  done
  stop_ours
done

col() { median $(awk -v n="$2" '{ print $n }' "$work/$1"); }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }
rate() { awk -v a="$1" -v s="$2" 'BEGIN { printf (a / s < 100 ? "%.1f" : "%.0f"), a / s }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
row() { printf "%-26s %6s %8s | %8s %8s %7s | %8s %8s %7s | %6s | %s\n" "$@"; }
echo
machine
echo "PUT with curl --parallel-max $parallel, no Expect: 100-continue; PROPFIND Depth: 1 by a read-scope device; median of $runs runs"
row "PUT" "files" "MB" "seconds" "files/s" "MB/s" "nginx s" "files/s" "MB/s" "ratio" "server RSS MB: before / peak / after"
for name in photos video; do
  if [[ "$name" == photos ]]; then label="$photos phone photos"; files=$photos; bytes=$photo_bytes
  else label="a $video_mb MB video"; files=1; bytes=$video_bytes; fi
  o=$(col "ours-$name" 1); n=$(col "nginx-$name" 1)
  row "$label" "$files" "$(mb "$bytes")" "$o" "$(rate "$files" "$o")" "$(rate "$(mb "$bytes")" "$o")" \
    "$n" "$(rate "$files" "$n")" "$(rate "$(mb "$bytes")" "$n")" "$(ratio "$n" "$o")" \
    "$(col "ours-$name" 2) / $(col "ours-$name" 3) / $(col "ours-$name" 4)"
done
if [[ -n "$into" ]]; then
  o=$(col ours-photos-into 1); n=$(col nginx-photos 1)
  row "$photos photos into $into" "$photos" "$(mb "$photo_bytes")" "$o" "$(rate "$photos" "$o")" "$(rate "$(mb "$photo_bytes")" "$o")" \
    "$n" "$(rate "$photos" "$n")" "$(rate "$(mb "$photo_bytes")" "$n")" "$(ratio "$n" "$o")" \
    "$(col ours-photos-into 2) / $(col ours-photos-into 3) / $(col ours-photos-into 4)"
fi
echo "(ratio: Photolala's MB/s over nginx's, goal 0.8 or more; RSS: the server's VmRSS sampled every 0.2 s, goal for the video: peak within 20 MB of before)"
cpu_ms() { awk -v c="$1" -v f="$2" 'BEGIN { printf "%.2f", c * 1000 / f }'; }
pct() { awk -v b="$1" 'BEGIN { printf "%.0f%%", b * 100 }'; }
for name in photos video; do
  if [[ "$name" == photos ]]; then files=$photos; label="$photos phone photos"; else files=1; label="a $video_mb MB video"; fi
  echo "CPU, $label: Photolala's server $(cpu_ms "$(col "ours-$name" 5)" "$files") ms a file (both cores $(pct "$(col "ours-$name" 6)") busy)," \
    "nginx $(cpu_ms "$(col "nginx-$name" 5)" "$files") ms a file ($(pct "$(col "nginx-$name" 6)") busy); curl sends both"
done
echo "(CPU: user and system time of the server's process, or nginx's master and workers, over the PUTs; busy: of both cores, curl's share included)"
lrow() { printf "%-34s %8s | %10s %10s | %10s %10s | %6s\n" "$@"; }
lrow "listing a folder" "files" "first ms" "median ms" "nginx first" "median ms" "ratio"
lrow "PROPFIND Depth: 1 / autoindex JSON" "$folder_files" "$(median $(cat "$work/ours-first"))" "$(median $(cat "$work/ours-list"))" \
  "$(median $(cat "$work/nginx-first"))" "$(median $(cat "$work/nginx-list"))" \
  "$(ratio "$(median $(cat "$work/nginx-list"))" "$(median $(cat "$work/ours-list"))")"
echo "(first: the first listing after the server starts, median over runs; median: of all 5 listings of every run; goal under 500 ms;"
echo " ratio: nginx's median time over Photolala's, so 1.00x is as fast as nginx's JSON listing)"
problems=$(grep -c -E ' (warning|error|critical) ' "$work/servers.log" || true)
(( problems == 0 )) || { echo "the servers logged $problems warnings or errors; the first:"; grep -m3 -E ' (warning|error|critical) ' "$work/servers.log"; }
