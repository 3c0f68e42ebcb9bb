#!/usr/bin/env bash
# How well the difference hash tells near-duplicates from other photos, and what it costs.
# A labelled set made from the JPEG photographs in Debian's plasma-workspace-wallpapers (the
# demo's photographs): each photograph scaled to 2400 px wide is an original, and eight copies of
# it are its near-duplicates: a 90% crop, a 75% crop, recompressed at quality 35, half the
# size, turned 3 degrees, lighter and darker by 20%, and a burst's next frame (moved 12 px and
# blurred). Every pair of one photograph's nine files is a positive; every pair of files of two
# photographs is a negative. Each file's likeness is read with `photolala likeness` (the
# server's own code, in a decoder worker), and for each threshold the precision (of the pairs
# within it, how many are near-duplicates) and recall (of the near-duplicates, how many are
# within it) are printed. Each hash is also compared with an independent one: ImageMagick decodes
# the whole file, turns it upright, takes its BT.601 luma and averages it into the same 9 x 8
# cells, so the bits the server's cheaper decode costs are counted. Then the cost: the originals
# measured, beside vipsthumbnail making a 1024-px thumbnail of the same files (the decode a
# rendition costs anyway), and the 216 photos of the 12 MP phone corpus measured by one process and by
# two at once (both cores), which gives how long a million such photos take. Reports only.
#   usage: Benchmarks/likeness.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/common.sh
need vipsthumbnail:libvips-tools convert:imagemagick python3:python3
bin="$(photolala_bin)"

