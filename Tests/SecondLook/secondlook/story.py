"""What happens in a clip, frame by frame: the document's pose, camera shake
(motion blur), the hand, the light. Each story is one scripted situation the
element must handle; labels.py turns the resulting geometry into truth."""
import math

import numpy as np

from .camera import Pose

STORIES = ["steady", "enter", "leave", "tilt", "shake", "hand", "lowlight", "partial"]


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


def make_story(rng, kind, frames, fps, camera, rest, size_mm):
    """Per-frame dicts: pose, motion blur (length px, angle), hand progress
    (None: no hand), light gain."""
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
        # natural hand tremor: a few tenths of a mm and of a degree
        pose = pose.moved(x=pose.x + 0.6 * math.sin(2.1 * t + wobble[0]),
                          y=pose.y + 0.6 * math.sin(1.7 * t + wobble[1]),
                          roll=pose.roll + 0.4 * math.sin(1.3 * t + wobble[2]))
        motion = 0.0
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
                     "hand": hand, "gain": gain})
    angle = plan[0]["motion_angle"]
    for p in plan:
        p["motion_angle"] = angle
    return plan
