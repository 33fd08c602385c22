#!/bin/bash
# Trains the two models docscan ships (model/mrz.traineddata and
# model/mrz_small.traineddata; the reader's views use both):
#   1. mrz: the first model, from scratch on the standard renders (~60 min);
#   2. mrz_small: more training from mrz's last checkpoint on its own lines
#      plus new "smallcrisp" ones: small print resampled as the reading views
#      do, and crisp print as clean stills and good scans show it (~45 min).
# Both runs are seeded and resumable (train.sh); one core each.
#   training/mrz/train-shipped.sh            # installs both models when done
#   INSTALL=0 training/mrz/train-shipped.sh  # measure only
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
INSTALL_FINAL=${INSTALL:-1}
INSTALL=$INSTALL_FINAL WORK=$HERE/work/run "$HERE/train.sh"
CONTINUE_FROM=$HERE/work/run STYLE=smallcrisp SEED=20261128 ITERATIONS=100000 \
    WORK=$HERE/work/smallcrisp INSTALL=$INSTALL_FINAL INSTALL_NAME=mrz_small "$HERE/train.sh"
