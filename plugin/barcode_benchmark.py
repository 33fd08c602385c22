#!/usr/bin/env python3
"""Barcodes: docscan mode=barcode beside gst-plugins-bad's zbar element.

Two sets, both elements on the same input, one table:

- Clips: 4 rendered clips (3 s, 30 fps, 1280x720, H.264 in MP4), each a card
  held on a desk that slides in (motion blur), lies still, is shaken (motion
  blur), then lies still out of focus: an AAMVA licence back (PDF417), and
  a QR code, a Code 128 and an EAN-13 label (codes zbar reads too). The
  frames are rendered by `render-demo-video --barcode-clips` (Tests/
  RenderDemoVideo/BarcodeClips.swift) into a temporary folder and encoded
  there; nothing is downloaded or kept. Per clip and element: frames whose
  decode holds the clip's payload / frames, distinct payloads read (more
  than 1 is a misread), and the time per frame from the element's sink pad
  to its src pad (p50, p99) on the streaming thread. docscan runs
  `analysis=sync` (the time is its whole analysis: detection, quality,
  barcode reading) and is sent `reset` after every frame, so that every
  frame is read anew (a session otherwise stops at its first result).
- Stills: the 58 PDF417 samples of ../shared/data/zxing-pdf417/pdf417-1..3,
  upright and turned a quarter (5 frames each, 32 px white border): images
  decoded / images, and the first frame's time (p50, p99).

zbar in Debian 12 cannot decode PDF417, so its rate there is expected to
be 0: that is the point of the zxing-cpp reader.

Usage: barcode_benchmark.py [--json] [--render-tool PATH] [--no-stills]
  --render-tool  the render-demo-video binary (default: built with
                 `swift build -c release --product render-demo-video`)
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version('Gst', '1.0')
from gi.repository import Gst  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data', 'zxing-pdf417'))
ELEMENTS = {
    'docscan': ('docscan mode=barcode analysis=sync annotate=false '
                'barcode-types=pdf417,qrcode,code128,ean13'),
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


def still_source(image, rotate):
    flip = '! videoflip method=clockwise ' if rotate else ''
    return (f'filesrc location={image} ! decodebin ! videoconvert ! imagefreeze num-buffers=5 ! '
            f'videobox fill=white top=-32 bottom=-32 left=-32 right=-32 {flip}')


def clip_source(clip):
    return f'filesrc location={clip} ! qtdemux ! avdec_h264 '


def run(element, source, reset_every_frame=False):
    """Runs `source ! ... ! element ! fakesink`; returns the payloads read
    per frame (by buffer timestamp) and each frame's sink->src time in ms."""
    text = (f'{source}! videoconvert ! video/x-raw,format=I420 ! '
            f'{element} name=dut ! fakesink')
    pipeline = Gst.parse_launch(text)
    dut = pipeline.get_by_name('dut')
    times = []
    started = {}

    def on_sink(_pad, info):
        started[info.get_buffer().pts] = time.perf_counter_ns()
        return Gst.PadProbeReturn.OK

    def on_src(_pad, info):
        start = started.pop(info.get_buffer().pts, None)
        if start is not None:
            times.append((time.perf_counter_ns() - start) / 1e6)
        if reset_every_frame:
            # Queued behind this frame's analysis: the next frame starts a
            # new session and is read anew.
            dut.emit('reset')
        return Gst.PadProbeReturn.OK

    dut.get_static_pad('sink').add_probe(Gst.PadProbeType.BUFFER, on_sink)
    dut.get_static_pad('src').add_probe(Gst.PadProbeType.BUFFER, on_src)
    found = {}
    pipeline.set_state(Gst.State.PLAYING)
    bus = pipeline.get_bus()
    while True:
        message = bus.timed_pop_filtered(
            60 * Gst.SECOND,
            Gst.MessageType.EOS | Gst.MessageType.ERROR | Gst.MessageType.ELEMENT)
        if message is None or message.type != Gst.MessageType.ELEMENT:
            if message is not None and message.type == Gst.MessageType.ERROR:
                print(f'!!! {element}: {message.parse_error()[0].message}', file=sys.stderr)
            break
        payload = payloads(message)
        if payload is not None:
            ok, stamp = message.get_structure().get_uint64('timestamp')
            found.setdefault(stamp if ok else len(found), set()).add(payload)
    pipeline.set_state(Gst.State.NULL)
    return found, times


