#!/usr/bin/python3
"""docscan on clips of both sides of a card (Tests/SecondLook/generate.py
sides): one side held still, slid out, the card turned over off camera, the
other side slid in. Two kinds of card: a TD1 ID card (MRZ on the back) and
a US driver licence (`--kinds licence`: a PDF417 with an AAMVA file on the
back). Each clip runs through the built element in the default mode
(`combined`, analysis=sync) in a process of its own, played to its end. Per
clip it counts:

  exact       a docscan-result whose mrz is the truth's (TD1), or whose
              AAMVA fields (document-number, surname, given-names,
              date-of-birth, date-of-expiry, sex, nationality, issuer) all
              equal the truth's (licence)
  wrong       a docscan-result with any other mrz, or any of those fields
              different or missing (must stay 0)
  no result   no docscan-result
  sides       the docscan-side messages in order (TD1: front, back;
              licence: front, barcode), each side once, in the order shown
  asked       TD1, front first: request-side-back before the back was read.
              Licence, front first: request-side-back or request-side-barcode
              before the barcode was read (the front cannot tell a licence
              from a TD1, so SPEC's "front, then barcode" starts as a request
              for the back); back first: the feedback asks for the front
              (side=front, scanning-status=side-scanned) once the barcode
              is read
  in view     every docscan-side posted while that side was in view (the
              truth's per-frame side; a licence's `barcode` is its back): a
              side taken from the other side's frames is counted here
  wrong-side  feedback frames carrying `wrong-side` (must stay 0: every
              clip shows each side once)

Each total is followed by the same count over the clips whose truth
labels an interval `success` on every side (the others show a side only
near the frame's edge, cut or too far, where the element rightly waits).

TD1 and licence clips are counted apart, then together.

Usage: plugin/sides-eval.sh (--clips DIR | --generate [--seed N] [--count K]
         [--kinds td1 licence] [--cache DIR]) [--timeout S] [--json FILE]
         [--verbose] [--timeline] [NAME=VALUE ...]
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_common import (add_generator_arguments, add_jobs_argument, clip_pairs,  # noqa: E402
                         generate_clips, parse_props, play, plugin_snapshot,
                         print_provenance, print_rebuilt_note, run_as_worker, run_each,
                         run_worker, structure_fields, utc_now)

PIPELINE = ('filesrc name=src ! decodebin ! videoconvert ! '
            'docscan name=scan analysis=sync ! fakesink')


# the docscan-result fields an AAMVA barcode gives (README, Barcodes)
AAMVA_FIELDS = ('document-number', 'surname', 'given-names', 'date-of-birth',
                'date-of-expiry', 'sex', 'nationality', 'issuer')
# the feedback fields whose changes make a clip's timeline
TIMELINE_FIELDS = ('side', 'scanning-status', 'detection-status', 'instruction', 'events')
TIMELINE_LIMIT = 400


def worker(spec):
    """Plays one clip (in a child process); returns its sides, results, the
    feedback's side requests, wrong-side frames and the feedback's changes."""
    seen = {'sides': [], 'results': [], 'asked_back': None, 'asked_barcode': None,
            'asked_front': None, 'wrong_side': 0, 'timeline': []}
    last = {'step': None}

    def on_element(structure):
        name = structure.get_name()
        fields = structure_fields(structure)
        seconds = fields.get('stream-time', 0) / 1e9
        if name == 'docscan-side':
            seen['sides'].append({'side': fields.get('side'), 't': seconds,
                                  'mrz': fields.get('mrz'),
                                  'document-class': fields.get('document-class'),
                                  'barcode-data': fields.get('barcode-data')})
        elif name == 'docscan-result':
            result = {key: fields.get(key) for key in ('mrz', 'document-class', 'barcode-data',
                                                       *AAMVA_FIELDS)}
            seen['results'].append({**result, 't': seconds})
        elif name == 'docscan-feedback':
            events = fields.get('events') or []
            if 'request-side-back' in events and seen['asked_back'] is None:
                seen['asked_back'] = seconds
            if 'request-side-barcode' in events and seen['asked_barcode'] is None:
                seen['asked_barcode'] = seconds
            if 'wrong-side' in events:
                seen['wrong_side'] += 1
            if (fields.get('side') == 'front' and fields.get('scanning-status') == 'side-scanned'
                    and seen['asked_front'] is None):
                seen['asked_front'] = seconds
            step = [fields.get(key) for key in TIMELINE_FIELDS]
            if step != last['step'] and len(seen['timeline']) < TIMELINE_LIMIT:
                last['step'] = step
                seen['timeline'].append([round(seconds, 2), *step])
        return False
    out = play(PIPELINE, spec, on_element)
    return {**seen, **out}


def is_licence(truth):
    return truth.get('document') == 'licence'


def judged(truth, result):
    """'exact' or 'wrong' for one result, and the fields that differ."""
    if not is_licence(truth):
        return ('exact' if result.get('mrz') == '\n'.join(truth['mrz']) else 'wrong'), []
    differ = [key for key, value in truth['expected'].items() if result.get(key) != value]
    return ('wrong' if differ else 'exact'), differ


def asked_in_time(truth, report, order):
    """Whether the session asked for the second side (see the header)."""
    sides = report.get('sides') or []
    second = 'barcode' if is_licence(truth) else 'back'
    read = next((s['t'] for s in sides if s['side'] == second), None)
    if order[0] == 'front':
        times = [report.get('asked_back')]
        if is_licence(truth):
            times.append(report.get('asked_barcode'))
        asked = min((t for t in times if t is not None), default=None)
        return asked is not None and read is not None and asked <= read
    if not is_licence(truth):
        return True
    # back first: the front asked for once the barcode is kept
    asked = report.get('asked_front')
    return read is not None and asked is not None and asked >= read


def sides_in_view(truth, report):
    """Whether every docscan-side came while that side was in view."""
    frames = truth['frames']
    for posted in report.get('sides') or []:
        frame = frames[min(int(round(posted['t'] * truth['fps'])), len(frames) - 1)]
        shown = 'barcode' if is_licence(truth) and frame['side'] == 'back' else frame['side']
        if shown != posted['side'] or frame['visible'] <= 0:
            return False
    return True


def each_side_shown_clean(truth):
    """Whether every side lies, for a while, in an interval the truth labels
    `success` (whole, near enough, facing the camera, away from the edge):
    a side never shown so gives the quality gate no frame to keep, which the
    element is right to wait for."""
    frames = truth['frames']
    shown = set()
    for interval in truth.get('intervals', []):
        if interval['expect'] != 'success':
            continue
        middle = (interval['start'] + interval['end']) / 2
        shown.add(frames[min(int(round(middle * truth['fps'])), len(frames) - 1)]['side'])
    return all(side in shown for side in truth['order'].split('-'))


def classify(truth, report):
    """The clip's row: outcome and what the session did."""
    results = report.get('results') or []
    verdicts = [judged(truth, r) for r in results]
    if report.get('error') and not results:
        outcome = 'error'
    elif not results:
        outcome = 'no result'
    elif all(v == 'exact' for v, _ in verdicts):
        outcome = 'exact'
    else:
        outcome = 'wrong'
    # a licence's back is the `barcode` side in docscan's messages
    names = {'back': 'barcode'} if is_licence(truth) else {}
    order = [names.get(side, side) for side in truth['order'].split('-')]
    sides = [s['side'] for s in report.get('sides') or []]
    return {
        'document': 'licence' if is_licence(truth) else 'td1',
        'outcome': outcome,
        'differing_fields': sorted({f for _, differ in verdicts for f in differ}),
        'sides_in_order': sides == order,
        'sides_in_view': sides_in_view(truth, report),
        'each_side_shown_clean': each_side_shown_clean(truth),
        'sides': sides,
        'side_times': [round(s['t'], 2) for s in report.get('sides') or []],
        'asked_back_before_back': asked_in_time(truth, report, order),
        'asked_back_t': report.get('asked_back'),
        'asked_barcode_t': report.get('asked_barcode'),
        'wrong_side_frames': report.get('wrong_side', 0),
        'result_t': results[0]['t'] if results else None,
        'error': report.get('error'),
        'timeline': report.get('timeline') or [],
    }


