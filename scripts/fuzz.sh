#!/usr/bin/env bash
# Fuzzes every parser of untrusted bytes with libFuzzer (shipped with the Swift toolchain).
#   scripts/fuzz.sh [TARGET|all] [SECONDS]   replay the committed corpus, then fuzz each target
#                                            for SECONDS (default 10)
#   scripts/fuzz.sh --replay [TARGET|all]    only replay the committed corpus
#   scripts/fuzz.sh --runs N [TARGET|all]    replay, then fuzz each target for N executions
#   scripts/fuzz.sh --list                   the targets
# The fuzzer is built with swiftc straight from the parser sources into .build-fuzz/ (SwiftPM
# cannot link libFuzzer's entry point), again only when a source changed. New inputs go to
# .build-fuzz/corpus/TARGET, crashes to .build-fuzz/crashes/TARGET; Tests/Fuzz/corpus/TARGET is
# the committed seed corpus, read and never written. Exits non-zero if any input crashes.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=fuzz
seconds=10
runs=""
case "${1:-}" in
  --replay) mode=replay; shift ;;
  --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
  --list) mode=list; shift ;;
  -h|--help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
esac
which="${1:-all}"
[[ $mode == fuzz && -z $runs && -n "${2:-}" ]] && seconds="$2"
# A number that is not one (an option in the wrong place) would make libFuzzer run without end.
for number in "$seconds" ${runs:+"$runs"}; do
  [[ $number =~ ^[0-9]+$ ]] || { echo "fuzz: “$number” is not a whole number (options come first: see --help)" >&2; exit 2; }
done

