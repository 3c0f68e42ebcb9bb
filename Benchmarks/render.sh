#!/usr/bin/env bash
# Photolala's own Mustache renderer and multipart reader against the libraries they stand in for,
# in one release binary (Benchmarks/render, built from the project's own source files beside the
# libraries), so that each pair runs in the same process on the same input:
#   - pages: the group page (page 1 of the 20,000-photo folder, 60 tiles, signed in as a member)
#     and a photo page, with their layout, through our compiled templates (`TemplateSet`, the
#     model encoded by `ViewEncoder`) and through swift-mustache 2.1.1 (the version the tests
#     check our output against), from the same typed view model, which swift-mustache reads by
#     reflection as it would the server's; then swift-mustache again from the same model made into
#     dictionaries beforehand (its fastest input, the conversion not counted). swift-mustache
#     reads a copy of the templates with their `{{#t}}`/`{{/t}}` markers taken out (the English as
#     written), and has no language beneath the model; both pages are checked equal, up to the
#     whitespace around standalone partials and our `lang="en" dir="ltr"`, before anything is
#     timed. CPU µs per page, alone and as a response's ByteBuffer.
#   - pages in other languages: our `TemplateSet` compiled for English and every catalog under
#     Locales/ (`Languages(directory:)`, as the server), the same two pages rendered from the same
#     model in English against in German, and in English against in Arabic (right to left): the
#     template's words from the catalog, the model's phrases said, and numbers, sizes and dates
#     written, in the language. Each page is first checked to be in its language (its lang and
#     dir, the layout's words, a phrase of the model). CPU µs per page, for the issue's target:
#     rendering in a language costs no more than 5% of a page's time.
#   - uploads: a `multipart/form-data` body of 1 file of 4 MB and one of 20 files of 200 KB (each
#     with three form fields), in 64 KiB buffers, through our `MultipartReader` (over
#     `MultipartParser`, as the upload route reads a body) and through MultipartKit 4.7.1's
#     `MultipartParser`; both must give the same parts (names, file names, bytes) first. MB/s.
# Each pair is timed in alternation, the order swapped every round (about 0.1 s a side), in the
# thread's CPU time; 3 warm-up rounds are left out and the medians printed, with the median of the
# rounds' ratios.
#   - a request that renders the page: the same binary as a bare Hummingbird 2.28.1 server
#     (`render serve`) renders the page on every request with one renderer, one server each;
#     `wrk -t2 -c8` (after 2 s of warm-up) alternates between them, 3 runs of BENCH_DURATION
#     seconds a page, medians printed, with the servers' CPU per request (their user and system
#     ticks over the requests answered). No catalog query, sessions or middleware: those Photolala
#     adds on top, the same with either renderer.
# Then the lines of code each of ours takes, and each library's for scale.
# Reports only; asserts nothing.
#   usage: Benchmarks/render.sh [rounds]     (default 15)
#   env:   BENCH_DURATION (seconds per wrk run, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-15}"
duration="${BENCH_DURATION:-5}"
source Benchmarks/common.sh
need wrk:wrk curl:curl python3:python3

(cd Benchmarks/render && swift build -c release --product render >&2)
bin="$(cd Benchmarks/render && swift build -c release --show-bin-path)/render"

echo "Our renderer and multipart reader against swift-mustache and MultipartKit, and pages in other languages; $rounds rounds"
machine
echo
"$bin" Templates "$rounds" Locales
echo

# The page rendered on every request, one server a renderer.
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null' EXIT
declare -A url pid_of
for side in ours swift-mustache; do
  port=$(free_port)
  "$bin" serve Templates "$port" "$side" > /dev/null 2>&1 & pids+=($!)
  pid_of[$side]=$!
  url[$side]="http://127.0.0.1:$port"
  wait_up "${url[$side]}/group"
done
# The server's user + system CPU ticks so far.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
echo "Requests that render the page (bare Hummingbird 2.28.1, \`wrk -t2 -c8\`, $duration s runs, medians of 3)"
echo "| page | ours req/s | p50 ms | CPU ms/req | swift-mustache req/s | p50 ms | CPU ms/req | req/s ours / swift-mustache |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for page in group photo; do
  for side in ours swift-mustache; do wrk -t2 -c8 -d2s --timeout 10s "${url[$side]}/$page" > /dev/null; done
  declare -A rps=() p50=() cpu=()
  for run in 1 2 3; do
    for side in ours swift-mustache; do
      before=$(ticks "${pid_of[$side]}")
      read -r r p _ _ n < <(wrk_stats -t2 -c8 -d"${duration}s" "${url[$side]}/$page")
      after=$(ticks "${pid_of[$side]}")
      rps[$side]+="$r "; p50[$side]+="$p "
      cpu[$side]+="$(python3 -c "print(f'{($after - $before) * 1000 / $hz / max(1, $n):.3f}')") "
    done
  done
  # shellcheck disable=SC2086
  o=$(median ${rps[ours]}); t=$(median ${rps[swift-mustache]})
  echo "| $page | $o | $(median ${p50[ours]}) | $(median ${cpu[ours]}) | $t | $(median ${p50[swift-mustache]}) | $(median ${cpu[swift-mustache]}) | $(python3 -c "print(f'{$o / $t:.1f}×')") |"
done
echo

lines() { cat "$@" | grep -cv '^[[:space:]]*$'; }
echo "| ours | files | lines (not blank) |"
echo "|---|---|---:|"
echo "| renderer | \`Rendering/TemplateParser.swift\`, \`TemplateSet.swift\`, \`ViewEncoder.swift\`, \`ViewValue.swift\` | $(lines Sources/Gallery/Rendering/{TemplateParser,TemplateSet,ViewEncoder,ViewValue}.swift) |"
echo "| multipart reader | \`Parsing/MultipartParser.swift\`, \`Pages/Upload/MultipartReader.swift\` | $(lines Sources/Gallery/Parsing/MultipartParser.swift Sources/Gallery/Pages/Upload/MultipartReader.swift) |"
checkouts=Benchmarks/render/.build/checkouts
echo "| (swift-mustache, for scale) | \`Sources/Mustache\` | $(lines "$checkouts"/swift-mustache/Sources/Mustache/*.swift) |"
echo "| (MultipartKit, for scale) | \`Sources/MultipartKit\`, of which the parser: $(lines "$checkouts"/multipart-kit/Sources/MultipartKit/MultipartParser.swift) | $(lines $(find "$checkouts"/multipart-kit/Sources/MultipartKit -name '*.swift')) |"
