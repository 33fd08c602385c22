#!/usr/bin/env bash
# Runs rendered desk clips (Tests/SecondLook: NAME.mp4 + NAME.json truth)
# through the built docscan element (analysis=sync), one pipeline at a time,
# and measures its guidance (docscan-feedback) against the truth, per desk
# and overall: quad IoU on fully visible frames (and frames with no quad),
# recall per expected detection-status and per event, blur/glare false
# alarms on clean frames, status flicker and reaction time at boundaries.
# Usage: plugin/guidance-eval.sh [--plugin-dir DIR] (--clips DIR | --generate
#          [--seed N] [--count K] [--desks D...] [--stories S...]
#          [--sizes WxH...] [--first I] [--cache DIR]) [--limit N] [--timeout S]
#          [--json FILE] [--verbose] [NAME=VALUE ...]
# Trailing NAME=VALUE arguments are docscan properties (e.g. mode=front).
# --plugin-dir DIR  folder holding libgstdocscan.so (default .build/release)
set -euo pipefail
cd "$(dirname "$0")/.."

. plugin/eval-launch.sh
launch_eval plugin/guidance_eval.py "$@"