def run_clip(meta_path, clip, props, options):
    truth = json.loads(meta_path.read_text())
    spec = {'path': str(clip), 'props': props, 'timeout': options.timeout}
    report = run_worker(__file__, spec, options.timeout)
    row = classify(truth, report)
    row.update({'clip': clip.name, 'order': truth['order'], 'desk': truth['desk'],
                'rotation': truth['rotation'], 'size': truth['size'],
                'char_height_px': truth.get('char_height_px'),
                'module_px': truth.get('module_px'), 'wall_s': report['wall_s']})
    return row


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument('--clips', metavar='DIR', help='clips with their truth (NAME.json)')
    source.add_argument('--generate', action='store_true', help='render clips first')
    add_generator_arguments(parser)
    parser.add_argument('--kinds', nargs='+', choices=['td1', 'licence'], default=['td1'],
                        help='with --generate: the cards, cycled over the clips (td1)')
    parser.add_argument('--cache', metavar='DIR',
                        help='with --generate: keep the clips in DIR/seedN-countK and reuse them')
    add_jobs_argument(parser)
    parser.add_argument('--first', type=int, default=0, metavar='I',
                        help='with --generate: clips I to I+COUNT-1 of the seed (default 0)')
    parser.add_argument('--timeout', type=float, default=120, help='seconds per clip (120)')
    parser.add_argument('--json', metavar='FILE', help='write every clip\'s row as JSON')
    parser.add_argument('--verbose', action='store_true', help='one line per clip')
    parser.add_argument('--timeline', action='store_true',
                        help='with --verbose: the feedback\'s changes under each clip')
    parser.add_argument('props', nargs='*', metavar='NAME=VALUE', help='docscan properties')
    return parser.parse_args(argv)


