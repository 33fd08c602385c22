#!/usr/bin/env bash
# Fuzzes the core's parsers with libFuzzer and AddressSanitizer:
#   mrz-parser    MRZParser on any text
#   mrz-fusion    MRZFusion over frames of readings made from the bytes
#   aamva-parser  AAMVAParser on any barcode payload
# Usage: plugin/fuzz.sh [SECONDS per target (default 60)] [TARGET...]
# Builds Tests/Fuzz (docscan-fuzz) in .build-fuzz with -sanitize=fuzzer,address
# (lld, which the Swift toolchain ships, links it), then runs each target for
# SECONDS from the seed corpus in Tests/Fuzz/corpus/TARGET. Inputs libFuzzer
# finds new coverage with go to a temporary folder (the committed corpus
# stays as it is); an input that traps is saved as fuzz-crash-TARGET-* in the
# current folder and the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(mrz-parser mrz-fusion aamva-parser)

flags=(-c release --scratch-path .build-fuzz --product docscan-fuzz
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
set +e
swift build "${flags[@]}" 2>&1 | grep -v 'prohibited flag(s): -pthread'
built=${PIPESTATUS[0]}
set -e
[ "$built" -eq 0 ] || { echo "plugin/fuzz.sh: the build failed" >&2; exit 1; }
fuzzer="$(swift build "${flags[@]}" --show-bin-path)/docscan-fuzz"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# libFuzzer, not Swift's backtracer, must see a trap, to save its input.
export SWIFT_BACKTRACE=enable=no
status=0
for target in "${targets[@]}"; do
  mkdir -p "$work/$target"
  echo "== $target: $seconds s"
  if ! "$fuzzer" "$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
    -artifact_prefix="fuzz-crash-$target-" -print_final_stats=1 \
    "$work/$target" "Tests/Fuzz/corpus/$target" 2>"$work/$target.log"; then
    status=1
    tail -40 "$work/$target.log"
    echo "== $target: FAILED (input saved as fuzz-crash-$target-*)"
  else
    grep -E '^stat::(number_of_executed_units|new_units_added|peak_rss_mb)' "$work/$target.log" \
      | tr '\n' ' '
    echo
  fi
done
exit "$status"
