# Helpers shared by Benchmarks/scan.sh, serve.sh and run.sh; sourced, never run. Expects the
# working directory to be the repository root.
#
#   PHOTOLALA_BIN   a photolala binary to measure (an absolute path); unset: `swift build -c release`
#                   and use its product
#   BENCH_FILES     photos in the synthetic library (Benchmarks/library.sh), default 100000

bench_files="${BENCH_FILES:-100000}"
# The command line speaks the terminal's language; the benchmarks read what it says in English.
export LANGUAGE="" LC_ALL=C.UTF-8

# apt-get install PACKAGE unless COMMAND is found: need COMMAND:PACKAGE ...
need() {
  local tool
  for tool in "$@"; do
    command -v "${tool%%:*}" >/dev/null && continue
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${tool#*:}" >/dev/null
  done
}

# Prints the photolala binary: $PHOTOLALA_BIN, else a fresh release build.
photolala_bin() {
  if [[ -n "${PHOTOLALA_BIN:-}" ]]; then
    [[ -x "$PHOTOLALA_BIN" ]] || { echo "PHOTOLALA_BIN=$PHOTOLALA_BIN is not an executable" >&2; return 1; }
    echo "$PHOTOLALA_BIN"; return
  fi
  # (`|| return`: a command substitution does not inherit set -e)
  bash scripts/setup.sh >&2 || return
  swift build -c release --product photolala >/dev/null || return
  echo "$(swift build -c release --show-bin-path)/photolala"
}

# Peak RSS (VmHWM) of a process and of its children (the decoder workers), in MB.
peak() { local total=0 p; for p in "$1" $(pgrep -P "$1" || true); do
  total=$(( total + $(awk '/VmHWM/ { print $2 }' "/proc/$p/status" 2>/dev/null || echo 0) )); done; echo $(( total / 1024 )); }

# A free TCP port on loopback (the kernel's pick; released again before use).
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Whether the page curl fetches with ARGS (the URL last) holds TEXT. The page is read whole first:
# `curl | grep -q` under pipefail fails when grep stops reading early and curl meets a broken pipe.
page_has() { local text="$1"; shift; [[ "$(curl -s "$@")" == *"$text"* ]]; }

# Waits until URL answers 200 (up to 20 s); fails loudly otherwise.
wait_up() {
  local _
  for _ in $(seq 200); do curl -sf -o /dev/null "$1" && return 0; sleep 0.1; done
  echo "no answer from $1" >&2; return 1
}

# Fails loudly unless URL answers 200.
expect_200() {
  local code; code=$(curl -s -o /dev/null -w '%{http_code}' "$1")
  [[ "$code" == 200 ]] || { echo "$1 answered HTTP $code, not 200" >&2; return 1; }
}

# measure RESULT COMMAND...: runs COMMAND (its output passes through) and writes "seconds peak-MB"
# to RESULT; fails as COMMAND fails. Peak memory is that of the whole process tree: every 0.05 s
# (0.2 s after the first 2 s) the VmHWM (peak resident set) of every live process descended from
# COMMAND is summed, and the largest sum is kept; each process's own peak counts while it lives,
# so decoder workers that live as long as the scan are fully counted, while a process born and
# gone between two samples is missed. It is never less than the largest single process's peak
# (getrusage of the children, which also catches a command too quick to sample).
measure() {
  python3 - "$@" <<'EOF'
import os, resource, signal, subprocess, sys, time
result, command = sys.argv[1], sys.argv[2:]
start = time.monotonic()
child = subprocess.Popen(command)
signal.signal(signal.SIGTERM, lambda *_: (child.terminate(), sys.exit(143)))
def tree_hwm_kb():
    procs = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
        except OSError:
            continue
        procs[int(name)] = (int(fields["PPid"]), int(fields.get("VmHWM", "0 kB").split()[0]))
    total = 0
    for pid, (_, hwm) in procs.items():
        p = pid
        while p != child.pid and p in procs and p > 1:
            p = procs[p][0]
        total += hwm if p == child.pid else 0
    return total
best = 0
while child.poll() is None:
    best = max(best, tree_hwm_kb())
    time.sleep(0.05 if time.monotonic() - start < 2 else 0.2)
seconds = time.monotonic() - start
best = max(best, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
with open(result, "w") as f:
    f.write(f"{seconds:.3f} {best // 1024}\n")
sys.exit(child.returncode)
EOF
}

# Runs `wrk --latency --timeout 10s ARGS... URL` and prints its figures (see wrk_figures).
wrk_stats() {
  wrk --latency --timeout 10s "$@" | wrk_figures "${*: -1}"
}

# wrk_figures URL: reads the output of `wrk --latency` and prints "requests/s p50-ms p99-ms
# errors requests", errors being wrk's socket errors (connect, read, write, timeout; a request
# that times out is left out of wrk's latencies, hence the long timeout). Fails loudly on any
# non-2xx answer.
wrk_figures() {
  local out; out=$(cat)
  if grep -q "Non-2xx" <<<"$out"; then
    echo "wrk $1: $(grep Non-2xx <<<"$out" | sed 's/^ *//')" >&2; return 1
  fi
  grep -q "Socket errors" <<<"$out" && echo "wrk $1: $(grep 'Socket errors' <<<"$out" | sed 's/^ *//')" >&2
  awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /m$/) return v * 60000; return v * 1000 }
    /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) } /^Requests\/sec:/ { rps = $2 }
    / requests in / { n = $1 }
    /Socket errors:/ { gsub(/,/, ""); errors = $4 + $6 + $8 + $10 }
    END { printf "%.1f %.2f %.2f %d %d\n", rps, p50, p99, errors, n }' <<<"$out"
}

