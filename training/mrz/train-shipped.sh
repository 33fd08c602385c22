#!/bin/bash
# Trains the two models docscan ships (model/mrz.traineddata and
# model/mrz_small.traineddata; the reader's views use both), with a 24 px
# input network (about 60 % of the 36 px network's cost per line read):
#   1. mrz, from scratch on the standard renders, 60000 iterations;
#   2. mrz_small: more training from mrz's 60000-iteration checkpoint on its
#      own lines plus new "smallcrisp" ones (small print resampled as the
#      reading views do, and crisp print as clean stills and good scans show
#      it), to 100000 iterations;
#   3. mrz trained on to 110000 iterations.
# About 2.5 hours on one core. Every step is seeded and resumable (train.sh);
# the work folders are work/fast24 and work/fast24small.
#   training/mrz/train-shipped.sh            # installs both models when done
#   INSTALL=0 training/mrz/train-shipped.sh  # measure only
# NET='[1,36,0,1 Ct3,3,16 Mp3,3 Lfys48 Lfx96 Lrx96 Lfx128 O1c###]' gives the
# first shipped pair's network (train.sh's default) instead.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
INSTALL_FINAL=${INSTALL:-1}
NET=${NET:-'[1,24,0,1 Ct3,3,16 Mp3,3 Lfys32 Lfx96 Lrx96 Lfx96 O1c###]'}
FIRST=$HERE/work/fast24
SMALL=$HERE/work/fast24small
mkdir -p "$FIRST" "$SMALL"
# Reuse the renders of earlier runs when they are on disk (same seeds).
[ -d "$HERE/work/run/lines-20261124" ] && [ ! -e "$FIRST/lines-20261124" ] &&
    ln -s "$HERE/work/run/lines-20261124" "$FIRST/lines-20261124"
[ -d "$HERE/work/smallcrisp/lines-smallcrisp-20261128" ] &&
    [ ! -e "$SMALL/lines-smallcrisp-20261128" ] &&
    ln -s "$HERE/work/smallcrisp/lines-smallcrisp-20261128" "$SMALL/lines-smallcrisp-20261128"
# Step 1 only when step 2 has not started from it yet (step 3 moves the
# first model's checkpoint past 60000 iterations).
[ -e "$SMALL/checkpoints/mrz_checkpoint" ] ||
    ITERATIONS=60000 INSTALL=0 NET=$NET WORK=$FIRST "$HERE/train.sh"
CONTINUE_FROM=$FIRST STYLE=smallcrisp SEED=20261128 ITERATIONS=100000 NET=$NET \
    WORK=$SMALL INSTALL=$INSTALL_FINAL INSTALL_NAME=mrz_small "$HERE/train.sh"
ITERATIONS=110000 NET=$NET WORK=$FIRST INSTALL=$INSTALL_FINAL "$HERE/train.sh"
