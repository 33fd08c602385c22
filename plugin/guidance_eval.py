#!/usr/bin/python3
"""How well docscan guides: its `docscan-feedback` against rendered truth.

Run through plugin/guidance-eval.sh, which points GST_PLUGIN_PATH at the
built plugin:

    plugin/guidance-eval.sh --clips DIR [OPTIONS] [NAME=VALUE ...]
    plugin/guidance-eval.sh --generate [--seed N] [--count K] [--desks D ...]
        [--stories S ...] [--sizes WxH ...] [--cache DIR] [OPTIONS] [NAME=VALUE ...]
    OPTIONS: [--limit N] [--timeout S] [--json FILE] [--verbose]

Clips are NAME.mp4 + NAME.json (Tests/SecondLook/README.md, "Truth JSON"),
from --clips DIR or made by Tests/SecondLook/generate.py (--generate; with
--cache DIR they are made once per set of generator arguments and generator
source, and reused). Each goes through the real element in its own process,
analysing every frame so the run is deterministic:

    filesrc ! decodebin ! videoconvert ! docscan analysis=sync ! fakesink

and every `docscan-feedback` message is kept. The element's state at time t
is the last feedback posted at or before t (it posts on every change of
guidance and every 500 ms, so while the guidance holds the quad compared is
up to 500 ms old: a moving document's IoU includes that lag). The truth is
sampled at every truth frame inside a labelled interval, and counted per desk
and overall (with --verbose also per story, rotation and frame size; the JSON
always holds every grouping):

    IoU          mean quad IoU (order-independent) over the frames where the
                 document is fully in view (visible >= 0.995) and the element
                 reports a quad; "no quad" is the share of those frames
                 without one, "IoU+miss" the mean counting them as 0
    status recall  per expected detection-status: share of the frames in
                 intervals expecting it where the element reports it
    event recall per event (blur, glare, tilt, occlusion, not-fully-visible,
                 too-far, too-close, too-close-to-edge): share of the
                 frames in intervals listing it where the element's events
                 hold it
    false alarms share of the frames in clean intervals (expect success, no
                 events) where the element's events hold blur or glare
    flicker      detection-status changes inside labelled intervals, summed
                 over clips; when an interval opens on another status, the
                 first arrival at the expected one is its reaction, not flicker
    reaction     per boundary between consecutive intervals expecting
                 different statuses: from the later interval's start until the
                 element first reports its status (median, max, and how many
                 took over 0.5 s or never came within that interval); the
                 truth starts an interval 0.2 s or more after the change, so
                 0 means the element had followed by then

Trailing NAME=VALUE arguments are docscan properties (e.g. mode=front
blur-threshold=0.5). The run loads a copy of the plugin taken at its start.
"""

import argparse
import bisect
import hashlib
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from eval_common import (GENERATOR, add_generator_arguments, add_jobs_argument, clip_pairs,
                         fmt_wall, generate_clips, parse_props, play, plugin_snapshot,
                         print_provenance, print_rebuilt_note, run_as_worker, run_each,
                         run_worker, spread, structure_fields, utc_now)

PIPELINE = ('filesrc name=src ! decodebin ! videoconvert ! '
            'docscan name=scan analysis=sync ! fakesink')
# detection-status values (SPEC), with the table's column headers
STATUSES = {'success': 'success', 'failed': 'failed', 'camera-too-far': 'too-far',
            'camera-too-close': 'too-close', 'camera-angle-too-steep': 'steep',
            'document-too-close-to-edge': 'edge', 'document-partially-visible': 'partial'}
EVENTS = {'blur': 'blur', 'glare': 'glare', 'tilt': 'tilt', 'occlusion': 'occlusion',
          'not-fully-visible': 'not-visible', 'too-far': 'too-far', 'too-close': 'too-close',
          'too-close-to-edge': 'edge'}
QUALITY_EVENTS = ('blur', 'glare')
FULLY_VISIBLE = 0.995
SLOW_REACTION_S = 0.5
GROUPINGS = ['desk', 'story', 'rotation', 'size']  # desk in the table; all with --verbose
NO_STATE = {'status': None, 'events': [], 'quad': None}  # before the first feedback