# Waits (up to 15 s) until the servers go idle, as the script's own `cpu_ticks` (their user +
# system ticks) tells: requests a wrk left in flight are still answered after it has gone, and
# would count against the next measurement.
settle() {
  local before _
  for _ in $(seq 50); do
    before=$(cpu_ticks); sleep 0.3
    (( $(cpu_ticks) - before <= 1 )) && return
  done
  # Still busy after 15 s (a backup, say): measured as it is, and said so.
  echo "settle: the server was still busy after 15 s" >&2
}

# cycle_script LIST: a wrk script (on stdout) that requests the paths in the file LIST in turn.
cycle_script() {
  cat <<EOF
local paths, i = {}, 0
for line in io.lines("$1") do paths[#paths + 1] = line end
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
EOF
}

# Paired runs: wrk alternates between one side and the other 2 s at a time (which goes first
# alternates too), and each pair gives a ratio, so a slow moment of the machine slows both sides
# of a pair. pair NAME ARGS-A... -- ARGS-B... appends "A-req/s B-req/s" lines to $work/pair-NAME,
# $pairs of them; the caller defines cpu_ticks (for settle) and $work.
pair_rate() { wrk_stats -t2 -c32 -d2s "$@" | awk '{ print $1 }'; }
pair() {
  local name="$1" side=a i x y; local -a a=() b=(); shift
  for arg in "$@"; do
    if [[ "$arg" == "--" ]]; then side=b; elif [[ "$side" == a ]]; then a+=("$arg"); else b+=("$arg"); fi
  done
  settle
  wrk_stats -t2 -c32 -d1s "${a[@]}" > /dev/null; wrk_stats -t2 -c32 -d1s "${b[@]}" > /dev/null
  for i in $(seq "$pairs"); do
    if (( i % 2 )); then x=$(pair_rate "${a[@]}"); y=$(pair_rate "${b[@]}"); else y=$(pair_rate "${b[@]}"); x=$(pair_rate "${a[@]}"); fi
    echo "$x $y" >> "$work/pair-$name"
  done
}

# pair_row FILE LABEL: a row of "A B" lines: the medians of A and of B, and the median of the
# pairs' A/B ratios with its quartiles.
pair_row() {
  python3 - "$1" "$2" <<'PY'
import statistics, sys
rows = [tuple(map(float, line.split())) for line in open(sys.argv[1]) if line.strip()]
ratios = [a / b for a, b in rows]
q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0], ratios[0], ratios[0]]
print("%-50s %8.0f %8.0f %6.3fx %6.3f-%.3f" % (sys.argv[2], statistics.median(a for a, _ in rows), statistics.median(b for _, b in rows),
                                              statistics.median(ratios), q[0], q[2]))
PY
}

