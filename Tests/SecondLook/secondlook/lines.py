"""One MRZ text line as the product hands it to Tesseract: rectified (residual
tilt/shear/perspective), cropped with 0.3-0.6 cap heights above/below and
0.5-1 character left/right (a sliver of the neighbouring MRZ line may show),
then degraded like a camera frame. Used to make Tesseract training lines."""
import random

import cv2
import numpy as np

from . import background, degrade, mrz
from .glyphs import SANS_FONTS, SS_CAP, glyph_set, pick_font
from .layout import compose_block

# Render styles. "standard" trains docscan's first model (mrz); "wide" trains
# its second (mrz_wide), whose readings must err independently of the first's:
# other lines (another seed), letter spacing up to 1.5 capital heights (some
# issuers print wider than OCR-B's pitch), up to two characters of margin,
# and a third of the lines in proportional sans faces centred in their cells.
# "mixed" is the first model's renders with a fifth of the lines in those
# sans faces (some issuers print the MRZ in one). "spaced" is the first
# model's faces with the wide style's spacing and margins: it continues the
# first model's training (train.sh CONTINUE_FROM) without other faces.
# "small" is the first model's renders with a third of the lines printed with
# 6-10 px capitals (low-resolution scans and far cameras: below the 10 px the
# other styles start at), each resampled afterwards to a capital height of
# 16-24 px as docscan's reading views resample the strip they cut.
# "smallcrisp" is "small" with a sixth of the lines printed crisp (no blur,
# light noise, no compression, strong contrast): clean stills and good
# scans must not be read as the blurred lines the other styles teach (a
# model continued on "small" alone read a clean E as F).
# "proportions" is the standard style with half of the lines printed with
# digits 8-14 % taller or shorter than the capitals (MRZ faces differ there;
# in a face whose O and 0 have one shape, the height is what tells them
# apart), and a fifth of its lines crisp.
# "lookalikes" is the standard style with a third of the lines carrying runs
# dense in look-alikes (0 O Q D, 8 B, 1 I, 5 S, 2 Z, 6 G) where any character
# may stand, so that only the glyph's shape tells them apart, never the
# field; a seventh of its lines crossed by thin grey strokes (stamps, pen,
# underprint lines) and a fifth small and a sixth crisp as "smallcrisp".
STYLES = {
    "standard": {"pitch": (1.0, 1.25), "side": (0.25, 0.75), "sans": 0.0, "small": 0.0},
    "wide": {"pitch": (1.0, 1.5), "side": (0.25, 2.0), "sans": 0.35, "small": 0.0},
    "mixed": {"pitch": (1.0, 1.25), "side": (0.25, 0.75), "sans": 0.2, "small": 0.0},
    "spaced": {"pitch": (1.0, 1.5), "side": (0.25, 2.0), "sans": 0.0, "small": 0.0},
    "small": {"pitch": (1.0, 1.25), "side": (0.25, 0.75), "sans": 0.0, "small": 0.35},
    "smallcrisp": {"pitch": (1.0, 1.25), "side": (0.25, 0.75), "sans": 0.0, "small": 0.35, "crisp": 0.17},
    "proportions": {"pitch": (1.0, 1.25), "side": (0.25, 0.75), "sans": 0.0, "small": 0.0, "crisp": 0.2,
                    "digits": 0.5},
    "lookalikes": {"pitch": (1.0, 1.25), "side": (0.25, 0.75), "sans": 0.0, "small": 0.2, "crisp": 0.17,
                   "lookalikes": 0.33, "strokes": 0.15},
}

# Look-alike pairs, each side as likely: a run drawn from them leaves the
# model nothing but the glyph's shape.
LOOKALIKE_RUN = "0OQD0O8B1I5S2Z6G"


def _lookalike_runs(rng, line):
    """`line` with one to three runs of look-alikes in place of its text."""
    return mrz.scramble(rng, line, pool=LOOKALIKE_RUN, runs=(1, 3), length=(3, 9))


def _strokes(img, cap, rng):
    """Thin grey strokes across the line: a stamp's frame, a pen, a guilloche
    line printed darker than the rest. The page shows through them."""
    h, w = img.shape
    layer = np.zeros((h, w), np.float32)
    for _ in range(rng.randint(1, 2)):
        thickness = max(1, int(round(cap * rng.uniform(0.08, 0.35))))
        if rng.random() < 0.5:
            p0 = (int(rng.uniform(-0.2, 1.2) * w), int(rng.uniform(-0.5, 1.5) * h))
            p1 = (int(rng.uniform(-0.2, 1.2) * w), int(rng.uniform(-0.5, 1.5) * h))
            cv2.line(layer, p0, p1, 1.0, thickness, cv2.LINE_AA)
        else:
            centre = (int(rng.uniform(0, w)), int(rng.uniform(-2, 3) * h))
            radius = int(rng.uniform(1, 6) * h)
            cv2.circle(layer, centre, radius, 1.0, thickness, cv2.LINE_AA)
    opacity = rng.uniform(0.2, 0.6)
    return img * (1 - layer * opacity)


