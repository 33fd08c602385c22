"""Glyph masks of the MRZ alphabet, rendered once per font at a fixed large cap
height (supersampling) and cached; lines are composed from these masks, then
scaled down, which is much faster than asking PIL for every size."""
import os

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from .mrz import ALPHABET

SS_CAP = 48  # cap height (px) of the cached masks

OCRB = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
OCRB_SHARP = "/usr/share/fonts/opentype/ocr-b/OCRBS.otf"

# (path, weight): OCR-B dominates (~75%), other monospace faces add variety.
# Missing optional fonts (fonts-liberation, fonts-freefont-ttf) are skipped.
MRZ_FONTS = [
    (OCRB, 55),
    (OCRB_SHARP, 20),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 7),
    ("/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf", 6),
    ("/usr/share/fonts/truetype/freefont/FreeMonoBold.ttf", 6),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", 3),
    ("/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf", 3),
]

# Proportional sans faces: some issuers print the MRZ in a plain sans face
# rather than OCR-B. Each glyph is centred in its cell (`GlyphSet(centred=)`),
# as an MRZ printer places it.
SANS_FONTS = [
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 6),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 4),
    ("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", 6),
    ("/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf", 4),
    ("/usr/share/fonts/truetype/freefont/FreeSans.ttf", 5),
    ("/usr/share/fonts/truetype/freefont/FreeSansBold.ttf", 5),
]

_cache = {}


def available_fonts(faces=MRZ_FONTS):
    fonts = [(p, w) for p, w in faces if os.path.exists(p)]
    if not fonts:
        raise SystemExit("no MRZ font found: install fonts-ocr-b")
    return fonts


def pick_font(rng, faces=MRZ_FONTS):
    fonts = available_fonts(faces)
    return rng.choices([p for p, _ in fonts], weights=[w for _, w in fonts])[0]


class GlyphSet:
    """Masks (float32 0..1) of every MRZ character, with their offset from the
    pen position on the baseline, scaled so the capital height is SS_CAP."""

    def __init__(self, path, centred=False, digit_scale=1.0):
        probe = ImageFont.truetype(path, 200)
        top, bottom = probe.getbbox("H", anchor="ls")[1], 0
        size = int(round(200 * SS_CAP / (bottom - top)))
        font = ImageFont.truetype(path, size)
        self.advance = font.getlength("H")
        self.masks = {}
        for ch in ALPHABET:
            x0, y0, x1, y1 = font.getbbox(ch, anchor="ls")
            img = Image.new("L", (x1 - x0 + 2, y1 - y0 + 2), 0)
            ImageDraw.Draw(img).text((1 - x0, 1 - y0), ch, font=font, fill=255, anchor="ls")
            # a centred glyph sits in the middle of the advance, whatever its width
            left = (self.advance - img.width) / 2.0 if centred else x0 - 1
            top = y0 - 1
            if ch.isdigit() and digit_scale != 1.0:
                # digits drawn taller or shorter than the capitals, standing
                # on the same baseline (some MRZ faces print them so)
                img = img.resize((img.width, max(1, int(round(img.height * digit_scale)))),
                                 Image.BILINEAR)
                top = int(round(top * digit_scale))
            self.masks[ch] = (np.asarray(img, np.float32) / 255.0, left, top)
        # centre of the glyph cell, so other fonts' different side bearings
        # do not shift the text within the pitch
        self.cell_centre = self.advance / 2.0


def glyph_set(path, centred=False, digit_scale=1.0):
    key = (path, centred, digit_scale)
    if key not in _cache:
        _cache[key] = GlyphSet(path, centred, digit_scale)
    return _cache[key]
