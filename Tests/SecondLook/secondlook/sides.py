"""A clip of both sides of a card: one side held still, slid out of view,
the card turned over off camera, the other side slid in and held still.

Two kinds of card: `td1`, an ID card whose front carries the portrait and
printed fields and whose back the MRZ; `licence`, a US driver licence
(licence.py) whose back carries a PDF417 with an AAMVA file.

Truth as a single-sided clip's (clip.py), plus "order" ("front-back" or
"back-front"), "sides" (which side is in view when) and a "side" per frame.
A licence's truth also has "document": "licence", "expected" (the
docscan-result fields its barcode gives), "aamva" (every element),
"barcode_data" (the payload) and "module_px" (the symbol's module width
in frame pixels at rest) instead of the MRZ's."""
import numpy as np

from . import aamva, licence, mrz
from .camera import Camera
from .clip import _fractions, _rotation, _target_cap, film, filmed_truth
from .desk import KINDS
from .page import SIZES_MM, render_page
from .story import fit_pose, make_story

ORDERS = ["front-back", "back-front"]
DOCUMENTS = ["td1", "licence"]
# a licence back's module at rest, in analysed pixels (the element analyses
# at most 1280 pixels across): a normal reading distance
MODULE_ANALYSED_PX = (2.1, 2.8)


def make_two_sided_clip(rng, path, size=(1280, 720), fps=30, desk=None, order=None,
                        document="td1"):
    """Writes `path` (MP4) and returns the truth dict."""
    if document == "licence":
        return _licence_clip(rng, path, size, fps, desk, order)
    width, height = size
    fmt, lines = mrz.random_mrz(rng, "TD1")
    desk_kind = desk or rng.choice(KINDS)
    order = order or rng.choice(ORDERS)
    rotation = _rotation(rng, fmt)
    camera = Camera(width, height, hfov_deg=rng.uniform(55, 75))
    size_mm = SIZES_MM[fmt]
    # the card (and its tremor) stays inside the frame in both poses: its
    # long side at most about 70 % of the frame's
    across, down = size_mm if rotation in (0, 180) else size_mm[::-1]
    largest = 0.7 * min(width / (across / 2.2), height / (down / 2.2))
    target = min(_target_cap(rng), largest / 1.1)
    first_rest = fit_pose(rng, camera, size_mm, 2.2, target, rotation)
    # turned over, the card lands a little elsewhere
    second_rest = fit_pose(rng, camera, size_mm, 2.2, target * rng.uniform(0.9, 1.1), rotation)
    rest_cap = camera.focal * 2.2 / min(first_rest.distance, second_rest.distance)
    cap_px = float(np.clip(rest_cap * 1.15, 12, 44))
    back = render_page(rng, fmt, cap_px=cap_px, lines=lines)
    front = render_page(rng, fmt, cap_px=cap_px, lines=lines, side="front")
    per_frame, states, camera_truth, sides = _film_sides(
        rng, path, size, fps, desk_kind, order, camera, (first_rest, second_rest), size_mm,
        front, back)
    back_steady = [f["char_height_px"] for f, s in zip(per_frame, states)
                   if s[0] == "success" and f["side"] == "back"]
    return {
        "format": fmt,
        "mrz": lines,
        "order": order,
        "sides": sides,
        "char_height_px": round(float(np.median(back_steady or [cap_px])), 2),
        "desk": desk_kind,
        "rotation": rotation,
        "portrait": rotation in (90, 270),
        "portrait_box": _fractions(front[1]["photo_box"], front[1]["page_size_px"]),
        "story": "flip",
        **filmed_truth(size, fps, camera_truth, states, per_frame),
    }


def _largest_scale(size, size_mm, rotation):
    """Frame pixels per mm at which the card's long side (and its tremor)
    stays within about 70 % of the frame (as for a TD1 above)."""
    across, down = size_mm if rotation in (0, 180) else size_mm[::-1]
    return 0.7 * min(size[0] / across, size[1] / down)


