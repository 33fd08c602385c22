#!/usr/bin/python3
"""Measures how long the docscan element holds the streaming thread per frame.

For each frame size and element configuration a pipeline

    SOURCE ! video/x-raw,format=I420,... ! identity sync=true ! queue ! ELEMENT ! fakesink

Frames are paced at 30 fps, as a desk camera delivers them (`--unpaced`
pushes them as fast as possible, where the source, the streaming thread and
the analysis compete for the cores and the timings show that contention).

runs to EOS. Buffer probes on ELEMENT's sink and src pads time every buffer
(keyed by PTS); `identity` is the baseline that shows the probes' own cost.
Then each `docscan` async configuration runs again without probes, with
the element's TRACE log on: the element times its own work on the streaming
thread (thread CPU time around its frame function, in C), the figure the
target is checked against (the probes, in Python, cost more than it).
In async mode the analysis runs off the streaming thread, so the number of
docscan-feedback bus messages is reported to show that it ran at all.

Usage: benchmark.py [--image PATH] [--frames N] [--sizes WxH,...] [--unpaced] [--json]
Needs GST_PLUGIN_PATH pointing at the folder of libgstdocscan.so
(plugin/benchmark.sh sets it).
"""

import argparse
import json
import re
import sys
import time

import gi

gi.require_version('Gst', '1.0')
from gi.repository import GLib, Gst  # noqa: E402

WARMUP_FRAMES = 10  # first frames of each run are left out of the statistics
RUN_TIMEOUT_S = 60  # a run that has not reached EOS by then is an error
ASYNC_P99_TARGET_MS = 0.5
OWN_COST = re.compile(r'streaming thread: (\d+) ns cpu')
FEEDBACK_MESSAGE = 'docscan-feedback'

# (label, element description for gst_parse_launch, count feedback messages)
CONFIGS = [
    ('identity (baseline)', 'identity', False),
    ('docscan async (streaming thread)', 'docscan analysis=async', True),
    ('docscan sync: analysis per frame', 'docscan analysis=sync', True),
    ('docscan async annotate=false',
     'docscan analysis=async annotate=false', True),
]


class BenchmarkError(Exception):
    """A failure that ends the benchmark with a message and exit code 1."""


def parse_size(text):
    """'1280x720' -> (1280, 720)."""
    try:
        width, height = (int(part) for part in text.lower().split('x'))
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad size '{text}', want WxH")
    if width <= 0 or height <= 0:
        raise argparse.ArgumentTypeError(f"bad size '{text}'")
    return width, height


def parse_sizes(text):
    return [parse_size(part) for part in text.split(',') if part.strip()]


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog='plugin/benchmark.sh',
        description='Time the docscan element per frame on the streaming '
                    'thread (p50/p99/max), against identity as baseline.')
    parser.add_argument('--image', metavar='PATH',
                        help='PNG/JPEG of a document to use as source '
                             '(default: videotestsrc pattern=smpte)')
    parser.add_argument('--frames', type=int, default=300, metavar='N',
                        help='frames per run (default 300; the first '
                             f'{WARMUP_FRAMES} are warm-up and not counted)')
    parser.add_argument('--sizes', type=parse_sizes,
                        default=[(1280, 720), (1920, 1080)],
                        metavar='WxH,...',
                        help='frame sizes (default 1280x720,1920x1080)')
    parser.add_argument('--unpaced', action='store_true',
                        help='push frames as fast as possible instead of '
                             'pacing them at 30 fps like a camera')
    parser.add_argument('--json', action='store_true',
                        help='print the results as one JSON object')
    args = parser.parse_args(argv)
    if args.frames <= WARMUP_FRAMES:
        parser.error(f'--frames must be more than {WARMUP_FRAMES}')
    if not args.sizes:
        parser.error('--sizes needs at least one WxH')
    return args


def source_description(args, width, height):
    """Pipeline text up to and including the queue in front of the element.

    The queue puts decoding and conversion on another thread, so the probes
    around the element time only the element itself.
    """
    caps = (f'video/x-raw,format=I420,width={width},height={height},'
            'framerate=30/1')
    if not args.unpaced:
        caps += ' ! identity sync=true'
    if args.image:
        # location is set as a property later, so paths need no quoting
        return (f'filesrc name=src ! decodebin ! imagefreeze '
                f'num-buffers={args.frames} ! videoconvert ! videoscale ! '
                f'{caps} ! queue')
    return (f'videotestsrc pattern=smpte num-buffers={args.frames} ! '
            f'{caps} ! queue')


def build_pipeline(args, width, height, element):
    text = (f'{source_description(args, width, height)} ! '
            f'{element} name=dut ! fakesink sync=false')
    try:
        pipeline = Gst.parse_launch(text)
    except GLib.Error as err:
        raise BenchmarkError(f'cannot build pipeline "{text}": {err.message}')
    if args.image:
        pipeline.get_by_name('src').set_property('location', args.image)
    return pipeline


