"""What happens in a clip, frame by frame: the document's pose, camera shake
(motion blur), the hand, the light. Each story is one scripted situation the
element must handle; labels.py turns the resulting geometry into truth."""
import math

import cv2
import numpy as np

from . import framing
from .camera import Pose
from .glare import Highlight

# stories judged by the framing rules (too far, too close, too close to the
# edge) and glare; labels.frame_state gets their framing (clip.film)
FRAMING_STORIES = ["far", "close", "edge", "glare"]
# a clip without a story named draws one of these (the first eight stories:
# a seed gives the clips it always gave); the framing stories are asked for
# by name (`--stories ... far close edge glare`)
DRAWN_STORIES = ["steady", "enter", "leave", "tilt", "shake", "hand", "lowlight", "partial"]
STORIES = [*DRAWN_STORIES, *FRAMING_STORIES]


def _smooth(t):
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def fit_pose(rng, camera, size_mm, cap_mm, target_cap, rotation):
    """A resting pose with the MRZ capitals ~target_cap px high, moved off
    centre a little and pulled back if the document would not fit."""
    w, h = size_mm
    distance = camera.focal * cap_mm / target_cap
    pose = Pose(0, 0, distance, rotation + rng.gauss(0, 3), rng.uniform(-8, 8), rng.uniform(-8, 8))
    for _ in range(40):
        quad = camera.project_mm(pose, [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)])
        span_x = (quad[:, 0].max() - quad[:, 0].min()) / camera.width
        span_y = (quad[:, 1].max() - quad[:, 1].min()) / camera.height
        if max(span_x, span_y) <= 0.9:
            break
        pose = pose.moved(distance=pose.distance * max(span_x, span_y) / 0.88)
    # off-centre shift within the room left in the frame
    room_x = (1 - span_x) / 2 * 0.8 * camera.width * pose.distance / camera.focal
    room_y = (1 - span_y) / 2 * 0.8 * camera.height * pose.distance / camera.focal
    return pose.moved(x=rng.uniform(-room_x, room_x), y=rng.uniform(-room_y, room_y))


def _outside(rng, camera, pose, size_mm):
    """The same pose slid out of the frame sideways or up/down."""
    reach = max(size_mm) * 1.2
    side = rng.choice(["left", "right", "top", "bottom"])
    half_w = camera.width / 2 * pose.distance / camera.focal
    half_h = camera.height / 2 * pose.distance / camera.focal
    if side == "left":
        return pose.moved(x=-half_w - reach / 2)
    if side == "right":
        return pose.moved(x=half_w + reach / 2)
    if side == "top":
        return pose.moved(y=-half_h - reach / 2)
    return pose.moved(y=half_h + reach / 2)


def _partly_out(camera, rest, out_pose, size_mm, target):
    """The pose between rest and out_pose that shows `target` of the document."""
    w, h = size_mm
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    for k in range(1, 41):
        pose = rest.lerp(out_pose, k / 40)
        if camera.visible_fraction(camera.project_mm(pose, corners)) <= target:
            return pose
    return out_pose


def _quad(camera, pose, size_mm):
    w, h = size_mm
    return camera.project_mm(pose, [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)])


def _size(camera):
    return camera.width, camera.height


def _at_distance(pose, distance):
    """The pose moved along its line of sight: it stays where it was in the
    frame, larger or smaller."""
    k = distance / pose.distance
    return pose.moved(x=pose.x * k, y=pose.y * k, distance=distance)


def _shifted(camera, pose, dx_px, dy_px):
    return pose.moved(x=pose.x + dx_px * pose.distance / camera.focal,
                      y=pose.y + dy_px * pose.distance / camera.focal)


def _inside(camera, pose, size_mm, margin_px):
    """The pose moved towards the frame's centre until every corner is at
    least margin_px from the border."""
    right, bottom = camera.width - 1 - margin_px, camera.height - 1 - margin_px
    for _ in range(8):
        q = _quad(camera, pose, size_mm)
        dx = max(0.0, margin_px - q[:, 0].min()) - max(0.0, q[:, 0].max() - right)
        dy = max(0.0, margin_px - q[:, 1].min()) - max(0.0, q[:, 1].max() - bottom)
        if abs(dx) < 0.1 and abs(dy) < 0.1:
            break
        pose = _shifted(camera, pose, dx, dy)
    return pose