def _digit_scale(rng, share):
    """How much taller (or shorter) than the capitals digits are printed."""
    if share <= 0 or rng.random() >= share:
        return 1.0
    # quantised, so the glyph cache holds a few sets per face
    size = round(rng.uniform(0.08, 0.14) / 0.02) * 0.02
    return 1.0 + size if rng.random() < 0.7 else 1.0 - size


def _homography(rng, centre):
    """Residual rectification error about `centre`: tilt, shear, keystone."""
    angle = np.radians(float(np.clip(rng.gauss(0, 0.6), -2, 2)))
    shear = float(np.clip(rng.gauss(0, 0.06), -0.2, 0.2))
    aspect = rng.uniform(0.9, 1.1)
    # keystone left after rectification: a few percent over the line at most
    px = float(np.clip(rng.gauss(0, 0.00003), -0.0001, 0.0001))
    cx, cy = centre
    t1 = np.array([[1, 0, -cx], [0, 1, -cy], [0, 0, 1]], np.float64)
    rot = np.array([[np.cos(angle), -np.sin(angle), 0], [np.sin(angle), np.cos(angle), 0], [0, 0, 1]])
    sh = np.array([[1, shear, 0], [0, aspect, 0], [px, 0, 1]])
    t2 = np.array([[1, 0, cx], [0, 1, cy], [0, 0, 1]], np.float64)
    return t2 @ rot @ sh @ t1


def _cap_height(rng, small_share=0.0):
    # the product reads mostly 12-25 px capitals; keep the whole 10-40 range
    if small_share > 0 and rng.random() < small_share:
        return rng.uniform(6, 10)
    return rng.uniform(10, 24) if rng.random() < 0.6 else rng.uniform(24, 40)


def _blur_sigma(rng, cap):
    # Lines a reader can still read: a line blurred past that teaches the
    # model nothing but to guess (the check digits reject guesses anyway).
    r = rng.random()
    if r < 0.65:
        return rng.uniform(0, 0.05) * cap
    if r < 0.95:
        return rng.uniform(0.05, 0.1) * cap
    return rng.uniform(0.1, 0.14) * cap