class FrameTimer:
    """Pad probes that time each buffer from the sink pad to the src pad.

    Two clocks: wall time, which includes any moment the scheduler gave the
    core to another thread, and the streaming thread's own CPU time, which
    is what the element itself spends (both probes run on that thread).
    """

    def __init__(self, element):
        self.started = {}  # PTS -> (arrival index, wall ns, thread cpu ns)
        self.arrivals = 0
        self.durations_ns = []
        self.cpu_ns = []
        element.get_static_pad('sink').add_probe(
            Gst.PadProbeType.BUFFER, self._on_sink)
        element.get_static_pad('src').add_probe(
            Gst.PadProbeType.BUFFER, self._on_src)

    def _on_sink(self, _pad, info):
        # take the clock first so the lookup cost is not in the element's time
        now = time.perf_counter_ns()
        cpu = time.thread_time_ns()
        self.started[info.get_buffer().pts] = (self.arrivals, now, cpu)
        self.arrivals += 1
        return Gst.PadProbeReturn.OK

    def _on_src(self, _pad, info):
        cpu = time.thread_time_ns()
        now = time.perf_counter_ns()
        index, start, cpu_start = self.started.pop(
            info.get_buffer().pts, (None, None, None))
        if index is not None and index >= WARMUP_FRAMES:
            self.durations_ns.append(now - start)
            self.cpu_ns.append(cpu - cpu_start)
        return Gst.PadProbeReturn.OK


def wait_for_eos(pipeline):
    """Pumps the bus until EOS; returns the number of feedback messages."""
    bus = pipeline.get_bus()
    wanted = (Gst.MessageType.EOS | Gst.MessageType.ERROR
              | Gst.MessageType.ELEMENT)
    deadline = time.monotonic() + RUN_TIMEOUT_S
    feedback = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise BenchmarkError(f'no EOS after {RUN_TIMEOUT_S} s')
        msg = bus.timed_pop_filtered(int(left * Gst.SECOND), wanted)
        if msg is None:
            continue  # timed out; the loop condition reports it
        if msg.type == Gst.MessageType.ERROR:
            err, debug = msg.parse_error()
            raise BenchmarkError(
                f'GStreamer error from {msg.src.get_name()}: {err.message}'
                + (f'\n  {debug}' if debug else ''))
        if msg.type == Gst.MessageType.EOS:
            return feedback
        structure = msg.get_structure()
        if structure and structure.get_name() == FEEDBACK_MESSAGE:
            feedback += 1


def percentile(sorted_values, fraction):
    """Nearest-rank percentile of an already sorted list."""
    rank = max(1, round(fraction * len(sorted_values) + 0.5))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def summarize(durations_ns):
    # milliseconds, rounded to 0.1 us: finer digits are noise
    values = sorted(round(d / 1e6, 4) for d in durations_ns)
    if not values:
        raise BenchmarkError('no frames were timed (pipeline produced none?)')
    return {'p50_ms': percentile(values, 0.50),
            'p99_ms': percentile(values, 0.99),
            'max_ms': values[-1],
            'frames': len(values)}


def run_one(args, size, config):
    label, element, counts_feedback = config
    width, height = size
    pipeline = build_pipeline(args, width, height, element)
    timer = FrameTimer(pipeline.get_by_name('dut'))
    try:
        if pipeline.set_state(Gst.State.PLAYING) == \
                Gst.StateChangeReturn.FAILURE:
            # the bus usually holds the reason; wait_for_eos raises it
            wait_for_eos(pipeline)
            raise BenchmarkError('pipeline failed to start')
        feedback = wait_for_eos(pipeline)
    finally:
        pipeline.set_state(Gst.State.NULL)
    result = {'size': f'{width}x{height}', 'element': label,
              'pipeline_element': element}
    result.update(summarize(timer.durations_ns))
    cpu = summarize(timer.cpu_ns)
    result['cpu_p50_ms'] = cpu['p50_ms']
    result['cpu_p99_ms'] = cpu['p99_ms']
    result['feedback'] = feedback if counts_feedback else None
    return result


class OwnCostLog:
    """Collects the element's own streaming-thread times from its TRACE log
    (a log function, so nothing is written to stderr)."""

    def __init__(self):
        self.cpu_ns = []
        self.enabled = False
        Gst.debug_add_log_function(self._on_log, None)

    def _on_log(self, category, level, _file, _function, _line, _object,
                message, _data):
        if not self.enabled or level != Gst.DebugLevel.TRACE \
                or category.get_name() != 'docscan':
            return
        match = OWN_COST.search(message.get() or '')
        if match:
            self.cpu_ns.append(int(match.group(1)))

    def start(self):
        self.cpu_ns = []
        self.enabled = True
        Gst.debug_set_threshold_for_name('docscan', Gst.DebugLevel.TRACE)

    def stop(self):
        Gst.debug_set_threshold_for_name('docscan', Gst.DebugLevel.NONE)
        self.enabled = False
        return self.cpu_ns[WARMUP_FRAMES:]


