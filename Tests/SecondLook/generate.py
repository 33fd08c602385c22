#!/usr/bin/python3
"""Second-look renders for docscan: document pages, desk video clips and MRZ
text lines, each with its truth, all deterministic for a given --seed.

  generate.py pages --out DIR --seed N --count K
  generate.py clips --out DIR --seed N --count K [--first I] [--sizes 1280x720 1920x1080]
                    [--stories steady enter ...] [--desks dark white ...]
  generate.py sides --out DIR --seed N --count K [--sizes ...] [--desks ...]
                    [--orders front-back back-front] [--kinds td1 licence]
  generate.py lines --out DIR --seed N --count K

Item i of a run depends only on (seed, subcommand, i), so runs can be split
or extended without changing earlier items. Clips are made --jobs at a time
(default: one per core)."""
import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cv2  # noqa: E402

from secondlook import parallel  # noqa: E402
from secondlook.desk import KINDS  # noqa: E402
from secondlook.story import STORIES  # noqa: E402


def _rng(args, kind, i):
    return random.Random("%d/%s/%d" % (args.seed, kind, i))


def _save_json(path, data):
    with open(path, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


def cmd_pages(args):
    from secondlook.page import render_page
    for i in range(args.count):
        rng = _rng(args, "pages", i)
        cap = rng.uniform(10, 40)
        img, truth = render_page(rng, None, cap_px=cap)
        truth["size_px"] = [img.shape[1], img.shape[0]]
        name = os.path.join(args.out, "page_%04d" % i)
        cv2.imwrite(name + ".png", img[:, :, ::-1])
        _save_json(name + ".json", truth)


def _write_clips(args, kind, prefix, make, describe):
    """Makes args.count clips of `kind` named PREFIX_i_SIZEp (`prefix` a
    string, or a function of i) with make(rng, path, size, i) (which returns
    the truth) and saves each truth beside its clip; --jobs clips at a time
    (each from its own generator and a one-thread encoder, so the clips are
    the same whatever the number)."""
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes]

    def write_clip(i):
        rng = _rng(args, kind, i)
        size = sizes[i % len(sizes)]
        name = os.path.join(args.out, "%s_%04d_%dp" % (prefix(i) if callable(prefix) else prefix,
                                                       i, size[1]))
        start = time.time()
        truth = make(rng, name + ".mp4", size, i)
        truth["generation_seconds"] = round(time.time() - start, 2)
        _save_json(name + ".json", truth)
        return "%s.mp4 %s %.1f s" % (name, describe(truth), truth["generation_seconds"])

    items = range(args.first, args.first + args.count)
    for line in parallel.in_order(write_clip, items, args.jobs):
        print(line, file=sys.stderr, flush=True)


def _cycled(items, i):
    return items[i % len(items)] if items else None


def cmd_clips(args):
    from secondlook.clip import make_clip
    _write_clips(args, "clips", "clip",
                 lambda rng, path, size, i: make_clip(rng, path, size=size,
                                                      story=_cycled(args.stories, i),
                                                      desk=_cycled(args.desks, i)),
                 lambda t: "%s %s %s" % (t["format"], t["story"], t["desk"]))


def cmd_sides(args):
    from secondlook.sides import make_two_sided_clip
    # a TD1 clip keeps its old name (and its clip) for a seed; a licence's
    # name says what it is
    _write_clips(args, "sides",
                 lambda i: "licence" if _cycled(args.kinds, i) == "licence" else "sides",
                 lambda rng, path, size, i: make_two_sided_clip(rng, path, size=size,
                                                                desk=_cycled(args.desks, i),
                                                                order=_cycled(args.orders, i),
                                                                document=_cycled(args.kinds, i)),
                 lambda t: "%s %s %s" % (t.get("document", "td1"), t["order"], t["desk"]))


def cmd_lines(args):
    from secondlook.lines import line_sample
    for i in range(args.count):
        text, img = line_sample(args.seed, i)
        name = os.path.join(args.out, "line_%06d" % i)
        cv2.imwrite(name + ".png", img)
        with open(name + ".gt.txt", "w") as f:
            f.write(text + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("pages", "clips", "sides", "lines"):
        p = sub.add_parser(name)
        p.add_argument("--out", required=True)
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--count", type=int, default=10)
        if name in ("clips", "sides"):
            # items FIRST to FIRST+COUNT-1: the same a larger count gives them
            p.add_argument("--first", type=int, default=0)
            p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                           help="clips made at a time (default: one per core)")
            p.add_argument("--sizes", nargs="+", default=["1280x720", "1920x1080"])
            p.add_argument("--desks", nargs="+", choices=KINDS)
        if name == "clips":
            p.add_argument("--stories", nargs="+", choices=STORIES)
        if name == "sides":
            p.add_argument("--orders", nargs="+", choices=["front-back", "back-front"])
            # cycled like --orders; default td1 alone, the clips a seed always gave
            p.add_argument("--kinds", nargs="+", choices=["td1", "licence"], default=["td1"])
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    {"pages": cmd_pages, "clips": cmd_clips, "sides": cmd_sides, "lines": cmd_lines}[args.cmd](args)


if __name__ == "__main__":
    main()