def render_line(rng, lines, index, style="standard"):
    """Renders lines[index] with its MRZ neighbours; returns a uint8 grey image."""
    np_rng = np.random.default_rng(rng.getrandbits(32))
    # drawn only by styles with crisp lines, so the others' draws stay as they were
    crisp = STYLES[style].get("crisp", 0) > 0 and rng.random() < STYLES[style]["crisp"]
    cap = _cap_height(rng, STYLES[style]["small"])
    pitch_ratio = rng.uniform(*STYLES[style]["pitch"])
    sans = STYLES[style]["sans"] > 0 and rng.random() < STYLES[style]["sans"]
    # drawn only by styles that vary digit heights, so the others' draws stay as they were
    digits = _digit_scale(rng, STYLES[style].get("digits", 0))
    glyphs = (glyph_set(pick_font(rng, SANS_FONTS), centred=True) if sans
              else glyph_set(pick_font(rng), digit_scale=digits))
    stroke = rng.choice([-2, -1, 0, 0, 0, 1, 1, 2, 3])
    mask, boxes, _ = compose_block(lines, glyphs, rng, pitch_ratio, rng.uniform(1.5, 2.1),
                                   jitter=0.05, stroke=stroke)
    f = cap / SS_CAP
    small = cv2.resize(mask, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    # room around the block, so the residual warp never pushes text out
    pad = int(round(2 * cap))
    small = cv2.copyMakeBorder(small, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    x0, y0, x1, y1 = [v * f + pad for v in boxes[index]]
    hom = _homography(rng, ((x0 + x1) / 2, (y0 + y1) / 2))
    small = cv2.warpPerspective(small, hom, (small.shape[1], small.shape[0]), flags=cv2.INTER_LINEAR)
    corners = cv2.perspectiveTransform(np.array([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]], np.float32), hom)[0]
    pitch = cap * pitch_ratio
    cx0 = corners[:, 0].min() - rng.uniform(*STYLES[style]["side"]) * pitch
    cx1 = corners[:, 0].max() + rng.uniform(*STYLES[style]["side"]) * pitch
    margins = (0.3, 0.6) if rng.random() < 0.85 else (0.15, 0.9)
    cy0 = corners[:, 1].min() - rng.uniform(*margins) * cap
    cy1 = corners[:, 1].max() + rng.uniform(*margins) * cap
    ix0, iy0 = max(0, int(round(cx0))), max(0, int(round(cy0)))
    ix1, iy1 = min(small.shape[1], int(round(cx1))), min(small.shape[0], int(round(cy1)))
    ink_cover = small[iy0:iy1, ix0:ix1]
    h, w = ink_cover.shape

    bg = background.to_grey(background.security_background(h, w, rng, scale=cap / 20))
    ink = rng.uniform(0.0, 0.25)
    img = bg * (1 - ink_cover * (1 - ink))
    img = img * background.gradient(h, w, rng, rng.uniform(0, 0.4))
    # drawn only by styles with strokes, so the others' draws stay as they were
    if STYLES[style].get("strokes", 0) > 0 and rng.random() < STYLES[style]["strokes"]:
        img = _strokes(img, cap, rng)
    if crisp:
        return _crisp(img, cap, rng, np_rng)
    img = degrade.gaussian_blur(img, _blur_sigma(rng, cap))
    if rng.random() < 0.1:
        img = degrade.motion_blur(img, cap * 0.25 * rng.random(), rng.uniform(0, 180))
    black = rng.uniform(0, 0.25) if rng.random() < 0.3 else rng.uniform(0, 0.08)
    white = rng.uniform(max(black + 0.4, 0.6), 1.0)
    img = degrade.contrast(np.clip(img, 0, 1), black, white)
    img = degrade.sensor_noise(img, rng.uniform(0, 0.04) if rng.random() < 0.9 else rng.uniform(0.04, 0.08), np_rng)
    img = np.clip(img, 0, 1).astype(np.float32)
    r = rng.random()
    if r < 0.25:
        # macroblocks happen in the video frame, at another scale than the crop
        s = rng.uniform(0.7, 1.6)
        frame = cv2.resize(img, None, fx=s, fy=s, interpolation=cv2.INTER_LINEAR)
        frame = degrade.blocky(frame, rng.choice([8, 16]), rng.randint(2, 6), rng.uniform(0.02, 0.1))
        img = cv2.resize(frame, (w, h), interpolation=cv2.INTER_LINEAR)
    if r >= 0.25 and r < 0.7 or rng.random() < 0.2:
        img = degrade.jpeg(img, rng.randint(15, 90))
    if cap < 10:
        # the reader never hands the model a strip this small: it cuts the
        # row again at one of its views' capital heights (bilinear)
        view = rng.choice([16, 20, 24])
        img = cv2.resize(img, None, fx=view / cap, fy=view / cap, interpolation=cv2.INTER_LINEAR)
    return degrade.to_u8(img)


def _crisp(img, cap, rng, np_rng):
    """A clean still or a good scan: print at full contrast, no blur, faint noise."""
    black = rng.uniform(0, 0.08)
    white = rng.uniform(0.85, 1.0)
    img = degrade.contrast(np.clip(img, 0, 1), black, white)
    img = degrade.sensor_noise(img, rng.uniform(0, 0.01), np_rng)
    img = np.clip(img, 0, 1).astype(np.float32)
    if cap < 10:
        view = rng.choice([16, 20, 24])
        img = cv2.resize(img, None, fx=view / cap, fy=view / cap, interpolation=cv2.INTER_LINEAR)
    return degrade.to_u8(img)


def random_line(rng, style="standard"):
    """(text, image) of a random MRZ line from a random MRZ of any format."""
    fmt, lines = mrz.random_mrz(rng)
    if rng.random() < 0.12:
        lines = [mrz.scramble(rng, l) for l in lines]
    # drawn only by styles with look-alike runs, so the others' draws stay as they were
    if STYLES[style].get("lookalikes", 0) > 0 and rng.random() < STYLES[style]["lookalikes"]:
        lines = [_lookalike_runs(rng, l) for l in lines]
    index = rng.randrange(len(lines))
    return lines[index], render_line(rng, lines, index, style)


def line_sample(seed, i, style="standard"):
    """Line number i of the set seeded by `seed`: independent of other lines,
    so sets can be rendered in any order or in parts and stay identical."""
    return random_line(random.Random("%d/%d" % (seed, i)), style)