def _film_sides(rng, path, size, fps, desk_kind, order, camera, rests, size_mm, front, back):
    """Films the first side of `order` still at rests[0] for 1.5-2.5 s, slid
    out, then the other slid in to rests[1] and still for 2-3 s. Returns
    film's per-frame truth (with "side"), states and camera truth, and the
    truth's "sides"."""
    first, second = (front, back) if order == "front-back" else (back, front)
    # the slide and the time out of view take at most 2.6 s: story.make_story
    first_frames = int(round((rng.uniform(1.5, 2.5) + 2.6) * fps))
    second_frames = int(round((rng.uniform(2.0, 3.0) + 2.6) * fps))
    plan = (make_story(rng, "leave", first_frames, fps, camera, rests[0], size_mm)
            + make_story(rng, "enter", second_frames, fps, camera, rests[1], size_mm))
    gain = plan[0]["gain"]
    for step in plan:
        step["gain"] = gain

    def page_at(i):
        return first if i < first_frames else second

    per_frame, states, camera_truth = film(rng, path, size, fps, desk_kind, "flip", plan,
                                           camera, page_at, None)
    names = order.split("-")
    for i, frame in enumerate(per_frame):
        frame["side"] = names[0] if i < first_frames else names[1]
    frames = first_frames + second_frames
    sides = [{"side": names[0], "start": 0.0, "end": round(first_frames / fps, 3)},
             {"side": names[1], "start": round(first_frames / fps, 3),
              "end": round(frames / fps, 3)}]
    return per_frame, states, camera_truth, sides


def _licence_clip(rng, path, size, fps, desk, order):
    """A licence's front and PDF417 back, held at a distance where the
    symbol's modules are MODULE_ANALYSED_PX wide in the analysed frame."""
    width, height = size
    card = aamva.random_licence(rng)
    symbol = licence.symbol(card)
    desk_kind = desk or rng.choice(KINDS)
    order = order or rng.choice(ORDERS)
    camera = Camera(width, height, hfov_deg=rng.uniform(55, 75))
    size_mm = licence.SIZE_MM
    analysed = max(1.0, max(size) / 1280)  # frame pixels per analysed pixel
    module_mm = size_mm[0] * np.mean(licence.SYMBOL_SPAN) / symbol.shape[1]
    rotation = _rotation(rng, "TD1")
    if _largest_scale(size, size_mm, rotation) / 1.1 * module_mm < 2.0 * analysed:
        # held portrait the card cannot come close enough for 2-pixel modules
        rotation = (rotation + 90) % 360
    largest = _largest_scale(size, size_mm, rotation) / 1.1
    scale = min(rng.uniform(*MODULE_ANALYSED_PX) * analysed / module_mm, largest)
    first_rest = fit_pose(rng, camera, size_mm, 2.2, 2.2 * scale, rotation)
    second_rest = fit_pose(rng, camera, size_mm, 2.2, 2.2 * scale * rng.uniform(0.95, 1.05),
                           rotation)
    # drawn a bit finer than it appears, so warping only shrinks it
    ppm = camera.focal / min(first_rest.distance, second_rest.distance) * 1.15
    front = licence.render_front(rng, card, ppm)
    back = licence.render_back(rng, card, ppm, symbol)
    per_frame, states, camera_truth, sides = _film_sides(
        rng, path, size, fps, desk_kind, order, camera, (first_rest, second_rest), size_mm,
        front, back)
    # film's char_height_px is a 2.2 mm capital at the frame's scale
    module_page_mm = back[1]["module_px"] / ppm
    back_steady = [f["char_height_px"] / 2.2 * module_page_mm for f, s in zip(per_frame, states)
                   if s[0] == "success" and f["side"] == "back"]
    return {
        "document": "licence",
        "format": "PDF417",
        "expected": card["expected"],
        "aamva": card["elements"],
        "barcode_data": card["payload"],
        "order": order,
        "sides": sides,
        "module_px": round(float(np.median(back_steady)), 2) if back_steady else None,
        "symbol_modules": back[1]["symbol_modules"],
        "desk": desk_kind,
        "rotation": rotation,
        "portrait": rotation in (90, 270),
        "portrait_box": _fractions(front[1]["photo_box"], front[1]["page_size_px"]),
        "story": "flip",
        **filmed_truth(size, fps, camera_truth, states, per_frame),
    }
