#!/usr/bin/env python3
"""Barcodes: docscan mode=barcode beside gst-plugins-bad's zbar element.

For every PDF417 sample of ../shared/data/zxing-pdf417/pdf417-1..3 (and the
same turned a quarter), both elements see the image as a still (5 frames,
32 px white border, I420). Reported per element: how many images gave a
barcode whose payload equals the expected file, and the time of the first
frame from the element's sink pad to its src pad (the frame where both scan
the whole image; docscan analyses synchronously, annotate=false).
zbar in Debian 12 cannot decode PDF417, so its rate is expected to be 0:
that is the point of the zxing-cpp reader. Usage: barcode_benchmark.py [--json]
"""
import base64
import json
import os
import sys
import time

import gi

gi.require_version('Gst', '1.0')
from gi.repository import Gst  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data', 'zxing-pdf417'))
ELEMENTS = {
    'docscan': 'docscan mode=barcode analysis=sync annotate=false barcode-types=pdf417,qrcode',
    'zbar': 'zbar',
}


def samples():
    for folder in ('pdf417-1', 'pdf417-2', 'pdf417-3'):
        path = os.path.join(DATA, folder)
        for name in sorted(os.listdir(path)):
            stem, ext = os.path.splitext(name)
            if ext not in ('.png', '.webp'):
                continue
            for suffix in ('.bin', '.txt'):
                expected = os.path.join(path, stem + suffix)
                if os.path.exists(expected):
                    with open(expected, 'rb') as f:
                        yield folder, os.path.join(path, name), f.read()
                    break


def payloads(message):
    """The payload bytes a docscan-side / zbar barcode message carries."""
    s = message.get_structure()
    if s is None:
        return None
    if s.get_name() == 'docscan-side' and s.has_field('barcode-data'):
        data = s.get_string('barcode-data')
        ok, is_b64 = s.get_boolean('barcode-data-base64')
        return base64.b64decode(data) if ok and is_b64 else data.encode('utf-8')
    if s.get_name() == 'barcode':
        return s.get_string('symbol').encode('utf-8')
    return None


def run(element, image, rotate):
    flip = '! videoflip method=clockwise ' if rotate else ''
    text = (f'filesrc name=src ! decodebin ! videoconvert ! imagefreeze num-buffers=5 ! '
            f'videobox fill=white top=-32 bottom=-32 left=-32 right=-32 {flip}! '
            f'videoconvert ! video/x-raw,format=I420 ! {element} name=dut ! fakesink')
    pipeline = Gst.parse_launch(text)
    pipeline.get_by_name('src').set_property('location', image)
    dut = pipeline.get_by_name('dut')
    times = []
    started = {}

    def on_sink(_pad, info):
        started[info.get_buffer().pts] = time.perf_counter_ns()
        return Gst.PadProbeReturn.OK

    def on_src(_pad, info):
        start = started.pop(info.get_buffer().pts, None)
        if start is not None:
            times.append(time.perf_counter_ns() - start)
        return Gst.PadProbeReturn.OK

    dut.get_static_pad('sink').add_probe(Gst.PadProbeType.BUFFER, on_sink)
    dut.get_static_pad('src').add_probe(Gst.PadProbeType.BUFFER, on_src)
    found = []
    pipeline.set_state(Gst.State.PLAYING)
    bus = pipeline.get_bus()
    while True:
        message = bus.timed_pop_filtered(
            30 * Gst.SECOND,
            Gst.MessageType.EOS | Gst.MessageType.ERROR | Gst.MessageType.ELEMENT)
        if message is None or message.type != Gst.MessageType.ELEMENT:
            break
        payload = payloads(message)
        if payload is not None:
            found.append(payload)
    pipeline.set_state(Gst.State.NULL)
    return found, (times[0] / 1e6 if times else float('nan'))


def main():
    Gst.init(None)
    if not os.path.isdir(DATA):
        print(f'!!! {DATA} is missing: no barcode benchmark', file=sys.stderr)
        return 1
    report = {}
    for name, element in ELEMENTS.items():
        for rotate in (False, True):
            decoded = total = 0
            per_frame = []
            for _folder, image, expected in samples():
                found, ms = run(element, image, rotate)
                total += 1
                decoded += expected in found
                per_frame.append(ms)
            per_frame.sort()
            key = f'{name} {"90" if rotate else "0"} deg'
            report[key] = {
                'decoded': decoded, 'images': total,
                'first_frame_ms_p50': per_frame[len(per_frame) // 2],
                'first_frame_ms_mean': sum(per_frame) / len(per_frame),
            }
    if '--json' in sys.argv:
        print(json.dumps(report))
    else:
        print('Barcodes: PDF417 samples as stills (pdf417-1..3), first frame sink->src')
        print(f'{"element":>10} {"rotation":>9} {"decoded":>10} {"p50 ms":>8} {"mean ms":>8}')
        for key, value in report.items():
            element, rotation, _ = key.split(' ')
            print(f'{element:>10} {rotation + "°":>9} '
                  f'{value["decoded"]:>4}/{value["images"]:<5} '
                  f'{value["first_frame_ms_p50"]:8.1f} {value["first_frame_ms_mean"]:8.1f}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
