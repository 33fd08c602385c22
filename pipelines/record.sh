#!/usr/bin/env bash
# Scans SOURCE and records the annotated video (H.264 in MP4) at once.
#
# Usage: pipelines/record.sh SOURCE OUT.mp4 [-o FILE] [name=value ...]
#   SOURCE     a video file, a URI such as rtsp://camera/stream, or /dev/videoN
#   OUT.mp4    the annotated recording
#   -o FILE    append what docscan posts to FILE as JSON lines (else stdout)
#   name=value extra docscan properties, e.g. blur-threshold=0.5
# Files are analysed frame by frame (analysis=sync); cameras and streams in
# real time (analysis=async). Ctrl-C ends a live recording cleanly.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in -h | --help) usage; exit 0 ;; esac
[ $# -ge 2 ] || { usage >&2; exit 2; }
source_arg="$1"
output="$2"
shift 2
results=""
properties=()
while [ $# -gt 0 ]; do
  case "$1" in
    -o) [ $# -ge 2 ] || { echo "record.sh: -o needs a file" >&2; exit 2; }; results="$2"; shift 2 ;;
    *=*) properties+=("$1"); shift ;;
    *) echo "record.sh: unexpected argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done

find_plugin
out_dir="$(dirname "$output")"
[ -d "$out_dir" ] && [ -w "$out_dir" ] || { echo "record.sh: cannot write into $out_dir" >&2; exit 1; }

analysis=async
case "$source_arg" in
  /dev/video*)
    [ -e "$source_arg" ] || { echo "record.sh: no camera at $source_arg" >&2; exit 1; }
    src=(v4l2src device="$source_arg" '!' decodebin)
    ;;
  *://*)
    src=(uridecodebin uri="$source_arg")
    ;;
  *)
    [ -r "$source_arg" ] || { echo "record.sh: cannot read $source_arg" >&2; exit 1; }
    src=(uridecodebin uri="file://$(cd "$(dirname "$source_arg")" && pwd)/$(basename "$source_arg")")
    analysis=sync
    ;;
esac

pipeline=("${src[@]}" '!' queue '!' videoconvert '!' docscan analysis="$analysis" "${properties[@]}"
  '!' videoconvert '!' x264enc speed-preset=veryfast '!' h264parse '!' mp4mux
  '!' filesink location="$output")
if [ -n "$results" ]; then
  run_pipeline "${pipeline[@]}" >>"$results"
else
  run_pipeline "${pipeline[@]}"
fi
echo "annotated recording: $output" >&2
