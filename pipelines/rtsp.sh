#!/usr/bin/env bash
# Scans an IP camera's RTSP stream in real time (analysis=async) and keeps
# going when the camera drops: it reconnects after 1 s, then every 2, 4 and
# 5 s, until the camera is back (or Ctrl-C).
#
# Usage: pipelines/rtsp.sh URL [-o FILE] [--record OUT.mp4] [--latency MS]
#                          [--max-retries N] [--no-window] [name=value ...]
#   URL              rtsp://[user:password@]host[:port]/path
#   -o FILE          append each result to FILE as one JSON line
#   --record OUT.mp4 also record the annotated video (H.264 in MP4): one
#                    file per connection, OUT.mp4, then OUT-2.mp4, ...
#   --latency MS     the jitter buffer, 200 ms unless given
#   --max-retries N  give up (exit 1) when N retries in a row have failed,
#                    0: at the first failure; without it: never once the
#                    camera has been seen, and at once when it cannot be
#                    opened at start
#   --no-window      no window (it is left out anyway without a display)
#   name=value       docscan properties, e.g. mode=mrz auto-reset=5
# Every docscan message is printed on standard output as one JSON line;
# the camera's state (connected, lost, back) on standard error. Each
# connection starts docscan afresh: its sessions count from 1 again.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
source "$(dirname "$0")/lib/common.sh"

parse_arguments 1 "-o --record --latency --max-retries --no-window" "$@"
url="${positional[0]}"
[[ "$url" =~ ^rtsp[a-z]*:// ]] || usage_error "'$url' is not an rtsp:// URL"
latency="${latency:-200}"
require_number --latency "$latency"
reconnect=(--reconnect --camera "$url")
if [ -n "$max_retries" ]; then
  require_number --max-retries "$max_retries"
  reconnect+=(--max-retries "$max_retries")
fi
if [ -n "$results" ]; then check_writable "results file" "$results"; fi
if [ -n "$record" ]; then check_writable "recording" "$record"; fi
find_plugin

rtsp_source "$url" "$latency"
live_outputs "$record"
docscan=(docscan analysis=async "${output_properties[@]}")
if [ -n "$results" ]; then docscan+=(results-location="$results"); fi
exec /usr/bin/python3 "$repo/pipelines/lib/run_pipeline.py" "${reconnect[@]}" \
  "${source_elements[@]}" '!' queue '!' videoconvert '!' \
  "${docscan[@]}" "${properties[@]}" '!' "${output_elements[@]}"