set_dir=Benchmarks/.cache/likeness-set
if [[ ! -f "$set_dir/.complete" ]]; then
  rm -rf "$set_dir"; mkdir -p "$set_dir/originals" "$set_dir/copies"
  pkg="$(mktemp -d)"
  (cd "$pkg" && apt-get download plasma-workspace-wallpapers >/dev/null 2>&1 && dpkg-deb -x ./*.deb root)
  # The largest JPEG of each wallpaper.
  mapfile -t sources < <(find "$pkg/root" -path '*/contents/images/*' -iname '*.jpg' -printf '%s %h %p\n' \
    | sort -k2,2 -k1,1nr | awk '!seen[$2]++ { print $3 }')
  n=0
  for src in "${sources[@]}"; do
    n=$((n + 1)); name="$(printf 'P%02d' "$n")"; original="$set_dir/originals/$name.jpg"
    convert "$src" -resize 2400x -quality 90 "$original"
    c="$set_dir/copies/$name"
    convert "$original" -gravity center -crop 90%x90%+0+0 +repage -quality 90 "$c-crop90.jpg"
    convert "$original" -gravity center -crop 75%x75%+0+0 +repage -quality 90 "$c-crop75.jpg"
    convert "$original" -quality 35 "$c-q35.jpg"
    convert "$original" -resize 50% -quality 90 "$c-half.jpg"
    convert "$original" -rotate 3 -gravity center -crop 94%x94%+0+0 +repage -quality 90 "$c-turn3.jpg"
    convert "$original" -modulate 120 -quality 90 "$c-light.jpg"
    convert "$original" -modulate 80 -quality 90 "$c-dark.jpg"
    convert "$original" -roll +12+6 -blur 0x2 -quality 90 "$c-burst.jpg"
  done
  rm -rf "$pkg"
  touch "$set_dir/.complete"
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
mapfile -t originals < <(find "$set_dir/originals" -name '*.jpg' | sort)
"$bin" likeness "${originals[@]}" $(find "$set_dir/copies" -name '*.jpg' | sort) > "$out/likeness.jsonl"
# The independent hash: ImageMagick's full decode, upright, in BT.601 luma, box-averaged to 9 x 8.
python3 - "$out/likeness.jsonl" > "$out/reference.txt" <<'EOF'
import json, subprocess, sys
for line in open(sys.argv[1]):
    path = json.loads(line)["file"]
    cells = subprocess.run(["convert", path, "-auto-orient", "-grayscale", "Rec601Luma", "-filter", "Box", "-resize", "9x8!",
                            "-depth", "8", "gray:-"], check=True, capture_output=True).stdout
    bits = 0
    for row in range(8):
        for column in range(8):
            if cells[row * 9 + column] < cells[row * 9 + column + 1]:
                bits |= 1 << (row * 8 + column)
    print(path, format(bits, "016x"))
EOF

echo "Near-duplicates by difference hash: ${#originals[@]} photographs, 8 near-duplicates each"
python3 - "$out/likeness.jsonl" "$out/reference.txt" <<'EOF'
import json, os, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
reference = dict(line.split() for line in open(sys.argv[2]))
bad = [r for r in rows if "error" in r]
if bad:
    sys.exit(f"could not measure: {bad}")
def family(path):
    return os.path.basename(path)[:3]
items = [(family(r["file"]), int(r["hash"], 16)) for r in rows]
pairs = []
for i in range(len(items)):
    for j in range(i + 1, len(items)):
        pairs.append((items[i][0] == items[j][0], bin(items[i][1] ^ items[j][1]).count("1")))
positives = sum(1 for same, _ in pairs if same)
negatives = len(pairs) - positives
print(f"{len(items)} files: {positives} near-duplicate pairs, {negatives} pairs of different photos")
print(f"{'within bits':>12} {'precision':>10} {'recall':>8} {'false pairs':>12} {'missed':>7}")
for threshold in (4, 6, 8, 10, 12, 14, 16, 20):
    tp = sum(1 for same, d in pairs if same and d <= threshold)
    fp = sum(1 for same, d in pairs if not same and d <= threshold)
    precision = tp / (tp + fp) if tp + fp else 1.0
    print(f"{threshold:>12} {precision:>10.3f} {tp / positives:>8.3f} {fp:>12} {positives - tp:>7}")
by_kind = {}
originals = {family(r["file"]): int(r["hash"], 16) for r in rows if "/originals/" in r["file"]}
for r in rows:
    if "/copies/" in r["file"]:
        kind = os.path.basename(r["file"])[4:-4]
        by_kind.setdefault(kind, []).append(bin(originals[family(r["file"])] ^ int(r["hash"], 16)).count("1"))
print("bits from its original, by kind of copy: median, most, and how many of the copies are within 8 and 10 bits")
for kind, ds in sorted(by_kind.items()):
    ds.sort()
    within = lambda t: sum(1 for d in ds if d <= t)
    print(f"  {kind:>7}: {ds[len(ds) // 2]:>2}, {ds[-1]:>2}, {within(8):>2}/{len(ds)}, {within(10):>2}/{len(ds)}")
closest = min(d for same, d in pairs if not same)
print(f"the closest two different photographs: {closest} bits apart")
apart = sorted(bin(int(r["hash"], 16) ^ int(reference[r["file"]], 16)).count("1") for r in rows)
print(f"bits from ImageMagick's full-decode hash of the same file: median {apart[len(apart) // 2]}, "
      f"90th percentile {apart[len(apart) * 9 // 10]}, most {apart[-1]}; the same hash for {apart.count(0)} of {len(apart)} files")
EOF

echo
echo "Cost per photo (${#originals[@]} originals, 2400 px wide; medians of 5 runs, one process a run)"
time_it() { local start end; start=$(date +%s%N); "$@" > /dev/null; end=$(date +%s%N); echo $(( (end - start) / 1000 )); }
likeness=(); vips=()
for _ in 1 2 3 4 5; do
  likeness+=("$(time_it "$bin" likeness "${originals[@]}")")
  vips+=("$(time_it vipsthumbnail --size 1024 -o "$out/%s.jpg" "${originals[@]}")")
done
median() { printf '%s\n' "$@" | sort -n | sed -n 3p; }
l=$(median "${likeness[@]}"); v=$(median "${vips[@]}"); count=${#originals[@]}
echo "  photolala likeness: $(( l / count / 1000 )) ms a photo (the process and its decoder worker started once)"
echo "  vipsthumbnail 1024: $(( v / count / 1000 )) ms a photo"
python3 -c "print(f'  ratio: {$l / $v:.2f}x the decode of a 1024-px thumbnail')"

source Benchmarks/phone_corpus.sh
mapfile -t phones < <(find "$corpus" -name '*.jpg' | sort)
echo
echo "Cost per photo of the 12 MP phone corpus (${#phones[@]} photos of 4032x3024; medians of 3 runs)"
one=(); two=()
half=$(( ${#phones[@]} / 2 ))
for _ in 1 2 3; do
  one+=("$(time_it "$bin" likeness "${phones[@]}")")
  start=$(date +%s%N)
  "$bin" likeness "${phones[@]:0:$half}" > /dev/null & first=$!
  "$bin" likeness "${phones[@]:$half}" > /dev/null
  wait "$first"
  two+=("$(( ($(date +%s%N) - start) / 1000 ))")
done
median3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
o=$(median3 "${one[@]}"); t=$(median3 "${two[@]}"); count=${#phones[@]}
python3 -c "
one, two, count = $o, $t, $count
print(f'  one process: {one / count / 1000:.1f} ms a photo')
print(f'  two at once: {two / count / 1000:.1f} ms a photo, so a million such photos in {two / count / 3600:.2f} hours of both cores')
"
