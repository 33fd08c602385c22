#!/usr/bin/python3
"""An MRZ evaluation that cannot flatter the reader.

Every document goes through the real element, in a pipeline a new user would
write, in its own process (so a crash or a hang costs that document only):

    stills: filesrc ! decodebin ! videoconvert ! imagefreeze num-buffers=K
            ! video/x-raw,framerate=10/1 ! docscan mode=mrz analysis=sync ! fakesink
    clips:  filesrc ! decodebin ! videoconvert ! docscan mode=mrz analysis=sync ! fakesink

and is counted from what reaches the bus:

    exact     a docscan-result whose `mrz` is the truth's lines joined with "\\n"
              and whose fields agree with that MRZ
    wrong     a docscan-result that differs from the truth in any way, or any
              result for a document whose printed MRZ fails its check digits
              (the worst outcome: an application would trust it)
    not read  no result
    refused   no result for a document that must never be read (check digits
              fail in the truth): the correct outcome there
    error     the pipeline failed or hung past --timeout, with no result

The MRZ stage's cost comes from the element's own DEBUG log (category
docscan, one `analysis timings: ... mrz=NN.N ms ...` line per analysed
frame); when the plugin does not write that line the cost is "n/a".

The run loads a copy of the plugin taken at its start (its sha256 is
printed), so a rebuild during a run can neither mix two builds in one table
nor pull the element from under a document.

Sets: shared-dev / shared-reported (the tony-xlh passport pages split by
country in plugin/mrz-eval-split.tsv), specimens (Arg0s1080 specimen scans)
second-look (rendered clips from Tests/SecondLook/generate.py, reported
by MRZ character height) and photos (stills NAME.jpg or .png + NAME.txt, as
Tests/SecondLook/photos.py makes them: phone photos of document images). Run through plugin/mrz-eval.sh, which points
GST_PLUGIN_PATH at the built plugin.
"""

import argparse
import json
import math
import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from eval_common import (REPO, add_generator_arguments, add_jobs_argument, clip_pairs,
                         fmt_wall, generate_clips, parse_props, percentile, play,
                         plugin_snapshot, print_provenance, print_rebuilt_note, run_as_worker,
                         run_each, run_worker, spread, structure_fields, utc_now)

SPLIT_FILE = REPO / 'plugin' / 'mrz-eval-split.tsv'
SHARED_DATA = Path('/work/shared/data')
TONY_IMAGES = SHARED_DATA / 'mrz-tony-xlh-MRZ-dataset' / 'images'
SPECIMEN_IMAGES = SHARED_DATA / 'mrz-Arg0s1080-mrz' / 'images'

ALL_SETS = ['shared-dev', 'shared-reported', 'specimens', 'second-look', 'photos']
SPLIT_ROLES = {'development': 'shared-dev', 'reported': 'shared-reported'}
# MRZ character height bands for clips: (label, low inclusive, high exclusive)
BANDS = [('<10', 0, 10), ('10-12', 10, 12), ('12-16', 12, 16),
         ('16-24', 16, 24), ('>=24', 24, math.inf)]
READABLE_HEIGHT_PX = 12  # clips at or above this height are the target
TIMING_LINE = re.compile(r'analysis timings:(.*)$')
TIMING_PAIR = re.compile(r'([A-Za-z_-]+)=([0-9]+(?:\.[0-9]+)?) ?ms')


# ---------------------------------------------------------------- the MRZ

def char_value(char):
    """ICAO 9303 value of a character for check digits: 0-9, A=10.., '<'=0."""
    if char.isdigit():
        return int(char)
    if 'A' <= char <= 'Z':
        return ord(char) - ord('A') + 10
    return 0


def check_digit_holds(data, digit):
    """True when `digit` is the 7-3-1 weighted check digit of `data`."""
    total = sum(char_value(c) * (7, 3, 1)[i % 3] for i, c in enumerate(data))
    expected = str(total % 10)
    # an empty optional field may carry '<' as its check digit
    return digit == expected or (digit == '<' and set(data) <= {'<'})


