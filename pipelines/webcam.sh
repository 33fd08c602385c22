#!/usr/bin/env bash
# Scans what a desk camera (V4L2) sees, in real time (analysis=async), and
# shows the annotated video in a window.
#
# Usage: pipelines/webcam.sh [--device /dev/videoN] [-o FILE] [--record OUT.mp4]
#                            [--caps CAPS] [--no-window] [name=value ...]
#   --device DEV     the camera, /dev/video0 unless given
#   -o FILE          append each result to FILE as one JSON line
#   --record OUT.mp4 also record the annotated video (H.264 in MP4)
#   --caps CAPS      the camera mode to ask for, e.g.
#                    'image/jpeg,width=1280,height=720,framerate=30/1'
#   --no-window      no window (it is left out anyway without a display)
#   name=value       docscan properties, e.g. mode=mrz auto-reset=5
# Every docscan message is printed on standard output as one JSON line.
# Ctrl-C stops; a recording is closed first, so it is a complete MP4.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "$0")/lib/common.sh"

parse_arguments 0 "-o --record --device --caps --no-window" "$@"
device="${device:-/dev/video0}"
if [ -n "$results" ]; then check_writable "results file" "$results"; fi
if [ -n "$record" ]; then check_writable "recording" "$record"; fi
camera_source "$device" "$camera_caps"
find_plugin

live_outputs "$record"
if ! wants_window && [ -z "$no_window" ]; then
  echo "$script: no display: the video is not shown" >&2
fi
docscan=(docscan analysis=async "${output_properties[@]}")
if [ -n "$results" ]; then docscan+=(results-location="$results"); fi
exec /usr/bin/python3 "$repo/pipelines/lib/run_pipeline.py" \
  "${source_elements[@]}" '!' queue '!' videoconvert '!' \
  "${docscan[@]}" "${properties[@]}" '!' "${output_elements[@]}"
