#!/usr/bin/env bash
# Scans the bundled demo clip (pipelines/media/demo.mp4: an invented passport
# page on a desk, no camera needed), prints what docscan posts as JSON lines,
# and writes the annotated recording to pipelines/media/demo-annotated.mp4.
#
# Usage: pipelines/demo.sh [name=value ...]   (extra docscan properties)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "$0")/lib/common.sh"

case "${1:-}" in
  -h | --help)
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
esac

find_plugin
input="$repo/pipelines/media/demo.mp4"
output="$repo/pipelines/media/demo-annotated.mp4"
[ -f "$input" ] || { echo "demo.sh: $input is missing" >&2; exit 1; }

# analysis=sync: a file is read as fast as the machine allows and every
# frame is analysed, so the output is the same on every run.
run_pipeline \
  filesrc location="$input" ! qtdemux ! h264parse ! avdec_h264 ! videoconvert ! \
  docscan analysis=sync "$@" ! videoconvert ! x264enc speed-preset=veryfast ! \
  mp4mux ! filesink location="$output"
echo "annotated recording: $output" >&2
