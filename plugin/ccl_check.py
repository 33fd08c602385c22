#!/usr/bin/python3
"""Checks that OpenCV's block-based connected-component labelling (BBDT),
which the ink-blob finder uses (Sources/COpenCVShim/text_ops.cpp), gives
the same labels, in the same order, with the same statistics as OpenCV's
default algorithm on images thresholded as the element thresholds them:
every 9th development page of the shared MRZ set (10 pages) and 12 frames of the
demo clip, each as it lies and turned a quarter, at darkness 10, 20 and 4,
single-threaded as in the element. Prints the count of identical results
and each algorithm's time per call; exits 1 on any difference.

Usage: plugin/ccl_check.py   (from the repository; needs ../shared/data)
"""

import glob
import os
import sys
import time

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
PAGES = os.path.join(HERE, '..', '..', 'shared', 'data', 'mrz-tony-xlh-MRZ-dataset')
DEMO = os.path.join(HERE, '..', 'pipelines', 'media', 'demo.mp4')
SPLIT = os.path.join(HERE, 'mrz-eval-split.tsv')


def development_countries():
    with open(SPLIT) as split:
        rows = [line.split() for line in split if line.strip() and not line.startswith('#')]
    return {row[0] for row in rows[1:] if row[1] == 'development'}


def images():
    countries = development_countries()
    pages = sorted(glob.glob(os.path.join(PAGES, '**', '*.jpg'), recursive=True))
    pages = [path for path in pages if os.path.basename(path).split('_')[0] in countries]
    for path in pages[::9]:
        yield cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    capture = cv2.VideoCapture(DEMO)
    index = 0
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        if index % 20 == 0:
            yield cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        index += 1


def main():
    cv2.setNumThreads(1)
    same = total = 0
    spent = {'default': 0.0, 'bbdt': 0.0}
    for image in images():
        for turned in (image, cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)):
            if max(turned.shape) > 1280:
                scale = 1280 / max(turned.shape)
                turned = cv2.resize(turned, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            block = max(15, min(turned.shape) // 20) | 1
            for darkness in (10, 20, 4):
                dark = cv2.adaptiveThreshold(turned, 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                                             cv2.THRESH_BINARY_INV, block, darkness)
                start = time.perf_counter()
                a = cv2.connectedComponentsWithStats(dark, connectivity=8)
                middle = time.perf_counter()
                b = cv2.connectedComponentsWithStatsWithAlgorithm(dark, 8, cv2.CV_32S,
                                                                  cv2.CCL_BBDT)
                spent['default'] += middle - start
                spent['bbdt'] += time.perf_counter() - middle
                total += 1
                same += a[0] == b[0] and np.array_equal(a[1], b[1]) and np.array_equal(a[2], b[2])
    if total == 0:
        print('no images found', file=sys.stderr)
        return 1
    print(f'{same} of {total} identical; ms per call: default '
          f'{spent["default"] * 1000 / total:.2f}, BBDT {spent["bbdt"] * 1000 / total:.2f}')
    return 0 if same == total else 1


if __name__ == '__main__':
    sys.exit(main())