def mrz_format(lines):
    """TD1 / TD2 / TD3 / MRVA / MRVB from the lines' count, length and kind."""
    shape = (len(lines), len(lines[0]) if lines else 0)
    visa = bool(lines) and lines[0].startswith('V')
    if shape == (3, 30):
        return 'TD1'
    if shape == (2, 44):
        return 'MRVA' if visa else 'TD3'
    if shape == (2, 36):
        return 'MRVB' if visa else 'TD2'
    return None


def td1_document_number(line1):
    """TD1 number and its check digit; a '<' at the check digit's place means
    the number runs on into the optional data, ending with its check digit."""
    if line1[14] != '<':
        return line1[5:14], line1[14]
    tail = line1[15:30].split('<')[0]
    return line1[5:14] + tail[:-1], tail[-1:] or '<'


def check_digits_hold(lines):
    """Whether every ICAO 9303 check digit of the MRZ holds.

    A truth that fails them (the ICAO example annotated "BAD HASHES") must be
    refused by the element: any result for it is counted as wrong.
    """
    fmt = mrz_format(lines)
    if fmt is None:
        return False
    if fmt == 'TD1':
        l1, l2 = lines[0], lines[1]
        number, digit = td1_document_number(l1)
        checks = [(number, digit), (l2[0:6], l2[6]), (l2[8:14], l2[14]),
                  (l1[5:30] + l2[0:7] + l2[8:15] + l2[18:29], l2[29])]
        return all(check_digit_holds(d, c) for d, c in checks)
    l2 = lines[1]
    checks = [(l2[0:9], l2[9]), (l2[13:19], l2[19]), (l2[21:27], l2[27])]
    if fmt == 'TD3':
        checks += [(l2[28:42], l2[42]),
                   (l2[0:10] + l2[13:20] + l2[21:43], l2[43])]
    elif fmt == 'TD2':
        checks += [(l2[0:10] + l2[13:20] + l2[21:35], l2[35])]
    return all(check_digit_holds(d, c) for d, c in checks)


def name_words(part):
    """Every run of '<' is one space, fillers at the ends go (Doc 9303)."""
    return ' '.join(word for word in part.split('<') if word)


def expected_fields(lines):
    """The result fields the MRZ determines, as the element must report them.

    Dates are kept as YYMMDD: the century is the element's choice, the
    digits are not.
    """
    fmt = mrz_format(lines)
    if fmt == 'TD1':
        l1, l2, l3 = lines
        number, _ = td1_document_number(l1)
        names, dob, sex, expiry, nationality = (
            l3, l2[0:6], l2[7], l2[8:14], l2[15:18])
    elif fmt is not None:
        l1, l2 = lines
        names, number, nationality, dob, sex, expiry = (
            l1[5:], l2[0:9], l2[10:13], l2[13:19], l2[20], l2[21:27])
    else:
        return {}
    surname, _, given = names.partition('<<')
    return {
        'surname': name_words(surname), 'given-names': name_words(given),
        'document-number': number.strip('<'), 'issuer': l1[2:5].strip('<'),
        'nationality': nationality.strip('<'), 'sex': sex,
        'date-of-birth': dob, 'date-of-expiry': expiry,
    }


def field_disagreements(lines, result):
    """Names of result fields that do not say what the true MRZ says."""
    wrong = []
    for name, want in expected_fields(lines).items():
        got = result.get(name)
        if name.startswith('date-of-'):
            # absent is allowed (an unknown date); present must match YYMMDD
            if got is not None and (len(got) != 10 or
                                    got[2:4] + got[5:7] + got[8:10] != want):
                wrong.append(name)
        elif name == 'sex':
            if want in 'MF' and got != want:
                wrong.append(name)
        elif (got or '').replace('<', '').strip() != want.replace('<', ''):
            wrong.append(name)
    return wrong


# ---------------------------------------------------------------- the sets

