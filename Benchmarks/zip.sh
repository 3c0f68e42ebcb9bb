#!/usr/bin/env bash
# Download as zip: a selection's "all N in this group" streamed as one stored zip, against `tar`
# writing the same files into one archive (the reference: reading the same bytes off the same
# disk, in the same run), on the scanned synthetic library of Benchmarks/library.sh.
#   - the groups: a search of about 1,000 photos (a range of days taken) and a folder of 5,000;
#   - each zip is fetched as a browser's select form sends it (POST /actions/select with do=zip,
#     all=1, the CSRF cookie and field), timing the first byte and the whole download, while the
#     server's resident memory (VmRSS) is sampled every 10 ms: memory stays flat when the zip is
#     streamed rather than built;
#   - the first run's zip is checked with `unzip -t` and its entries counted.
# Photolala runs `serve --no-scan --no-watch --guest viewer`. Reports only; asserts nothing.
#   usage: Benchmarks/zip.sh [runs]     (default 3)
#   env:   PHOTOLALA_BIN (binary to measure; unset: release build), BENCH_FILES (library size, default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
source Benchmarks/common.sh
need curl:curl sqlite3:sqlite3 python3:python3 unzip:unzip
lib=$(bash Benchmarks/library.sh "$bench_files")
bin=$(photolala_bin)
work="$(mktemp -d)"; pid=""
trap '[[ -n "$pid" ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

copy_catalog zip "$bin" "$lib" "$work/data"
db="$work/data/catalog.sqlite"
port=$(free_port)
"$bin" serve --library "$lib" --data "$work/data" --port "$port" --no-scan --no-watch --guest viewer > "$work/serve.log" 2>&1 & pid=$!
ours="http://127.0.0.1:$port"
wait_up "$ours/healthz"

# The ~1,000 search: from the day of the 1,000th-newest photo to the newest one's day.
newest=$(sqlite3 "$db" "SELECT date(MAX(takenAt), 'unixepoch') FROM photo")
from=$(sqlite3 "$db" "SELECT date(takenAt, 'unixepoch') FROM photo WHERE takenAt IS NOT NULL ORDER BY takenAt DESC LIMIT 1 OFFSET 999")
big=$(sqlite3 "$db" "SELECT path FROM folder WHERE photoCount = $(( bench_files / 20 )) ORDER BY path LIMIT 1")
groups=(
  "search, about 1,000 photos|all|taken_from=$from&taken_to=$newest|f.sortTaken >= 0 AND p.takenAt >= strftime('%s', '$from') AND p.takenAt < strftime('%s', '$newest', '+1 day')"
  "folder of $(( bench_files / 20 ))|folder:$big||f.folder = '$big'"
)

# The CSRF cookie and the form's token, as a browser would have them from a page.
curl -s -c "$work/jar" -o "$work/page.html" "$ours/search"
csrf=$(grep -o -m1 'name="csrf" value="[0-9a-f]*"' "$work/page.html" | sed -n '1s/.*value="//; 1s/"//p')
[[ -n "$csrf" ]] || { echo "no CSRF token on the search page" >&2; exit 1; }
cookie=$(awk '$6 == "photolala_csrf" { print "photolala_csrf=" $7 }' "$work/jar")

# fetch GROUP FILTER OUT: prints "first-byte-s total-s bytes rss-before-MB rss-peak-MB rss-after-MB".
fetch() {
  python3 - "$ours" "$pid" "$cookie" "$csrf" "$1" "$2" "$3" <<'PY'
import http.client, sys, threading, time, urllib.parse
base, pid, cookie, csrf, group, filt, out = sys.argv[1:]
def rss():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1]) / 1024
peak, done = [rss()], [False]
before = peak[0]
def sample():
    while not done[0]:
        peak[0] = max(peak[0], rss()); time.sleep(0.01)