def _area(camera, pose, size_mm):
    """Visible share of the frame the document covers."""
    return framing.visible_area(_quad(camera, pose, size_mm), _size(camera)) / (camera.width * camera.height)


def _normal_rest(camera, rest, size_mm):
    """`rest` where no framing rule comes near holding: estimated capitals
    of 10.5 analysed px or more, at most half the frame, every corner 5 % of
    the short side from the border (a rest from fit_pose may sit at 1 %)."""
    pose = rest
    low, _ = framing.estimated_caps(_quad(camera, pose, size_mm), _size(camera))
    if low < 10.5:
        pose = _at_distance(pose, pose.distance * low / 10.5)
    margin = 0.05 * min(_size(camera))
    q = _quad(camera, pose, size_mm)
    span = max((q[:, 0].max() - q[:, 0].min()) / (camera.width - 2 * margin),
               (q[:, 1].max() - q[:, 1].min()) / (camera.height - 2 * margin),
               math.sqrt(abs(cv2.contourArea(q.astype(np.float32))) / (0.5 * camera.width * camera.height)))
    if span > 0.97:
        pose = _at_distance(pose, pose.distance * span / 0.97)
    return _inside(camera, pose, size_mm, margin)


def _far(rng, camera, near, size_mm):
    """`near` moved back until the estimated capitals are 4-5.4 analysed px
    (the element's limit is 7), but no further than 2.6 % of the frame: the
    element drops outlines under 2 % (an ID-1 card there has ~5.5 px)."""
    target = rng.uniform(4.0, 5.4)
    pose = near
    for _ in range(3):
        _, high = framing.estimated_caps(_quad(camera, pose, size_mm), _size(camera))
        pose = _at_distance(pose, pose.distance * high / target)
    area = _area(camera, pose, size_mm)
    if area < 0.026:
        pose = _at_distance(pose, pose.distance * math.sqrt(area / 0.026))
    return pose


def _close(rng, camera, near, size_mm):
    """So close that the document covers 90-96 % of the frame, off-centre
    until clearly cut (under 85 % of it in view): ICAO shapes are squarer
    than 16:9, so a centred card filling the frame is cut by a hair or
    covers all of it, leaving no desk to see its outline against."""
    target = rng.uniform(0.90, 0.96)
    heading = rng.uniform(0, 2 * math.pi)
    centred = near.moved(x=0.0, y=0.0)
    for step in range(13):
        off = 0.025 * step  # of the frame, up to 30 %
        pose = _shifted(camera, centred, off * camera.width * math.cos(heading),
                        off * camera.height * math.sin(heading))
        pose = _covering(camera, pose, size_mm, target)
        if camera.visible_fraction(_quad(camera, pose, size_mm)) <= 0.85:
            break
    return pose


def _covering(camera, pose, size_mm, target):
    """`pose` moved along its line of sight until the document covers
    `target` of the frame."""
    near_d, far_d = 0.05 * pose.distance, 4 * pose.distance
    for _ in range(40):
        mid = (near_d + far_d) / 2
        if _area(camera, _at_distance(pose, mid), size_mm) > target:
            near_d = mid
        else:
            far_d = mid
    return _at_distance(pose, (near_d + far_d) / 2)


def _edge(rng, camera, near, size_mm, scale):
    """`near` slid towards one side until its nearest corner is 7-11 analysed
    px from that border: inside the element's margin (2.5 % of the short
    side, 18 px) and clearly off the border (2 px: cut)."""
    side = rng.choice(["left", "right", "top", "bottom"])
    target = rng.uniform(7.0, 11.0) / scale
    pose = near
    for _ in range(6):
        q = _quad(camera, pose, size_mm)
        if side == "left":
            pose = _shifted(camera, pose, target - q[:, 0].min(), 0)
        elif side == "right":
            pose = _shifted(camera, pose, camera.width - 1 - target - q[:, 0].max(), 0)
        elif side == "top":
            pose = _shifted(camera, pose, 0, target - q[:, 1].min())
        else:
            pose = _shifted(camera, pose, 0, camera.height - 1 - target - q[:, 1].max())
    return pose


