#!/usr/bin/python3
"""How many ORB features of a document page are found again in another
image by one homography (the measure behind docscan's `wrong-side` for a
card's front shown again, Sources/DocScanCore/Session/SideShownAgain.swift).

Prints, for the shared specimens and two pages of five development
countries of the synthetic set (never the reported ones):
- every pair of different documents (the other side of a card shares no
  print with its front; these pairs bound what unrelated print shares);
- each page against itself blurred, dimmed, lit unevenly, noisy, shifted
  by up to 3 % and turned half round in every other trial.
The settings are the element's: 360 px wide, 500 ORB features,
cross-checked Hamming matches, RANSAC at 4 px.

    /usr/bin/python3 Tests/Calibration/front_again_calibration.py
"""
import glob
import itertools
import pathlib

import cv2
import numpy as np

DATA = pathlib.Path(__file__).resolve().parents[3] / 'shared' / 'data'
DEVELOPMENT = ('BEL', 'BGR', 'CAN', 'CHN', 'D')
WIDTH, FEATURES, RANSAC = 360, 500, 4.0


def images():
    found = {p.name: cv2.imread(str(p), 0)
             for p in sorted((DATA / 'mrz-Arg0s1080-mrz' / 'images').glob('*.png'))}
    for path in sorted(glob.glob(str(DATA / 'mrz-tony-xlh-MRZ-dataset') + '/**/*.jpg', recursive=True)):
        name = pathlib.Path(path).name
        if name.split('_')[0] in DEVELOPMENT and name.endswith(('_00.jpg', '_01.jpg')):
            found[name] = cv2.imread(path, 0)
    return found


ORB = cv2.ORB_create(nfeatures=FEATURES)


def features(grey):
    if grey.shape[0] > grey.shape[1]:
        grey = cv2.rotate(grey, cv2.ROTATE_90_CLOCKWISE)
    height = int(round(grey.shape[0] * WIDTH / grey.shape[1]))
    return ORB.detectAndCompute(cv2.resize(grey, (WIDTH, height), interpolation=cv2.INTER_AREA), None)


def matched(a, b):
    (keys_a, desc_a), (keys_b, desc_b) = a, b
    if desc_a is None or desc_b is None:
        return 0
    matches = cv2.BFMatcher(cv2.NORM_HAMMING, crossCheck=True).match(desc_a, desc_b)
    if len(matches) < 4:
        return 0
    pa = np.float32([keys_a[m.queryIdx].pt for m in matches])
    pb = np.float32([keys_b[m.trainIdx].pt for m in matches])
    _, mask = cv2.findHomography(pa, pb, cv2.RANSAC, RANSAC)
    return int(mask.sum()) if mask is not None else 0


def degraded(grey, rng, trial):
    h, w = grey.shape
    d = grey.astype(np.float32)
    d = cv2.GaussianBlur(d, (0, 0), rng.uniform(0.5, 3) * w / 700)
    d = d * rng.uniform(0.5, 1.1) + rng.uniform(-30, 30)
    d = d * np.linspace(rng.uniform(0.7, 1), rng.uniform(0.7, 1), w)[None, :]
    d += rng.normal(0, rng.uniform(0, 10), d.shape)
    m = np.float32([[1 + rng.uniform(-.03, .03), rng.uniform(-.02, .02), rng.uniform(-.03, .03) * w],
                    [rng.uniform(-.02, .02), 1 + rng.uniform(-.03, .03), rng.uniform(-.03, .03) * h]])
    d = cv2.warpAffine(d, m, (w, h), borderMode=cv2.BORDER_REPLICATE)
    if trial % 2:
        d = np.rot90(d, 2)
    return np.clip(d, 0, 255).astype(np.uint8)


def main():
    pages = images()
    kept = {name: features(grey) for name, grey in pages.items()}
    other = sorted(((matched(kept[a], kept[b]), a, b) for a, b in itertools.combinations(kept, 2)), reverse=True)
    print('different documents: %d pairs, matched features median %.0f, 90th percentile %.0f, 99th %.0f'
          % (len(other), *np.percentile([o[0] for o in other], [50, 90, 99])))
    print('  most shared:', ', '.join('%s/%s %d' % (a, b, n) for n, a, b in other[:5]))
    rng = np.random.default_rng(1)
    same = sorted((matched(kept[name], features(degraded(grey, rng, trial))), name)
                  for name, grey in pages.items() for trial in range(6))
    print('the same page degraded: %d trials, matched features 1st percentile %.0f, 10th %.0f, median %.0f'
          % (len(same), *np.percentile([s[0] for s in same], [1, 10, 50])))
    print('  fewest:', ', '.join('%s %d' % (name, n) for n, name in same[:5]))


if __name__ == '__main__':
    main()