threading.Thread(target=sample, daemon=True).start()
host = urllib.parse.urlsplit(base)
body = urllib.parse.urlencode({"csrf": csrf, "group": group, "filter": filt, "all": "1", "do": "zip"})
conn = http.client.HTTPConnection(host.hostname, host.port)
start = time.monotonic()
conn.request("POST", "/actions/select", body, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, "Origin": base})
answer = conn.getresponse()
if answer.status != 200: sys.exit(f"the zip answered HTTP {answer.status}: {answer.read()[:300]!r}")
size, first = 0, None
with open(out, "wb") as f:
    while chunk := answer.read1(1 << 16):
        if first is None: first = time.monotonic() - start
        size += len(chunk); f.write(chunk)
total = time.monotonic() - start
done[0] = True; time.sleep(0.05)
print(f"{first:.3f} {total:.3f} {size} {before:.1f} {max(peak[0], rss()):.1f} {rss():.1f}")
PY
}

for run in $(seq "$runs"); do
  echo "zip: run $run of $runs" >&2
  for i in "${!groups[@]}"; do
    IFS='|' read -r _ group filter where <<< "${groups[i]}"
    fetch "$group" "$filter" "$work/out-$i.zip" >> "$work/ours-$i"
    if (( run == 1 )); then
      unzip -tq "$work/out-$i.zip" > /dev/null || { echo "unzip -t found errors in the zip of group $i" >&2; exit 1; }
      unzip -Z1 "$work/out-$i.zip" | wc -l > "$work/entries-$i"
      sqlite3 "$db" "SELECT f.key FROM file f JOIN photo p ON p.id = f.photoId WHERE $where" > "$work/files-$i"
    fi
    # the reference: tar reading the same files into one archive, written to a file as the zip was
    python3 - "$lib" "$work/files-$i" "$work/out-$i.tar" >> "$work/tar-$i" <<'PY'
import subprocess, sys, time
lib, files, out = sys.argv[1:]
start = time.monotonic()
subprocess.run(["tar", "-cf", out, "-C", lib, "-T", files], check=True)
print(f"{time.monotonic() - start:.3f} {__import__('os').path.getsize(out)}")
PY
  done
done

col() { median $(awk -v n="$2" '{ print $n }' "$work/$1"); }
row() { printf "%-28s %7s %8s | %9s %8s %8s | %8s %8s | %6s | %s\n" "$@"; }
echo
machine
echo "zips fetched as the select form sends them (POST, all=1, do=zip); median of $runs runs; the server's RSS sampled every 10 ms"
row "group" "photos" "MB" "first byte" "total s" "MB/s" "tar s" "tar MB/s" "ratio" "server RSS MB: before / peak / after"
for i in "${!groups[@]}"; do
  mb=$(awk -v b="$(col "ours-$i" 3)" 'BEGIN { printf "%.1f", b / 1048576 }')
  row "${groups[i]%%|*}" "$(cat "$work/entries-$i")" "$mb" "$(awk -v s="$(col "ours-$i" 1)" 'BEGIN { printf "%.0f ms", s * 1000 }')" \
    "$(col "ours-$i" 2)" "$(awk -v m="$mb" -v s="$(col "ours-$i" 2)" 'BEGIN { printf "%.0f", m / s }')" \
    "$(col "tar-$i" 1)" "$(awk -v b="$(col "tar-$i" 2)" -v s="$(col "tar-$i" 1)" 'BEGIN { printf "%.0f", b / 1048576 / s }')" \
    "$(awk -v a="$(col "ours-$i" 2)" -v b="$(col "tar-$i" 1)" 'BEGIN { printf "%.2fx", a / b }')" \
    "$(col "ours-$i" 4) / $(col "ours-$i" 5) / $(col "ours-$i" 6)"
done
echo "(ratio: Photolala's time for the whole zip over tar's for the group's files; entries from unzip -Z1; tar MB/s from its own archive's size)"
problems=$(grep -c -E ' (warning|error|critical) ' "$work/serve.log" || true)
(( problems == 0 )) || { echo "the server logged $problems warnings or errors; the first:"; grep -m3 -E ' (warning|error|critical) ' "$work/serve.log"; }
