#!/usr/bin/env bash
# Photolala's own Mustache renderer and multipart reader against the libraries they stand in for,
# in one release binary (Benchmarks/render, built from the project's own source files beside the
# libraries), so that each pair runs in the same process on the same input:
#   - pages: the group page (page 1 of the 20,000-photo folder, 60 tiles, signed in as a member)
#     and a photo page, with their layout, through our compiled templates (`TemplateSet`, the
#     model encoded by `ViewEncoder`) and through swift-mustache 2.1.1 (the version the tests
#     check our output against), from the same typed view model, which swift-mustache reads by
#     reflection as it would the server's; then swift-mustache again from the same model made into
#     dictionaries beforehand (its fastest input, the conversion not counted). Both pages are
#     checked equal, up to the whitespace around standalone partials, before anything is timed.
#     CPU µs per page, alone and as a response's ByteBuffer.
#   - uploads: a `multipart/form-data` body of 1 file of 4 MB and one of 20 files of 200 KB (each
#     with three form fields), in 64 KiB buffers, through our `MultipartReader` (over
#     `MultipartParser`, as the upload route reads a body) and through MultipartKit 4.7.1's
#     `MultipartParser`; both must give the same parts (names, file names, bytes) first. MB/s.
# Each pair is timed in alternation, the order swapped every round (about 0.1 s a side), in the
# thread's CPU time; 3 warm-up rounds are left out and the medians printed, with the median of the
# rounds' ratios. Then the lines of code each of ours takes, and each library's for scale.
# Reports only; asserts nothing.
#   usage: Benchmarks/render.sh [rounds]     (default 15)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-15}"
source Benchmarks/common.sh

(cd Benchmarks/render && swift build -c release --product render >&2)
bin="$(cd Benchmarks/render && swift build -c release --show-bin-path)/render"

echo "Our renderer and multipart reader against swift-mustache and MultipartKit; $rounds rounds"
machine
echo
"$bin" Templates "$rounds"
echo
lines() { cat "$@" | grep -cv '^[[:space:]]*$'; }
echo "| ours | files | lines (not blank) |"
echo "|---|---|---:|"
echo "| renderer | \`Rendering/TemplateParser.swift\`, \`TemplateSet.swift\`, \`ViewEncoder.swift\`, \`ViewValue.swift\` | $(lines Sources/Gallery/Rendering/{TemplateParser,TemplateSet,ViewEncoder,ViewValue}.swift) |"
echo "| multipart reader | \`Parsing/MultipartParser.swift\`, \`Pages/Upload/MultipartReader.swift\` | $(lines Sources/Gallery/Parsing/MultipartParser.swift Sources/Gallery/Pages/Upload/MultipartReader.swift) |"
checkouts=Benchmarks/render/.build/checkouts
echo "| (swift-mustache, for scale) | \`Sources/Mustache\` | $(lines "$checkouts"/swift-mustache/Sources/Mustache/*.swift) |"
echo "| (MultipartKit, for scale) | \`Sources/MultipartKit\`, of which the parser: $(lines "$checkouts"/multipart-kit/Sources/MultipartKit/MultipartParser.swift) | $(lines $(find "$checkouts"/multipart-kit/Sources/MultipartKit -name '*.swift')) |"