def _still_tremor(camera, pose, size_mm, scale):
    """Tremor factor that keeps corners within ~0.8 analysed px: a document
    resting at the edge must not wander across the labels' bands."""
    px_per_mm = camera.focal / pose.distance * scale
    # the 0.6 mm sway on both axes and the 0.4 degree roll at a corner
    amplitude = px_per_mm * (0.6 * math.sqrt(2) + 0.5 * math.hypot(*size_mm) * math.radians(0.4))
    return min(1.0, 0.8 / amplitude)


def _highlight_path(rng, size_mm):
    """A lamp's highlight: where it rests over the print (its washed core
    inside the inner 80 % of the page, where the element measures glare) and
    where it is off the page. The washed core's radius is 17-24 % of the
    page's short side: 6-13 % of the page washed out (the element's limit is
    2 %), in any case more than the labels' 5 %."""
    w, h = size_mm
    light = Highlight((0.0, 0.0), rng.uniform(0.17, 0.24) * min(w, h), rng.uniform(1.0, 1.8),
                      rng.uniform(0, 180), rng.uniform(450, 700))
    core = light.core_mm * math.sqrt(light.elongation)
    room_x, room_y = max(0.0, 0.4 * w - core), max(0.0, 0.4 * h - core)
    on = (rng.uniform(-room_x, room_x), rng.uniform(-room_y, room_y))
    heading = rng.uniform(0, 2 * math.pi)
    dx, dy = math.cos(heading), math.sin(heading)
    # off the page: the whole highlight, rim included, beyond its edge
    reach = max(light.scale_mm()) * math.log(light.peak) ** (1 / 3)
    t = min((w / 2 + reach - on[0] * math.copysign(1, dx)) / max(abs(dx), 1e-6),
            (h / 2 + reach - on[1] * math.copysign(1, dy)) / max(abs(dy), 1e-6))
    return light, on, (on[0] + dx * t, on[1] + dy * t)


def _framing_script(rng, kind, n, fps, camera, rest, size_mm):
    """A framing story in two still phases with a move between: the pose of
    each (`first`, `second`; the same when it stays), the frame the move
    starts (`switch`) and its length (`move`), the tremor factor, and for
    glare the highlight with where it rests on the page and where it is off
    it (in the order it goes)."""
    near = _normal_rest(camera, rest, size_mm)
    move = int(rng.uniform(0.4, 0.7 if kind in ("edge", "glare") else 1.0) * fps)
    # both phases last at least 40 % of the clip less the move (~0.8 s)
    switch = int(rng.uniform(0.4, 0.6) * (n - move))
    script = {"first": near, "second": near, "switch": switch, "move": move, "tremor": 1.0, "light": None}
    if kind == "far":
        far = _far(rng, camera, near, size_mm)
        script["first"], script["second"] = rng.choice([(far, near), (near, far), (far, far)])
    elif kind == "close":
        close = _close(rng, camera, near, size_mm)
        script["first"], script["second"] = rng.choice([(close, near), (near, close)])
    elif kind == "edge":
        edge = _edge(rng, camera, near, size_mm, framing.analysis_scale(_size(camera)))
        script["first"], script["second"] = rng.choice([(edge, near), (near, edge)])
        script["tremor"] = _still_tremor(camera, near, size_mm, framing.analysis_scale(_size(camera)))
    elif kind == "glare":
        light, on, off = _highlight_path(rng, size_mm)
        script["light"] = (light, *rng.choice([(off, on), (on, off)]))
    return script