# ---------------------------------------------------------------- clips

@dataclass
class Clip:
    """One rendered clip and its truth."""
    name: str
    path: Path
    truth: dict

    def group(self, key):
        """The clip's value under a grouping (GROUPINGS), as the table shows
        it; 'unknown' when the truth does not say."""
        value = self.truth.get(key)
        if value is None:
            return 'unknown'
        if key == 'size':
            return '%dx%d' % tuple(value)
        if key == 'rotation' and self.truth.get('portrait'):
            return f'{value} portrait'
        return str(value)


def load_clips(folder):
    """The clips of `folder` whose truth has intervals and frames."""
    clips = []
    for meta_path, path in clip_pairs(folder):
        truth = json.loads(meta_path.read_text())
        if 'intervals' in truth and 'frames' in truth:
            clips.append(Clip(meta_path.stem, path, truth))
    if not clips:
        raise SystemExit(f'{folder}: no clips (NAME.mp4 beside NAME.json with '
                         '"intervals" and "frames")')
    return clips


def generator_choices(options):
    """--desks/--stories/--sizes as generator arguments."""
    choices = []
    for name in ('desks', 'stories', 'sizes'):
        values = getattr(options, name)
        if values:
            choices += [f'--{name}', *values]
    if options.first:
        choices += ['--first', str(options.first)]
    return choices