@dataclass
class Document:
    """One thing to scan and what the element must say about it."""
    set: str
    name: str
    path: Path
    kind: str  # 'still' or 'clip'
    truth: list
    meta: dict = field(default_factory=dict)

    @property
    def must_refuse(self):
        """A printed MRZ failing its check digits must never be returned."""
        return not check_digits_hold(self.truth)


def read_truth(path):
    """MRZ lines of a truth file, blank lines and CR dropped."""
    text = path.read_text(encoding='ascii')
    return [line.strip() for line in text.splitlines() if line.strip()]


def read_split(path=SPLIT_FILE):
    """Country code -> set name, from the committed split file."""
    split = {}
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith('#') or line.startswith('country\t'):
            continue
        country, role = line.split('\t')
        if role not in SPLIT_ROLES:
            raise SystemExit(f'{path}: unknown role {role!r} for {country}')
        split[country] = SPLIT_ROLES[role]
    return split


def shared_documents(set_name):
    """The tony-xlh pages of the countries the split gives to `set_name`.

    Stops when the data holds a country the split does not name, so a new
    country never lands in a set by accident.
    """
    split = read_split()
    docs = []
    for image in sorted(TONY_IMAGES.glob('*.jpg')):
        country = image.stem.rsplit('_', 1)[0]
        if country not in split:
            raise SystemExit(f'{image}: country {country} is not in {SPLIT_FILE}')
        if split[country] == set_name:
            docs.append(Document(set_name, image.stem, image, 'still',
                                 read_truth(image.with_suffix('.txt')),
                                 {'country': country}))
    return docs


def specimen_documents():
    """The Arg0s1080 specimen scans (PNG), one truth file each."""
    return [Document('specimens', image.stem, image, 'still',
                     read_truth(image.with_suffix('.txt')))
            for image in sorted(SPECIMEN_IMAGES.glob('*.png'))]


def photo_documents(folder):
    """Stills NAME.jpg or NAME.png with their truth NAME.txt
    (Tests/SecondLook/photos.py, scans.py, stamps.py)."""
    images = sorted(p for p in Path(folder).iterdir() if p.suffix in ('.jpg', '.png'))
    docs = [Document('photos', image.stem, image, 'still',
                     read_truth(image.with_suffix('.txt')))
            for image in images if image.with_suffix('.txt').exists()]
    if not docs:
        raise SystemExit(f'{folder}: no photos (NAME.jpg or NAME.png beside NAME.txt)')
    return docs


def clip_documents(folder):
    """Clips NAME.mp4 + NAME.json (`mrz`, `format`, `char_height_px`)."""
    docs = []
    for meta_path, clip in clip_pairs(folder):
        meta = json.loads(meta_path.read_text())
        if not isinstance(meta.get('mrz'), list):
            raise SystemExit(f'{meta_path}: no "mrz" list of lines')
        docs.append(Document('second-look', meta_path.stem, clip, 'clip',
                             [str(line) for line in meta['mrz']], meta))
    if not docs:
        raise SystemExit(f'{folder}: no clips (NAME.mp4 beside NAME.json)')
    return docs


def readable_somewhere(meta):
    """False for a clip whose truth marks no interval as MRZ-readable: such
    a clip is left out of the >= 12 px rate (any result still counts)."""
    intervals = meta.get('intervals')
    if intervals is None:  # clips made before the generator labelled them
        return True
    # an empty list labels nothing at all (every frame ambiguous, e.g. a
    # card cut by the frame's border by a few percent for the whole clip):
    # nothing there is known to be readable
    return any(i.get('mrz_readable') for i in intervals)


# ---------------------------------------------------------------- one run

def pipeline_description(kind, frames, fps):
    """The pipeline a user would type; the file and the properties are set on
    the elements afterwards, so paths need no quoting."""
    if kind == 'still':
        head = ('filesrc name=src ! decodebin ! videoconvert ! '
                f'imagefreeze num-buffers={frames} ! '
                f'video/x-raw,framerate={fps}/1 ! ')
    else:
        head = 'filesrc name=src ! decodebin ! videoconvert ! '
    return head + 'docscan name=scan mode=mrz analysis=sync ! fakesink'


