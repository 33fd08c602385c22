"""A US driver licence drawn flat (ID-1, 85.6 x 54 mm): the front with the
state's name, a portrait and the printed fields (no MRZ), the back with a
few printed lines and the PDF417 carrying the AAMVA file (aamva.py).

Both return (RGB uint8 page, truth) with the truth keys clip.film reads
(page_size_mm, mrz_line_boxes: none here, photo_box, page_size_px); the
back's also gives the symbol's box and its module width in page pixels."""
import cv2
import numpy as np
from PIL import Image, ImageDraw

from . import background, pdf417
from .page import _font, _photo

SIZE_MM = (85.6, 54.0)
# the symbol's width as a share of the card's, as on US licences
SYMBOL_SPAN = (0.78, 0.88)


def _card(rng, ppm):
    w, h = int(round(SIZE_MM[0] * ppm)), int(round(SIZE_MM[1] * ppm))
    page = background.security_background(h, w, rng, scale=max(1.0, ppm / 8))
    return Image.fromarray((page * 255).astype(np.uint8)), w, h


def _inks(rng):
    ink = tuple(rng.choice([(20, 20, 30), (30, 40, 90), (60, 20, 20)]))
    label = tuple(rng.choice([(90, 90, 120), (150, 40, 40), (60, 100, 120)]))
    return ink, label


def _us_date(iso):
    return "%s/%s/%s" % (iso[5:7], iso[8:10], iso[0:4])


def _iso(us):
    """MMDDCCYY as YYYY-MM-DD."""
    return "%s-%s-%s" % (us[4:8], us[0:2], us[2:4])


def _truth(w, h, photo_box=None):
    return {"page_size_mm": list(SIZE_MM), "mrz_line_boxes": [], "photo_box": photo_box,
            "page_size_px": [w, h]}


def render_front(rng, licence, ppm):
    """The front at `ppm` page pixels per mm."""
    img, w, h = _card(rng, ppm)
    draw = ImageDraw.Draw(img)
    ink, label_ink = _inks(rng)
    fields, elements = licence["expected"], licence["elements"]
    draw.text((rng.uniform(3, 6) * ppm, 2.0 * ppm), licence["state_name"],
              font=_font(rng, 4.2 * ppm, True), fill=label_ink)
    draw.text((w * rng.uniform(0.55, 0.62), 3.0 * ppm), "DRIVER LICENSE",
              font=_font(rng, 2.6 * ppm, True), fill=ink)
    px0, py0 = rng.uniform(3, 5) * ppm, rng.uniform(9.5, 11.5) * ppm
    photo_w = rng.uniform(0.27, 0.31) * w
    photo_h = min(photo_w * 1.3, h - py0 - 4 * ppm)
    photo_box = _photo(img, rng, (px0, py0, px0 + photo_w, py0 + photo_h))
    rows = [("DL", fields["document-number"]), ("EXP", _us_date(fields["date-of-expiry"])),
            ("LN", fields["surname"]), ("FN", fields["given-names"]),
            ("", elements["DAG"]),
            ("", "%s, %s %s" % (elements["DAI"], elements["DAJ"], elements["DAK"][:5])),
            ("DOB", _us_date(fields["date-of-birth"])),
            ("SEX", "%s   HGT %s   EYES %s" % (fields["sex"], elements["DAU"], elements["DAY"])),
            ("CLASS", "%s   ISS %s" % (elements["DCA"], _us_date(_iso(elements["DBD"]))))]
    tx = px0 + photo_w + rng.uniform(3, 5) * ppm
    ty, step = py0, (h - py0 - 3 * ppm) / len(rows)
    label_font = _font(rng, min(1.8 * ppm, 0.45 * step), True)
    value_font = _font(rng, min(2.6 * ppm, 0.75 * step))
    for label, value in rows:
        x = tx
        if label:
            draw.text((x, ty), label, font=label_font, fill=label_ink)
            x += draw.textlength(label + " ", font=label_font)
        draw.text((x, ty), value, font=value_font, fill=ink)
        ty += step
    return np.asarray(img).copy(), _truth(w, h, photo_box)


def symbol(licence):
    """The licence's PDF417 (pdf417.modules) for render_back."""
    return pdf417.modules(licence["payload"])


def render_back(rng, licence, ppm, symbol):
    """The back at `ppm` page pixels per mm: printed lines at the top, the
    PDF417 `symbol` across SYMBOL_SPAN of the width in a clear panel below."""
    img, w, h = _card(rng, ppm)
    draw = ImageDraw.Draw(img)
    ink, _ = _inks(rng)
    lines = ["ENDORSEMENTS: NONE    RESTRICTIONS: %s" % rng.choice(["NONE", "B", "CORR LENS"]),
             "THIS CARD IS THE PROPERTY OF THE STATE OF %s." % licence["state_name"],
             "IF FOUND, RETURN TO THE DEPARTMENT OF MOTOR VEHICLES."]
    font = _font(rng, rng.uniform(1.5, 1.9) * ppm)
    x, y = rng.uniform(3, 5) * ppm, rng.uniform(2.5, 4.0) * ppm
    for line in lines:
        draw.text((x, y), line, font=font, fill=ink)
        y += 2.6 * ppm
    rows, columns = symbol.shape
    sym_w = int(round(rng.uniform(*SYMBOL_SPAN) * w))
    sym_h = int(round(sym_w * rows / columns))
    module = sym_w / columns
    x0 = int(round((w - sym_w) / 2 + rng.uniform(-0.02, 0.02) * w))
    y0 = int(round(h - rng.uniform(3.0, 5.0) * ppm - sym_h))
    # drawn eight times finer, then area-averaged: module edges fall between pixels
    fine = cv2.resize(symbol, (columns * 8, rows * 8), interpolation=cv2.INTER_NEAREST)
    cover = 1 - cv2.resize(fine, (sym_w, sym_h), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    arr = np.asarray(img).astype(np.float32)
    quiet = int(np.ceil(3 * module))  # a clear panel wider than PDF417's quiet zone
    tone = rng.uniform(235, 250)
    arr[y0 - quiet:y0 + sym_h + quiet, x0 - quiet:x0 + sym_w + quiet] = tone
    bar_ink = np.array(rng.choice([(15, 15, 20), (30, 30, 35)]), np.float32)
    region = arr[y0:y0 + sym_h, x0:x0 + sym_w]
    arr[y0:y0 + sym_h, x0:x0 + sym_w] = region * (1 - cover[..., None]) + bar_ink * cover[..., None]
    truth = _truth(w, h)
    truth.update({"symbol_box": [x0, y0, x0 + sym_w, y0 + sym_h], "symbol_modules": [columns, rows],
                  "module_px": round(module, 3)})
    return np.clip(arr, 0, 255).astype(np.uint8), truth
