#!/usr/bin/env bash
# For development: what docscan's document detection sees in a frame. Each
# argument is an image (any format OpenCV reads) or CLIP.mp4@SECONDS. A
# clip's frame is the element's: decoded by GStreamer (avdec_h264) as I420,
# its luma scaled to the analysis size (1280 pixels wide at most) by
# GStreamer's linear resampler and expanded from studio to full range, its
# colour copy sampled from the frame's own chroma planes on the element's
# grid. An image is scaled by OpenCV and split into I420 planes. Both are
# handed to detection in-process.
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
ANALYSIS_WIDTH = 1280
# Studio-range luma (16..235) expanded to full range, as the element's luma
# converter does (luma_converter.c).
EXPAND = np.clip(((np.arange(256) - 16) * 255 + 109) // 219, 0, 255).astype(np.uint8)


def analysis_size(width, height):
    if width <= ANALYSIS_WIDTH:
        return width - width % 2, height - height % 2
    scaled = round(height * ANALYSIS_WIDTH / width)
    return ANALYSIS_WIDTH, scaled - scaled % 2


def clip_frame(path, seconds):
    """The frame shown at `seconds` as the element gets it: GStreamer's
    decoder, the whole I420 frame, and its luma scaled to the analysis size
    by GStreamer's linear resampler (the element's converter)."""
    import gi
    gi.require_version('Gst', '1.0')
    from gi.repository import Gst
    Gst.init(None)
    probe = Gst.parse_launch(
        'filesrc location="%s" ! qtdemux ! h264parse ! avdec_h264 ! videoconvert ! '
        'video/x-raw,format=I420 ! appsink name=full sync=false' % path)
    sink = probe.get_by_name('full')
    probe.set_state(Gst.State.PLAYING)
    wanted = int(seconds * Gst.SECOND)
    found = None
    while True:
        sample = sink.emit('pull-sample')
        if sample is None:
            break
        buffer = sample.get_buffer()
        caps = sample.get_caps().get_structure(0)
        found = (buffer.extract_dup(0, buffer.get_size()), caps.get_value('width'),
                 caps.get_value('height'))
        if buffer.pts + max(buffer.duration, 0) > wanted:
            break
    probe.set_state(Gst.State.NULL)
    if found is None:
        return None
    data, width, height = found
    data = np.frombuffer(data, np.uint8)
    chroma_w, chroma_h = (width + 1) // 2, (height + 1) // 2
    luma = data[:width * height].reshape(height, width)
    cb = data[width * height:width * height + chroma_w * chroma_h].reshape(chroma_h, chroma_w)
    cr = data[width * height + chroma_w * chroma_h:][:chroma_w * chroma_h].reshape(
        chroma_h, chroma_w)
    small_w, small_h = analysis_size(width, height)
    if (small_w, small_h) != (width, height):
        # The element's converter: GStreamer's linear resampler, luma only.
        scaler = Gst.parse_launch(
            'appsrc name=src caps="video/x-raw,format=GRAY8,width=%d,height=%d,framerate=0/1" '
            '! videoscale method=bilinear ! video/x-raw,width=%d,height=%d ! '
            'appsink name=out sync=false' % (width, height, small_w, small_h))
        scaler.set_state(Gst.State.PLAYING)
        grey = np.ascontiguousarray(luma)
        scaler.get_by_name('src').emit('push-buffer', Gst.Buffer.new_wrapped(grey.tobytes()))
        scaler.get_by_name('src').emit('end-of-stream')
        sample = scaler.get_by_name('out').emit('pull-sample')
        buffer = sample.get_buffer()
        stride = buffer.get_size() // small_h
        luma = np.frombuffer(buffer.extract_dup(0, buffer.get_size()), np.uint8).reshape(
            small_h, stride)[:, :small_w]
        scaler.set_state(Gst.State.NULL)
    else:
        luma = luma[:small_h, :small_w]
    # For the drawing only.
    colour = cv2.cvtColor(data[:width * height * 3 // 2].reshape(height * 3 // 2, width),
                          cv2.COLOR_YUV2BGR_I420)
    colour = cv2.resize(colour, (small_w, small_h), interpolation=cv2.INTER_AREA)
    return EXPAND[luma], cb, cr, colour


def image_frame(path):
    """A still turned into I420 planes as an encoder would."""
    frame = cv2.imread(path)
    if frame is None:
        return None
    width, height = analysis_size(frame.shape[1], frame.shape[0])
    frame = cv2.resize(frame, (width, height), interpolation=cv2.INTER_AREA) \
        if width != frame.shape[1] else frame[:height, :width]
    planes = cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420)
    chroma = planes[height:].reshape(2, height // 2, width // 2)
    return EXPAND[planes[:height]], chroma[0], chroma[1], frame


for item in items:
    if "@" in item:
        path, at = item.rsplit("@", 1)
        got = clip_frame(path, float(at))
        name = "%s@%s" % (os.path.splitext(os.path.basename(path))[0], at)
    else:
        got = image_frame(item)
        name = os.path.splitext(os.path.basename(item))[0]
    if got is None:
        print("%s: cannot read" % item, file=sys.stderr)
        continue
    luma, cb, cr, frame = got
    height, width = luma.shape
    # The colour copy: a 2x2 mean of the chroma planes at every other
    # sample (the chroma sampler's grid), a quarter of the analysis width,
    # sampled from the frame's own chroma planes.
    small_w, small_h = max(1, width // 4), max(1, height // 4)
    plane_h, plane_w = cb.shape
    cols = np.array([(2 * c + 1) * plane_w // (2 * small_w) for c in range(small_w)])
    rows = np.array([(2 * r + 1) * plane_h // (2 * small_h) for r in range(small_h)])
    cols2 = np.minimum(cols + 1, plane_w - 1)
    rows2 = np.minimum(rows + 1, plane_h - 1)
    def sampled(plane):
        plane = plane.astype(np.int32)
        total = (plane[np.ix_(rows, cols)] + plane[np.ix_(rows2, cols)]
                 + plane[np.ix_(rows, cols2)] + plane[np.ix_(rows2, cols2)])
        return ((total + 2) // 4).astype(np.uint8)
    frame = np.ascontiguousarray(frame)
    base = os.path.join(out, name)
    cv2.imwrite(base + ".pgm", luma)
    cv2.imwrite(base + ".cb.pgm", sampled(cb))
    cv2.imwrite(base + ".cr.pgm", sampled(cr))
    subprocess.run([".build/release/detect-explain", "--quads", base + ".quads", base + ".pgm"],
                   check=True)
    colours = {"edges": (255, 128, 0), "brightRegion": (0, 200, 255), "unlikeDesk": (255, 0, 255),
               "straightSides": (0, 0, 255), "chosen": (0, 255, 0)}
    for line in open(base + ".quads"):
        parts = line.split()
        if not parts:
            continue
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