def worker(spec):
    """Runs one document's pipeline (in a child process) and returns what
    the bus said: results, first error, frame size, wall time."""
    results = []

    def on_element(structure):
        if structure.get_name() != 'docscan-result':
            return False
        results.append(structure_fields(structure))
        # one session per run (auto-reset=0): its result is the answer
        return True
    out = play(pipeline_description(spec['kind'], spec['frames'], spec['fps']),
               spec, on_element)
    return {'results': results, **out}


def parse_timings(log_text):
    """Per analysed frame, the stage -> ms dict of the element's
    `analysis timings:` DEBUG lines (empty when the plugin has none)."""
    frames = []
    for line in log_text.splitlines():
        match = TIMING_LINE.search(line)
        if match:
            frames.append({k: float(v) for k, v in TIMING_PAIR.findall(match.group(1))})
    return frames


def run_document(doc, props, options):
    """Runs one document in a child process with the element's DEBUG log
    going to a temp file; returns the worker's report plus the timings."""
    spec = {'kind': doc.kind, 'path': str(doc.path), 'frames': options.frames,
            'fps': options.fps, 'props': props, 'timeout': options.timeout}
    with tempfile.TemporaryDirectory(prefix='mrz-eval-') as tmp:
        log = Path(tmp) / 'gst.log'
        env = dict(os.environ, GST_DEBUG='docscan:5', GST_DEBUG_FILE=str(log),
                   GST_DEBUG_NO_COLOR='1')
        report = run_worker(__file__, spec, options.timeout, env)
        report['timings'] = parse_timings(log.read_text(errors='replace')) if log.exists() else []
    return report


def classify(doc, report):
    """(outcome, reason) of one run; see the module docstring."""
    results = report.get('results') or []
    if not results:
        if report.get('error'):
            return 'error', report['error']
        return ('refused', '') if doc.must_refuse else ('not-read', '')
    if doc.must_refuse:
        return 'wrong', 'returned an MRZ whose printed check digits fail'
    # the run stops at the session's (only) result
    result = results[0]
    if result.get('mrz') != '\n'.join(doc.truth):
        return 'wrong', 'mrz differs'
    bad = field_disagreements(doc.truth, result)
    if bad:
        return 'wrong', 'fields disagree with the MRZ: ' + ', '.join(bad)
    return 'exact', ''


# ---------------------------------------------------------------- summaries

OUTCOMES = ['exact', 'wrong', 'not-read', 'refused', 'error']


def cost_summary(rows, stage):
    """Median / p90 ms of `stage` over every analysed frame of the rows."""
    values = [t[stage] for row in rows for t in row['timings'] if stage in t]
    if not values:
        return None
    return {'frames': len(values), 'median_ms': statistics.median(values),
            'p90_ms': percentile(values, 0.9)}


def band_of(height):
    for label, low, high in BANDS:
        if low <= height < high:
            return label
    return None


def summarise(rows):
    """Counts, rates and costs of one set (under one property variant)."""
    counts = {o: sum(r['outcome'] == o for r in rows) for o in OUTCOMES}
    positives = sum(not r['must_refuse'] for r in rows)
    negatives = len(rows) - positives
    sizes = sorted({tuple(r['frame_size']) for r in rows if r.get('frame_size')})
    summary = {
        'documents': len(rows), 'must_refuse': negatives, **counts,
        'exact_rate': counts['exact'] / positives if positives else None,
        'mrz_cost': cost_summary(rows, 'mrz'),
        'total_cost': cost_summary(rows, 'total'),
        'frame_sizes': ['%dx%d' % s for s in sizes],
        'wall_s': sum(r['wall_s'] for r in rows),
    }
    countries = sorted({r['country'] for r in rows if r.get('country')})
    if countries:
        summary['countries'] = {
            c: {o: sum(r['outcome'] == o for r in rows if r['country'] == c)
                for o in OUTCOMES} for c in countries}
    if any(r.get('char_height_px') is not None for r in rows):
        summary['bands'] = band_summary(rows)
    return summary


