#!/usr/bin/env bash
# Builds Photolala (release) and serves it: on the given folder, or on a generated demo library.
#   scripts/run.sh                      demo library
#   scripts/run.sh ~/Pictures [flags]   your photos; any other `photolala serve` flag may follow
# Each library keeps its catalog in a data folder of its own unless --data is given.
# PHOTOLALA_BIN=FILE serves with that binary instead of building one (the end-to-end tests do).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [[ -n "${PHOTOLALA_BIN:-}" ]]; then
  bin="$PHOTOLALA_BIN"
else
  swift build -c release --product photolala
  bin="$(swift build -c release --show-bin-path)/photolala"
fi
where=()
if [[ $# -gt 0 && "$1" != -* ]]; then
  where=(--library "$1"); shift
fi
# No account yet and a person at the terminal: offer to make the first admin now, in the data
# folder `serve` will use. A name typed ahead during the build is kept and read here; the password
# prompt that follows discards anything typed ahead, so a password is never echoed on the screen.
if [[ -t 0 && " $* " != *" --data "* ]] && "$bin" users list "${where[@]}" | grep -q '^No accounts yet'; then
  read -r -p "No accounts yet. Name for the first admin (empty to skip): " admin
  if [[ -n "$admin" ]]; then "$bin" users add "$admin" --role admin "${where[@]}"; fi
fi
# Serving on every address: say which ones a phone on the same network can open.
if [[ " $* " == *" --host 0.0.0.0 "* || " $* " == *" --host=0.0.0.0 "* || "${PHOTOLALA_HOST:-}" == "0.0.0.0" ]]; then
  port="${PHOTOLALA_PORT:-8080}"
  args=("$@")
  for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[$i]}" in
      --port) port="${args[$((i + 1))]:-$port}" ;;
      --port=*) port="${args[$i]#--port=}" ;;
    esac
  done
  for ip in $(hostname -I 2>/dev/null); do
    if [[ $ip == *.*.*.* ]]; then echo "From a phone on the same network, open http://$ip:$port/"; fi
  done
fi
exec "$bin" serve "${where[@]}" "$@"
