#!/usr/bin/env bash
# For development: what docscan's document detection sees in a frame. Each
# argument is an image (any format OpenCV reads) or CLIP.mp4@SECONDS; the
# frame is scaled as the element scales it (1280 pixels wide at most), split
# into grey and colour-difference planes as the element gets them from an
# I420 frame (luma expanded from studio to full range), and handed to
# detection in-process.
# The tool prints every candidate outline (source, fill, side support) and
# the detection, and draws them into OUT/NAME.png (chosen outline in green,
# straight edges long enough to be a side in thin dark red).
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
    # As the element sees a decoded video frame: I420 (video-range BT.601),
    # its colour copy a 2x2 mean of the chroma planes at every other sample
    # (the chroma sampler's grid), a quarter of the width.
    height, width = frame.shape[:2]
    frame = frame[:height - height % 2, :width - width % 2]
    height, width = frame.shape[:2]
    planes = cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420)
    # Studio-range luma (16..235) expanded to full range, as the element's
    # luma converter does (luma_converter.c).
    expand = np.clip(((np.arange(256) - 16) * 255 + 109) // 219, 0, 255).astype(np.uint8)
    luma = expand[planes[:height]]
    chroma = planes[height:].reshape(2, height // 2, width // 2).astype(np.int32)
    small_w, small_h = max(1, width // 4), max(1, height // 4)
    cols = np.array([(2 * c + 1) * (width // 2) // (2 * small_w) for c in range(small_w)])
    rows = np.array([(2 * r + 1) * (height // 2) // (2 * small_h) for r in range(small_h)])
    cols2 = np.minimum(cols + 1, width // 2 - 1)
    rows2 = np.minimum(rows + 1, height // 2 - 1)
    def sampled(plane):
        total = (plane[np.ix_(rows, cols)] + plane[np.ix_(rows2, cols)]
                 + plane[np.ix_(rows, cols2)] + plane[np.ix_(rows2, cols2)])
        return ((total + 2) // 4).astype(np.uint8)
    base = os.path.join(out, name)
    cv2.imwrite(base + ".pgm", luma)
    cv2.imwrite(base + ".cb.pgm", sampled(chroma[0]))
    cv2.imwrite(base + ".cr.pgm", sampled(chroma[1]))
    subprocess.run([".build/release/detect-explain", "--quads", base + ".quads", base + ".pgm"],
                   check=True)
    colours = {"edges": (255, 128, 0), "brightRegion": (0, 200, 255), "unlikeDesk": (255, 0, 255),
               "straightSides": (0, 0, 255), "chosen": (0, 255, 0)}
    for line in open(base + ".quads"):
        parts = line.split()
        if parts[0] == "segment":
            x0, y0, x1, y1 = (round(float(v)) for v in parts[1:5])
            cv2.line(frame, (x0, y0), (x1, y1), (0, 0, 160), 1)
            continue
        points = np.array([float(v) for v in parts[3:11]]).reshape(4, 2).round().astype(np.int32)
        cv2.polylines(frame, [points], True, colours.get(parts[0], (255, 255, 255)),
                      3 if parts[0] == "chosen" else 1)
    cv2.imwrite(base + ".png", frame)
    print("  drawn: %s.png" % base)
PY
