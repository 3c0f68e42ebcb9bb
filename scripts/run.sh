#!/usr/bin/env bash
# Builds Photolala (release) and serves it: on the given folder, or on a generated demo library.
#   scripts/run.sh                      demo library
#   scripts/run.sh ~/Pictures [flags]   your photos; any other `photolala serve` flag may follow
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product photolala
bin="$(swift build -c release --show-bin-path)/photolala"
if [[ $# -gt 0 && "$1" != -* ]]; then
  library="$1"; shift
  exec "$bin" serve --library "$library" "$@"
fi
exec "$bin" serve "$@"
