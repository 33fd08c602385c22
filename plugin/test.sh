#!/usr/bin/env bash
# Runs everything CI checks: the formatter's lint, the release plugin build
# (the pipeline tests load it), the whole test suite with coverage, the
# line coverage of the GStreamer-free core, a minute of fuzzing for each of
# the core's parsers (plugin/fuzz.sh), the core tests under AddressSanitizer
# (plugin/sanitize.sh address) and a five-minute soak (plugin/soak.py).
set -euo pipefail
cd "$(dirname "$0")/.."

# The shared images (../shared/data) are part of the tests: in CI their
# absence is a failure, not a reason to skip.
data="$(cd .. && pwd)/shared/data"
if [ -n "${CI:-}" ] && [ ! -d "$data" ]; then
  echo "plugin/test.sh: $data is missing: the MRZ and barcode tests need it" >&2
  exit 1
fi

# Each part's header says when it starts (minutes into the run), so a CI
# log shows where the time went.
started=$(date +%s)
part() { echo "== $1 (at $(( ($(date +%s) - started) / 60 )) min)"; }

part "swift format lint"
swift format lint --strict --recursive Sources Tests

part "plugin build"
plugin/build.sh

part "tests"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
set +e
# One hang must not run CI out of its time: the whole suite gets 50 minutes.
timeout --signal=INT --kill-after=60 3000 \
  swift test --enable-code-coverage --disable-swift-testing 2>&1 \
  | grep --line-buffered -v 'prohibited flag(s): -pthread' | tee "$log"
status=${PIPESTATUS[0]}
set -e

[ "$status" -eq 0 ] || echo "== tests FAILED (exit $status)"
part "core line coverage (Sources/DocScanCore)"
bin="$(swift build --show-bin-path)"
llvm_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
[ -x "$llvm_cov" ] || llvm_cov="$(command -v llvm-cov)"
profile="$bin/codecov/default.profdata"
if [ -f "$profile" ]; then
  # File and line coverage only (llvm-cov's full table is too wide to read).
  "$llvm_cov" report "$bin/docscanPackageTests.xctest" -instr-profile "$profile" \
    -ignore-filename-regex '.build|Tests/|Sources/DocScanElement|Sources/DocScanRun|Sources/C' \
    | awk 'NR > 2 && $1 !~ /^-+$/ && NF >= 10 { printf "%-62s %s\n", $1, $10 }'
else
  echo "no coverage profile ($profile): swift test writes it only when every test passes"
fi

# The parsers under libFuzzer and AddressSanitizer, a minute each (an
# input that traps fails the run and is saved as fuzz-crash-*).
part "fuzzing"
fuzz_status=0
timeout --kill-after=30 900 plugin/fuzz.sh 60 || fuzz_status=$?
[ "$fuzz_status" -eq 0 ] || echo "== fuzzing FAILED (exit $fuzz_status)"

# The core tests again under AddressSanitizer (plugin/sanitize.sh address,
# about 10 minutes with its build; ThreadSanitizer and the sanitized element are README's
# commands: together they would take CI past its hour).
part "AddressSanitizer (core tests)"
asan_status=0
timeout --kill-after=30 1500 plugin/sanitize.sh address || asan_status=$?
[ "$asan_status" -eq 0 ] || echo "== AddressSanitizer FAILED (exit $asan_status)"

# Five minutes of the demo clip looped live through analysis=async
# auto-reset=1: every pass must give a result, nothing may fail
# (plugin/soak.py; the hour-long run with memory is README's command).
part "soak (5 minutes)"
soak_status=0
GST_PLUGIN_PATH="$(pwd)/.build/release" timeout --kill-after=30 420 \
  /usr/bin/python3 plugin/soak.py --minutes 5 --report-every 1 || soak_status=$?
[ "$soak_status" -eq 0 ] || echo "== soak FAILED (exit $soak_status)"

# One plain closing line with XCTest's totals.
summary="$(grep -E "^Test Suite 'All tests' (passed|failed)" -A1 "$log" | tail -1)"
executed="$(echo "$summary" | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/')"
# "Executed 206 tests, with 9 tests skipped and 0 failures (0 unexpected)"
failures="$(echo "$summary" | sed -E 's/.* ([0-9]+) failures? .*/\1/')"
skipped=0
if echo "$summary" | grep -qE '[0-9]+ tests? skipped'; then
  skipped="$(echo "$summary" | sed -E 's/.* ([0-9]+) tests? skipped.*/\1/')"
fi
if ! [[ "$executed" =~ ^[0-9]+$ && "$failures" =~ ^[0-9]+$ && "$skipped" =~ ^[0-9]+$ ]]; then
  echo "no XCTest summary found" >&2
  exit 1
fi
echo "tests: $((executed - failures - skipped)) passed, $failures failed, $skipped skipped"
echo "plugin/test.sh: $(( ($(date +%s) - started) / 60 )) min in all"
[ "$status" -eq 0 ] || exit "$status"
[ "$fuzz_status" -eq 0 ] || exit "$fuzz_status"
[ "$asan_status" -eq 0 ] || exit "$asan_status"
exit "$soak_status"
