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

. plugin/eval-launch.sh
launch_eval plugin/mrz_eval.py "$@"
