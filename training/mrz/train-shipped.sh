#!/bin/bash
# Trains the model docscan ships (model/mrz.traineddata) in its two runs:
#   1. the first model, from scratch on the standard renders (~60 min);
#   2. more training from its last checkpoint on its own lines plus new
#      "smallcrisp" ones: small print resampled as the reading views do, and
#      crisp print as clean stills and good scans show it (~45 min).
# Both runs are seeded and resumable (train.sh); one core each.
#   training/mrz/train-shipped.sh            # installs the model when done
#   INSTALL=0 training/mrz/train-shipped.sh  # measure only
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
INSTALL_FINAL=${INSTALL:-1}
INSTALL=0 WORK=$HERE/work/run "$HERE/train.sh"
CONTINUE_FROM=$HERE/work/run STYLE=smallcrisp SEED=20261128 ITERATIONS=100000 \
    WORK=$HERE/work/smallcrisp INSTALL=$INSTALL_FINAL "$HERE/train.sh"