def band_summary(rows):
    """Clips by MRZ character height: outcome counts per band, and the exact
    rate over every clip at or above READABLE_HEIGHT_PX."""
    bands = {}
    for label, _, _ in BANDS:
        in_band = [r for r in rows if r.get('char_height_px') is not None
                   and band_of(r['char_height_px']) == label]
        bands[label] = {o: sum(r['outcome'] == o for r in in_band) for o in OUTCOMES}
        bands[label]['clips'] = len(in_band)
    big = [r for r in rows if (r.get('char_height_px') or 0) >= READABLE_HEIGHT_PX
           and not r['must_refuse'] and r.get('mrz_readable', True)]
    return {'bands': bands, 'readable_clips': len(big),
            'readable_exact_rate': (sum(r['outcome'] == 'exact' for r in big) / len(big))
            if big else None}


def fmt_cost(cost):
    if not cost:
        return 'n/a'
    return f"{cost['median_ms']:.0f} / {cost['p90_ms']:.0f}"


def fmt_sizes(sizes):
    """The frame size column: the size, or 'mixed' (listed under the table)."""
    return sizes[0] if len(sizes) == 1 else ('mixed' if sizes else '-')


def print_table(report):
    """The human table: one row per set (and property variant)."""
    print_provenance('MRZ', report)
    opts = report['options']
    print(f"stills: imagefreeze {opts['frames']} frames at {opts['fps']} fps; clips: played "
          f"to the end; docscan mode=mrz analysis=sync; timeout {opts['timeout']} s per document")
    variants = opts['variants']
    tags = {label: f'v{i + 1}' for i, label in enumerate(variants)}
    if len(variants) > 1:
        for label in variants:
            print(f"  {tags[label]}: {label}")
    elif opts['props']:
        print(f"docscan properties: {' '.join(opts['props'])}")
    print()
    tag_width = 4 if len(variants) > 1 else 0
    header = (f"{'set':<16}{'':<{tag_width}}{'docs':>5}{'exact':>7}{'wrong':>7}"
              f"{'not read':>10}{'refused':>9}{'error':>7}{'exact %':>9}"
              f"   {'mrz ms med/p90':<16}{'total ms med/p90':<18}{'frame':<11}{'wall':>9}")
    print(header)
    print('-' * len(header))
    for s in report['sets']:
        rate = f"{100 * s['exact_rate']:.1f}" if s['exact_rate'] is not None else '-'
        refused = f"{s['refused']}/{s['must_refuse']}" if s['must_refuse'] else '-'
        tag = tags[s['variant']] if tag_width else ''
        print(f"{s['set']:<16}{tag:<{tag_width}}{s['documents']:>5}{s['exact']:>7}"
              f"{s['wrong']:>7}{s['not-read']:>10}{refused:>9}{s['error']:>7}{rate:>9}"
              f"   {fmt_cost(s['mrz_cost']):<16}{fmt_cost(s['total_cost']):<18}"
              f"{fmt_sizes(s['frame_sizes']):<11}{fmt_wall(s['wall_s']):>9}")
    mixed = {s['set']: s['frame_sizes'] for s in report['sets'] if len(s['frame_sizes']) > 1}
    for name, sizes in mixed.items():
        print(f"  {name} frame sizes: {', '.join(sizes)}")
    for s in report['sets']:
        if 'countries' in s:
            print_countries(s, tags[s['variant']] if tag_width else '')
    for s in report['sets']:
        if 'bands' in s:
            print_bands(s, tags[s['variant']] if tag_width else '')
    print()
    print(f"total wall time {fmt_wall(report['wall_s'])}")
    print('exact % = exact / documents that must be read; refused = no result for a '
          'printed MRZ whose check digits fail (correct);')
    print('wrong = a result that differs from the truth in any way; '
          'costs: per analysed frame, from the element\'s DEBUG log')
    print_rebuilt_note(report['plugin'])


