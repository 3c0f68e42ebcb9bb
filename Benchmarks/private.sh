#!/usr/bin/env bash
# What hiding private photos costs each query a page makes, at a million photos on SQLite, beside
# the same query without it (Benchmarks/private.py). The catalog is made by the binary's own scan
# of an empty folder, then filled with made-up rows.
#   usage: Benchmarks/private.sh [count]     (default 1000000)
#   env:   PHOTOLALA_BIN (the binary whose schema is measured; unset: release build)
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/common.sh
bin="$(photolala_bin)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/library" "$work/data"
"$bin" scan --library "$work/library" --data "$work/data" >/dev/null
echo "private: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo), SQLite $(python3 -c 'import sqlite3; print(sqlite3.sqlite_version)')"
python3 Benchmarks/private.py "$work/data" "${1:-1000000}"
