#!/usr/bin/python3
"""Document images with coloured stamps across their MRZ: each image (with
its truth NAME.txt beside it) overprinted with one to three stamps, as
specimens, cancelled passports and photocopies often are, and saved as a
JPEG.

    /usr/bin/python3 Tests/SecondLook/stamps.py --out DIR --seed N IMAGE...

A stamp is a word (SPECIMEN, VOID, CANCELLED, ...) in a frame, in red,
blue, violet or green ink laid over the page as ink is (the page shows
through it), 25 to 75 % opaque, its strokes 0.2 to 0.6 of an MRZ
character's height thick, turned up to 35 degrees, and placed in the
lowest fifth of the page, where the MRZ is, so that its strokes cross the
MRZ's characters. The picture keeps the image's size and is saved as JPEG
at quality 80 to 95. Writes DIR/NAME_II.jpg with its truth DIR/NAME_II.txt
(II: the image's place in the list) and prints one line per picture (name,
size, 0, stamps). The output is a pure function of the seed and the list of
images.

The stills go through the element like the phone photos:
`plugin/mrz-eval.sh --set photos --photos DIR`.
"""

import cv2
import numpy as np

from secondlook import stills

WORDS = ['SPECIMEN', 'VOID', 'CANCELLED', 'SAMPLE', 'MUSTER', 'SPECIMEN']
# Stamp inks (BGR): red, blue, violet, green.
INKS = [(40, 40, 210), (190, 90, 30), (160, 50, 130), (60, 150, 40)]


def stamp(page, rng, noise):
    """`page` (BGR) with stamps across its lowest fifth: the picture, no
    quarter turns, and the number of stamps (in the softness column)."""
    height, width = page.shape[:2]
    picture = page.astype(np.float32)
    count = rng.randint(1, 3)
    # An MRZ capital is about 1/40 of a passport page's height and 1/25 of
    # a card's; a stamp's stroke is a share of it.
    capital = height / rng.uniform(25, 40)
    for _ in range(count):
        word = rng.choice(WORDS)
        ink = np.array(rng.choice(INKS), np.float32)
        opacity = rng.uniform(0.25, 0.75)
        thickness = max(1, int(round(capital * rng.uniform(0.2, 0.6))))
        letters = capital * rng.uniform(1.2, 3.0)
        scale = letters / 22.0  # Hershey simplex capitals are about 22 units tall
        (text_w, text_h), _ = cv2.getTextSize(word, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
        pad = int(letters * 0.4)
        layer = np.zeros((text_h + 4 * pad, text_w + 4 * pad), np.uint8)
        cv2.putText(layer, word, (2 * pad, 2 * pad + text_h), cv2.FONT_HERSHEY_SIMPLEX, scale, 255,
                    thickness, cv2.LINE_AA)
        if rng.random() < 0.7:
            cv2.rectangle(layer, (pad, pad), (layer.shape[1] - pad, layer.shape[0] - pad), 255,
                          thickness, cv2.LINE_AA)
        angle = rng.uniform(-35, 35)
        centre_x = rng.uniform(0.15, 0.85) * width
        centre_y = rng.uniform(0.8, 0.95) * height
        turn = cv2.getRotationMatrix2D((layer.shape[1] / 2, layer.shape[0] / 2), angle, 1.0)
        turn[:, 2] += (centre_x - layer.shape[1] / 2, centre_y - layer.shape[0] / 2)
        mask = cv2.warpAffine(layer, turn, (width, height), flags=cv2.INTER_LINEAR).astype(np.float32)
        # Ink absorbs: the stamp's colour multiplies what lies under it.
        cover = (mask / 255.0 * opacity)[:, :, None]
        picture = picture * (1 - cover) + picture * (ink / 255.0) * cover
    picture += noise.normal(0, 1.5, picture.shape)
    return np.clip(picture, 0, 255).astype(np.uint8), 0, count


if __name__ == '__main__':
    stills.main(__doc__.split('\n\n')[0], stamp, lambda rng: rng.randint(80, 95))
