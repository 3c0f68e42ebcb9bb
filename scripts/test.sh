#!/usr/bin/env bash
# The full test suite on a fresh Debian machine: installs what it needs, then runs the Swift
# tests (unit and route), the fuzz targets, and the end-to-end tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
# The Dockerfile's run stage installs this list; checking it here keeps its package names honest.
bash scripts/setup.sh --runtime
swift build --build-tests
swift test --skip-build
# Every parser of untrusted bytes: the committed fuzz corpus replayed, then a short fuzz of each target.
bash scripts/fuzz.sh all 7
PHOTOLALA_BIN="$(swift build --show-bin-path)/photolala" .venv-e2e/bin/python -m pytest -q Tests/e2e
