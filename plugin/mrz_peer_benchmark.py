#!/usr/bin/python3
"""docscan beside PassportEye on the same MRZ images, in one run.

docscan: `plugin/mrz-eval.sh --set SET --json` (each image through the
built element, `mode=mrz analysis=sync`, imagefreeze). PassportEye
(`pip install passporteye`: Tesseract's `eng` behind its own MRZ finder)
reads each image once with `read_mrz`, in a Python that has it (`--peer-python`,
default `python3` on PATH; the peer is skipped with a note when it is
missing). Per set and reader: documents read exactly (every line equal to the
truth), wrong (an MRZ whose check digits all hold but that differs from the
truth: what a program trusting the checks would accept), not read, and the
median time per image (docscan: its MRZ stage per analysed frame, as the
evaluation prints it; PassportEye: the whole `read_mrz` call, one core).

Usage: plugin/mrz_peer_benchmark.py [--sets shared-reported,specimens]
         [--peer-python PATH] [--plugin-dir DIR] [--json]
"""
import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mrz_eval import read_truth, shared_documents, specimen_documents  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SETS = {'shared-dev': lambda: shared_documents('shared-dev'),
        'shared-reported': lambda: shared_documents('shared-reported'),
        'specimens': specimen_documents}

# Run in the peer's Python: reads every image path given on stdin (one per
# line) and prints one JSON line per image.
PEER_READER = r'''
import json, os, sys, time
os.environ.setdefault("OMP_THREAD_LIMIT", "1")
import warnings
warnings.filterwarnings("ignore")
from passporteye import read_mrz
for path in sys.stdin.read().split("\n"):
    if not path:
        continue
    started = time.process_time()
    try:
        mrz = read_mrz(path)
        error = None
    except Exception as problem:  # a crash on one image costs that image only
        mrz, error = None, repr(problem)
    seconds = time.process_time() - started
    text = mrz.to_dict().get("raw_text") if mrz is not None else None
    lines = text.split("\n") if text else None
    print(json.dumps({"path": path, "lines": lines, "valid": bool(mrz is not None and mrz.valid),
                      "seconds": seconds, "error": error}), flush=True)
'''


def has_peer(python):
    probe = subprocess.run([python, '-c', 'import passporteye'], capture_output=True)
    return probe.returncode == 0


def peer_reads(python, documents):
    """PassportEye's outcome per document: exact, wrong or not-read, and
    its CPU seconds."""
    paths = '\n'.join(str(d.path) for d in documents)
    run = subprocess.run([python, '-c', PEER_READER], input=paths, capture_output=True,
                         text=True, check=True)
    by_path = {}
    for line in run.stdout.splitlines():
        reading = json.loads(line)
        by_path[reading['path']] = reading
    rows = []
    for doc in documents:
        reading = by_path.get(str(doc.path), {'lines': None, 'valid': False, 'seconds': 0})
        # PassportEye's text is every line its OCR saw in the zone it cut
        # out; the MRZ is its last lines
        lines = [line.strip() for line in reading['lines'] or [] if line.strip()]
        if lines[-len(doc.truth):] == doc.truth:
            outcome = 'exact'
        elif reading['valid'] and not doc.must_refuse:
            outcome = 'wrong'
        else:
            outcome = 'not-read'
        rows.append({'name': doc.name, 'outcome': outcome, 'seconds': reading['seconds']})
    return rows


def docscan_reads(set_name, plugin_dir):
    """The element's summary of one set (plugin/mrz-eval.sh --json)."""
    command = [str(REPO / 'plugin' / 'mrz-eval.sh'), '--set', set_name, '--json']
    if plugin_dir:
        command[1:1] = ['--plugin-dir', plugin_dir]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    report = json.loads(run.stdout)
    return report['sets'][0]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--sets', default='shared-reported,specimens')
    parser.add_argument('--peer-python', default='python3')
    parser.add_argument('--plugin-dir', help='folder holding libgstdocscan.so (mrz-eval.sh)')
    parser.add_argument('--json', action='store_true')
    options = parser.parse_args(argv)
    peer = has_peer(options.peer_python)
    table = []
    for set_name in options.sets.split(','):
        documents = SETS[set_name]()
        must_read = sum(not d.must_refuse for d in documents)
        own = docscan_reads(set_name, options.plugin_dir)
        row = {'set': set_name, 'documents': must_read,
               'docscan': {'exact': own['exact'], 'wrong': own['wrong'],
                           'not_read': own['not-read'] + own['error'],
                           'median_ms': (own['mrz_cost'] or {}).get('median_ms')}}
        if peer:
            # as for docscan, only documents whose printed MRZ verifies
            reads = peer_reads(options.peer_python, [d for d in documents if not d.must_refuse])
            row['passporteye'] = {
                'exact': sum(r['outcome'] == 'exact' for r in reads),
                'wrong': sum(r['outcome'] == 'wrong' for r in reads),
                'not_read': sum(r['outcome'] == 'not-read' for r in reads),
                'median_ms': 1000 * statistics.median(r['seconds'] for r in reads)}
        table.append(row)
    if options.json:
        print(json.dumps({'mrz_peers': table}, indent=1))
        return 0
    print('MRZ readers on the same images (exact / wrong / not read; ms: docscan per analysed '
          'frame, PassportEye per image, CPU)')
    print(f"{'set':<18}{'docs':>5}   {'docscan':<26}{'PassportEye':<26}")
    for row in table:
        cells = []
        for reader in ('docscan', 'passporteye'):
            r = row.get(reader)
            if r is None:
                cells.append('not installed')
                continue
            ms = '-' if r['median_ms'] is None else f"{r['median_ms']:.0f} ms"
            cells.append(f"{r['exact']} / {r['wrong']} / {r['not_read']}, {ms}")
        print(f"{row['set']:<18}{row['documents']:>5}   {cells[0]:<26}{cells[1]:<26}")
    if not peer:
        print(f'PassportEye: not importable by {options.peer_python} '
              '(pip install passporteye; --peer-python PATH)')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
