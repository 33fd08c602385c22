"""What the evaluation commands (plugin/mrz_eval.py, plugin/guidance_eval.py)
share: a snapshot of the built plugin for the whole run, one pipeline per
document in a child process with a timeout, rendered clips from
Tests/SecondLook/generate.py, and small formatting helpers.

A run goes:

    with plugin_snapshot('plugin/NAME.sh', 'NAME-') as (work, plugin, commit):
        ... run_worker(__file__, spec, timeout) per document ...

and in the child the script's main hands `--worker SPEC` to
run_as_worker(argv, worker), whose worker calls play(description, spec,
on_element) and returns what it collected (printed as one JSON line).
"""

import datetime
import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GENERATOR = REPO / 'Tests' / 'SecondLook' / 'generate.py'
PYTHON = '/usr/bin/python3'  # Debian's, with python3-gi and Gst
CLIP_EXTENSIONS = ('.mp4', '.mkv', '.webm', '.mov')
PLUGIN_SETTLE_S = 15  # a plugin file younger than this may be mid-link
PLUGIN_WAIT_S = 600  # give up waiting for a build after this long
# the worker may exceed --timeout by this much (start-up, tear-down) before
# the parent kills it
KILL_GRACE_S = 20


# ---------------------------------------------------------------- clips

def generate_clips(folder, seed, count, choices=(), kind='clips'):
    """Makes clips with the project's generator into `folder`; `choices` are
    further generator arguments (e.g. ['--desks', 'white']); kind 'sides'
    makes clips of both sides of a card."""
    if not GENERATOR.exists():
        raise SystemExit(f'--generate: {GENERATOR} does not exist yet; '
                         'pass --clips DIR instead')
    command = [PYTHON, str(GENERATOR), kind, '--out', str(folder),
               '--seed', str(seed), '--count', str(count), *choices]
    print('generating clips: ' + ' '.join(command), file=sys.stderr)
    subprocess.run(command, check=True, stdout=sys.stderr)


def add_generator_arguments(parser):
    """--seed and --count of clips made with --generate."""
    parser.add_argument('--seed', type=int, default=1, help='generator seed (default 1)')
    parser.add_argument('--count', type=int, default=20, help='clips to generate (default 20)')


def clip_pairs(folder):
    """(truth path, clip path) for every NAME.json with a clip NAME.mp4
    (.mkv, .webm, .mov) beside it, by name."""
    pairs = []
    for meta_path in sorted(Path(folder).glob('*.json')):
        clip = next((meta_path.with_suffix(ext) for ext in CLIP_EXTENSIONS
                     if meta_path.with_suffix(ext).exists()), None)
        if clip is not None:
            pairs.append((meta_path, clip))
    return pairs


