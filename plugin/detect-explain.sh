#!/usr/bin/env bash
# For development: what docscan's document detection sees in a frame. Each
# argument is an image (any format OpenCV reads) or CLIP.mp4@SECONDS; the
# frame is scaled as the element scales it (1280 pixels wide at most), split
# into grey and colour-difference planes and handed to detection in-process.
# The tool prints every candidate outline (source, fill, side support) and
# the detection, and draws them into OUT/NAME.png (chosen outline in green).
#   plugin/detect-explain.sh [--out DIR] IMAGE|CLIP.mp4@SECONDS...
#                                           (builds detect-explain first)
set -euo pipefail
cd "$(dirname "$0")/.."
out=/tmp/detect-explain
if [ "${1:-}" = "--out" ]; then out=$2; shift 2; fi
[ $# -gt 0 ] || { echo "usage: plugin/detect-explain.sh [--out DIR] IMAGE|CLIP.mp4@SECONDS..." >&2; exit 2; }
swift build -c release --product detect-explain >&2
mkdir -p "$out"
/usr/bin/python3 - "$out" "$@" <<'PY'
import os, subprocess, sys
import cv2
import numpy as np
out, items = sys.argv[1], sys.argv[2:]
for item in items:
    if "@" in item:
        path, at = item.rsplit("@", 1)
        capture = cv2.VideoCapture(path)
        capture.set(cv2.CAP_PROP_POS_MSEC, float(at) * 1000)
        ok, frame = capture.read()
        name = "%s@%s" % (os.path.splitext(os.path.basename(path))[0], at)
    else:
        frame = cv2.imread(item)
        ok = frame is not None
        name = os.path.splitext(os.path.basename(item))[0]
    if not ok:
        print("%s: cannot read" % item, file=sys.stderr)
        continue
    if frame.shape[1] > 1280:
        frame = cv2.resize(frame, (1280, round(frame.shape[0] * 1280 / frame.shape[1])),
                           interpolation=cv2.INTER_AREA)
    ycc = cv2.cvtColor(frame, cv2.COLOR_BGR2YCrCb)
    base = os.path.join(out, name)
    cv2.imwrite(base + ".pgm", ycc[..., 0])
    small = cv2.resize(ycc, (max(1, frame.shape[1] // 4), max(1, frame.shape[0] // 4)),
                       interpolation=cv2.INTER_AREA)
    cv2.imwrite(base + ".cb.pgm", small[..., 2])
    cv2.imwrite(base + ".cr.pgm", small[..., 1])
    subprocess.run([".build/release/detect-explain", "--quads", base + ".quads", base + ".pgm"],
                   check=True)
    colours = {"edges": (255, 128, 0), "brightRegion": (0, 200, 255), "unlikeDesk": (255, 0, 255),
               "straightSides": (0, 0, 255), "chosen": (0, 255, 0)}
    for line in open(base + ".quads"):
        parts = line.split()
        points = np.array([float(v) for v in parts[3:11]]).reshape(4, 2).round().astype(np.int32)
        cv2.polylines(frame, [points], True, colours.get(parts[0], (255, 255, 255)),
                      3 if parts[0] == "chosen" else 1)
    cv2.imwrite(base + ".png", frame)
    print("  drawn: %s.png" % base)
PY
