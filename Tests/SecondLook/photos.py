#!/usr/bin/python3
"""Phone photos of document images: each image (with its truth NAME.txt
beside it) laid on a desk, photographed.

    /usr/bin/python3 Tests/SecondLook/photos.py --out DIR --seed N IMAGE...

Each picture is 4032x3024, or 3024x4032 (held portrait) two times in five;
the document takes 45-75 % of the frame and lies any way round (a quarter
turn drawn at random, then up to 8 degrees more), its corners moved by up
to 5 % of its short side (perspective); the desk is wood, plain, cloth or
white; the light falls off by 15-40 % across the picture; the lens softens
it (Gaussian sigma 0.6-2.0 px), the sensor adds noise and the phone saves
it as JPEG at quality 70, 80 or 90. Writes DIR/NAME_II.jpg with its truth
DIR/NAME_II.txt (II: the image's place in the list) and prints one line per
picture (name, size, quarter turns, softness). The output is a pure
function of the seed and the list of images.

The stills go through the element with
`plugin/mrz-eval.sh --photos DIR` (set `photos`).
"""

import cv2
import numpy as np

from secondlook import stills


def desk(rng, noise, width, height):
    """A desk surface at a quarter of the size, scaled up."""
    kind = rng.choice(['wood', 'plain', 'cloth', 'white'])
    small = (height // 8, width // 8)
    base = np.array([rng.uniform(40, 220) for _ in range(3)])
    if kind == 'white':
        base = np.array([rng.uniform(200, 240)] * 3) + noise.normal(0, 4, 3)
    speckle = noise.normal(0, 1, small)
    surface = np.ones(small + (3,)) * base
    if kind == 'wood':
        grain = np.sin(np.linspace(0, rng.uniform(20, 60), small[0]))[:, None, None]
        surface += grain * rng.uniform(8, 25)
        surface += cv2.GaussianBlur(speckle, (0, 0), 3)[..., None] * 10
    elif kind == 'cloth':
        surface += speckle[..., None] * 15
    else:
        surface += cv2.GaussianBlur(speckle, (0, 0), 8)[..., None] * 20
    surface = np.clip(surface, 0, 255).astype(np.uint8)
    return cv2.resize(surface, (width, height), interpolation=cv2.INTER_CUBIC).astype(np.float32)


def photograph(page, rng, noise):
    """`page` (BGR) photographed on a desk: the picture and its turns."""
    page_height, page_width = page.shape[:2]
    width, height = 4032, 3024
    if rng.random() < 0.4:
        width, height = height, width
    quarter_turns = rng.choice([0, 1, 2, 3])
    picture = desk(rng, noise, width, height)
    # Sized to fit the frame the way it lies (turned a quarter, its width
    # runs along the frame's height).
    if quarter_turns % 2 == 0:
        fit = min(width / page_width, height / page_height)
    else:
        fit = min(width / page_height, height / page_width)
    scale = rng.uniform(0.45, 0.75) * fit
    half_width, half_height = page_width * scale / 2, page_height * scale / 2
    centre = (width / 2 + rng.uniform(-0.1, 0.1) * width,
              height / 2 + rng.uniform(-0.1, 0.1) * height)
    angle = np.deg2rad(rng.uniform(-8, 8) + 90 * quarter_turns)
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    corners = np.array([[-half_width, -half_height], [half_width, -half_height],
                        [half_width, half_height], [-half_width, half_height]])
    placed = corners @ rotation.T + centre
    placed += noise.uniform(-0.05, 0.05, (4, 2)) * 2 * min(half_width, half_height)
    source = np.float32([[0, 0], [page_width, 0], [page_width, page_height], [0, page_height]])
    warp = cv2.getPerspectiveTransform(source, np.float32(placed))
    drawn = cv2.warpPerspective(page, warp, (width, height), flags=cv2.INTER_CUBIC)
    cover = cv2.warpPerspective(np.ones((page_height, page_width), np.float32), warp,
                                (width, height))
    cover = cv2.GaussianBlur(cover, (0, 0), 1.5)[..., None]
    picture = drawn.astype(np.float32) * cover + picture * (1 - cover)
    # The light falls off along a random direction.
    xs, ys = np.meshgrid(np.linspace(0, 1, width // 16), np.linspace(0, 1, height // 16))
    a, b = rng.uniform(-1, 1), rng.uniform(-1, 1)
    along = (a * xs + b * ys - min(0, a) - min(0, b)) / (abs(a) + abs(b))
    light = 1 - rng.uniform(0.15, 0.4) * along
    picture *= cv2.resize(light.astype(np.float32), (width, height))[..., None]
    softness = rng.uniform(0.6, 2.0)
    picture = cv2.GaussianBlur(picture, (0, 0), softness)
    picture += noise.normal(0, rng.uniform(2, 6), picture.shape)
    return np.clip(picture, 0, 255).astype(np.uint8), quarter_turns, softness


if __name__ == '__main__':
    stills.main(__doc__.split('\n\n')[0], photograph, lambda rng: rng.choice([70, 80, 90]))
