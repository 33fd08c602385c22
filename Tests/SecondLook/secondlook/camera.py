"""Pinhole desk camera: where a document (a plane, in mm) lands in the frame.

A pose is (x, y, distance, roll, tilt_x, tilt_y): the document centre at
(x, y, distance) mm in camera coordinates, rolled in its plane by `roll`
degrees (0/90/180/270 = how it lies on the desk), then tilted about the
camera's x and y axes. The page-to-frame homography is exact for a plane."""
import math
from dataclasses import dataclass, replace

import cv2
import numpy as np


@dataclass
class Pose:
    x: float = 0.0
    y: float = 0.0
    distance: float = 300.0
    roll: float = 0.0
    tilt_x: float = 0.0
    tilt_y: float = 0.0

    def lerp(self, other, t):
        mix = lambda a, b: a + (b - a) * t
        return Pose(*(mix(getattr(self, k), getattr(other, k)) for k in
                      ("x", "y", "distance", "roll", "tilt_x", "tilt_y")))

    def moved(self, **kw):
        return replace(self, **kw)

    @property
    def tilt(self):
        """Angle (deg) between the document's normal and the optical axis."""
        c = math.cos(math.radians(self.tilt_x)) * math.cos(math.radians(self.tilt_y))
        return math.degrees(math.acos(max(-1.0, min(1.0, c))))


def _rotation(pose):
    r, a, b = (math.radians(v) for v in (pose.roll, pose.tilt_x, pose.tilt_y))
    rz = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])
    ry = np.array([[math.cos(b), 0, math.sin(b)], [0, 1, 0], [-math.sin(b), 0, math.cos(b)]])
    return rx @ ry @ rz


class Camera:
    def __init__(self, width, height, hfov_deg=65.0):
        self.width, self.height = width, height
        self.focal = width / 2 / math.tan(math.radians(hfov_deg / 2))

    def project_mm(self, pose, points_mm):
        """Document-plane points (mm, origin at the document centre, y down)
        to frame pixels."""
        pts = np.asarray(points_mm, np.float64)
        local = np.column_stack([pts, np.zeros(len(pts))])
        cam = local @ _rotation(pose).T + np.array([pose.x, pose.y, pose.distance])
        u = self.focal * cam[:, 0] / cam[:, 2] + self.width / 2
        v = self.focal * cam[:, 1] / cam[:, 2] + self.height / 2
        return np.column_stack([u, v])

    def page_homography(self, pose, size_mm, page_px):
        """Homography from page pixels (page_px = (w, h)) to frame pixels, and
        the document's corners in the frame (UL, UR, LR, LL of the document)."""
        w, h = size_mm
        corners_mm = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
        quad = self.project_mm(pose, corners_mm)
        pw, ph = page_px
        src = np.array([(0, 0), (pw, 0), (pw, ph), (0, ph)], np.float32)
        return cv2.getPerspectiveTransform(src, quad.astype(np.float32)), quad

    def visible_fraction(self, quad):
        frame = np.array([(0, 0), (self.width, 0), (self.width, self.height), (0, self.height)], np.float32)
        area = abs(cv2.contourArea(quad.astype(np.float32)))
        if area <= 0:
            return 0.0
        inter, _ = cv2.intersectConvexConvex(quad.astype(np.float32), frame)
        return float(inter) / area


def map_points(hom, points):
    pts = np.asarray(points, np.float32).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, hom).reshape(-1, 2)


def char_height(hom, line_boxes):
    """Mean capital height (frame px) of the MRZ lines: the lengths of the
    projected left and right edges of each line's cap band."""
    heights = []
    for x0, y0, x1, y1 in line_boxes:
        p = map_points(hom, [(x0, y0), (x0, y1), (x1, y0), (x1, y1)])
        heights += [np.linalg.norm(p[1] - p[0]), np.linalg.norm(p[3] - p[2])]
    return float(np.mean(heights))