# Median of numbers.
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Starts nginx in the foreground (as a background job) serving from DIR/html on PORT, with an
# extra `location` block (may be empty) and more of the `http` block (an upstream; may be empty);
# sets nginx_pid. Config, pid, logs and temp files stay in DIR.
start_nginx() {
  local dir="$1" port="$2" extra="${3:-}" http_extra="${4:-}"
  mkdir -p "$dir/html" "$dir/tmp"
  cat > "$dir/nginx.conf" <<EOF
daemon off;
user $(id -un) $(id -gn);
worker_processes $(nproc);
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  types { text/html html; image/jpeg jpg; }
  default_type application/octet-stream;
  $http_extra
  server {
    listen 127.0.0.1:$port;
    client_max_body_size 0;
    root $dir/html;
    $extra
  }
}
EOF
  nginx -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" & nginx_pid=$!
  local _
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && return 0; sleep 0.1; done
  echo "nginx did not start:" >&2; cat "$dir/error.log" >&2; return 1
}

# The scanned catalog of the synthetic library, cached in Benchmarks/.cache/catalog-<files>/ and
# keyed to the binary's SHA-256 (a new build scans again; the catalog format may have changed).
catalog_cache="Benchmarks/.cache/catalog-$bench_files"
catalog_key() { echo "$(sha256sum "$1" | cut -c1-64) $bench_files"; }
catalog_cached() { [[ -f "$catalog_cache.key" && "$(cat "$catalog_cache.key")" == "$(catalog_key "$1")" ]]; }
# save_catalog BIN DATA: keeps a copy of a freshly scanned data folder (without thumbnails) made
# by BIN; nothing may have the catalog open.
save_catalog() {
  rm -rf "$catalog_cache" "$catalog_cache.key" "$catalog_cache.settled"; mkdir -p "$(dirname "$catalog_cache")"
  cp -a "$2" "$catalog_cache"; rm -rf "$catalog_cache/thumbnails"
  catalog_key "$1" > "$catalog_cache.key"
}
# settle_catalog BIN LIB DATA: runs BIN's server on DATA until it has measured every still's
# likeness and stacked every folder, the work a server does beside its requests for hours after
# a first scan. A benchmark of a server that is still at it measures that work too: it runs at
# full speed whenever no request comes, so it slows the reference and the bare server (asked
# while Photolala is not) more than Photolala itself.
settle_catalog() {
  local port spid left started=$SECONDS db="$3/catalog.sqlite"
  port=$(free_port)
  "$1" serve --library "$2" --data "$3" --port "$port" --no-scan --no-watch --rescan-interval 0 > "$3/settle.log" 2>&1 & spid=$!
  while :; do
    # (the server writes meanwhile: wait for its lock, and count again when it was not had)
    left=$(sqlite3 -cmd ".timeout 10000" "$db" "SELECT (SELECT COUNT(*) FROM photo WHERE sharpness IS NULL AND kind = 'photo'
                          AND listedFile IS NOT NULL) + (SELECT COUNT(*) FROM stackPending)" 2>/dev/null || echo "")
    [[ "$left" == 0 ]] && break
    kill -0 "$spid" 2>/dev/null || { echo "settle: the server stopped:" >&2; tail "$3/settle.log" >&2; return 1; }
    (( SECONDS - started < 1800 )) || { echo "settle: $left stills and folders still wait after 30 min; measured as it is" >&2; break; }
    sleep 2
  done
  kill "$spid"; wait "$spid" 2>/dev/null || true
  echo "settle: likeness measured and folders stacked in $(( SECONDS - started )) s" >&2
  rm -f "$3/settle.log"
}
# copy_catalog NAME BIN LIB DEST: a copy in DEST of the cached scan of LIB by BIN, scanning it
# first (in WORK/scan, NAME saying who asks) when the cache is missing or stale, and settled
# once (`settle_catalog`).
copy_catalog() {
  if ! catalog_cached "$2"; then
    echo "$1: scanning the library into $catalog_cache" >&2
    "$2" scan --library "$3" --data "$work/scan" >&2
    save_catalog "$2" "$work/scan"; rm -rf "$work/scan"
  fi
  if [[ ! -f "$catalog_cache.settled" ]]; then
    echo "$1: measuring the likeness of the cached catalog's stills first" >&2
    settle_catalog "$2" "$3" "$catalog_cache"; rm -rf "$catalog_cache/thumbnails"; touch "$catalog_cache.settled"
  fi
  cp -a "$catalog_cache" "$4"
}

machine() {
  echo "machine: $(lscpu | awk -F: '/Model name/ { gsub(/^ +/, "", $2); print $2; exit }'), $(nproc) cores," \
    "$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr); $(date -u '+%Y-%m-%d %H:%M UTC')"
}
