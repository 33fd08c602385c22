#!/usr/bin/python3
"""Desks per machine: N live-paced desk streams through N docscan elements
in one process, for N = 1, 2, 4, 8 (`--desks`).

Each N is one `gst-launch-1.0 -m` process with N branches

    filesrc location=CLIP ! qtdemux ! h264parse ! avdec_h264 ! videoconvert
      ! docscan name=dI analysis=async mode=mrz ! fakesink sync=true

(every desk decodes its own copy of the clip, as it would its own camera;
`fakesink sync=true` plays it at its frame rate). Per N it prints whether
the process kept real time (its wall time at most `REALTIME_SLACK_S` over
the clip's length), the analysed frames per second per desk (docscan's
`analysis timings` debug lines), each desk's time to its first
`docscan-result` after the document settles (`--settled`, in stream
time), and CPU per desk (the process's user + system time over its wall
time, divided by N). Last, the largest N at which every desk read its
document within `WITHIN_S` of it settling.

Usage: desks_benchmark.py [--clip MP4] [--settled S] [--desks 1,2,4,8] [--json]
Needs GST_PLUGIN_PATH pointing at the folder of libgstdocscan.so.
"""

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

DEFAULT_CLIP = 'pipelines/media/demo.mp4'
# The demo passport lies still from 2.0 s (pipelines/media/render-demo.sh).
DEFAULT_SETTLED_S = 2.0
WITHIN_S = 1.0
REALTIME_SLACK_S = 1.0
RESULT = re.compile(
    r'from element "(d\d+)".*?docscan-result, .*?running-time=\(guint64\)(\d+)')
TIMINGS = re.compile(r'<(d\d+)>.*analysis timings:')


def clip_seconds(clip):
    """The clip's duration, from gst-discoverer-1.0."""
    out = subprocess.run(['gst-discoverer-1.0', clip], capture_output=True, text=True,
                         check=True).stdout
    match = re.search(r'Duration: (\d+):(\d+):(\d+\.\d+)', out)
    if not match:
        raise SystemExit(f'desks_benchmark: no duration for {clip}')
    hours, minutes, seconds = match.groups()
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


def branch(clip, index):
    return (f'filesrc location={clip} ! qtdemux ! h264parse ! avdec_h264 ! videoconvert '
            f'! docscan name=d{index} analysis=async mode=mrz ! fakesink sync=true')


def run_desks(clip, count, duration, settled):
    """One process with `count` desks; a dict of its figures."""
    with tempfile.TemporaryDirectory() as folder:
        log = os.path.join(folder, 'debug.log')
        env = dict(os.environ, GST_DEBUG='docscan:5', GST_DEBUG_FILE=log,
                   GST_DEBUG_NO_COLOR='1')
        command = ['gst-launch-1.0', '-m']
        for index in range(count):
            command += branch(clip, index).split()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, env=env,
                              timeout=duration * 4 + 60)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f'desks_benchmark: {count} desks failed:\n{done.stderr[-2000:]}')
        analysed = {f'd{index}': 0 for index in range(count)}
        with open(log, errors='replace') as lines:
            for line in lines:
                match = TIMINGS.search(line)
                if match and match.group(1) in analysed:
                    analysed[match.group(1)] += 1
    results = {}
    for match in RESULT.finditer(done.stdout):
        name, running = match.group(1), int(match.group(2)) / 1e9
        results.setdefault(name, running)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    desks = []
    for index in range(count):
        name = f'd{index}'
        found = results.get(name)
        desks.append({
            'desk': name,
            'analysed_fps': analysed[name] / duration,
            'result_after_settled_s': None if found is None else found - settled,
        })
    return {
        'desks': count,
        'wall_s': wall,
        'kept_real_time': wall <= duration + REALTIME_SLACK_S,
        'cpu_per_desk': cpu / wall / count,
        'per_desk': desks,
    }


def all_within(run):
    return all(d['result_after_settled_s'] is not None
               and d['result_after_settled_s'] <= WITHIN_S for d in run['per_desk'])


def print_table(clip, duration, settled, runs):
    print(f'desks per machine: {clip} ({duration:.1f} s), document settled at {settled:.1f} s, '
          f'{os.cpu_count()} cores')
    print(f'{"desks":>5}  {"real time":>9}  {"wall s":>6}  {"CPU/desk":>8}  '
          f'{"analysed fps/desk":>17}  result after settling, s (each desk)')
    for run in runs:
        fps = [d['analysed_fps'] for d in run['per_desk']]
        after = [d['result_after_settled_s'] for d in run['per_desk']]
        shown = ' '.join('none' if a is None else f'{a:.2f}' for a in after)
        print(f'{run["desks"]:>5}  {"yes" if run["kept_real_time"] else "NO":>9}  '
              f'{run["wall_s"]:>6.1f}  {run["cpu_per_desk"] * 100:>7.0f}%  '
              f'{min(fps):>7.1f} - {max(fps):<7.1f}  {shown}')
    passing = [run['desks'] for run in runs if all_within(run) and run['kept_real_time']]
    best = max(passing) if passing else 0
    print(f'largest N with every desk reading within {WITHIN_S:.0f} s of settling '
          f'and real time kept: {best}')


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--clip', default=DEFAULT_CLIP, help='an MP4 (H.264) desk clip')
    parser.add_argument('--settled', type=float, default=DEFAULT_SETTLED_S, metavar='S',
                        help='stream time at which the document lies still')
    parser.add_argument('--desks', default='1,2,4,8', help='comma-separated desk counts')
    parser.add_argument('--json', action='store_true', help='print one JSON object')
    args = parser.parse_args(argv)
    if not os.path.isfile(args.clip):
        raise SystemExit(f'desks_benchmark: no clip {args.clip}')
    duration = clip_seconds(args.clip)
    runs = [run_desks(args.clip, int(n), duration, args.settled) for n in args.desks.split(',')]
    if args.json:
        print(json.dumps({'clip': args.clip, 'duration_s': duration, 'settled_s': args.settled,
                          'cores': os.cpu_count(), 'runs': runs}))
    else:
        print_table(args.clip, duration, args.settled, runs)


if __name__ == '__main__':
    main(sys.argv[1:])
