#!/usr/bin/python3
"""Soak: one desk clip looped through docscan for a long time, live-paced.

    filesrc ! qtdemux ! h264parse ! avdec_h264 ! videoconvert [! videoscale
      ! video/x-raw,width=W,height=H] ! docscan analysis=async mode=mrz
      auto-reset=1 ! fakesink sync=true

The clip loops without a gap (segment seeks, so running time goes on as a
camera's would). Every `--report-every` minutes (and at the end) it prints
the process's resident memory, the loops played and the results so far;
at the end, how many loops gave no result. It exits 1 when a loop gave no
`docscan-result`, the pipeline posted an error or stopped early, or it
played fewer than 80 % of the loops the time allows (a stall).
Memory is reported, not judged: flat means no steady growth between the
reports after the first.

Usage: soak.py [--clip MP4] [--minutes M] [--report-every M] [--size WxH] [--json]
Needs GST_PLUGIN_PATH pointing at the folder of libgstdocscan.so.
"""

import argparse
import json
import sys
import time

import gi

gi.require_version('Gst', '1.0')
from gi.repository import GLib, Gst  # noqa: E402

DEFAULT_CLIP = 'pipelines/media/demo.mp4'


def resident_mb():
    """This process's resident memory (the pipeline runs in it), in MB."""
    with open('/proc/self/status') as status:
        for line in status:
            if line.startswith('VmRSS:'):
                return int(line.split()[1]) / 1024
    return float('nan')


class Soak:
    def __init__(self, args):
        scale = ''
        if args.size:
            width, height = args.size.split('x')
            scale = f'! videoscale ! video/x-raw,width={width},height={height} '
        self.pipeline = Gst.parse_launch(
            f'filesrc location={args.clip} ! qtdemux ! h264parse ! avdec_h264 ! videoconvert '
            f'{scale}! docscan name=scan analysis=async mode=mrz auto-reset=1 '
            '! fakesink sync=true')
        self.seconds = args.minutes * 60
        self.report_every = args.report_every * 60
        self.json = args.json
        self.loop_results = [0]  # results per loop played
        self.reports = []
        self.failure = None
        self.main_loop = GLib.MainLoop()
        self.started = None

    def run(self):
        bus = self.pipeline.get_bus()
        bus.add_signal_watch()
        bus.connect('message', self.on_message)
        self.pipeline.set_state(Gst.State.PAUSED)
        if self.pipeline.get_state(30 * Gst.SECOND)[0] == Gst.StateChangeReturn.FAILURE:
            raise SystemExit('soak: the pipeline does not start')
        self.seek(Gst.SeekFlags.FLUSH)
        self.pipeline.set_state(Gst.State.PLAYING)
        self.started = time.monotonic()
        GLib.timeout_add_seconds(max(1, int(self.report_every)), self.report)
        GLib.timeout_add_seconds(max(1, int(self.seconds)), self.finish)
        self.main_loop.run()
        outcome = self.summary()
        self.pipeline.set_state(Gst.State.NULL)
        return outcome

    def seek(self, flags):
        self.pipeline.seek(1.0, Gst.Format.TIME, flags | Gst.SeekFlags.SEGMENT,
                           Gst.SeekType.SET, 0, Gst.SeekType.NONE, -1)

    def on_message(self, _bus, message):
        if message.type == Gst.MessageType.SEGMENT_DONE:
            # The next loop, without a flush: running time goes on.
            self.loop_results.append(0)
            self.seek(Gst.SeekFlags.NONE)
        elif message.type == Gst.MessageType.ELEMENT:
            structure = message.get_structure()
            if structure is not None and structure.get_name() == 'docscan-result':
                self.loop_results[-1] += 1
        elif message.type == Gst.MessageType.ERROR:
            error, _debug = message.parse_error()
            self.failure = f'error from {message.src.get_name()}: {error.message}'
            self.main_loop.quit()
        elif message.type == Gst.MessageType.EOS:
            self.failure = 'the pipeline ended (EOS) before the soak did'
            self.main_loop.quit()

    def report(self):
        minutes = (time.monotonic() - self.started) / 60
        entry = {'minutes': round(minutes, 1), 'rss_mb': round(resident_mb(), 1),
                 'loops': len(self.loop_results) - 1, 'results': sum(self.loop_results)}
        self.reports.append(entry)
        if not self.json:
            print(f'{entry["minutes"]:6.1f} min  rss {entry["rss_mb"]:7.1f} MB  '
                  f'loops {entry["loops"]:4d}  results {entry["results"]:4d}', flush=True)
        return True

    def finish(self):
        self.report()
        self.main_loop.quit()
        return False

    def summary(self):
        # The loop playing when time ran out may be cut short: not judged.
        whole = self.loop_results[:-1]
        missing = [index for index, count in enumerate(whole) if count == 0]
        # A pipeline that stalled plays fewer loops than the time allows.
        ok, clip_ns = self.pipeline.query_duration(Gst.Format.TIME)
        expected = self.seconds / (clip_ns / Gst.SECOND) if ok and clip_ns > 0 else 0
        if self.failure is None and len(whole) < 0.8 * expected - 1:
            self.failure = f'{len(whole)} loops played where {expected:.0f} fit: it stalled'
        return {'loops': len(whole), 'results': sum(self.loop_results),
                'loops_without_result': missing, 'reports': self.reports,
                'failure': self.failure}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--clip', default=DEFAULT_CLIP, help='an MP4 (H.264) desk clip')
    parser.add_argument('--minutes', type=float, default=60)
    parser.add_argument('--report-every', type=float, default=10, metavar='M')
    parser.add_argument('--size', metavar='WxH', help='scale the frames to this size')
    parser.add_argument('--json', action='store_true', help='print one JSON object at the end')
    args = parser.parse_args(argv)
    Gst.init(None)
    outcome = Soak(args).run()
    if args.json:
        print(json.dumps(outcome))
    else:
        print(f'loops {outcome["loops"]}, results {outcome["results"]}, '
              f'loops without a result: {outcome["loops_without_result"] or "none"}')
        if outcome['failure']:
            print(f'FAILED: {outcome["failure"]}')
    return 1 if outcome['failure'] or outcome['loops_without_result'] or not outcome['loops'] else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
