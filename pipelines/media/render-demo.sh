#!/usr/bin/env bash
# Re-renders the bundled demo clip pipelines/media/demo.mp4 from the
# project's own fixture renderer (an invented UTOPIA passport, no real
# document). Only needed when the renderer changes; the clip is committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
frames="$(mktemp -d)"
trap 'rm -rf "$frames"' EXIT
swift build -c release --product render-demo-video 2>&1 | grep -v 'prohibited flag' | tail -1
"$(swift build -c release --show-bin-path)/render-demo-video" "$frames"
gst-launch-1.0 -q multifilesrc location="$frames/frame%05d.png" index=0 \
  caps="image/png,framerate=30/1" ! pngdec ! videoconvert ! \
  video/x-raw,format=I420 ! x264enc speed-preset=slow tune=stillimage bitrate=1200 key-int-max=30 ! \
  video/x-h264,profile=high ! mp4mux ! filesink location=pipelines/media/demo.mp4
ls -l pipelines/media/demo.mp4
