"""A document page with an MRZ: passport data page (TD3), TD1 / TD2 cards and
MRV-A / MRV-B visas, drawn at a chosen MRZ capital height in pixels.

Geometry follows ICAO 9303 loosely: sizes in mm, MRZ pitch 2.54 mm (10 cpi),
capitals ~2.0-2.4 mm, lines ~3.6-4.6 mm apart, MRZ along the bottom edge."""
import os

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from . import background, mrz
from .glyphs import OCRB, OCRB_SHARP, SS_CAP, glyph_set
from .layout import compose_block

# width x height in mm, and what the header says
SIZES_MM = {"TD3": (125.0, 88.0), "TD1": (85.6, 54.0), "TD2": (105.0, 74.0),
            "MRVA": (120.0, 80.0), "MRVB": (105.0, 74.0)}
TITLES = {"TD3": "PASSPORT", "TD1": "IDENTITY CARD", "TD2": "IDENTITY CARD",
          "MRVA": "VISA", "MRVB": "VISA"}
VIZ_FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
]
PITCH_MM = 2.54


def _font(rng, size, bold=None):
    fonts = [f for f in VIZ_FONTS if os.path.exists(f)]
    if bold is not None:
        fonts = [f for f in fonts if ("Bold" in f) == bold] or fonts
    return ImageFont.truetype(rng.choice(fonts), max(6, int(size)))


def _viz_fields(fmt, lines):
    """Human-readable values, taken from the MRZ so the page is consistent."""
    name_line = lines[2] if fmt == "TD1" else lines[0][5:]
    surname, _, given = name_line.partition("<<")
    data = lines[1] if fmt != "TD1" else lines[0]
    number = data[0:9] if fmt != "TD1" else data[5:14]
    dob = (lines[1][0:6] if fmt == "TD1" else lines[1][13:19])
    exp = (lines[1][8:14] if fmt == "TD1" else lines[1][21:27])
    nat = (lines[1][15:18] if fmt == "TD1" else lines[1][10:13])
    pretty = lambda s: s.replace("<", " ").strip() or "-"
    date = lambda d: "%s.%s.%s" % (d[4:6], d[2:4], d[0:2]) if d.isdigit() else d
    return [("Surname / Nom", pretty(surname)), ("Given names / Prénoms", pretty(given)),
            ("Nationality", pretty(nat)), ("Date of birth", date(dob)),
            ("Date of expiry", date(exp)), ("Document No.", pretty(number))]


def _photo(img, rng, box):
    """A cartoon portrait, drawn on its own tile so it stays inside its frame."""
    x0, y0, x1, y1 = [int(v) for v in box]
    w, h = x1 - x0, y1 - y0
    tile = Image.new("RGB", (w, h), tuple(rng.choice([(225, 228, 235), (200, 215, 235), (235, 235, 225)])))
    draw = ImageDraw.Draw(tile)
    skin = rng.choice([(224, 172, 140), (190, 140, 100), (140, 95, 65), (240, 200, 170)])
    hair = rng.choice([(40, 30, 25), (90, 60, 30), (160, 130, 80), (20, 20, 20)])
    draw.ellipse((0.1 * w, 0.75 * h, 0.9 * w, 1.4 * h), fill=rng.choice([(50, 60, 90), (30, 30, 30), (120, 40, 40)]))
    draw.ellipse((0.22 * w, 0.08 * h, 0.78 * w, 0.42 * h), fill=hair)
    draw.ellipse((0.27 * w, 0.15 * h, 0.73 * w, 0.72 * h), fill=skin)
    # Brows, eyes, nose and mouth, so that a face detector sees a face (the
    # portrait tests check the crop). Drawn from the colours already chosen,
    # with no random draws: the rest of the page stays as it was per seed.
    shade = tuple(int(0.55 * c) for c in skin)
    dark = tuple(int(0.5 * c) for c in hair)
    for cx in (0.4, 0.6):
        draw.rectangle(((cx - 0.07) * w, 0.33 * h, (cx + 0.07) * w, 0.355 * h), fill=dark)
        draw.ellipse(((cx - 0.055) * w, 0.385 * h, (cx + 0.055) * w, 0.43 * h), fill=(245, 245, 245))
        draw.ellipse(((cx - 0.025) * w, 0.39 * h, (cx + 0.025) * w, 0.425 * h), fill=(40, 30, 30))
    draw.polygon([(0.5 * w, 0.44 * h), (0.46 * w, 0.53 * h), (0.54 * w, 0.53 * h)], fill=shade)
    draw.ellipse((0.41 * w, 0.585 * h, 0.59 * w, 0.625 * h), fill=(150, 60, 60))
    img.paste(tile, (x0, y0))
    return [x0, y0, x1, y1]


