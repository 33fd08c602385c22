#!/usr/bin/env bash
# Runs tests under the sanitizers:
#   address  the GStreamer-free core tests (DocScanCoreTests: the core,
#            detection through OpenCV, MRZ reading through Tesseract, barcodes
#            through zbar and zxing-cpp) and the C shim's pixel code
#            (OverlayBlendTests, ChromaSamplerTests, LumaSnapshotTests, FrameHoldTests)
#            under AddressSanitizer
#   thread   the same under ThreadSanitizer
#   element  the plugin built with AddressSanitizer, loaded by gst-launch-1.0
#            and python3 (LD_PRELOAD of the toolchain's runtime), through the
#            pipeline tests of sessions, EOS, caps, formats and state changes
# Usage: plugin/sanitize.sh [address] [thread] [element]   (default: all, in turn)
# Each builds in its own scratch folder (.build-asan, .build-tsan,
# .build-asan-plugin), so the ordinary build in .build is left alone (the
# element part uses its test build). A finding stops the run
# (halt_on_error) and fails the script; the report is in the output.
set -euo pipefail
cd "$(dirname "$0")/.."

parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(address thread element)

quiet() { grep -v 'prohibited flag(s): -pthread' || true; }
# detect_leaks=0: the only leaks LeakSanitizer finds are fontconfig's
# caches, XCTest's and Foundation.Process's (none in docscan's code); memory
# growth is StreamingTests' and the soak's business.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=0" TSAN_OPTIONS="halt_on_error=1"
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
asan_runtime="$toolchain/lib/swift/clang/lib/linux/libclang_rt.asan-x86_64.so"
# The pipeline tests run with the sanitized plugin. Not the 200 stop/start
# cycles: they measure memory, which ASan's quarantine of freed blocks
# grows (3.6 MB a cycle); the 500 random state changes stop the element
# with analysis in flight as well.
element_tests="SessionPipelineTests|EndOfStreamMidSideTests|CapsChangeMidSideTests"
element_tests+="|LiveSourceGapTests|FormatsAndSizesTests|ConfigurationPipelineTests"
element_tests+="|StreamingTests.testFiveHundredStateChangesInRandomOrderWithAnalysisInFlight"
element_tests+="|StreamingTests.testAsyncAnalysisKeepsRealTimeInALivePacedPipeline"

# Left out under the sanitizers: tests that run one code path over many
# generated inputs to measure it (seeded property loops, accuracy over
# scenes, a timing table). A sanitizer finds on the first input what it
# would on the hundredth; every path they take is also taken by a shorter
# test that runs, the parsers' also by plugin/fuzz.sh (under ASan), and
# they run in full in the ordinary suite. About 5 of the 14 minutes.
repeated="DetectionAccuracyTests.testOutlinesHoldUnderBlurNoiseLightingAndGlare"
repeated+="|BarcodeFrameTests.testFramesByOptions"
repeated+="|MRZVoteResolverTests.testSimulatedReadersAreCountedAndNoWorseThanTheBestVote"
repeated+="|MRZPropertyTests.testAlphanumericSearchIsRightOrRejectsLookAlikesAndIsMeasuredOnOthers"
repeated+="|MRZPropertyTests.testSingleCorruptionsAreCorrectedRejectedOrInvisibleByDesign"
repeated+="|QualityMetersTests.testBlurRisesMonotonicallyWithGaussianSigma"

# Builds the plugin with AddressSanitizer as plugin/build.sh builds it, the
# models beside it; prints its folder.
build_sanitized_plugin() {
  local flags=(-c release --sanitize=address --scratch-path .build-asan-plugin)
  swift build "${flags[@]}" --product gstdocscan -Xswiftc -static-stdlib \
    -Xlinker --version-script="$PWD/plugin/exports.map" 2>&1 | quiet >&2 \
    || { echo "plugin/sanitize.sh: the sanitized plugin did not build" >&2; exit 1; }
  local bin
  bin="$(swift build "${flags[@]}" --show-bin-path)"
  mkdir -p "$bin/docscan-tessdata"
  install -m 0644 training/mrz/model/mrz.traineddata training/mrz/model/mrz_small.traineddata \
    "$bin/docscan-tessdata/"
  echo "$bin"
}

minutes() { echo "$(($1 / 60)) min $(($1 % 60)) s"; }
# The part's result and how long its build and its tests took.
report() {
  local finished
  finished=$(date +%s)
  echo "== $1: $result (build $(minutes $((built - started))), tests $(minutes $((finished - built))))"
}

status=0
for part in "${parts[@]}"; do
  started=$(date +%s)
  if [ "$part" = element ]; then
    echo "== element: build"
    plugin_dir="$(build_sanitized_plugin)"
    swift build --build-tests 2>&1 | quiet
    built=$(date +%s)
    echo "== element: pipeline tests with the AddressSanitizer plugin"
    if DOCSCAN_PLUGIN_DIR="$plugin_dir" LD_PRELOAD="$asan_runtime" \
      swift test --skip-build --disable-swift-testing --filter "$element_tests" 2>&1 | quiet; then
      result=passed
    else
      result=FAILED
      status=1
    fi
    report element
    continue
  fi
  case "$part" in
    address) scratch=.build-asan ;;
    thread) scratch=.build-tsan ;;
    *) echo "plugin/sanitize.sh: unknown part '$part' (address, thread, element)" >&2; exit 2 ;;
  esac
  sanitizer="$part"
  flags=(--sanitize="$sanitizer" --scratch-path "$scratch")
  echo "== $sanitizer: build"
  swift build --build-tests "${flags[@]}" 2>&1 | quiet \
    || { echo "plugin/sanitize.sh: the $sanitizer build failed" >&2; exit 1; }
  built=$(date +%s)
  # Under AddressSanitizer also the C shim's pixel code (blend, chroma
  # sampler, luma copy), whose tests call it in-process; ThreadSanitizer
  # keeps to the core (GStreamer's own threads are not instrumented).
  tests=DocScanCoreTests
  [ "$sanitizer" = address ] && tests+="|OverlayBlendTests|ChromaSamplerTests|LumaSnapshotTests|FrameHoldTests"
  echo "== $sanitizer: $tests (less $repeated)"
  if swift test --skip-build "${flags[@]}" --disable-swift-testing \
    --filter "$tests" --skip "$repeated" 2>&1 | quiet; then
    result=passed
  else
    result=FAILED
    status=1
  fi
  report "$sanitizer"
done
exit "$status"
