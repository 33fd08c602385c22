"""A clip of both sides of an ID card (TD1): one side held still, slid out
of view, the card turned over off camera, the other side slid in and held
still. The front carries the portrait and printed fields, the back the MRZ.

Truth as a single-sided clip's (clip.py), plus "order" ("front-back" or
"back-front"), "sides" (which side is in view when) and a "side" per frame."""
import numpy as np

from . import mrz
from .camera import Camera
from .clip import _fractions, _rotation, _target_cap, film, filmed_truth
from .desk import KINDS
from .page import SIZES_MM, render_page
from .story import fit_pose, make_story

ORDERS = ["front-back", "back-front"]


def make_two_sided_clip(rng, path, size=(1280, 720), fps=30, desk=None, order=None):
    """Writes `path` (MP4) and returns the truth dict."""
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
    first, second = (front, back) if order == "front-back" else (back, front)

    # the first side: still for 1.5-2.5 s, then slid out; the second: slid
    # in, then still for 2-3 s (the slide and the time out of view take at
    # most 2.6 s: story.make_story)
    first_frames = int(round((rng.uniform(1.5, 2.5) + 2.6) * fps))
    second_frames = int(round((rng.uniform(2.0, 3.0) + 2.6) * fps))
    plan = (make_story(rng, "leave", first_frames, fps, camera, first_rest, size_mm)
            + make_story(rng, "enter", second_frames, fps, camera, second_rest, size_mm))
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
    back_steady = [f["char_height_px"] for f, s in zip(per_frame, states)
                   if s[0] == "success" and f["side"] == "back"]
    frames = first_frames + second_frames
    return {
        "format": fmt,
        "mrz": lines,
        "order": order,
        "sides": [{"side": names[0], "start": 0.0, "end": round(first_frames / fps, 3)},
                  {"side": names[1], "start": round(first_frames / fps, 3),
                   "end": round(frames / fps, 3)}],
        "char_height_px": round(float(np.median(back_steady or [cap_px])), 2),
        "desk": desk_kind,
        "rotation": rotation,
        "portrait": rotation in (90, 270),
        "portrait_box": _fractions(front[1]["photo_box"], front[1]["page_size_px"]),
        "story": "flip",
        **filmed_truth(size, fps, camera_truth, states, per_frame),
    }