def print_countries(s, tag):
    """One line per shared set: exact of pages per country, wrong marked."""
    parts = []
    for country, counts in s['countries'].items():
        pages = sum(counts.values())
        wrong = f" ({counts['wrong']} wrong)" if counts['wrong'] else ''
        parts.append(f"{country} {counts['exact']}/{pages}{wrong}")
    print(f"  {s['set']}{' ' + tag if tag else ''} exact by country: " + ', '.join(parts))


def print_bands(s, tag):
    """Second-look clips by MRZ character height."""
    b = s['bands']
    print()
    print(f"{s['set']}{' ' + tag if tag else ''}: by MRZ character height (px)")
    print(f"  {'band':<8}{'clips':>6}{'exact':>7}{'wrong':>7}{'not read':>10}{'error':>7}")
    for label, counts in b['bands'].items():
        print(f"  {label:<8}{counts['clips']:>6}{counts['exact']:>7}{counts['wrong']:>7}"
              f"{counts['not-read']:>10}{counts['error']:>7}")
    rate = b['readable_exact_rate']
    print(f"  >= {READABLE_HEIGHT_PX} px: "
          + (f"{100 * rate:.1f} % exact of {b['readable_clips']} clips" if rate is not None
             else 'no clips')
          + ' (clips whose truth marks no interval MRZ-readable left out)')


def print_verbose(row, stream):
    """One document's outcome, with expected and got lines when not exact."""
    cost = [t['mrz'] for t in row['timings'] if 'mrz' in t]
    cost_text = f", mrz {statistics.median(cost):.0f} ms" if cost else ''
    frames = row.get('frames_analyzed')
    variant = f"[{row['variant']}] " if row['variant'] != 'default' else ''
    print(f"{row['set']:<16}{row['name']:<32}"
          f"{row['outcome'].upper():<9}{row['wall_s']:5.1f} s"
          f"{f', {frames} frames' if frames else ''}{cost_text}"
          f"{'  ' + row['reason'] if row['reason'] else ''}  {variant}", file=stream)
    if row['outcome'] not in ('exact', 'refused'):
        for line in row['expected']:
            print(f"    expected {line}", file=stream)
        for line in (row['got'] or '(nothing)').split('\n'):
            print(f"    got      {line}", file=stream)


# ---------------------------------------------------------------- main

def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog='plugin/mrz-eval.sh',
        description='Run identity documents through the docscan element and count '
                    'exact, wrong and unread MRZs per set.',
        epilog='Sets: ' + ', '.join(ALL_SETS) + '. Default: the first three, and '
               'second-look too when --clips or --generate is given. Trailing '
               'name=value arguments are docscan properties (e.g. tessdata=/path).')
    parser.add_argument('--set', action='append', choices=ALL_SETS, dest='sets',
                        help='run only this set (repeatable)')
    parser.add_argument('--limit', type=int, metavar='N',
                        help='at most N documents per set, spread over the set')
    parser.add_argument('--frames', type=int, default=15, metavar='K',
                        help='frames per still (imagefreeze num-buffers, default 15)')
    parser.add_argument('--fps', type=int, default=10, help='stills frame rate (default 10)')
    parser.add_argument('--timeout', type=float, default=120, metavar='S',
                        help='seconds per document before it counts as error (default 120)')
    parser.add_argument('--clips', metavar='DIR', help='second-look clips (NAME.mp4 + NAME.json)')
    parser.add_argument('--photos', metavar='DIR',
                        help='set photos: stills NAME.jpg or NAME.png + NAME.txt (Tests/SecondLook/photos.py)')
    parser.add_argument('--generate', action='store_true',
                        help='make second-look clips with Tests/SecondLook/generate.py')
    add_generator_arguments(parser)
    parser.add_argument('--compare', action='append', metavar="'NAME=VALUE ...'",
                        help='a property variant (repeatable): every document runs once '
                             'per variant, e.g. --compare tessdata=/a --compare tessdata=/b')
    add_jobs_argument(parser)
    parser.add_argument('--json', action='store_true', help='print one JSON object')
    parser.add_argument('--save', metavar='FILE',
                        help='also write the JSON report (with every document) to FILE')
    parser.add_argument('--verbose', action='store_true',
                        help='each document as it finishes (stderr with --json)')
    parser.add_argument('props', nargs='*', metavar='NAME=VALUE',
                        help='docscan properties for every run')
    return parser.parse_intermixed_args(argv)