def run_own_cost(args, size, config, log):
    """The element's own CPU time per frame on the streaming thread."""
    label, element, _ = config
    width, height = size
    pipeline = build_pipeline(args, width, height, element)
    log.start()
    try:
        if pipeline.set_state(Gst.State.PLAYING) == \
                Gst.StateChangeReturn.FAILURE:
            wait_for_eos(pipeline)
            raise BenchmarkError('pipeline failed to start')
        wait_for_eos(pipeline)
    finally:
        pipeline.set_state(Gst.State.NULL)
        times = log.stop()
    result = {'size': f'{width}x{height}', 'element': label,
              'pipeline_element': element}
    result.update(summarize(times))
    return result


def async_summary(own_costs):
    """Per size: docscan async (annotate=true) own CPU p99 against the
    target."""
    lines = []
    for result in own_costs:
        if result['pipeline_element'] == 'docscan analysis=async':
            lines.append({'size': result['size'],
                          'own_cpu_p99_ms': result['p99_ms'],
                          'target_ms': ASYNC_P99_TARGET_MS,
                          'ok': result['p99_ms'] < ASYNC_P99_TARGET_MS})
    return lines


def source_name(args):
    return f'image {args.image}' if args.image else 'videotestsrc smpte'


def print_table(args, results, own_costs):
    print(f'docscan benchmark: {args.frames} frames per run, I420, '
          f'source={source_name(args)}, '
          f"{'unpaced' if args.unpaced else 'paced at 30 fps'} "
          f'(first {WARMUP_FRAMES} frames skipped)')
    print('wall = sink-to-src time on the clock (includes preemption); '
          'cpu = the streaming thread\'s own CPU time')
    print(f"{'size':<11} {'element':<34} {'wall p50':>8} {'wall p99':>8} "
          f"{'wall max':>8} {'cpu p50':>8} {'cpu p99':>8} {'frames':>7} "
          f"{'feedback':>9}")
    for r in results:
        feedback = '-' if r['feedback'] is None else str(r['feedback'])
        print(f"{r['size']:<11} {r['element']:<34} {r['p50_ms']:>8.3f} "
              f"{r['p99_ms']:>8.3f} {r['max_ms']:>8.3f} "
              f"{r['cpu_p50_ms']:>8.3f} {r['cpu_p99_ms']:>8.3f} "
              f"{r['frames']:>7} {feedback:>9}")
    print()
    print("the element's own CPU time on the streaming thread (its TRACE "
          'log, no probes)')
    print(f"{'size':<11} {'element':<34} {'cpu p50':>8} {'cpu p99':>8} "
          f"{'cpu max':>8} {'frames':>7}")
    for r in own_costs:
        print(f"{r['size']:<11} {r['element']:<34} {r['p50_ms']:>8.3f} "
              f"{r['p99_ms']:>8.3f} {r['max_ms']:>8.3f} {r['frames']:>7}")
    print()
    for line in async_summary(own_costs):
        verdict = 'OK' if line['ok'] else 'OVER'
        print(f"async, annotated: the element's own streaming-thread cpu p99 "
              f"at {line['size']}: {line['own_cpu_p99_ms']:.3f} ms (target < "
              f"{line['target_ms']:g} ms): {verdict}")


def print_json(args, results, own_costs):
    print(json.dumps({
        'frames_per_run': args.frames,
        'warmup_frames': WARMUP_FRAMES,
        'format': 'I420',
        'source': source_name(args),
        'results': results,
        'own_costs': own_costs,
        'async_p99': async_summary(own_costs),
    }, indent=2))


def check_plugin(args):
    """Fail early with a clear message instead of a parse_launch error."""
    if Gst.ElementFactory.find('docscan') is None:
        raise BenchmarkError('plugin not found: run plugin/build.sh '
                             '(and set GST_PLUGIN_PATH to its folder)')
    if args.image and Gst.ElementFactory.find('imagefreeze') is None:
        raise BenchmarkError('imagefreeze not found (gst-plugins-good)')


def main(argv):
    args = parse_args(argv)
    Gst.init(None)
    try:
        check_plugin(args)
        results = [run_one(args, size, config)
                   for size in args.sizes for config in CONFIGS]
        log = OwnCostLog()
        own_costs = [run_own_cost(args, size, config, log)
                     for size in args.sizes for config in CONFIGS
                     if 'analysis=async' in config[1]]
    except BenchmarkError as err:
        print(f'benchmark.py: {err}', file=sys.stderr)
        return 1
    if args.json:
        print_json(args, results, own_costs)
    else:
        print_table(args, results, own_costs)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
