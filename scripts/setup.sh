#!/usr/bin/env bash
# Installs what Photolala needs on a fresh Debian machine (bookworm). Idempotent.
#   scripts/setup.sh            build + run dependencies (ImageMagick, SQLite, ffmpeg, exiftool, the demo's photographs)
#   scripts/setup.sh --test     also the end-to-end test tools (Chromium, chromedriver, selenium)
#   scripts/setup.sh --build    only what a release build needs (the Dockerfile's build stage)
#   scripts/setup.sh --runtime  only the libraries the release binary needs to run, nothing to
#                               build with (the Dockerfile's run stage)
set -euo pipefail

# Building: the MagickWand, TurboJPEG, SQLite and zlib headers and libraries, and pkg-config to find them.
BUILD_PACKAGES=(libmagickwand-6.q16-dev libturbojpeg0-dev libsqlite3-dev zlib1g-dev pkg-config ca-certificates tzdata)
# What makes the demo library: `convert`, `exiftool`, and the real photographs it is made from.
DEMO_PACKAGES=(imagemagick libimage-exiftool-perl plasma-workspace-wallpapers)
# Videos: ffprobe reads them and ffmpeg takes their poster frames, as child processes under
# prlimit (util-linux); the tests make their videos with ffmpeg too.
VIDEO_PACKAGES=(ffmpeg util-linux)
# The end-to-end tests, and the PostgreSQL server the PostgreSQL catalog's tests start (scripts/postgres.sh).
# nginx: the reverse proxy the scale-out test puts in front of two instances (Tests/e2e/test_scale_out.py).
# gettext: msgfmt checks every language's catalog as translators' tools read it.
# litmus, rclone, cadaver: WebDAV clients the door is tested with (Tests/e2e/test_dav_clients.py).
TEST_PACKAGES=(chromium chromium-driver python3 python3-venv unzip postgresql nginx gettext litmus rclone cadaver)
# Running a release binary built with --static-swift-stdlib (the Swift libraries are inside it).
RUNTIME_PACKAGES=(libmagickwand-6.q16-6 libturbojpeg0 libsqlite3-0 zlib1g tzdata ca-certificates)

mode="${1:-}"
case "$mode" in
  "")        want=("${BUILD_PACKAGES[@]}" "${DEMO_PACKAGES[@]}" "${VIDEO_PACKAGES[@]}") ;;
  --test)    want=("${BUILD_PACKAGES[@]}" "${DEMO_PACKAGES[@]}" "${VIDEO_PACKAGES[@]}" "${TEST_PACKAGES[@]}") ;;
  --build)   want=("${BUILD_PACKAGES[@]}") ;;
  --runtime) want=("${RUNTIME_PACKAGES[@]}" "${VIDEO_PACKAGES[@]}") ;;
  -h|--help) sed -n '2,7s/^# \{0,1\}//p' "$0"; exit 0 ;;
  *)         echo "setup: unknown option $mode (expected --test, --build or --runtime)" >&2; exit 2 ;;
esac

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

if [[ "$mode" == "--test" ]]; then
  here="$(cd "$(dirname "$0")/.." && pwd)"
  venv="$here/.venv-e2e"
  if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import selenium, pytest, axe_selenium_python, moto.server, schemathesis, openapi_spec_validator, pyop" 2>/dev/null; then
    echo "setup: creating $venv with selenium, pytest, axe-core (axe-selenium-python), moto (the test S3 server), schemathesis, openapi-spec-validator and pyop (the test OpenID provider)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "selenium>=4.20,<5" "pytest>=8,<10" "axe-selenium-python>=2.1.6,<3" "moto[server]>=5.0,<6" \
      "schemathesis>=4.1,<5" "openapi-spec-validator>=0.7,<0.8" "pyop>=3.4,<4"
  fi
fi