def collect_sets(options, clip_folder):
    """{set name: [Document]} for the sets asked for."""
    wanted = options.sets or (ALL_SETS[:3] + (['second-look'] if clip_folder else [])
                              + (['photos'] if options.photos else []))
    builders = {
        'shared-dev': lambda: shared_documents('shared-dev'),
        'shared-reported': lambda: shared_documents('shared-reported'),
        'specimens': specimen_documents,
        'second-look': lambda: clip_documents(clip_folder),
        'photos': lambda: photo_documents(options.photos),
    }
    if 'photos' in wanted and not options.photos:
        raise SystemExit('photos needs --photos DIR')
    if 'second-look' in wanted and not clip_folder:
        raise SystemExit('second-look needs --clips DIR or --generate')
    return {name: spread(builders[name](), options.limit)
            for name in ALL_SETS if name in wanted}


def evaluate(sets, variants, options):
    """Runs every document under every variant, --jobs pipelines at a time
    (variants of a document back to back, so a rebuild mid-run hits them
    alike); returns the rows in that order, each printed with --verbose as
    it finishes."""
    runs = [(doc, label, props) for docs in sets.values() for doc in docs
            for label, props in variants]
    log = sys.stderr if options.json else sys.stdout

    def evaluate_one(run):
        doc, label, props = run
        report = run_document(doc, props, options)
        outcome, reason = classify(doc, report)
        result = (report.get('results') or [{}])[0]
        row = {
            'set': doc.set, 'variant': label, 'name': doc.name,
            'path': str(doc.path), 'outcome': outcome, 'reason': reason,
            'must_refuse': doc.must_refuse, 'expected': doc.truth,
            'got': result.get('mrz'), 'frames_analyzed': result.get('frames-analyzed'),
            'frame_size': report.get('frame_size'), 'wall_s': report['wall_s'],
            'timings': report['timings'], 'error': report.get('error'),
            'char_height_px': doc.meta.get('char_height_px'),
            'country': doc.meta.get('country'),
            'mrz_readable': readable_somewhere(doc.meta),
            'format': doc.meta.get('format') or mrz_format(doc.truth),
        }
        if options.verbose:
            print_verbose(row, log)
        return row
    return run_each(runs, evaluate_one, options.jobs, 'documents', options.verbose)


def main(argv):
    if run_as_worker(argv, worker):
        return 0
    options = parse_args(argv)
    base = parse_props(options.props)
    variants = [(v or 'default', base + parse_props(v.split())) for v in options.compare or []]
    variants = variants or [(' '.join(options.props) or 'default', base)]
    started = time.monotonic()
    date = utc_now()
    with plugin_snapshot('plugin/mrz-eval.sh', 'mrz-eval-') as (work, plugin, commit):
        clip_folder = options.clips
        if options.generate:
            clip_folder = work / 'clips'
            generate_clips(clip_folder, options.seed, options.count)
        sets = collect_sets(options, clip_folder)
        rows = evaluate(sets, variants, options)
    report = {
        'date': date,
        'commit': commit, 'plugin': plugin,
        'options': {'frames': options.frames, 'fps': options.fps, 'jobs': options.jobs,
                    'timeout': options.timeout, 'limit': options.limit,
                    'props': options.props, 'variants': [v for v, _ in variants]},
        'sets': [{'set': name, 'variant': label,
                  **summarise([r for r in rows if r['set'] == name and r['variant'] == label])}
                 for name in sets for label, _ in variants],
        'wall_s': time.monotonic() - started,
    }
    for row in rows:
        row['mrz_ms'] = [t['mrz'] for t in row.pop('timings') if 'mrz' in t]
    full = json.dumps({**report, 'documents': rows}, indent=1)
    if options.save:
        Path(options.save).write_text(full + '\n')
    if options.json:
        print(full)
    else:
        print_table(report)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
