#!/usr/bin/env bash
# The full test suite on a fresh Debian machine: installs what it needs, then runs the Swift
# tests (unit and route), the fuzz targets, and the end-to-end tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
# The Dockerfile's run stage installs this list; checking it here keeps its package names honest.
bash scripts/setup.sh --runtime
swift build --build-tests
# A throwaway S3 server (moto) on a free loopback port, so every suite that runs against each kind
# of photo source runs against a bucket too; stopped when the script ends, however it ends.
s3_port="$(.venv-e2e/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
.venv-e2e/bin/python -m moto.server -H 127.0.0.1 -p "$s3_port" > .build/moto.log 2>&1 &
s3_pid=$!
# A throwaway PostgreSQL cluster, so the catalog's contract suites run against PostgreSQL too.
pg_folder="$(mktemp -d /tmp/photolala-pg.XXXXXX)"
trap 'kill "$s3_pid" 2>/dev/null || true; bash scripts/postgres.sh stop "$pg_folder"' EXIT
PHOTOLALA_TEST_POSTGRES="$(bash scripts/postgres.sh start "$pg_folder")"
export PHOTOLALA_TEST_POSTGRES
export PHOTOLALA_TEST_S3_ENDPOINT="http://127.0.0.1:$s3_port"
# Ready when it listens (a second or two; up to a minute on a busy machine).
for _ in $(seq 600); do
  (exec 3<>"/dev/tcp/127.0.0.1/$s3_port") 2>/dev/null && break
  kill -0 "$s3_pid" 2>/dev/null || { cat .build/moto.log >&2; exit 1; }
  sleep 0.1
done
(exec 3<>"/dev/tcp/127.0.0.1/$s3_port") 2>/dev/null || { echo "test: moto did not start" >&2; cat .build/moto.log >&2; exit 1; }
swift test --skip-build
# Every parser of untrusted bytes: the committed fuzz corpus replayed, then a short fuzz of each target.
bash scripts/fuzz.sh all 7
PHOTOLALA_BIN="$(swift build --show-bin-path)/photolala" .venv-e2e/bin/python -m pytest -q Tests/e2e
