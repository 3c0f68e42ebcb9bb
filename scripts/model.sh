#!/usr/bin/env bash
# The share-link boundary's model-based test, run long: STEPS random household steps (default
# 300) from SEED (default the suite's own), on SQLite and on a throwaway PostgreSQL cluster. The
# test command runs the same suite short (12 steps). A failure names the step and what it did.
#   scripts/model.sh [STEPS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
steps="${1:-300}"; seed="${2:-20261127}"
swift build --build-tests
pg_folder="$(mktemp -d /tmp/photolala-model-pg.XXXXXX)"
trap 'bash scripts/postgres.sh stop "$pg_folder"' EXIT
PHOTOLALA_TEST_POSTGRES="$(bash scripts/postgres.sh start "$pg_folder")"
export PHOTOLALA_TEST_POSTGRES PHOTOLALA_MODEL_STEPS="$steps" PHOTOLALA_MODEL_SEED="$seed"
echo "model: $steps steps from seed $seed, on SQLite and PostgreSQL"
swift test --skip-build --filter ShareBoundaryModelTests
