#!/usr/bin/env bash
# Runs clips of both sides of a TD1 ID card or a US driver licence (front
# then back, or back then front; Tests/SecondLook/generate.py sides)
# through the built docscan element in its default mode and prints per
# clip and overall, TD1 and licence apart: results exact / WRONG /
# missing, the sides in the order shown and while in view, whether the
# other side was asked for, and false wrong-side feedback.
# Usage: plugin/sides-eval.sh [--plugin-dir DIR] (--clips DIR | --generate
#          [--seed N] [--count K] [--kinds td1 licence] [--cache DIR])
#          [--timeout S] [--json FILE] [--verbose] [--timeline] [NAME=VALUE ...]
set -euo pipefail
cd "$(dirname "$0")/.."

. plugin/eval-launch.sh
launch_eval plugin/sides_eval.py "$@"