# target → the longest input worth trying (each parser reads a header, a line or a value).
declare -A max_len=(
  [jpeg-header]=16384 [xmp-iptc]=8192 [exif-date]=64 [sniff]=128 [multipart]=4096 [form]=2048
  [byte-range]=96 [cookie]=1024 [path-key]=512 [filter-value]=64 [fts-query]=512 [decoder-wire]=4096
  [thumbnail-name]=128 [flash-cookie]=512 [accept-encoding]=256 [video-info]=8192 [raw-preview]=16384 [s3-xml]=4096 [geo-point]=96 [container-exif]=4096 [xmp-sidecar]=8192 [video-places]=8192 [place-redaction]=16384
  [po-file]=4096 [accept-language]=256 [dav-xml]=8192 [dav-if]=1024 [dav-headers]=512
)
targets=(jpeg-header xmp-iptc xmp-sidecar exif-date sniff raw-preview video-info video-places place-redaction geo-point container-exif multipart form byte-range cookie path-key filter-value fts-query thumbnail-name flash-cookie accept-encoding accept-language po-file s3-xml dav-xml dav-if dav-headers)
sources=(
  Sources/Imaging/{JPEGHeader,JPEGHeader+Exif,JPEGHeader+Reader,GeoPoint,ImageProbe,ImageFormat,ImageFormat+Sniff,ImageFormat+SniffVideo,MediaKind,VideoInfo,ExifDate,XMPDate,TakenDate,GPSRedaction,VideoPlaceRedaction,VideoPlaceRedaction+Walk,ContainerExif,EmbeddedCuration,XMPSidecar,XMPPosition,MotionPhoto}.swift
  Sources/Imaging/{JPEGSizeHint,RenditionGeometry,RenditionFit,RenditionEncoding,Rotation}.swift
  Sources/Imaging/{RawBytes,RawPreview,RawPreview+TIFF,RawPreview+Containers}.swift
  Sources/Imaging/{PlaceRedaction,JPEGPlaces,TIFFPlaces,TIFFPlaces+Walk,TIFFFilePlaces,XMPPlaces,IPTCPlaces,PNGPlaces,WebPPlaces,HEIFPlaces,GIFPlaces,CRC32}.swift
  Sources/SourceContract/SourceKey.swift Sources/Catalog/Store/FTSQuery.swift
  Sources/Gallery/Parsing/*.swift Sources/Gallery/Language/{POFile,PluralForms}.swift
  Sources/ObjectStore/{XMLScanner,S3XML,S3Time}.swift
  Tests/Fuzz/{FuzzMain,ImagingTargets,GalleryTargets,MultipartTarget,ObjectStoreTargets,DavTargets}.swift
)
defines=()
# The decoder workers' wire format has a target once it lives in its own pure file.
if [[ -f Sources/Imaging/DecoderWire.swift ]]; then
  sources+=(Sources/Imaging/DecoderWire.swift Sources/Imaging/Likeness.swift Tests/Fuzz/DecoderWireTarget.swift)
  defines+=(-D PHOTOLALA_DECODER_WIRE)
  targets+=(decoder-wire)
fi

if [[ $mode == list ]]; then printf '%s\n' "${targets[@]}"; exit 0; fi
if [[ $which != all ]]; then
  [[ -n "${max_len[$which]:-}" && " ${targets[*]} " == *" $which "* ]] || {
    echo "fuzz: unknown target $which (one of: ${targets[*]})" >&2; exit 2; }
  targets=("$which")
fi

out=.build-fuzz
bin="$out/photolala-fuzz"
mkdir -p "$out"
stamp="$( { swiftc --version 2>&1; echo "${defines[*]}"; cat "${sources[@]}"; } | sha256sum | cut -d' ' -f1)"
if [[ ! -x $bin || "$(cat "$out/stamp" 2>/dev/null)" != "$stamp" ]]; then
  echo "fuzz: building $bin"
  start=$SECONDS
  # The linker's notes about ASan's local symbols are noise; anything else is shown on failure.
  if ! swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name PhotolalaFuzz \
      "${defines[@]}" "${sources[@]}" -o "$bin" > "$out/build.log" 2>&1; then
    grep -v 'Cannot export local symbol' "$out/build.log" >&2
    exit 1
  fi
  echo "$stamp" > "$out/stamp"
  echo "fuzz: built in $((SECONDS - start)) s"
fi

# Swift's runtime keeps caches for the life of the process; they are not leaks. Its own crash
# backtracer would read memory AddressSanitizer objects to; libFuzzer reports the crash instead.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
export SWIFT_BACKTRACE="enable=no"
failed=0
for target in "${targets[@]}"; do
  export PHOTOLALA_FUZZ_TARGET="$target"
  log="$out/$target.log"
  seeds=(Tests/Fuzz/corpus/"$target"/*)
  if [[ ! -e "${seeds[0]}" ]]; then echo "fuzz $target: no committed corpus"; failed=1; continue; fi
  # Replay: every committed input once; libFuzzer names each before it runs it.
  if ! "$bin" -rss_limit_mb=2048 -timeout=10 "${seeds[@]}" > "$log" 2>&1; then
    echo "fuzz $target: CRASH replaying $(grep '^Running: ' "$log" | tail -1 | cut -d' ' -f2-)"
    grep -E 'Fatal error|invariant broken|ERROR: |SUMMARY' "$log" | head -5 || true
    failed=1
    continue
  fi
  echo "fuzz $target: replayed ${#seeds[@]} inputs"
  [[ $mode == replay ]] && continue
  mkdir -p "$out/corpus/$target" "$out/crashes/$target"
  limit=(-max_total_time="$seconds")
  [[ -n $runs ]] && limit=(-runs="$runs")
  start=$SECONDS
  if "$bin" -seed=1 -max_len="${max_len[$target]}" -rss_limit_mb=2048 -timeout=10 "${limit[@]}" \
      -print_final_stats=1 -artifact_prefix="$out/crashes/$target/" \
      "$out/corpus/$target" "Tests/Fuzz/corpus/$target" > "$log" 2>&1; then
    result=ok
  else
    result="CRASH: $(grep -o 'Test unit written to .*' "$log" | tail -1 | cut -d' ' -f5-)"
    failed=1
  fi
  runs_done=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(grep -o 'cov: [0-9]*' <<<"$last" | grep -o '[0-9]*' || echo "?")
  ft=$(grep -o 'ft: [0-9]*' <<<"$last" | grep -o '[0-9]*' || echo "?")
  echo "fuzz $target: ${runs_done} executions in $((SECONDS - start)) s (${speed}/s), cov ${cov}, ft ${ft}: ${result}"
  [[ $result == ok ]] || grep -E 'Fatal error|invariant broken|ERROR: |SUMMARY' "$log" | head -5 || true
done
exit "$failed"