def generator_digest():
    """Hash of the generator's sources: clips made by other code are not reused."""
    digest = hashlib.sha256()
    for path in sorted(GENERATOR.parent.rglob('*.py')):
        digest.update(path.relative_to(GENERATOR.parent).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def cached_clips(cache, seed, count, choices):
    """Clips for these generator arguments under `cache`, made once: one
    folder per arguments and generator source, marked done by generated.json."""
    key = json.dumps({'seed': seed, 'count': count, 'choices': choices,
                      'generator': generator_digest()})
    digest = hashlib.sha256(key.encode()).hexdigest()[:10]
    folder = Path(cache) / f'seed{seed}-count{count}-{digest}'
    marker = folder / 'generated.json'
    if marker.exists():
        print(f'reusing clips in {folder}', file=sys.stderr)
        return folder
    generate_clips(folder, seed, count, choices)
    marker.write_text(key + '\n')
    return folder


def clip_folder(options, work):
    """Where the clips are: --clips, the cache, or made into `work`."""
    if options.clips:
        return Path(options.clips)
    choices = generator_choices(options)
    if options.cache:
        return cached_clips(options.cache, options.seed, options.count, choices)
    folder = work / 'clips'
    generate_clips(folder, options.seed, options.count, choices)
    return folder


def clip_source(options, folder):
    """Where the clips came from, for the report."""
    if options.generate and not options.cache:
        return ' '.join(['generate.py', '--seed', str(options.seed), '--count',
                         str(options.count), *generator_choices(options)])
    return str(folder)


# ---------------------------------------------------------------- one run

def worker(spec):
    """Plays one clip (in a child process) and returns every feedback message,
    the first error and the wall time."""
    feedback = []

    def on_element(structure):
        if structure.get_name() == 'docscan-feedback':
            feedback.append(feedback_state(structure_fields(structure)))
        return False  # play to the end
    return {'feedback': feedback, **play(PIPELINE, spec, on_element)}


def feedback_state(fields):
    """What one feedback message says, its stream time in seconds."""
    return {'t': fields['stream-time'] / 1e9, 'status': fields.get('detection-status'),
            'events': fields.get('events', []), 'instruction': fields.get('instruction'),
            'blur': fields.get('blur'), 'glare': fields.get('glare'),
            'quad': fields.get('quad')}


class Timeline:
    """The element's feedback over one clip. `slack` (half a frame) absorbs
    the rounding of the truth's times against the buffers' stream times."""

    def __init__(self, feedback, slack):
        self.feedback = feedback
        self.times = [f['t'] for f in feedback]
        self.slack = slack

    def at(self, t):
        """The state at `t`: the last feedback posted at or before it."""
        i = bisect.bisect_right(self.times, t + self.slack)
        return self.feedback[i - 1] if i else NO_STATE

    def statuses(self, start, end):
        """(t, detection-status): the state at `start`, then every message up
        to `end`."""
        first = self.at(start)['status']
        low = bisect.bisect_right(self.times, start + self.slack)
        high = bisect.bisect_right(self.times, end + self.slack)
        return ([(start, first)] if first else []) + [
            (f['t'], f['status']) for f in self.feedback[low:high]]


def quad_iou(a, b):
    """IoU of two quads given as 8 numbers, whatever their corner order."""
    hulls = [cv2.convexHull(np.array(q, np.float32).reshape(4, 1, 2)) for q in (a, b)]
    inter, _ = cv2.intersectConvexConvex(*hulls)
    union = sum(cv2.contourArea(h) for h in hulls) - inter
    return inter / union if union > 0 else 0.0


def sample(frame, interval, state):
    """One truth frame inside `interval` against the element's state then."""
    full_view = frame['visible'] >= FULLY_VISIBLE
    quad = state['quad']
    return {'t': frame['t'], 'expect': interval['expect'], 'truth_events': interval['events'],
            'status': state['status'], 'events': state['events'], 'full_view': full_view,
            'iou': quad_iou(frame['quad'], quad) if full_view and quad else None}


def flicker(interval, statuses):
    """Status changes inside one interval, less the first arrival at the
    expected status when the interval opened on another (its reaction)."""
    values = [status for _, status in statuses]
    changes = sum(a != b for a, b in zip(values, values[1:]))
    late = values and values[0] != interval['expect'] and interval['expect'] in values
    return changes - 1 if late else changes


def reaction_delay(interval, statuses):
    """Seconds from the interval's start until the element first reports its
    expected status; None when that never happens inside it."""
    hit = next((t for t, status in statuses if status == interval['expect']), None)
    return None if hit is None else max(0.0, hit - interval['start'])


def evaluate_clip(truth, feedback):
    """Samples, per-interval flicker and reactions of one clip's feedback."""
    timeline = Timeline(feedback, 0.5 / truth.get('fps', 30))
    intervals = sorted(truth['intervals'], key=lambda i: i['start'])
    samples = []
    for frame in truth['frames']:
        interval = next((i for i in intervals if i['start'] <= frame['t'] <= i['end']), None)
        if interval is not None:
            samples.append(sample(frame, interval, timeline.at(frame['t'])))
    statuses = [timeline.statuses(i['start'], i['end']) for i in intervals]
    reactions = [{'at': after['start'], 'from': before['expect'], 'to': after['expect'],
                  'delay_s': reaction_delay(after, during)}
                 for before, after, during in zip(intervals, intervals[1:], statuses[1:])
                 if before['expect'] != after['expect']]
    return {'samples': samples, 'reactions': reactions,
            'intervals': [{**i, 'flicker': flicker(i, during)}
                          for i, during in zip(intervals, statuses)]}


def run_clip(clip, props, options):
    """One clip through the element: the per-clip row of the report (shown
    at once with --verbose)."""
    report = run_worker(__file__, {'path': str(clip.path), 'props': props,
                                   'timeout': options.timeout}, options.timeout)
    row = {'name': clip.name, 'path': str(clip.path),
           **{key: clip.group(key) for key in GROUPINGS},
           'format': clip.truth.get('format'), 'duration_s': clip.truth.get('duration'),
           'wall_s': report['wall_s'], 'error': report.get('error'),
           'feedback': report.get('feedback', []),
           'samples': [], 'reactions': [], 'intervals': []}
    if row['error'] is None:
        row.update(evaluate_clip(clip.truth, row['feedback']))
    if options.verbose:
        print_clip(row)
    return row


# ---------------------------------------------------------------- summaries

def rate(samples, where, hit):
    """hits / frames over the samples `where` selects."""
    chosen = [s for s in samples if where(s)]
    hits = sum(1 for s in chosen if hit(s))
    return {'hits': hits, 'frames': len(chosen), 'rate': hits / len(chosen) if chosen else None}


def quad_figures(samples):
    """IoU over fully visible frames with a quad; the share without one."""
    full = [s for s in samples if s['full_view']]
    ious = [s['iou'] for s in full if s['iou'] is not None]
    return {'full_view_frames': len(full),
            'iou': statistics.mean(ious) if ious else None,
            'no_quad': (len(full) - len(ious)) / len(full) if full else None,
            'iou_incl_missing': sum(ious) / len(full) if full else None}


def reaction_figures(rows):
    """Median / max delay over the boundaries, and the slow or missed ones."""
    delays = [r['delay_s'] for row in rows for r in row['reactions']]
    reached = [d for d in delays if d is not None]
    return {'boundaries': len(delays),
            'median_s': statistics.median(reached) if reached else None,
            'max_s': max(reached) if reached else None,
            'slow': sum(1 for d in delays if d is None or d > SLOW_REACTION_S),
            'never': delays.count(None)}


def summarise(rows):
    """Every figure over a group of clips (errored clips count as errors only)."""
    samples = [s for row in rows for s in row['samples']]
    clean = rate(samples, lambda s: s['expect'] == 'success' and not s['truth_events'],
                 lambda s: any(e in s['events'] for e in QUALITY_EVENTS))
    return {
        'clips': len(rows), 'errors': sum(1 for row in rows if row['error']),
        'frames': len(samples), **quad_figures(samples),
        'status_recall': {x: rate(samples, lambda s, x=x: s['expect'] == x,
                                  lambda s, x=x: s['status'] == x) for x in STATUSES},
        'event_recall': {e: rate(samples, lambda s, e=e: e in s['truth_events'],
                                 lambda s, e=e: e in s['events']) for e in EVENTS},
        'false_alarms': clean,
        'flicker': sum(i['flicker'] for row in rows for i in row['intervals']),
        'reaction': reaction_figures(rows),
        'reported': {x: dict(Counter(s['status'] or 'none' for s in samples
                                     if s['expect'] == x).most_common())
                     for x in STATUSES if any(s['expect'] == x for s in samples)},
        'events_reported': dict(Counter(e for s in samples for e in s['events'])),
        # An event said on a labelled frame whose truth does not hold it.
        'false_events': {e: rate(samples, lambda s, e=e: s['expect'] is not None
                                 and e not in s['truth_events'],
                                 lambda s, e=e: e in s['events']) for e in EVENTS},
        'wall_s': sum(row['wall_s'] for row in rows),
    }


def group_summaries(rows):
    """{grouping: {value: summary}} for every grouping."""
    return {key: {value: summarise([r for r in rows if r[key] == value])
                  for value in sorted({r[key] for r in rows}, key=sort_key)}
            for key in GROUPINGS}


def sort_key(value):
    """Numbers by value ('90 portrait' after '90'), words by name."""
    head, _, tail = value.partition(' ')
    return (0, int(head), tail) if head.isdigit() else (1, value, '')


# ---------------------------------------------------------------- the table

def pct(value):
    return '-' if value is None else f'{100 * value:.1f}'


def num(value, digits=3):
    return '-' if value is None else f'{value:.{digits}f}'


def print_figures(title, summaries):
    """The IoU / stability table and the recall tables of one grouping."""
    header = (f"{title:<20}{'clips':>6}{'err':>4}{'frames':>7}{'IoU':>7}{'IoU+miss':>9}"
              f"{'no quad %':>10}{'false al. %':>12}{'flicker':>8}"
              f"{'react med/max s':>17}{'>0.5 s':>9}")
    print(header)
    print('-' * len(header))
    for name, s in summaries:
        r = s['reaction']
        print(f"{name:<20}{s['clips']:>6}{s['errors']:>4}{s['frames']:>7}{num(s['iou']):>7}"
              f"{num(s['iou_incl_missing']):>9}{pct(s['no_quad']):>10}"
              f"{pct(s['false_alarms']['rate']):>12}{s['flicker']:>8}"
              f"{num(r['median_s'], 2) + ' / ' + num(r['max_s'], 2):>17}"
              f"{str(r['slow']) + '/' + str(r['boundaries']):>9}")
    print()
    print_recall(f'{title} recall %', summaries, 'status_recall', STATUSES)
    print_recall(f'{title} event recall %', summaries, 'event_recall', EVENTS)


def print_recall(title, summaries, key, columns):
    """One recall table, in %: a column per status (or event) the clips
    label. Statuses and events are two tables, so each fits a terminal."""
    shown = [x for x in columns if summaries[0][1][key][x]['frames']]
    if not shown:
        return
    header = f'{title:<27}' + ''.join(f'{columns[x]:>12}' for x in shown)
    print(header)
    print('-' * len(header))
    for name, s in summaries:
        print(f'{name:<27}' + ''.join(f"{pct(s[key][x]['rate']):>12}" for x in shown))
    print()


def print_reported(overall):
    """What the element said where each status was expected, and what it never said."""
    print('reported detection-status per expected status (share of sampled frames):')
    for expect, counts in overall['reported'].items():
        total = sum(counts.values())
        said = ', '.join(f'{status} {100 * n / total:.1f}' for status, n in counts.items())
        print(f'  {expect} ({total} frames): {said}')
    said = {status for counts in overall['reported'].values() for status in counts}
    print('statuses never reported on sampled frames: '
          + (', '.join(x for x in STATUSES if x not in said) or 'none'))
    print('events never reported on sampled frames: '
          + (', '.join(e for e in EVENTS if e not in overall['events_reported']) or 'none'))
    false = overall['false_events']
    print('events said where the truth has none (share of those labelled frames): '
          + ', '.join(f"{e} {pct(false[e]['rate'])}" for e in EVENTS if false[e]['frames']))
    labelled = [x for x in STATUSES if overall['status_recall'][x]['frames']]
    labelled += [e for e in EVENTS if overall['event_recall'][e]['frames']]
    print('not labelled in these clips (no recall): '
          + (', '.join(x for x in [*STATUSES, *EVENTS] if x not in labelled) or 'none'))


def print_table(report, verbose):
    print_provenance('guidance', report)
    opts = report['options']
    print(f"{len(report['clips'])} clips from {opts['clips']}; docscan analysis=sync"
          f"{' ' + ' '.join(opts['props']) if opts['props'] else ''}; "
          f"timeout {opts['timeout']} s per clip")
    print()
    overall = [('overall', report['overall'])]
    for key in GROUPINGS if verbose else GROUPINGS[:1]:
        print_figures(f'by {key}', overall + list(report['groups'][key].items()))
    print_reported(report['overall'])
    walls = [row['wall_s'] for row in report['clips']]
    print()
    print(f"wall time {fmt_wall(report['wall_s'])}; per clip median "
          f"{statistics.median(walls):.1f} s, max {max(walls):.1f} s")
    print('IoU over fully visible truth frames where the element gives a quad; IoU+miss counts '
          'frames without a quad as 0; false al. = blur/glare on clean success frames;')
    print(f'flicker = status changes inside labelled intervals; >0.5 s = reactions slower than '
          f'{SLOW_REACTION_S} s or never, of all boundaries')
    print_rebuilt_note(report['plugin'])


def print_clip(row):
    """One clip as it finishes: its figures and the statuses it went through."""
    s = summarise([row])
    print(f"{row['name']:<24}{row['desk']:<11}{row['story']:<9}{row['rotation']:<13}"
          f"{row['size']:<10}{row['wall_s']:6.1f} s  IoU {num(s['iou'])}  "
          f"no quad {pct(s['no_quad'])} %  flicker {s['flicker']}"
          f"{'  ERROR ' + row['error'] if row['error'] else ''}")
    for interval in row['intervals']:
        inside = [smp for smp in row['samples'] if smp['expect'] == interval['expect']
                  and interval['start'] <= smp['t'] <= interval['end']]
        hits = sum(smp['status'] == interval['expect'] for smp in inside)
        # each expected event: in how many of the frames the element held it
        held = ''.join(f", {e} {sum(e in smp['events'] for smp in inside)}"
                       for e in interval['events'])
        # ... and each event it said that the truth does not hold there
        extra = Counter(e for smp in inside for e in smp['events'] if e not in interval['events'])
        held += ''.join(f", not {e} {n}" for e, n in sorted(extra.items()))
        print(f"    {interval['start']:5.2f}-{interval['end']:5.2f} s expect {interval['expect']}"
              f"{' +' + '+'.join(interval['events']) if interval['events'] else ''}: "
              f"{hits}/{len(inside)} frames{held}")
    changes = [f for i, f in enumerate(row['feedback'])
               if i == 0 or f['status'] != row['feedback'][i - 1]['status']]
    print('    element: ' + ', '.join(f"{f['t']:.2f} {f['status']}" for f in changes))


# ---------------------------------------------------------------- main

def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog='plugin/guidance-eval.sh',
        description="Run rendered clips through the docscan element and measure its "
                    "guidance (docscan-feedback) against the clips' truth.",
        epilog='Trailing name=value arguments are docscan properties.')
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument('--clips', metavar='DIR', help='clips NAME.mp4 + NAME.json (truth)')
    source.add_argument('--generate', action='store_true',
                        help='make clips with Tests/SecondLook/generate.py')
    add_generator_arguments(parser)
    parser.add_argument('--desks', nargs='+', metavar='DESK',
                        help='desks cycled over the clips (generator default: random)')
    parser.add_argument('--stories', nargs='+', metavar='STORY',
                        help='stories cycled over the clips (generator default: random)')
    parser.add_argument('--sizes', nargs='+', metavar='WxH',
                        help='frame sizes cycled over the clips (generator default: both)')
    parser.add_argument('--first', type=int, default=0, metavar='I',
                        help='make the seed\'s clips I to I+K-1 only (the same clips a '
                             'larger --count gives under those numbers)')
    parser.add_argument('--cache', metavar='DIR',
                        help='keep generated clips under DIR and reuse them for the same '
                             'generator arguments and source')
    parser.add_argument('--limit', type=int, metavar='N',
                        help='at most N clips, spread over the set')
    add_jobs_argument(parser)
    parser.add_argument('--timeout', type=float, default=300, metavar='S',
                        help='seconds per clip before it counts as error (default 300: '
                             'every frame is analysed)')
    parser.add_argument('--json', metavar='FILE',
                        help='write every figure and the per-clip details to FILE')
    parser.add_argument('--verbose', action='store_true',
                        help='each clip as it finishes, and tables per story, rotation '
                             'and frame size')
    parser.add_argument('props', nargs='*', metavar='NAME=VALUE',
                        help='docscan properties for every run')
    return parser.parse_intermixed_args(argv)


def main(argv):
    if run_as_worker(argv, worker):
        return 0
    options = parse_args(argv)
    props = parse_props(options.props)
    started = time.monotonic()
    date = utc_now()
    with plugin_snapshot('plugin/guidance-eval.sh', 'guidance-eval-') as (work, plugin, commit):
        folder = clip_folder(options, work)
        clips = spread(load_clips(folder), options.limit)
        rows = run_each(clips, lambda clip: run_clip(clip, props, options), options.jobs,
                        'clips', options.verbose)
    report = {
        'date': date, 'commit': commit, 'plugin': plugin,
        'options': {'clips': clip_source(options, folder), 'timeout': options.timeout,
                    'limit': options.limit, 'props': options.props},
        'overall': summarise(rows), 'groups': group_summaries(rows),
        'wall_s': time.monotonic() - started, 'clips': rows,
    }
    if options.json:
        Path(options.json).write_text(json.dumps(report, indent=1) + '\n')
    print_table(report, options.verbose)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
