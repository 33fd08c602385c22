#!/usr/bin/env bash
# Times the docscan element per frame on the streaming thread (p50/p99/max)
# at 1280x720 and 1920x1080 I420, against identity as baseline, in async
# and sync analysis mode. Builds the plugin first if it is missing. Then the
# MRZ stage's cost per analysed frame and the time to a result, docscan's
# MRZ reads beside PassportEye's on the same images, and the barcode decode
# rate and time per frame beside gst-plugins-bad's zbar element on rendered
# clips and the PDF417 samples; last, desks per machine
# (N live-paced desks in one process, plugin/desks_benchmark.py).
# Options (passed to plugin/benchmark.py):
#   --image PATH      PNG/JPEG of a document as source (default: the frame at
#                     3 s of pipelines/media/demo.mp4, a passport page held still)
#   --no-image        videotestsrc's colour bars instead
#   --frames N        frames per run (default 300, first 10 are warm-up)
#   --sizes WxH,...   frame sizes (default 1280x720,1920x1080)
#   --json            print one JSON object instead of the table
set -euo pipefail
cd "$(dirname "$0")/.."

for arg in "$@"; do
  case "$arg" in
    -h | --help)
      sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
  esac
done

plugin=".build/release/libgstdocscan.so"
[ -f "$plugin" ] || plugin/build.sh

GST_PLUGIN_PATH="$(cd "$(dirname "$plugin")" && pwd)"
export GST_PLUGIN_PATH
# By default every frame shows a document, so the analysis includes
# detection, dewarping and the quality measures.
args=("$@")
want_image=true
for arg in "$@"; do
  case "$arg" in --image | --image=*) want_image=false ;; esac
done
if [ "${1:-}" = "--no-image" ]; then
  want_image=false
  args=("${@:2}")
fi
if $want_image; then
  still="$(mktemp -d)"
  trap 'rm -rf "$still"' EXIT
  gst-launch-1.0 -q filesrc location=pipelines/media/demo.mp4 ! qtdemux ! h264parse ! \
    avdec_h264 ! videorate ! video/x-raw,framerate=1/1 ! videoconvert ! pngenc ! \
    multifilesink location="$still/frame%d.png"
  args=(--image "$still/frame3.png" "${args[@]}")
fi
/usr/bin/python3 plugin/benchmark.py "${args[@]}"

# The MRZ stage: Tesseract + glyph matching per analysed frame, and the time
# from a document settling to its result (Tests/MRZBenchmark).
swift build -c release --product mrz-benchmark 2>&1 | grep -v 'prohibited flag' | tail -1 >&2
json=()
for arg in "$@"; do [ "$arg" = "--json" ] && json=(--json); done
"$(swift build -c release --show-bin-path)/mrz-benchmark" "${json[@]}"

# MRZ readers on the same images: docscan (plugin/mrz-eval.sh) beside
# PassportEye (`pip install passporteye`; skipped with a note when missing)
# on the reported tony-xlh countries and the specimen scans.
/usr/bin/python3 plugin/mrz_peer_benchmark.py --plugin-dir "$GST_PLUGIN_PATH" "${json[@]}"

# Barcodes: docscan mode=barcode beside gst-plugins-bad's zbar element on
# rendered clips (a licence back, a QR code, a Code 128 and an EAN-13 card
# moved on a desk; rendered into a temporary folder by render-demo-video)
# and on the PDF417 samples: decode rate and time per frame.
swift build -c release --product render-demo-video 2>&1 | grep -v 'prohibited flag' | tail -1 >&2
/usr/bin/python3 plugin/barcode_benchmark.py \
  --render-tool "$(swift build -c release --show-bin-path)/render-demo-video" "${json[@]}"

# Desks per machine: N live-paced desks in one process (N = 1, 2, 4, 8).
/usr/bin/python3 plugin/desks_benchmark.py "${json[@]}"
