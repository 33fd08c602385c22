#!/usr/bin/env bash
# Times the docscan element per frame on the streaming thread (p50/p99/max)
# at 1280x720 and 1920x1080 I420, against identity as baseline, in async
# and sync analysis mode. Builds the plugin first if it is missing.
# Options (passed to plugin/benchmark.py):
#   --image PATH      PNG/JPEG of a document as source (default videotestsrc)
#   --frames N        frames per run (default 300, first 10 are warm-up)
#   --sizes WxH,...   frame sizes (default 1280x720,1920x1080)
#   --json            print one JSON object instead of the table
set -euo pipefail
cd "$(dirname "$0")/.."

for arg in "$@"; do
  case "$arg" in
    -h | --help)
      sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
  esac
done

plugin=".build/release/libgstdocscan.so"
[ -f "$plugin" ] || plugin/build.sh

GST_PLUGIN_PATH="$(cd "$(dirname "$plugin")" && pwd)"
export GST_PLUGIN_PATH
exec /usr/bin/python3 plugin/benchmark.py "$@"
