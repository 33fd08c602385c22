#!/usr/bin/env bash
# Runs identity documents through the built docscan element (mode=mrz,
# analysis=sync), one pipeline at a time, and prints per set: documents read
# exactly, WRONG results (a result that differs from the truth), not read,
# the MRZ stage's cost per analysed frame (median/p90 ms) and wall time.
# Sets: shared-dev, shared-reported (split by country in
# plugin/mrz-eval-split.tsv), specimens, second-look (rendered clips).
# Usage: plugin/mrz-eval.sh [--plugin-dir DIR] [--set NAME]... [--limit N]
#          [--frames K] [--timeout S] [--clips DIR | --generate [--seed N]
#          [--count K]] [--compare 'NAME=VALUE ...']... [--json] [--verbose]
#          [NAME=VALUE ...]
# Trailing NAME=VALUE arguments are docscan properties (e.g. tessdata=/path).
# --plugin-dir DIR  folder holding libgstdocscan.so (default .build/release)
set -euo pipefail
cd "$(dirname "$0")/.."

plugin_dir=".build/release"
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
      echo
      exec /usr/bin/python3 plugin/mrz_eval.py --help
      ;;
    --plugin-dir)
      [ $# -ge 2 ] || { echo "plugin/mrz-eval.sh: --plugin-dir needs a folder" >&2; exit 2; }
      plugin_dir="$2"
      shift 2
      ;;
    --plugin-dir=*) plugin_dir="${1#--plugin-dir=}"; shift ;;
    *) args+=("$1"); shift ;;
  esac
done

if [ ! -f "$plugin_dir/libgstdocscan.so" ]; then
  echo "plugin/mrz-eval.sh: no libgstdocscan.so in $plugin_dir:" \
    "build it with plugin/build.sh (or pass --plugin-dir DIR)" >&2
  exit 2
fi
GST_PLUGIN_PATH="$(cd "$plugin_dir" && pwd)"
export GST_PLUGIN_PATH
exec /usr/bin/python3 plugin/mrz_eval.py "${args[@]+"${args[@]}"}"