def _scripted(script, i):
    """Pose, motion (the document moving smears a little) and highlight of
    frame i of a framing story."""
    k = i - script["switch"]
    a = _smooth(k / script["move"])
    pose = script["first"].lerp(script["second"], a)
    moving = script["first"] is not script["second"] and 0 <= k < script["move"]
    light = None
    if script["light"] is not None:
        light, start, end = script["light"]
        light = light.moved((start[0] + a * (end[0] - start[0]), start[1] + a * (end[1] - start[1])))
    return pose, 0.3 if moving else 0.0, light


def make_story(rng, kind, frames, fps, camera, rest, size_mm):
    """Per-frame dicts: pose, motion blur (length px, angle), hand progress
    (None: no hand), light gain, glare (a glare.Highlight or None)."""
    n = frames
    wobble = [rng.uniform(0, 2 * math.pi) for _ in range(3)]
    shake_from = shake_to = -1
    hand_from = hand_to = -1
    start = rest
    out_pose = _outside(rng, camera, rest, size_mm)
    move_frames = int(rng.uniform(1.0, 1.6) * fps)
    # enter: out of view for a while first; leave: out of view at the end
    away_frames = int(rng.uniform(0.6, 1.0) * fps)
    steep = rng.uniform(50, 62) * rng.choice([-1, 1])
    if kind == "partial":
        # resting with part of the document outside the frame
        start = _partly_out(camera, rest, out_pose, size_mm, rng.uniform(0.5, 0.8))
    if kind == "shake":
        shake_from = int(rng.uniform(0.3, 0.5) * n)
        shake_to = shake_from + int(rng.uniform(0.9, 1.4) * fps)
    if kind == "hand":
        hand_from = int(rng.uniform(0.1, 0.3) * n)
        hand_to = n + int(0.5 * fps) if rng.random() < 0.5 else int(rng.uniform(0.75, 0.95) * n)
    gain = rng.uniform(0.25, 0.45) if kind == "lowlight" else rng.uniform(0.75, 1.1)
    shake_len = rng.uniform(0.8, 1.6)  # x the MRZ capital height
    # new stories draw only after everything the older ones draw
    script = _framing_script(rng, kind, n, fps, camera, rest, size_mm) if kind in FRAMING_STORIES else None
    tremor = script["tremor"] if script else 1.0
    plan = []
    for i in range(n):
        t = i / fps
        pose = start
        if kind == "enter":
            pose = out_pose.lerp(rest, _smooth((i - away_frames) / move_frames))
        elif kind == "leave":
            pose = rest.lerp(out_pose, _smooth((i - (n - away_frames - move_frames)) / move_frames))
        elif kind == "tilt":
            a = _smooth((i - 0.25 * n) / (0.5 * n))
            pose = rest.moved(tilt_x=rest.tilt_x + a * (steep - rest.tilt_x))
        light, motion = None, 0.0
        if script:
            pose, motion, light = _scripted(script, i)
        # natural hand tremor: a few tenths of a mm and of a degree
        pose = pose.moved(x=pose.x + 0.6 * tremor * math.sin(2.1 * t + wobble[0]),
                          y=pose.y + 0.6 * tremor * math.sin(1.7 * t + wobble[1]),
                          roll=pose.roll + 0.4 * tremor * math.sin(1.3 * t + wobble[2]))
        if shake_from <= i < shake_to:
            motion = shake_len * math.sin(math.pi * (i - shake_from) / (shake_to - shake_from)) ** 0.5
        if kind in ("enter", "leave"):
            # a moving document smears a little
            k = i - away_frames if kind == "enter" else i - (n - away_frames - move_frames)
            motion = max(motion, 0.3 if 0 <= k < move_frames else 0.0)
        hand = None
        if hand_from <= i:
            ramp = int(0.6 * fps)
            # -2: fingertips well off the document; 1: fully in (top edge only)
            hand = -2 + 3 * _smooth((i - hand_from) / ramp) - 3 * _smooth((i - hand_to + ramp) / ramp)
        plan.append({"pose": pose, "motion": motion, "motion_angle": rng.uniform(0, 180) if i == 0 else None,
                     "hand": hand, "gain": gain, "glare": light})
    angle = plan[0]["motion_angle"]
    for p in plan:
        p["motion_angle"] = angle
    return plan
