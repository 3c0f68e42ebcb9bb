#!/usr/bin/env bash
# Builds Photolala (release) and serves it: on the given folder, or on a generated demo library.
#   scripts/run.sh                      demo library
#   scripts/run.sh ~/Pictures [flags]   your photos; any other `photolala serve` flag may follow
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product photolala
bin="$(swift build -c release --show-bin-path)/photolala"
# No account yet and a person at the terminal: offer to make the first admin now.
if [[ -t 0 && " $* " != *" --data "* ]] && "$bin" users list | grep -q '^No accounts yet'; then
  read -r -p "No accounts yet. Name for the first admin (empty to skip): " admin
  if [[ -n "$admin" ]]; then "$bin" users add "$admin" --role admin; fi
fi
if [[ $# -gt 0 && "$1" != -* ]]; then
  library="$1"; shift
  exec "$bin" serve --library "$library" "$@"
fi
exec "$bin" serve "$@"
