"""The command line shared by photos.py and scans.py: each document image
(with its truth NAME.txt beside it) turned into one JPEG still."""
import argparse
import functools
import os
import random
import shutil

import cv2
import numpy as np

from secondlook import parallel


def main(description, picture_of, quality_of):
    """Runs the command: `picture_of(page, rng, noise)` gives the still, its
    quarter turns and its softness (printed after its name and size);
    `quality_of(rng)` its JPEG quality (drawn after the picture, from the
    same generator)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument('--out', required=True)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--jobs', type=int, default=os.cpu_count() or 1,
                        help='pictures made at a time (default: one per core; the '
                             'pictures are the same whatever the number)')
    parser.add_argument('images', nargs='+')
    options = parser.parse_args()
    os.makedirs(options.out, exist_ok=True)
    make = functools.partial(make_still, picture_of, quality_of, options.out, options.seed)
    for line in parallel.in_order(make, list(enumerate(options.images)), options.jobs):
        print(line, flush=True)


def make_still(picture_of, quality_of, out, seed, item):
    """Writes the still of the `index`th image (and its truth) to `out`;
    returns its printed line."""
    index, path = item
    # Each picture from its own generators: one image's draws never
    # change another's, so pictures can be made in any order.
    rng = random.Random(seed * 100003 + index)
    noise = np.random.default_rng(seed * 100003 + index)
    page = cv2.imread(path)
    if page is None:
        raise SystemExit(f'{path}: cannot read')
    picture, quarter_turns, softness = picture_of(page, rng, noise)
    name = '%s_%02d' % (os.path.splitext(os.path.basename(path))[0], index)
    quality = quality_of(rng)
    cv2.imwrite(os.path.join(out, name + '.jpg'), picture, [cv2.IMWRITE_JPEG_QUALITY, quality])
    shutil.copy(os.path.splitext(path)[0] + '.txt', os.path.join(out, name + '.txt'))
    return f'{name} {picture.shape[1]} {picture.shape[0]} {quarter_turns} {round(softness, 2)}'
