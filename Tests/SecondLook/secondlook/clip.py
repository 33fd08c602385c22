"""A short desk-camera clip of one document: page -> pose -> frame -> H.264.

Per frame: desk, the page warped by the camera homography, the hand, light
(gain and gradient), camera softness, motion blur, sensor noise. Truth (MRZ,
per-frame corners, labelled intervals) is computed from the same geometry."""
import numpy as np
import cv2

from . import background, degrade, framing, glare, labels, mrz
from .camera import Camera, char_height
from .desk import KINDS, make_desk
from .encode import Mp4Writer
from .hand import Hand
from .page import SIZES_MM, render_page
from .story import DRAWN_STORIES, FRAMING_STORIES, fit_pose, make_story


def _rotation(rng, fmt):
    # cards are often held in portrait; passports mostly lie the right way up
    if fmt in ("TD1", "TD2") and rng.random() < 0.3:
        return rng.choice([90, 270])
    return rng.choices([0, 90, 180, 270], weights=[5, 1.5, 1.5, 1.5])[0]


def _paste_page(frame, page, hom, quad):
    """Warps the page into the frame, touching only the quad's bounding box
    (a whole-frame transparent warp costs ~3x more at 1080p)."""
    h, w = frame.shape[:2]
    x0, y0 = np.maximum(np.floor(quad.min(0)).astype(int), 0)
    x1, y1 = np.minimum(np.ceil(quad.max(0)).astype(int) + 1, (w, h))
    if x1 <= x0 or y1 <= y0:
        return
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    roi = frame[y0:y1, x0:x1].copy()
    cv2.warpPerspective(page, shift @ hom, (x1 - x0, y1 - y0), dst=roi, flags=cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_TRANSPARENT)
    frame[y0:y1, x0:x1] = roi


