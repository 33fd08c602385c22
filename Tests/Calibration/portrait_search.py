#!/usr/bin/python3
"""How docscan's portrait search does on pictures 720 px long, with OpenCV's
Python binding and the element's cascade and settings (`OpenCVImaging`,
`PictureMaker`): faces from 12 % of the picture's height, 6 agreeing hits,
scale step 1.1; the way up is the one whose best face has the most agreeing
hits; the portrait is the largest face of that way.

    /usr/bin/python3 Tests/Calibration/portrait_search.py [SMALLEST ...]

Each SMALLEST (default: none and 30) searches the picture scaled so that the
smallest face asked for is that many pixels across (never enlarged; "none":
as it is), as `OpenCVImaging.smallestSearchedFace`. Per set it prints
pictures with a portrait, pictures the right way up (each picture as it lies
and turned half round) and the milliseconds per picture (both searches),
then the portrait boxes' overlap with those of the first SMALLEST. Sets: the
specimen scans, the development and reported pages of the shared synthetic
set (plugin/mrz-eval-split.tsv; the reported ones are only measured), and
40 rendered pages whose printed photo is painted over (no face: any
portrait there is false). About 2 minutes on one core.
"""
import glob
import os
import random
import sys
import time

import cv2
import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, 'Tests', 'SecondLook'))
DATA = os.path.join(os.path.dirname(REPO), 'shared', 'data')
CASCADE = '/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml'
MINIMUM_FACE_SHARE = 0.12
MINIMUM_NEIGHBOURS = 6
SCALE_FACTOR = 1.1

cv2.setNumThreads(1)
cascade = cv2.CascadeClassifier(CASCADE)


def faces(grey, minimum, smallest):
    """(box, agreeing hits) of every face at least `minimum` px across."""
    scale = 1.0 if smallest is None else min(1.0, smallest / minimum)
    searched = grey if scale == 1.0 else cv2.resize(
        grey, (round(grey.shape[1] * scale), round(grey.shape[0] * scale)),
        interpolation=cv2.INTER_AREA)
    size = max(1, round(minimum * scale))
    boxes, hits = cascade.detectMultiScale2(searched, SCALE_FACTOR, MINIMUM_NEIGHBOURS, 0,
                                            (size, size))
    return [(tuple(round(v / scale) for v in box), int(n)) for box, n in zip(boxes, hits)]


def portrait(picture, smallest):
    """(the picture judged upright as it lies, the portrait's box or None)."""
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)
    minimum = round(grey.shape[0] * MINIMUM_FACE_SHARE)
    as_it_lies = faces(grey, minimum, smallest)
    turned = faces(cv2.rotate(grey, cv2.ROTATE_180), minimum, smallest)
    best = lambda found: max((n for _, n in found), default=0)  # noqa: E731
    upright = not best(turned) > best(as_it_lies)
    chosen = as_it_lies if upright else turned
    box = max(chosen, key=lambda f: f[0][2] * f[0][3])[0] if chosen else None
    return upright, box


def landscape_720(image):
    return cv2.resize(image, (720, round(720 * image.shape[0] / image.shape[1])),
                      interpolation=cv2.INTER_AREA)


def overlap(a, b):
    ix = max(0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    return ix * iy / (a[2] * a[3] + b[2] * b[3] - ix * iy)


def sets():
    split = {}
    for line in open(os.path.join(REPO, 'plugin', 'mrz-eval-split.tsv')):
        fields = line.split()
        if len(fields) == 2 and not line.startswith('#') and fields[0] != 'country':
            split[fields[0]] = fields[1]
    pages = sorted(glob.glob(os.path.join(DATA, 'mrz-tony-xlh-MRZ-dataset', 'images', '*.jpg')))
    yield 'specimens', [landscape_720(cv2.imread(f)) for f in sorted(
        glob.glob(os.path.join(DATA, 'mrz-Arg0s1080-mrz', 'images', '*.png')))]
    for role in ('development', 'reported'):
        yield role, [landscape_720(cv2.imread(f)) for f in pages
                     if split[os.path.basename(f).split('_')[0]] == role]
    from secondlook.page import render_page
    faceless = []
    for i in range(40):
        rng = random.Random('portrait-search/%d' % i)
        page, truth = render_page(rng, None, cap_px=rng.uniform(10, 40))
        page = page[:, :, ::-1].copy()
        if truth.get('photo_box'):
            x0, y0, x1, y1 = truth['photo_box']
            page[y0:y1, x0:x1] = page[y0 + 2, x0 + 2]
        faceless.append(landscape_720(page))
    yield 'no face', faceless


def main():
    smallest = [None if a == 'none' else float(a) for a in sys.argv[1:]] or [None, 30.0]
    for name, pictures in sets():
        boxes = {}
        for s in smallest:
            found = right = 0
            spent = 0.0
            boxes[s] = []
            for picture in pictures:
                for turns in (0, 2):
                    shown = picture if turns == 0 else cv2.rotate(picture, cv2.ROTATE_180)
                    started = time.perf_counter()
                    upright, box = portrait(shown, s)
                    spent += time.perf_counter() - started
                    found += box is not None
                    right += upright == (turns == 0)
                    boxes[s].append(box)
            count = 2 * len(pictures)
            print('%-11s smallest %-5s portrait %3d of %d, right way up %3d of %d, %.0f ms a picture'
                  % (name, s, found, count, right, count, 1000 * spent / count), flush=True)
        for s in smallest[1:]:
            overlaps = [overlap(a, b) for a, b in zip(boxes[smallest[0]], boxes[s]) if a and b]
            if overlaps:
                print('%-11s smallest %-5s portrait box against smallest %s: IoU median %.2f, min %.2f'
                      % (name, s, smallest[0], np.median(overlaps), min(overlaps)))


if __name__ == '__main__':
    main()
