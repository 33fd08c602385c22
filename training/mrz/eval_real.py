#!/usr/bin/python3
"""Measures the MRZ model on MRZ lines cropped from real / shared images it
never trained on, beside Tesseract's `eng` (whitelist A-Z0-9<) on the same crops.

Sets:
  tony-xlh  /work/shared/data/mrz-tony-xlh-MRZ-dataset/images/*.jpg, the
            DEVELOPMENT countries only (the validation countries EST GBR IDN
            IRL are never opened)
  arg0s     /work/shared/data/mrz-Arg0s1080-mrz/images/*.png (specimen scans)

Lines are found with OpenCV morphology only (blackhat, closing, connected
components: long thin bands, the bottom-most group). The truth is used only to
pair crops with truth lines (line count, length vs. aspect), never to move a
crop. These crops are for evaluation only: never train on them.

Usage: eval_real.py [--model training/mrz/model/mrz.traineddata] [--keep DIR]
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

import cv2
import numpy as np

DATA = "/work/shared/data"
DEV_COUNTRIES = {"BEL", "BGR", "BLR", "CAN", "CHL", "CHN", "D", "DOM", "ESP"}
WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"
NORM_WIDTH = 1200  # images are analysed at this width; crops come from the original


def image_sets():
    tony = []
    for path in sorted(glob.glob(DATA + "/mrz-tony-xlh-MRZ-dataset/images/*.jpg")):
        country = os.path.basename(path).rsplit("_", 1)[0]
        if country in DEV_COUNTRIES:  # validation countries stay unopened
            tony.append(path)
    arg0s = sorted(glob.glob(DATA + "/mrz-Arg0s1080-mrz/images/*.png"))
    return {"tony-xlh": tony, "arg0s": arg0s}


def _components(bw):
    n, _, stats, _ = cv2.connectedComponentsWithStats(bw)
    return [(x, y, x + w, y + h) for x, y, w, h, _ in stats[1:] if h >= 6]


def _merge_rows(boxes):
    """Joins pieces of one text row (a long filler run can break a band)."""
    boxes = sorted(boxes, key=lambda b: b[0])
    merged = []
    for b in boxes:
        for i, m in enumerate(merged):
            overlap = min(m[3], b[3]) - max(m[1], b[1])
            h = min(m[3] - m[1], b[3] - b[1])
            if overlap > 0.6 * h and b[0] - m[2] < 2.5 * h:
                merged[i] = (min(m[0], b[0]), min(m[1], b[1]), max(m[2], b[2]), max(m[3], b[3]))
                break
        else:
            merged.append(b)
    return merged


def find_bands(grey, remove_rules):
    """Long thin text bands (x0, y0, x1, y1) in normalised-width coordinates.
    `remove_rules` first opens with a vertical kernel: it removes the thin
    horizontal guilloche lines that otherwise glue a page into one blob."""
    hat = cv2.morphologyEx(grey, cv2.MORPH_BLACKHAT, cv2.getStructuringElement(cv2.MORPH_RECT, (31, 17)))
    _, bw = cv2.threshold(hat, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    if remove_rules:
        bw = cv2.morphologyEx(bw, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, 4)))
    bw = cv2.morphologyEx(bw, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (19, 3)))
    boxes = [b for b in _components(bw) if b[3] - b[1] <= 80]
    bands = [b for b in _merge_rows(boxes)
             if b[2] - b[0] > 0.3 * grey.shape[1] and b[2] - b[0] > 10 * (b[3] - b[1])]
    return sorted(bands, key=lambda b: b[1])


def mrz_group(bands, count):
    """The bottom-most `count` bands that stack like MRZ lines: overlapping in
    x, similar height and width, evenly and closely spaced."""
    for end in range(len(bands), count - 1, -1):
        group = bands[end - count:end]
        heights = [b[3] - b[1] for b in group]
        widths = [b[2] - b[0] for b in group]
        if max(heights) > 1.6 * min(heights) or max(widths) > 1.25 * min(widths):
            continue
        gaps = [group[i + 1][1] - group[i][1] for i in range(count - 1)]
        if any(g > 3.2 * np.mean(heights) or g < 1.1 * np.mean(heights) for g in gaps):
            continue
        return group
    return None


def crops_for(path, truth):
    """Crops (uint8 grey, original resolution) of the MRZ lines, or None."""
    img = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    scale = NORM_WIDTH / img.shape[1]
    small = cv2.resize(img, None, fx=scale, fy=scale,
                       interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
    group = mrz_group(find_bands(small, False), len(truth))
    if group is None:
        group = mrz_group(find_bands(small, True), len(truth))
    if group is None:
        return None
    crops = []
    for (x0, y0, x1, y1), line in zip(group, truth):
        h, w = (y1 - y0) / scale, (x1 - x0) / scale
        # pairing check only: the band's aspect must fit the truth line length
        if not 0.55 * len(line) <= w / h <= 2.2 * len(line):
            return None
        pitch = w / len(line)
        # margins like the product's crops: ~0.45 cap height, ~0.75 character
        X0, X1 = int(x0 / scale - 0.75 * pitch), int(x1 / scale + 0.75 * pitch)
        Y0, Y1 = int(y0 / scale - 0.45 * h), int(y1 / scale + 0.45 * h)
        crops.append(img[max(0, Y0):Y1, max(0, X0):X1])
    return crops


def levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def ocr_all(paths, tessdata, lang, psm, whitelist):
    """Reads every crop in one tesseract call (an image list), one line each."""
    with tempfile.TemporaryDirectory() as tmp:
        listfile = os.path.join(tmp, "list.txt")
        with open(listfile, "w") as f:
            f.write("\n".join(paths) + "\n")
        cmd = ["tesseract", listfile, os.path.join(tmp, "out"), "--psm", str(psm), "-l", lang]
        if tessdata:
            cmd[1:1] = ["--tessdata-dir", tessdata]
        if whitelist:
            cmd += ["-c", "tessedit_char_whitelist=" + WHITELIST]
        env = dict(os.environ, OMP_THREAD_LIMIT="1")
        subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        pages = open(os.path.join(tmp, "out.txt")).read().split("\f")
    return ["".join(p.split()) for p in pages[:len(paths)]]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default=os.path.join(here, "model", "mrz.traineddata"))
    ap.add_argument("--keep", help="write the crops and readings to this folder")
    args = ap.parse_args()
    model_dir = tempfile.mkdtemp()
    shutil.copy(args.model, os.path.join(model_dir, "mrz.traineddata"))
    out = args.keep or tempfile.mkdtemp()
    os.makedirs(out, exist_ok=True)

    readers = [("mrz (this model), psm 13", model_dir, "mrz", 13, False),
               ("mrz (this model), psm 7", model_dir, "mrz", 7, False),
               ("eng + whitelist, psm 7", None, "eng", 7, True),
               ("eng + whitelist, psm 13", None, "eng", 13, True)]
    print("| set | images | lines cropped | reader | CER | lines exact |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, paths in image_sets().items():
        crop_paths, truths, used = [], [], 0
        for path in paths:
            truth = open(os.path.splitext(path)[0] + ".txt").read().split()
            crops = crops_for(path, truth)
            if crops is None:
                continue
            used += 1
            for i, (crop, line) in enumerate(zip(crops, truth)):
                p = os.path.join(out, "%s_%s_%d.png" % (name, os.path.basename(path).split(".")[0], i))
                cv2.imwrite(p, crop)
                crop_paths.append(p)
                truths.append(line)
        for label, tessdata, lang, psm, wl in readers:
            reads = ocr_all(crop_paths, tessdata, lang, psm, wl)
            errors = sum(levenshtein(r, t) for r, t in zip(reads, truths))
            chars = sum(len(t) for t in truths)
            exact = sum(r == t for r, t in zip(reads, truths))
            print("| %s | %d/%d | %d | %s | %.2f%% | %d/%d |" % (
                name, used, len(paths), len(truths), label, 100.0 * errors / max(1, chars),
                exact, len(truths)))
            if args.keep:
                with open(os.path.join(out, "%s_%s_psm%d.tsv" % (name, lang, psm)), "w") as f:
                    for p, r, t in zip(crop_paths, reads, truths):
                        f.write("%s\t%s\t%s\n" % (os.path.basename(p), t, r))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
