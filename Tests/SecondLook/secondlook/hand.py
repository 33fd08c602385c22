"""A hand holding the document: a skin-coloured palm with fingers, coming in
over the document's TOP edge (the MRZ is at the bottom, so it stays clear).

The hand is laid out in document millimetres and projected with the document's
pose, so it follows the document's rotation and tilt."""
import cv2
import numpy as np

SKINS = [(224, 172, 140), (198, 144, 110), (150, 102, 72), (95, 65, 45), (240, 200, 175)]


def _ellipse(cx, cy, rx, ry, angle=0.0, n=24):
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    x, y = rx * np.cos(t), ry * np.sin(t)
    c, s = np.cos(angle), np.sin(angle)
    return np.column_stack([cx + c * x - s * y, cy + s * x + c * y])


class Hand:
    def __init__(self, rng, size_mm, reach_limit_mm):
        w, h = size_mm
        self.colour = np.array(rng.choice(SKINS), np.float32)
        self.x = rng.uniform(-0.35, 0.35) * w      # where along the top edge
        self.angle = rng.uniform(-0.4, 0.4)        # radians off the edge normal
        self.top = -h / 2
        self.reach = min(reach_limit_mm, rng.uniform(0.08, 0.25) * h)

    def polygons_mm(self, progress):
        """Fingertips cross the top edge by `progress` x reach (0: just off
        the document, negative: further out)."""
        tip = self.top + progress * self.reach
        polys = []
        c, s = np.cos(self.angle), np.sin(self.angle)
        place = lambda p: np.column_stack([self.x + c * p[:, 0] - s * p[:, 1], tip + s * p[:, 0] + c * p[:, 1]])
        polys.append(place(_ellipse(0, -95, 45, 55)))                # palm, off the document
        for i, dx in enumerate((-27, -9, 9, 27)):                    # fingers pointing at the document
            length = (62, 72, 70, 58)[i]
            polys.append(place(_ellipse(dx, -length / 2 - 2, 8.5, length / 2)))
        polys.append(place(_ellipse(52, -110, 12, 35, angle=-0.8)))  # thumb
        return polys

    def draw(self, frame, polygons_px):
        """Blends the projected polygons into the frame (uint8 RGB, in place)."""
        h, w = frame.shape[:2]
        pts = np.vstack(polygons_px)
        x0, y0 = np.maximum(np.floor(pts.min(0)).astype(int) - 4, 0)
        x1, y1 = np.minimum(np.ceil(pts.max(0)).astype(int) + 4, (w, h))
        if x1 <= x0 or y1 <= y0:
            return
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        for poly in polygons_px:
            cv2.fillPoly(mask, [np.round(poly - (x0, y0)).astype(np.int32)], 255)
        mask = cv2.GaussianBlur(mask, (5, 5), 0).astype(np.float32)[..., None] / 255
        roi = frame[y0:y1, x0:x1].astype(np.float32)
        shade = self.colour * (0.85 + 0.15 * mask)
        frame[y0:y1, x0:x1] = (roi * (1 - mask) + shade * mask).astype(np.uint8)

    def covers(self, polygons_px, quad):
        """True when the hand overlaps the document outline."""
        doc = quad.astype(np.float32)
        return any(cv2.intersectConvexConvex(cv2.convexHull(p.astype(np.float32)), doc)[0] > 1
                   for p in polygons_px)
