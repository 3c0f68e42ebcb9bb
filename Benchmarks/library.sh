#!/usr/bin/env bash
# The synthetic photo library the scan and serve benchmarks run on: 100,000 small JPEGs
# (480x360 or 360x480, about 25 KB each) in a realistic tree, built once and cached in
# Benchmarks/.cache/library-<count>/ (the marker library-<count>.complete beside it says it is
# whole; it lives outside so the library holds nothing but photos). Prints that folder.
#
#   Archive/Phone-Dump/             one folder of 20,000 photos (a fifth of the library)
#   Archive/Camera-Uploads/, Archive/Old-Laptop/, Archive/WhatsApp Images/   5,000 each
#   YYYY/MM/YYYY-MM-DD <event>/     the rest, events of 20-300 photos, 2012-2025
#
# Every file is a valid JPEG with bytes of its own (a unique comment segment), camera EXIF
# (Make, Model, Orientation, DateTimeOriginal matching its folder's date) and a plausible
# modification time; every 10th carries XMP stars (1-5) and keywords. 40 base pictures are
# drawn by ImageMagick; Benchmarks/make_library.py writes the files around them.
# Reports only; asserts nothing.
#   usage: Benchmarks/library.sh [count]    (default $BENCH_FILES, else 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-${BENCH_FILES:-100000}}"
for tool in convert:imagemagick python3:python3; do
  command -v "${tool%%:*}" >/dev/null || { apt-get update -qq && apt-get install -y -qq "${tool#*:}" >/dev/null; }
done

bases=Benchmarks/.cache/library-bases
if [[ ! -f "$bases/.complete" ]]; then
  rm -rf "$bases"; mkdir -p "$bases"
  colours=(red-blue green-yellow orange-purple skyblue-seagreen wheat-brown navy-gold pink-teal grey-olive)
  for i in $(seq 0 39); do
    size=480x360; (( i % 4 == 3 )) && size=360x480           # a quarter are portrait
    c="${colours[i % 8]}"
    case $(( i % 4 )) in
      0) src=(-seed "$i" "plasma:fractal" -blur 0x1) ;;
      1) src=(-seed "$i" "plasma:$c") ;;
      2) src=("gradient:${c%-*}-${c#*-}" -seed "$i" -attenuate 0.6 +noise Gaussian -swirl $(( i * 9 ))) ;;
      3) src=(-seed "$i" "plasma:$c" -blur 0x2) ;;
    esac
    convert -size "$size" "${src[@]}" -quality 85 -sampling-factor 2x2 -strip "$bases/base-$(printf %02d "$i").jpg"
  done
  touch "$bases/.complete"
fi

lib="Benchmarks/.cache/library-$count"
if [[ ! -f "$lib.complete" ]]; then
  rm -rf "$lib"; mkdir -p "$lib"
  echo "library: writing $count JPEGs into $lib" >&2
  start=$SECONDS
  python3 Benchmarks/make_library.py "$bases" "$lib" "$count" >&2
  echo "library: done in $(( SECONDS - start )) s, $(du -sh "$lib" | cut -f1)" >&2
  touch "$lib.complete"
fi
echo "$PWD/$lib"