def percentile(values, fraction):
    if not values:
        return float('nan')
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def render_tool(argv):
    if '--render-tool' in argv:
        return argv[argv.index('--render-tool') + 1]
    subprocess.run(['swift', 'build', '-c', 'release', '--product', 'render-demo-video'],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    folder = subprocess.run(['swift', 'build', '-c', 'release', '--show-bin-path'], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(folder, 'render-demo-video')


def make_clips(tool, folder):
    """Renders the clips' frames and encodes each as H.264 in MP4; yields
    (name, path of the MP4, expected payload)."""
    subprocess.run([tool, '--barcode-clips', folder], check=True, stdout=subprocess.DEVNULL)
    for name in sorted(os.listdir(folder)):
        frames = os.path.join(folder, name)
        with open(os.path.join(frames, 'expected.txt'), 'rb') as f:
            expected = f.read()
        clip = os.path.join(folder, name + '.mp4')
        subprocess.run(
            ['gst-launch-1.0', '-q', 'multifilesrc', f'location={frames}/frame%05d.png',
             'index=0', 'caps=image/png,framerate=30/1', '!', 'pngdec', '!', 'videoconvert',
             '!', 'video/x-raw,format=I420', '!', 'x264enc', 'speed-preset=fast',
             'bitrate=3000', '!', 'mp4mux', '!', 'filesink', f'location={clip}'], check=True)
        shutil.rmtree(frames)
        yield name, clip, expected


def bench_clips(argv):
    report = {}
    folder = tempfile.mkdtemp(prefix='docscan-barcode-clips-')
    try:
        for name, clip, expected in make_clips(render_tool(argv), folder):
            for element, description in ELEMENTS.items():
                found, times = run(description, clip_source(clip),
                                   reset_every_frame=element == 'docscan')
                read = sum(expected in payloads for payloads in found.values())
                distinct = set().union(*found.values()) if found else set()
                report[f'{element} {name}'] = {
                    'element': element, 'input': name, 'decoded': read, 'of': len(times),
                    'distinct': len(distinct), 'ms_p50': percentile(times, 0.5),
                    'ms_p99': percentile(times, 0.99)}
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return report


def bench_stills():
    report = {}
    for element, description in ELEMENTS.items():
        for rotate in (False, True):
            decoded = total = 0
            first = []
            distinct = set()
            for _folder, image, expected in samples():
                found, times = run(description, still_source(image, rotate))
                read = set().union(*found.values()) if found else set()
                total += 1
                decoded += expected in read
                distinct |= read
                first.append(times[0] if times else float('nan'))
            name = f'pdf417 stills {"90" if rotate else "0"} deg'
            report[f'{element} {name}'] = {
                'element': element, 'input': name, 'decoded': decoded, 'of': total,
                'distinct': len(distinct), 'ms_p50': percentile(first, 0.5),
                'ms_p99': percentile(first, 0.99)}
    return report


def main():
    Gst.init(None)
    report = bench_clips(sys.argv)
    if '--no-stills' not in sys.argv:
        if os.path.isdir(DATA):
            report.update(bench_stills())
        else:
            print(f'!!! {DATA} is missing: no PDF417 stills', file=sys.stderr)
    if '--json' in sys.argv:
        print(json.dumps(report))
        return 0
    print('Barcodes: docscan mode=barcode (analysis=sync) beside zbar, sink->src per frame '
          '(clips: every frame; stills: the first)')
    print(f'{"input":<24} {"element":<8} {"decoded":>9} {"distinct":>8} '
          f'{"p50 ms":>7} {"p99 ms":>7}')
    for value in sorted(report.values(), key=lambda v: (v['input'], v['element'])):
        print(f'{value["input"]:<24} {value["element"]:<8} '
              f'{value["decoded"]:>4}/{value["of"]:<4} {value["distinct"]:>8} '
              f'{value["ms_p50"]:7.1f} {value["ms_p99"]:7.1f}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