def _motion_blur(frame, length, angle):
    """Long smears are done at half size: a 50 px kernel on a 1080p frame
    costs ~10x more, and the smeared frame has no fine detail to lose."""
    if length < 12:
        return degrade.motion_blur(frame, length, angle)
    h, w = frame.shape[:2]
    half = cv2.resize(frame, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    half = degrade.motion_blur(half, length / 2, angle)
    return cv2.resize(half, (w, h), interpolation=cv2.INTER_LINEAR)


def _page_cap(camera, plan, largest=56.0):
    """Capital height (px) to draw the page at: a bit finer than at the
    plan's closest pose, so warping only shrinks it."""
    closest = min(step["pose"].distance for step in plan)
    return float(np.clip(camera.focal * 2.2 / closest * 1.15, 12, largest))


def _halved(page, truth):
    """The page at half size (area-averaged, as a camera sees it from afar)
    with its truth's pixel boxes scaled to match."""
    h, w = page.shape[:2]
    small = cv2.resize(page, ((w + 1) // 2, (h + 1) // 2), interpolation=cv2.INTER_AREA)
    fx, fy = small.shape[1] / w, small.shape[0] / h
    box = lambda b: None if b is None else [b[0] * fx, b[1] * fy, b[2] * fx, b[3] * fy]
    return small, {**truth, "mrz_line_boxes": [box(b) for b in truth["mrz_line_boxes"]],
                   "photo_box": box(truth["photo_box"]), "page_size_px": [small.shape[1], small.shape[0]]}


def _page_for_scale(page, truth, camera, plan):
    """page_at for a story whose distance changes: per frame the smallest
    halving of the page still finer than the frame (a bilinear warp shrinking
    a page three times over would alias its print)."""
    levels = [(page, truth)]
    smallest = camera.focal / max(step["pose"].distance for step in plan) * 1.15
    while levels[-1][0].shape[1] / 2 / truth["page_size_mm"][0] >= smallest:
        levels.append(_halved(*levels[-1]))

    def page_at(i):
        need = camera.focal / plan[i]["pose"].distance * 1.15
        fine = [lv for lv in levels if lv[0].shape[1] / lv[1]["page_size_mm"][0] >= need]
        return fine[-1] if fine else levels[0]
    return page_at


def _target_cap(rng):
    return rng.uniform(10, 22) if rng.random() < 0.6 else rng.uniform(22, 40)


def _fractions(box, size):
    if box is None:
        return None
    width, height = size
    return [round(box[0] / width, 4), round(box[1] / height, 4),
            round(box[2] / width, 4), round(box[3] / height, 4)]


def make_clip(rng, path, size=(1280, 720), fps=30, story=None, desk=None):
    """Writes `path` (MP4) and returns the truth dict."""
    width, height = size
    fmt, lines = mrz.random_mrz(rng)
    desk_kind = desk or rng.choice(KINDS)
    story = story or rng.choice(DRAWN_STORIES)
    rotation = _rotation(rng, fmt)
    duration = rng.uniform(3.0, 5.0)
    frames = int(round(duration * fps))
    camera = Camera(width, height, hfov_deg=rng.uniform(55, 75))
    size_mm = SIZES_MM[fmt]

    rest = fit_pose(rng, camera, size_mm, 2.2, _target_cap(rng), rotation)
    if story in FRAMING_STORIES:
        # the distance changes: the plan comes first, so the page can be
        # drawn fine enough for the closest pose (no hand in these stories)
        plan = make_story(rng, story, frames, fps, camera, rest, size_mm)
        page, page_truth = render_page(rng, fmt, cap_px=_page_cap(camera, plan), lines=lines)
        page_at, hand = _page_for_scale(page, page_truth, camera, plan), None
    else:
        rest_cap = camera.focal * 2.2 / rest.distance
        # the page is drawn a bit finer than it appears, so warping only shrinks it
        page, page_truth = render_page(rng, fmt, cap_px=float(np.clip(rest_cap * 1.15, 12, 44)), lines=lines)
        page_px = (page.shape[1], page.shape[0])
        ppm = page_px[0] / size_mm[0]
        mrz_top_mm = page_truth["mrz_line_boxes"][0][1] / ppm
        hand = Hand(rng, size_mm, reach_limit_mm=mrz_top_mm - 6)
        plan = make_story(rng, story, frames, fps, camera, rest, size_mm)
        page_at = lambda i: (page, page_truth)

    per_frame, states, camera_truth = film(rng, path, size, fps, desk_kind, story, plan, camera,
                                           page_at, hand)
    steady = [f["char_height_px"] for f, s in zip(per_frame, states) if s[0] == "success"]
    return {
        "format": fmt,
        "mrz": lines,
        "char_height_px": round(float(np.median(steady or [f["char_height_px"] for f in per_frame])), 2),
        "desk": desk_kind,
        "rotation": rotation,
        "portrait": fmt in ("TD1", "TD2") and rotation in (90, 270),
        # the printed portrait's tile as fractions of the upright page
        # (left, top, right, bottom); None on a TD1's back
        "portrait_box": _fractions(page_truth["photo_box"], page_truth["page_size_px"]),
        "story": story,
        **filmed_truth(size, fps, camera_truth, states, per_frame),
    }


def filmed_truth(size, fps, camera_truth, states, per_frame):
    """The truth every clip shares: size, timing, video, camera, the
    labelled intervals and the per-frame geometry."""
    return {
        "size": list(size),
        "fps": fps,
        "frame_count": len(per_frame),
        "duration": round(len(per_frame) / fps, 3),
        "video": {"codec": "H.264", "container": "MP4", "bitrate_kbps": 1000},
        "camera": camera_truth,
        "intervals": labels.intervals(states, fps),
        "frames": per_frame,
    }


def _highlight(frame, light, camera, pose, quad, size_mm):
    """Draws a glare.Highlight (or nothing for None); the washed-out share."""
    if light is None:
        return 0.0
    centre = camera.project_mm(pose, [light.centre_mm])[0]
    px_per_mm = np.sqrt(abs(cv2.contourArea(quad.astype(np.float32))) / (size_mm[0] * size_mm[1]))
    return glare.draw(frame, light, centre, px_per_mm, quad)


def _framing_truth(f):
    """The framing of one frame, as the framing stories' truth gives it."""
    return {"area_fraction": round(f.area, 4), "corner_margin": round(f.margin, 4),
            "corner_margin_analysed_px": round(f.margin_px, 1), "long_side_fraction": round(f.long_side, 3),
            "mrz_caps_estimate_analysed_px": [round(v, 2) for v in f.caps], "glare_washed": round(f.washed, 4)}


def film(rng, path, size, fps, desk_kind, story, plan, camera, page_at, hand):
    """Renders the plan's frames into `path` (MP4): at frame i the page
    `page_at(i)` (image, truth) in the plan's pose, on the desk, with the
    hand, light, softness, motion blur and noise. Returns the per-frame
    truth, the labelled states and the camera's truth."""
    width, height = size
    desk_img = make_desk(desk_kind, height, width, rng)
    # light and noise as uint8 images: saturating OpenCV arithmetic on uint8 is
    # several times faster than float frames at 1080p
    light = plan[0]["gain"] * background.gradient(height, width, rng, rng.uniform(0, 0.4))
    light = cv2.merge([np.clip(light * 128, 0, 255).astype(np.uint8)] * 3)
    np_rng = np.random.default_rng(rng.getrandbits(32))
    noise_sigma = rng.uniform(1.5, 4.0) * (2.0 if story == "lowlight" else 1.0)
    noise_bank = []
    for _ in range(3):
        n = np_rng.standard_normal((height, width)).astype(np.float32) * noise_sigma
        n = cv2.merge([n] * 3)  # grey noise: luminance grain, like a webcam
        noise_bank.append((np.clip(n, 0, 255).astype(np.uint8), np.clip(-n, 0, 255).astype(np.uint8)))
    softness = rng.uniform(0.3, 1.4)

    writer = Mp4Writer(path, width, height, fps)
    per_frame, states = [], []
    try:
        for i, step in enumerate(plan):
            pose = step["pose"]
            page, page_truth = page_at(i)
            size_mm = page_truth["page_size_mm"]
            page_px = (page.shape[1], page.shape[0])
            hom, quad = camera.page_homography(pose, size_mm, page_px)
            frame = desk_img.copy()
            _paste_page(frame, page, hom, quad)
            on_doc = False
            if step["hand"] is not None and step["hand"] > -2:
                polys = [camera.project_mm(pose, p) for p in hand.polygons_mm(step["hand"])]
                hand.draw(frame, polys)
                on_doc = hand.covers(polys, quad)
            if page_truth["mrz_line_boxes"]:
                cap = char_height(hom, page_truth["mrz_line_boxes"])
            else:
                # no MRZ on this side: a 2.2 mm capital at the page's scale
                cap = 2.2 * float(np.linalg.norm(quad[1] - quad[0])) / size_mm[0]
            frame = degrade.gaussian_blur(frame, softness)
            blur_px = step["motion"] * cap
            frame = _motion_blur(frame, blur_px, step["motion_angle"])
            frame = cv2.multiply(frame, light, scale=1 / 128)
            # a highlight clips the exposed frame; noise and the codec follow
            washed = _highlight(frame, step.get("glare"), camera, pose, quad, size_mm)
            plus, minus = noise_bank[i % 3]
            frame = cv2.subtract(cv2.add(frame, plus), minus)
            writer.write(frame)

            visible = camera.visible_fraction(quad)
            # every story is judged by the framing rules: a steady page whose
            # corner lies inside the edge margin is too close to the edge
            framed = framing.measure(quad, size, washed)
            states.append(labels.frame_state(visible, pose.tilt, step["motion"], on_doc, framed))
            per_frame.append({
                "t": round(i / fps, 4),
                "quad": [round(float(v), 1) for v in quad.reshape(-1)],
                "visible": round(visible, 3),
                "tilt_deg": round(pose.tilt, 1),
                "char_height_px": round(cap, 2),
                "motion_blur_px": round(blur_px, 1),
                "hand_on_document": on_doc,
                **_framing_truth(framed),
            })
    finally:
        writer.close()

    return per_frame, states, {
        "hfov_deg": round(2 * np.degrees(np.arctan(width / 2 / camera.focal)), 1),
        "softness_sigma_px": round(softness, 2), "noise_sigma": round(noise_sigma, 2),
        "gain": round(plan[0]["gain"], 3)}
