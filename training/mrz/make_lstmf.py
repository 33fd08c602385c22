#!/usr/bin/python3
"""Renders MRZ training lines (Tests/SecondLook/secondlook) and turns them into
Tesseract .lstmf files.

Lines are written in batches of --batch as one multi-page TIFF with one LSTM
line box file (`<char> 0 0 W H page` per character, then `\\t 0 0 W H page`,
as tesstrain's generate_line_box does); one `tesseract ... lstm.train` call per
batch makes one .lstmf holding every page. That is ~7 ms per line instead of
~50 ms for one call per line.

Usage: make_lstmf.py --out DIR --seed N --count K [--eval-fraction 0.1] [--style S]
Writes DIR/batch_NNNN.{tif,box,lstmf,gt.txt}, DIR/all-text.txt,
DIR/list.train, DIR/list.eval.
"""
import argparse
import os
import subprocess
import sys

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tests", "SecondLook"))
from secondlook.lines import line_sample  # noqa: E402


def write_batch(out, seed, index, first, count, style):
    name = os.path.join(out, "batch_%05d" % index)
    if os.path.exists(name + ".lstmf"):
        return name  # resumable: batches are deterministic
    pages, box, texts = [], [], []
    for page, i in enumerate(range(first, first + count)):
        text, img = line_sample(seed, i, style)
        h, w = img.shape
        pages.append(Image.fromarray(img))
        box.extend("%s 0 0 %d %d %d" % (ch, w, h, page) for ch in text)
        box.append("\t 0 0 %d %d %d" % (w, h, page))
        texts.append(text)
    pages[0].save(name + ".tif", save_all=True, append_images=pages[1:], compression="tiff_lzw")
    with open(name + ".box", "w") as f:
        f.write("\n".join(box) + "\n")
    with open(name + ".gt.txt", "w") as f:
        f.write("\n".join(texts) + "\n")
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    subprocess.run(["tesseract", name + ".tif", name, "--psm", "13", "lstm.train"],
                   check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.remove(name + ".tif")  # the .lstmf holds the images; keep the folder small
    return name


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--eval-fraction", type=float, default=0.1)
    ap.add_argument("--style", default="standard", help="render style (secondlook.lines.STYLES)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    names = []
    for first in range(0, args.count, args.batch):
        names.append(write_batch(args.out, args.seed, first // args.batch, first, min(args.batch, args.count - first), args.style))
        print("\rlines %d/%d" % (first + args.batch, args.count), end="", file=sys.stderr)
    print(file=sys.stderr)
    n_eval = max(1, int(round(len(names) * args.eval_fraction)))
    with open(os.path.join(args.out, "list.train"), "w") as f:
        f.write("".join(n + ".lstmf\n" for n in names[:-n_eval]))
    with open(os.path.join(args.out, "list.eval"), "w") as f:
        f.write("".join(n + ".lstmf\n" for n in names[-n_eval:]))
    with open(os.path.join(args.out, "all-text.txt"), "w") as f:
        for n in names:
            f.write(open(n + ".gt.txt").read())


if __name__ == "__main__":
    main()