def render_page(rng, fmt=None, cap_px=20.0, lines=None, side="mrz"):
    """Returns (RGB uint8 page, truth dict). truth["mrz_box"] is the MRZ
    text's box in page pixels; truth["char_height_px"] the capital height.
    side="front": a card's front (portrait and printed fields of the same
    person, no MRZ; truth["mrz_line_boxes"] is empty)."""
    front = side == "front"
    if lines is None:
        fmt, lines = mrz.random_mrz(rng, fmt)
    cap_mm = rng.uniform(2.0, 2.4)
    ppm = cap_px / cap_mm  # pixels per mm
    w_mm, h_mm = SIZES_MM[fmt]
    w, h = int(round(w_mm * ppm)), int(round(h_mm * ppm))
    page = background.security_background(h, w, rng, scale=max(1.0, ppm / 8))
    img = Image.fromarray((page * 255).astype(np.uint8))
    draw = ImageDraw.Draw(img)

    line_mm = rng.uniform(3.6, 4.2) if fmt == "TD1" else rng.uniform(3.9, 4.6)
    bottom_mm = rng.uniform(1.5, 5.0)
    mrz_top_mm = h_mm - bottom_mm - (len(lines) - 1) * line_mm - cap_mm
    if front:
        # the printed fields reach down towards the bottom edge
        mrz_top_mm = h_mm - rng.uniform(3.0, 8.0)
    # a clear band behind the MRZ, as on most documents
    if not front and rng.random() < 0.7:
        tone = int(rng.uniform(225, 255))
        draw.rectangle((0, int((mrz_top_mm - 2) * ppm), w, h), fill=(tone, tone, int(tone * rng.uniform(0.93, 1))))

    # header and VIZ in proportional fonts
    ink = tuple(int(v) for v in rng.choice([(20, 20, 30), (30, 40, 90), (60, 20, 20)]))
    label_ink = tuple(int(v) for v in rng.choice([(90, 90, 120), (120, 60, 90), (60, 100, 120)]))
    draw.text((w * rng.uniform(0.03, 0.3), 2.5 * ppm), "%s  %s" % (TITLES[fmt], lines[0][2:5].replace("<", "")),
              font=_font(rng, 3.5 * ppm, True), fill=label_ink)
    photo_w = (0.26 if fmt == "TD3" else 0.3) * w
    px0, py0 = rng.uniform(3, 7) * ppm, rng.uniform(9, 13) * ppm
    photo_h = min(photo_w * 1.3, (mrz_top_mm - 3) * ppm - py0)
    # a TD1's MRZ is on the back: no portrait there, text starts on the left
    photo_box = None
    if fmt == "TD1" and not front:
        tx = px0
    else:
        if photo_h > 5 * ppm:
            photo_box = _photo(img, rng, (px0, py0, px0 + photo_w, py0 + photo_h))
        tx = px0 + photo_w + rng.uniform(3, 6) * ppm
    ty = py0
    step = (mrz_top_mm - 3) * ppm - py0
    fields = _viz_fields(fmt, lines)
    step /= len(fields)
    label_font, value_font = _font(rng, min(1.6 * ppm, 0.3 * step)), _font(rng, min(3.0 * ppm, 0.5 * step))
    for label, value in fields:
        draw.text((tx, ty), label, font=label_font, fill=label_ink)
        draw.text((tx, ty + 0.35 * step), value, font=value_font, fill=ink)
        ty += step

    if front:
        return np.asarray(img).copy(), {
            "format": fmt, "mrz": lines, "char_height_px": round(cap_px, 2),
            "pitch_px": round(PITCH_MM * ppm, 2), "page_size_mm": [w_mm, h_mm],
            "mrz_line_boxes": [], "photo_box": photo_box, "page_size_px": [w, h]}

    # the MRZ itself: OCR-B composed at supersampled scale, then scaled down
    glyphs = glyph_set(OCRB if rng.random() < 0.85 else OCRB_SHARP)
    mask, boxes, _ = compose_block(lines, glyphs, rng, PITCH_MM / cap_mm, line_mm / cap_mm,
                                   jitter=0.02, stroke=rng.choice([0, 0, 1, -1]), margin_caps=0.5)
    f = cap_px / SS_CAP
    small = cv2.resize(mask, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    left_mm = rng.uniform(3.0, 7.0) if fmt != "TD1" else rng.uniform(2.5, 5.0)
    ox, oy = int(round(left_mm * ppm - boxes[0][0] * f)), int(round(mrz_top_mm * ppm - boxes[0][1] * f))
    arr = np.asarray(img).astype(np.float32)
    sh, sw = small.shape
    x0, y0 = max(0, ox), max(0, oy)
    x1, y1 = min(w, ox + sw), min(h, oy + sh)
    cover = small[y0 - oy:y1 - oy, x0 - ox:x1 - ox, None]
    mrz_ink = np.array(rng.choice([(15, 15, 20), (35, 35, 45), (10, 20, 45)]), np.float32)
    arr[y0:y1, x0:x1] = arr[y0:y1, x0:x1] * (1 - cover) + mrz_ink * cover
    mrz_boxes = [[b[0] * f + ox, b[1] * f + oy, b[2] * f + ox, b[3] * f + oy] for b in boxes]
    truth = {
        "format": fmt,
        "mrz": lines,
        "char_height_px": round(cap_px, 2),
        "pitch_px": round(PITCH_MM * ppm, 2),
        "page_size_mm": [w_mm, h_mm],
        "mrz_line_boxes": [[round(v, 1) for v in b] for b in mrz_boxes],
        # the portrait's tile in page pixels; None where there is none
        "photo_box": photo_box,
        "page_size_px": [w, h],
    }
    return np.clip(arr, 0, 255).astype(np.uint8), truth
