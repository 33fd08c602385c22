#!/usr/bin/python3
"""Small scans of document images: each image (with its truth NAME.txt
beside it) scanned or photographed flat at low resolution and saved as a
JPEG, as identity documents are often kept and passed around.

    /usr/bin/python3 Tests/SecondLook/scans.py --out DIR --seed N IMAGE...

Each picture's long side is 420-900 pixels, so the MRZ capitals of a
passport page are about 6 to 12 pixels tall; it lies upright seven times in
ten, otherwise a quarter or half turn round, and skewed by up to 3 degrees
on a white or grey scanner bed; the optics soften it (Gaussian sigma
0.3-0.9 px), the sensor adds noise, and it is saved as JPEG at quality 35
to 90. Writes DIR/NAME_II.jpg with its truth DIR/NAME_II.txt (II: the
image's place in the list) and prints one line per picture (name, size,
quarter turns, softness, quality). The output is a pure function of the
seed and the list of images.

The stills go through the element like the phone photos:
`plugin/mrz-eval.sh --set photos --photos DIR`.
"""

import cv2
import numpy as np

from secondlook import stills


def scan(page, rng, noise):
    """`page` (BGR) scanned small: the picture, its quarter turns and softness."""
    quarter_turns = rng.choices([0, 1, 2, 3], weights=[7, 1, 1, 1])[0]
    page = np.rot90(page, -quarter_turns).copy()
    height, width = page.shape[:2]
    long_side = rng.uniform(420, 900)
    scale = long_side / max(width, height)
    # A bed a little larger than the page, the page skewed on it.
    bed_level = rng.choice([rng.uniform(225, 250), rng.uniform(150, 200)])
    margin = rng.uniform(0.0, 0.06)
    out_width = int(round(width * scale * (1 + 2 * margin)))
    out_height = int(round(height * scale * (1 + 2 * margin)))
    angle = rng.uniform(-3, 3)
    # Shrunk by area first (a sensor's pixels average the light), then
    # turned by the skew at the small size.
    small = cv2.resize(page, (max(1, int(round(width * scale))), max(1, int(round(height * scale)))),
                       interpolation=cv2.INTER_AREA)
    warp_small = cv2.getRotationMatrix2D((small.shape[1] / 2, small.shape[0] / 2), angle, 1.0)
    warp_small[:, 2] += (out_width / 2 - small.shape[1] / 2, out_height / 2 - small.shape[0] / 2)
    picture = cv2.warpAffine(small, warp_small, (out_width, out_height), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=(bed_level,) * 3)
    softness = rng.uniform(0.3, 0.9)
    picture = cv2.GaussianBlur(picture.astype(np.float32), (0, 0), softness)
    picture += noise.normal(0, rng.uniform(1, 4), picture.shape)
    return np.clip(picture, 0, 255).astype(np.uint8), quarter_turns, softness


if __name__ == '__main__':
    stills.main(__doc__.split('\n\n')[0], scan, lambda rng: rng.randint(35, 90))