def clip_folder(options, work):
    if options.clips:
        return Path(options.clips)
    kinds = [] if options.kinds == ['td1'] else ['--kinds', *options.kinds]
    if options.first:
        kinds += ['--first', str(options.first)]
    if options.cache:
        tag = '' if not kinds else '-' + '-'.join(options.kinds)
        tag += f'-first{options.first}' if options.first else ''
        folder = Path(options.cache) / f'sides-seed{options.seed}-count{options.count}{tag}'
        if not any(folder.glob('*.json')):
            folder.mkdir(parents=True, exist_ok=True)
            generate_clips(folder, options.seed, options.count, kinds, kind='sides')
        return folder
    folder = Path(work) / 'clips'
    folder.mkdir()
    generate_clips(folder, options.seed, options.count, kinds, kind='sides')
    return folder


def print_row(r, timeline):
    size = (f"caps {r['char_height_px']:5.1f} px" if r['document'] == 'td1'
            else f"module {r['module_px'] or 0:4.2f} px")
    asked = ('asked-back' if r['document'] == 'td1' or r['order'] == 'front-back'
             else 'asked-front')
    print(f"{r['clip']:<24} {r['order']:<11} {r['desk']:<10} rot {r['rotation']:>3} "
          f"{size}  {r['outcome']:<9} sides {r['sides']} at {r['side_times']} "
          f"{asked} {'yes' if r['asked_back_before_back'] else 'NO'} "
          f"wrong-side {r['wrong_side_frames']}"
          + ('' if r['sides_in_view'] else '  A SIDE READ FROM THE OTHER SIDE')
          + (f"  differs {r['differing_fields']}" if r['differing_fields'] else '')
          + (f"  result at {r['result_t']:.2f} s" if r['result_t'] is not None else '')
          + (f"  error {r['error']}" if r['error'] else ''))
    if timeline:
        for step in r['timeline']:
            print('    %6.2f s  %s' % (step[0], '  '.join(str(v) for v in step[1:])))


def print_totals(rows, label):
    count = len(rows)

    def n(key, value=True):
        return sum(1 for r in rows if r[key] == value)
    print(f"{label} {count}: exact {n('outcome', 'exact')}, WRONG {n('outcome', 'wrong')}, "
          f"no result {n('outcome', 'no result')}, errors {n('outcome', 'error')}; "
          f"sides in the order shown {n('sides_in_order')}/{count}, each while in view "
          f"{n('sides_in_view')}/{count}; second side asked for "
          f"{n('asked_back_before_back')}/{count}; false wrong-side "
          f"{sum(1 for r in rows if r['wrong_side_frames'])}/{count}")
    clean = [r for r in rows if r['each_side_shown_clean']]
    print(f"  of which each side shown clean (in an interval labelled success): "
          f"{len(clean)}, exact {sum(1 for r in clean if r['outcome'] == 'exact')}, "
          f"WRONG {sum(1 for r in clean if r['outcome'] == 'wrong')}")


def print_table(report, verbose, timeline=False):
    rows = report['clips']
    print_provenance('both-sides', report)
    groups = [(kind, [r for r in rows if r['document'] == kind]) for kind in ('td1', 'licence')]
    for kind, group in groups:
        if verbose:
            for r in group:
                print_row(r, timeline)
    for kind, group in groups:
        if group:
            print_totals(group, 'TD1 clips' if kind == 'td1' else 'licence clips')
    if all(group for _, group in groups):
        print_totals(rows, 'all clips')
    print(f"wall time {report['wall_s']:.1f} s")
    print_rebuilt_note(report['plugin'])


def main(argv):
    if run_as_worker(argv, worker):
        return 0
    options = parse_args(argv)
    props = parse_props(options.props)
    started = time.monotonic()
    date = utc_now()
    with plugin_snapshot('plugin/sides-eval.sh', 'sides-eval-') as (work, plugin, commit):
        folder = clip_folder(options, work)
        pairs = clip_pairs(folder)
        rows = run_each(pairs, lambda pair: run_clip(*pair, props, options), options.jobs,
                        'clips', options.verbose)
    report = {'date': date, 'commit': commit, 'plugin': plugin, 'clips': rows,
              'wall_s': time.monotonic() - started}
    if options.json:
        Path(options.json).write_text(json.dumps(report, indent=1) + '\n')
    print_table(report, options.verbose, options.timeline)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
