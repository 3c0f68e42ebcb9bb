# The phone corpus, sourced by Benchmarks/thumbnails.sh and weight.sh; sets `corpus`. The JPEG
# photographs in Debian's plasma-workspace-wallpapers, each scaled and cropped to 4032x3024 (a 12
# MP phone) in twelve variants, with camera EXIF written by exiftool; built once into
# Benchmarks/.cache/phone-12mp/.
corpus=Benchmarks/.cache/phone-12mp
if [[ ! -f "$corpus/.complete" ]]; then
  rm -rf "$corpus"; mkdir -p "$corpus"
  pkg="$(mktemp -d)"
  (cd "$pkg" && apt-get download plasma-workspace-wallpapers >/dev/null 2>&1 && dpkg-deb -x ./*.deb root)
  # The largest JPEG of each wallpaper (18 photographs, 2560x1600 to 5120x2880).
  mapfile -t sources < <(find "$pkg/root" -path '*/contents/images/*' -iname '*.jpg' -printf '%s %h %p\n' \
    | sort -k2,2 -k1,1nr | awk '!seen[$2]++ { print $3 }')
  # Twelve variants each (flips, turns, colour shifts), so every file has bytes of its own: 216 files.
  variants=("" "-flop" "-flip" "-rotate 180" "-modulate 100,80" "-modulate 100,120" "-modulate 95,100,98" "-modulate 105,100,102"
            "-flop -modulate 100,90" "-flip -modulate 100,110" "-rotate 180 -modulate 97,105" "-flop -flip -modulate 103,95")
  args=(); n=0
  for src in "${sources[@]}"; do
    for v in "${variants[@]}"; do
      n=$((n + 1)); out="$corpus/IMG_$(printf %04d $n).jpg"
      # shellcheck disable=SC2086
      convert "$src" $v -resize '4032x3024^' -gravity center -extent 4032x3024 -quality 90 -sampling-factor 2x2 "$out"
      args+=(-overwrite_original -Make=Google "-Model=Pixel $((6 + n % 3))" "-DateTimeOriginal=2024:0$((1 + n % 9)):1$((n % 9)) 1$((n % 10)):2$((n % 6)):00" "$out" -execute)
    done
  done
  printf '%s\n' "${args[@]}" > "$pkg/exif-args"
  # (-q covers only the first command of the list: the others print a line each, kept off the table)
  exiftool -q -@ "$pkg/exif-args" > /dev/null
  rm -rf "$pkg"
  touch "$corpus/.complete"
fi
