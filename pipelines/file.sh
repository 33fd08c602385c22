#!/usr/bin/env bash
# Scans a video file as fast as the machine allows: every frame is analysed
# (analysis=sync), nothing is shown or drawn.
#
# Usage: pipelines/file.sh INPUT [-o FILE] [name=value ...]
#   INPUT       a video file GStreamer can read (MP4, MKV, WebM, ...)
#   -o FILE     append each result to FILE as one JSON line (docscan's
#               results-location: written and fsync'd before the message)
#   name=value  docscan properties, e.g. mode=mrz timeout=20
# Every docscan message is printed on standard output as one JSON line
# (feedback, sides and results; with -o as well). Exits 0 at the end of
# the file, 1 when the file cannot be read or the pipeline fails.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "$0")/lib/common.sh"

parse_arguments 1 "-o" "$@"
input="${positional[0]}"
check_readable "$input"
if [ -n "$results" ]; then check_writable "results file" "$results"; fi
find_plugin

file_source "$input"
docscan=(docscan analysis=sync annotate=false)
if [ -n "$results" ]; then docscan+=(results-location="$results"); fi
exec /usr/bin/python3 "$repo/pipelines/lib/run_pipeline.py" \
  "${source_elements[@]}" '!' queue '!' videoconvert '!' \
  "${docscan[@]}" "${properties[@]}" '!' fakesink sync=false
