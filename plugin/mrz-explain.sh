#!/usr/bin/env bash
# For development: why docscan's MRZ reader returns a document or not. Each
# image (any format OpenCV reads) with its truth beside it (NAME.txt, the MRZ
# lines) is turned grey and handed to the reader in-process as the element
# hands it a whole frame (scaled to 1280 pixels at most, as AnalysisSize
# scales the element's frames); the tool prints the reader's misread cells per
# view and the cells that independent readings do not confirm.
#   plugin/mrz-explain.sh [--views V,V,..] [--tessdata DIR] IMAGE...
#                                           (builds mrz-explain first)
set -euo pipefail
cd "$(dirname "$0")/.."
options=()
while [ $# -gt 0 ] && [[ "$1" == --* ]]; do
  [ $# -ge 2 ] || { echo "plugin/mrz-explain.sh: $1 needs a value" >&2; exit 2; }
  options+=("$1" "$2")
  shift 2
done
[ $# -gt 0 ] || { echo "usage: plugin/mrz-explain.sh [--views V,..] [--tessdata DIR] IMAGE..." >&2; exit 2; }
swift build -c release --product mrz-explain >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 - "$work" "$@" <<'PY'
import os, shutil, sys
import cv2
work, images = sys.argv[1], sys.argv[2:]
for path in images:
    name = os.path.splitext(os.path.basename(path))[0]
    grey = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    if grey is None:
        print("%s: cannot read" % path, file=sys.stderr)
        continue
    scale = 1280.0 / max(grey.shape)
    if scale < 1:
        grey = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    cv2.imwrite(os.path.join(work, name + ".pgm"), grey)
    truth = os.path.splitext(path)[0] + ".txt"
    if os.path.exists(truth):
        shutil.copy(truth, os.path.join(work, name + ".txt"))
PY
shopt -s nullglob
files=("$work"/*.pgm)
[ ${#files[@]} -gt 0 ] || exit 1
.build/release/mrz-explain "${options[@]+"${options[@]}"}" "${files[@]}"
