#!/usr/bin/env bash
# Scans SOURCE and records the annotated video (H.264 in MP4) at once.
#
# Usage: pipelines/record.sh SOURCE OUT.mp4 [-o FILE] [name=value ...]
#   SOURCE      a video file, /dev/videoN, an rtsp:// URL or another URI
#               GStreamer opens (http://...)
#   OUT.mp4     the annotated recording
#   -o FILE     append each result to FILE as one JSON line (docscan's
#               results-location: written and fsync'd before the message)
#   name=value  docscan properties, e.g. blur-threshold=0.5
# Files are analysed frame by frame (analysis=sync), as fast as they
# encode; cameras and streams in real time (analysis=async). Every docscan
# message is printed on standard output as one JSON line. Ctrl-C ends a
# live recording with EOS, so the MP4 is complete.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "$0")/lib/common.sh"

parse_arguments 2 "-o" "$@"
source_arg="${positional[0]}"
output="${positional[1]}"
check_writable "recording" "$output"
if [ -n "$results" ]; then check_writable "results file" "$results"; fi

analysis=async
kind="live"
case "$source_arg" in
  /dev/*) camera_source "$source_arg" ;;
  rtsp*://*) rtsp_source "$source_arg" 200 ;;
  *://*) uri_source "$source_arg" ;;
  *)
    check_readable "$source_arg"
    file_source "$source_arg"
    analysis=sync
    kind="file"
    ;;
esac
find_plugin

recording_elements "$output" "$kind"
docscan=(docscan analysis="$analysis")
if [ -n "$results" ]; then docscan+=(results-location="$results"); fi
status=0
run_pipeline "${source_elements[@]}" '!' queue '!' videoconvert '!' \
  "${docscan[@]}" "${properties[@]}" '!' "${recording_elements[@]}" || status=$?
# 130: stopped with Ctrl-C, the recording closed all the same.
if [ "$status" -eq 0 ] || [ "$status" -eq 130 ]; then
  echo "annotated recording: $output" >&2
fi
exit "$status"
