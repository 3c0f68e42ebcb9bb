#!/usr/bin/env bash
# Installs what Photolala needs on a fresh Debian machine (bookworm). Idempotent.
#   scripts/setup.sh          build + run dependencies (ImageMagick, SQLite, exiftool)
#   scripts/setup.sh --test   also the end-to-end test tools (Chromium, chromedriver, selenium)
set -euo pipefail

RUNTIME_PACKAGES=(libmagickwand-6.q16-dev libsqlite3-dev imagemagick libimage-exiftool-perl pkg-config ca-certificates tzdata)
TEST_PACKAGES=(chromium chromium-driver python3 python3-venv)

want=("${RUNTIME_PACKAGES[@]}")
if [[ "${1:-}" == "--test" ]]; then want+=("${TEST_PACKAGES[@]}"); fi

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [[ "${1:-}" == "--test" ]]; then
  here="$(cd "$(dirname "$0")/.." && pwd)"
  venv="$here/.venv-e2e"
  if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import selenium, pytest" 2>/dev/null; then
    echo "setup: creating $venv with selenium and pytest"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "selenium>=4.20,<5" "pytest>=8,<10"
  fi
fi
