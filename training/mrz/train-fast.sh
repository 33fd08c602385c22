#!/bin/bash
# An experiment for the MRZ stage's cost (issue 15): the shipped pair of
# models (train-shipped.sh) trained again with a smaller network, about
# 0.7 of the multiply-adds per time step (Lfys32 and a last Lfx96 where the
# shipped models have Lfys48 and Lfx128), so that each line read costs less.
# Same renders, seeds and steps as train-shipped.sh; the shipped runs'
# rendered lines are reused when they are on disk. Nothing is installed:
# the models stay in work/fast and work/fastsmall until measured
# (eval_real.py, plugin/mrz-eval.sh ... tessdata=DIR).
#   nice -n 19 training/mrz/train-fast.sh > training/mrz/work/fast.log 2>&1 &
# NAME and NET try another network the same way, for example a 24 px input
# (the early layers' per-step cost grows with the input's height x width):
#   NAME=fast24 NET='[1,24,0,1 Ct3,3,16 Mp3,3 Lfys32 Lfx96 Lrx96 Lfx96 O1c###]' \
#     nice -n 19 training/mrz/train-fast.sh > training/mrz/work/fast24.log 2>&1 &
# ITERATIONS and SMALL_ITERATIONS (60000 and 100000) set each stage's total;
# raising them on a finished run continues both stages from their
# checkpoints (lstmtraining resumes from WORK/checkpoints/mrz_checkpoint).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
NAME=${NAME:-fast}
NET=${NET:-'[1,36,0,1 Ct3,3,16 Mp3,3 Lfys32 Lfx96 Lrx96 Lfx96 O1c###]'}
reuse_lines() {
  mkdir -p "$HERE/work/$2"
  if [ -d "$HERE/work/$1/$3" ] && [ ! -e "$HERE/work/$2/$3" ]; then
    ln -s "$HERE/work/$1/$3" "$HERE/work/$2/$3"
  fi
}
reuse_lines run "$NAME" lines-20261124
reuse_lines smallcrisp "${NAME}small" lines-smallcrisp-20261128
ITERATIONS=${ITERATIONS:-60000} INSTALL=0 NET=$NET WORK=$HERE/work/$NAME "$HERE/train.sh"
CONTINUE_FROM=$HERE/work/$NAME STYLE=smallcrisp SEED=20261128 ITERATIONS=${SMALL_ITERATIONS:-100000} \
  INSTALL=0 NET=$NET WORK=$HERE/work/${NAME}small "$HERE/train.sh"
