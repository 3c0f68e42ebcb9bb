#!/usr/bin/env bash
# What naming a photo's position costs: the gazetteer read, a million positions named through
# its grid, and beside it the reference, the same positions named by reading every place.
# Builds Sources/Places with the benchmark's main (swiftc -O), no package needed. Reports only.
#   usage: Benchmarks/places.sh [count]     (default 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
swiftc -O -module-name PlacesBench Sources/Places/*.swift Benchmarks/places/main.swift -o "$out/places"
"$out/places" Gazetteer "${1:-1000000}"
