#!/usr/bin/env bash
# Runs clips of both sides of an ID card (front then back, or back then
# front; Tests/SecondLook/generate.py sides) through the built docscan
# element in its default mode and prints per clip and overall: results
# exact / WRONG / missing, the sides in the order shown, whether the back
# was asked for, and false wrong-side feedback.
# Usage: plugin/sides-eval.sh [--plugin-dir DIR] (--clips DIR | --generate
#          [--seed N] [--count K] [--cache DIR]) [--timeout S] [--json FILE]
#          [--verbose] [NAME=VALUE ...]
set -euo pipefail
cd "$(dirname "$0")/.."

. plugin/eval-launch.sh
launch_eval plugin/sides_eval.py "$@"
