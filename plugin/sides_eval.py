#!/usr/bin/python3
"""docscan on clips of both sides of an ID card (Tests/SecondLook/generate.py
sides): the front held still, slid out, the card turned over off camera, the
back slid in (or the back first). Each clip runs through the built element in
the default mode (`combined`, analysis=sync) in a process of its own, played
to its end. Per clip it counts:

  exact       a docscan-result whose mrz is the truth's
  wrong       a docscan-result with any other mrz (must stay 0)
  no result   no docscan-result
  sides       the docscan-side messages in order (front, back), each side
              once, in the order shown
  asked       the side asked for (request-side-back in the feedback) before
              the back was read, when the front came first
  wrong-side  feedback frames carrying `wrong-side` (must stay 0: every
              clip shows each side once)

Usage: plugin/sides-eval.sh (--clips DIR | --generate [--seed N] [--count K]
         [--cache DIR]) [--timeout S] [--json FILE] [--verbose] [NAME=VALUE ...]
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_common import (add_generator_arguments, clip_pairs, counted,  # noqa: E402
                         generate_clips, parse_props, play, plugin_snapshot,
                         print_provenance, print_rebuilt_note, run_as_worker, run_worker,
                         structure_fields, utc_now)

PIPELINE = ('filesrc name=src ! decodebin ! videoconvert ! '
            'docscan name=scan analysis=sync ! fakesink')


def worker(spec):
    """Plays one clip (in a child process); returns its sides, results and
    the feedback's side requests and wrong-side frames."""
    seen = {'sides': [], 'results': [], 'asked_back': None, 'wrong_side': 0}

    def on_element(structure):
        name = structure.get_name()
        fields = structure_fields(structure)
        seconds = fields.get('stream-time', 0) / 1e9
        if name == 'docscan-side':
            seen['sides'].append({'side': fields.get('side'), 't': seconds,
                                  'mrz': fields.get('mrz')})
        elif name == 'docscan-result':
            seen['results'].append({'mrz': fields.get('mrz'), 't': seconds,
                                    'document-class': fields.get('document-class')})
        elif name == 'docscan-feedback':
            events = fields.get('events') or []
            if 'request-side-back' in events and seen['asked_back'] is None:
                seen['asked_back'] = seconds
            if 'wrong-side' in events:
                seen['wrong_side'] += 1
        return False
    out = play(PIPELINE, spec, on_element)
    return {**seen, **out}


def classify(truth, report):
    """The clip's row: outcome and what the session did."""
    results = report.get('results') or []
    mrz = '\n'.join(truth['mrz'])
    if report.get('error') and not results:
        outcome = 'error'
    elif not results:
        outcome = 'no result'
    elif all(r['mrz'] == mrz for r in results):
        outcome = 'exact'
    else:
        outcome = 'wrong'
    order = truth['order'].split('-')
    sides = [s['side'] for s in report.get('sides') or []]
    back_read = next((s['t'] for s in report.get('sides') or [] if s['side'] == 'back'), None)
    asked = report.get('asked_back')
    return {
        'outcome': outcome,
        'sides_in_order': sides == order,
        'sides': sides,
        'asked_back_before_back': (order[0] != 'front' or
                                   (asked is not None and back_read is not None
                                    and asked <= back_read)),
        'wrong_side_frames': report.get('wrong_side', 0),
        'result_t': results[0]['t'] if results else None,
        'error': report.get('error'),
    }


def run_clip(meta_path, clip, props, options):
    truth = json.loads(meta_path.read_text())
    spec = {'path': str(clip), 'props': props, 'timeout': options.timeout}
    report = run_worker(__file__, spec, options.timeout)
    row = classify(truth, report)
    row.update({'clip': clip.name, 'order': truth['order'], 'desk': truth['desk'],
                'rotation': truth['rotation'], 'size': truth['size'],
                'char_height_px': truth['char_height_px'], 'wall_s': report['wall_s']})
    return row


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument('--clips', metavar='DIR', help='clips with their truth (NAME.json)')
    source.add_argument('--generate', action='store_true', help='render clips first')
    add_generator_arguments(parser)
    parser.add_argument('--cache', metavar='DIR',
                        help='with --generate: keep the clips in DIR/seedN-countK and reuse them')
    parser.add_argument('--timeout', type=float, default=120, help='seconds per clip (120)')
    parser.add_argument('--json', metavar='FILE', help='write every clip\'s row as JSON')
    parser.add_argument('--verbose', action='store_true', help='one line per clip')
    parser.add_argument('props', nargs='*', metavar='NAME=VALUE', help='docscan properties')
    return parser.parse_args(argv)


def clip_folder(options, work):
    if options.clips:
        return Path(options.clips)
    if options.cache:
        folder = Path(options.cache) / f'sides-seed{options.seed}-count{options.count}'
        if not any(folder.glob('*.json')):
            folder.mkdir(parents=True, exist_ok=True)
            generate_clips(folder, options.seed, options.count, kind='sides')
        return folder
    folder = Path(work) / 'clips'
    folder.mkdir()
    generate_clips(folder, options.seed, options.count, kind='sides')
    return folder


def print_table(report, verbose):
    rows = report['clips']
    print_provenance('both-sides', report)
    if verbose:
        for r in rows:
            print(f"{r['clip']:<22} {r['order']:<11} {r['desk']:<10} rot {r['rotation']:>3} "
                  f"caps {r['char_height_px']:5.1f} px  {r['outcome']:<9} sides {r['sides']} "
                  f"asked-back {'yes' if r['asked_back_before_back'] else 'NO'} "
                  f"wrong-side {r['wrong_side_frames']}"
                  + (f"  result at {r['result_t']:.2f} s" if r['result_t'] is not None else '')
                  + (f"  error {r['error']}" if r['error'] else ''))
    count = len(rows)

    def n(key, value=True):
        return sum(1 for r in rows if r[key] == value)
    print(f"clips {count}: exact {n('outcome', 'exact')}, WRONG {n('outcome', 'wrong')}, "
          f"no result {n('outcome', 'no result')}, errors {n('outcome', 'error')}")
    print(f"sides in the order shown {n('sides_in_order')}/{count}; back asked for before "
          f"it was read (front first) {n('asked_back_before_back')}/{count}; clips with a "
          f"false wrong-side {sum(1 for r in rows if r['wrong_side_frames'])}/{count}")
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
        rows = [run_clip(meta, clip, props, options)
                for meta, clip in counted(pairs, 'clips', options.verbose)]
    report = {'date': date, 'commit': commit, 'plugin': plugin, 'clips': rows,
              'wall_s': time.monotonic() - started}
    if options.json:
        Path(options.json).write_text(json.dumps(report, indent=1) + '\n')
    print_table(report, options.verbose)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