def spread(docs, limit):
    """`limit` documents spread evenly over the list (every country of a set,
    not the first one's pages only), in a fixed order."""
    if not limit or limit >= len(docs):
        return docs
    return [docs[i * len(docs) // limit] for i in range(limit)]


# ---------------------------------------------------------------- one run

def structure_fields(structure):
    """A message structure's plain fields (strings, numbers, booleans, and
    arrays of them as lists); samples and nested structures are left out."""
    from gi.repository import Gst
    out = {}
    for i in range(structure.n_fields()):
        name = structure.nth_field_name(i)
        try:
            value = structure.get_value(name)
        except (TypeError, ValueError):
            continue  # samples: not needed here
        if isinstance(value, Gst.ValueArray):
            value = list(value)
        if isinstance(value, (str, int, float, bool, list)):
            out[name] = value
    return out


def play(description, spec, on_element):
    """Plays `description` (a pipeline with a filesrc named `src` and a
    docscan named `scan`) on spec['path'] with spec['props'] set on docscan,
    until EOS, an error, spec['timeout'] seconds, or on_element(structure)
    returning True for an element message. Runs in the worker process;
    returns the first error, whether EOS came, frame size and wall time."""
    import gi
    gi.require_version('Gst', '1.0')
    from gi.repository import GLib, Gst
    Gst.init(None)
    started = time.monotonic()
    out = {'error': None, 'frame_size': None, 'eos': False}
    try:
        pipeline = Gst.parse_launch(description)
    except GLib.Error as error:
        out['error'] = f'pipeline: {error}'
        return out
    pipeline.get_by_name('src').set_property('location', spec['path'])
    scan = pipeline.get_by_name('scan')
    for name, value in spec['props']:
        Gst.util_set_object_arg(scan, name, value)
    bus = pipeline.get_bus()
    pipeline.set_state(Gst.State.PLAYING)
    deadline = started + spec['timeout']
    wanted = Gst.MessageType.ELEMENT | Gst.MessageType.ERROR | Gst.MessageType.EOS
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            out['error'] = f'timeout after {spec["timeout"]} s'
            break
        message = bus.timed_pop_filtered(int(min(left, 0.2) * Gst.SECOND), wanted)
        if message is None:
            continue
        if message.type == Gst.MessageType.ERROR:
            error, debug = message.parse_error()
            out['error'] = f'{error.message} ({debug})' if debug else error.message
            break
        if message.type == Gst.MessageType.EOS:
            out['eos'] = True
            break
        structure = message.get_structure()
        if structure and on_element(structure):
            break
    caps = scan.get_static_pad('sink').get_current_caps()
    if caps and caps.get_size():
        s = caps.get_structure(0)
        out['frame_size'] = [s.get_value('width'), s.get_value('height')]
    pipeline.set_state(Gst.State.NULL)
    out['wall_s'] = time.monotonic() - started
    return out


def run_as_worker(argv, worker):
    """In a child started by run_worker (`--worker SPEC`): prints
    worker(spec) as one JSON line and returns True; False elsewhere."""
    if argv[:1] != ['--worker']:
        return False
    print(json.dumps(worker(json.loads(argv[1]))))
    return True


def run_worker(script, spec, timeout, env=None):
    """Runs `script --worker SPEC` in a child process (so a crash or a hang
    costs this document only) and returns its report, the child's last
    stdout line, plus wall_s; {'error': ...} when the child gave none."""
    started = time.monotonic()
    try:
        child = subprocess.run(
            [PYTHON, str(Path(script).resolve()), '--worker', json.dumps(spec)],
            env=env, capture_output=True, text=True, timeout=timeout + KILL_GRACE_S)
        report = last_json_line(child.stdout)
        if report is None:
            tail = (child.stderr.strip().splitlines() or ['no output'])[-1]
            report = {'error': f'worker exit {child.returncode}: {tail}'}
    except subprocess.TimeoutExpired:
        report = {'error': 'killed: hung past the timeout'}
    report['wall_s'] = time.monotonic() - started
    return report


def last_json_line(text):
    """The worker's report: its last stdout line, if that is JSON."""
    lines = text.strip().splitlines()
    try:
        return json.loads(lines[-1]) if lines else None
    except ValueError:
        return None


# ---------------------------------------------------------------- the plugin

def git_commit(plugin):
    """Short HEAD, marked when the work tree has changes under Sources/; for
    a plugin built outside this repository the commit is not known here."""
    if REPO not in Path(plugin).resolve().parents:
        return f'unknown (plugin built outside {REPO})'

    def git(*args):
        return subprocess.run(['git', '-C', str(REPO), *args], capture_output=True,
                              text=True).stdout.strip()
    commit = git('rev-parse', '--short', 'HEAD') or 'unknown'
    dirty = git('status', '--porcelain', '--', 'Sources', 'Package.swift')
    return commit + (' + uncommitted changes in Sources/' if dirty else '')


def file_identity(path):
    """Which build: path, mtime and hash of a libgstdocscan.so."""
    mtime = datetime.datetime.fromtimestamp(path.stat().st_mtime, datetime.timezone.utc)
    return {'path': str(path), 'mtime': mtime.strftime('%Y-%m-%d %H:%M:%S UTC'),
            'sha256': hashlib.sha256(path.read_bytes()).hexdigest()}


def snapshot_plugin(built, folder):
    """Copies the built plugin into `folder` and returns its identity.

    The whole run uses that copy (and the model beside it): a rebuild in the build folder while the
    run goes on (the lead rebuilds often) neither removes the element under
    a document nor mixes two builds in one table. A plugin written in the
    last PLUGIN_SETTLE_S seconds may still be being linked: wait for it.
    """
    waited = False
    deadline = time.monotonic() + PLUGIN_WAIT_S
    while time.time() - built.stat().st_mtime < PLUGIN_SETTLE_S:
        if time.monotonic() > deadline:
            raise SystemExit(f'{built} keeps changing: is a build running?')
        if not waited:
            print(f'waiting for {built} to settle (just rebuilt)', file=sys.stderr)
            waited = True
        time.sleep(2)
    copy = Path(folder) / built.name
    shutil.copy2(built, copy)
    # the MRZ model installed beside the plugin goes along with it
    models = built.parent / 'docscan-tessdata'
    if models.is_dir():
        shutil.copytree(models, Path(folder) / models.name)
    identity = file_identity(copy)
    identity['path'] = str(built)
    return identity


def find_plugin(wrapper):
    for folder in os.environ.get('GST_PLUGIN_PATH', '').split(os.pathsep):
        candidate = Path(folder) / 'libgstdocscan.so'
        if folder and candidate.exists():
            return candidate
    raise SystemExit('libgstdocscan.so is not in GST_PLUGIN_PATH: '
                     f'run through {wrapper} (build with plugin/build.sh)')


def check_element():
    """Stops early with a clear message when GStreamer cannot load docscan."""
    import gi
    gi.require_version('Gst', '1.0')
    from gi.repository import Gst
    Gst.init(None)
    if Gst.ElementFactory.find('docscan') is None:
        raise SystemExit('GStreamer cannot load the docscan element from '
                         f"GST_PLUGIN_PATH={os.environ.get('GST_PLUGIN_PATH', '')}")


@contextmanager
def plugin_snapshot(wrapper, prefix):
    """A work folder holding a copy of the built plugin, which every pipeline
    of the run (children inherit the environment) loads, with a GStreamer
    registry of its own so the user's registry is left alone. Yields (work
    folder, plugin identity, commit); on leaving, the folder goes and the
    identity gets `rebuilt_during_run`."""
    built = find_plugin(wrapper)
    work = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        plugin = snapshot_plugin(built, work)
        commit = git_commit(built)
        os.environ['GST_PLUGIN_PATH'] = str(work)
        os.environ['GST_REGISTRY'] = str(work / 'registry.bin')
        check_element()
        yield work, plugin, commit
    finally:
        shutil.rmtree(work, ignore_errors=True)
    plugin['rebuilt_during_run'] = (
        not built.exists() or file_identity(built)['sha256'] != plugin['sha256'])


# ---------------------------------------------------------------- formatting

def counted(items, unit, quiet):
    """The items one by one, with a running count 'n/total unit' on stderr
    when that is a terminal and not `quiet`."""
    show = not quiet and sys.stderr.isatty()
    for done, item in enumerate(items, 1):
        yield item
        if show:
            print(f'\r{done}/{len(items)} {unit}', end='', file=sys.stderr)
    if show:
        print(file=sys.stderr)


def run_each(items, run, jobs, unit, quiet):
    """[run(item) for item in items], `jobs` at a time, in the items' order,
    with counted()'s running count. Each run waits on its own child
    pipeline, so threads suffice; the element's analysis=sync makes every
    run's outcome independent of how many share the cores (only the costs
    it reports grow with load)."""
    if jobs <= 1:
        return [run(item) for item in counted(items, unit, quiet)]
    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = [pool.submit(run, item) for item in items]
        return [future.result() for future in counted(futures, unit, quiet)]
    except BaseException:
        # A failure or Ctrl-C: what has not started never will.
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    finally:
        pool.shutdown()


def add_jobs_argument(parser):
    """--jobs N: pipelines at a time (default 1, so that the costs are those
    of one core; the tests use 2 to halve their time)."""
    parser.add_argument('--jobs', type=int, default=1, metavar='N',
                        help='pipelines run at a time (default 1: the costs printed are '
                             'then those of an otherwise idle core)')


def print_provenance(title, report):
    """The table's first lines: which evaluation, when, with which build."""
    print(f"docscan {title} evaluation, {report['date']}, repository at {report['commit']}")
    plugin = report['plugin']
    print(f"plugin {plugin['path']} (built {plugin['mtime']}, sha256 "
          f"{plugin['sha256'][:12]}; the run used a copy taken at its start)")


def print_rebuilt_note(plugin):
    """The table's last line when the build changed while the run went on."""
    if plugin.get('rebuilt_during_run'):
        print('(the plugin was rebuilt during the run; every row used the copy '
              'taken at the start, sha256 above)')


def parse_props(items):
    """'name=value' strings -> [[name, value]]."""
    props = []
    for item in items:
        name, sep, value = item.partition('=')
        if not sep or not name:
            raise SystemExit(f"bad property {item!r}: want name=value")
        props.append([name, value])
    return props


def percentile(values, fraction):
    """Nearest-rank percentile (no interpolation: a value that occurred)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def fmt_wall(seconds):
    return f'{int(seconds // 60)}m{seconds % 60:04.1f}s'


def utc_now():
    """The run's date as the reports print it."""
    return datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')
