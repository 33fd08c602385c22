"""A specular highlight on the document's laminate: a lamp mirrored in it.

Light is added to the exposed frame (before noise and the codec), so the
sensor clips: the core is white whatever was printed there, a soft rim
fades into the page. The highlight is placed in document millimetres and
only the laminate reflects it: nothing is drawn on the desk."""
from dataclasses import dataclass

import cv2
import numpy as np

# a lamp a little warmer than daylight; the core clips to white anyway
TINT = np.array([1.0, 0.97, 0.9], np.float32)
LUMA = float(np.dot([0.299, 0.587, 0.114], TINT))
# added luma from which even dark print (~20) reaches the sensor's ceiling
WASHED_LEVEL = 235.0
EXPONENT = 3.0  # exp(-r^3): a flat clipped core, a rim ~0.6 core radii wide


@dataclass
class Highlight:
    centre_mm: tuple     # on the document, from its centre (x right, y down)
    core_mm: float       # radius (geometric mean of the semi-axes) of the washed core
    elongation: float    # long over short semi-axis
    angle: float         # degrees, in the frame
    peak: float          # level added at the centre, red channel (over 255: overexposed)

    def moved(self, centre_mm):
        return Highlight(centre_mm, self.core_mm, self.elongation, self.angle, self.peak)

    def scale_mm(self):
        """Semi-axes (mm) of the profile's unit ellipse: the core is where the
        added luma is at least WASHED_LEVEL."""
        unit = self.core_mm / np.log(self.peak * LUMA / WASHED_LEVEL) ** (1 / EXPONENT)
        root = np.sqrt(self.elongation)
        return unit * root, unit / root


def draw(frame, highlight, centre_px, px_per_mm, quad):
    """Adds the highlight to `frame` (uint8 RGB, in place) inside the
    document's outline `quad`; returns the washed-out share of the document
    (frame pixels at or above WASHED_LEVEL over the outline's area)."""
    h, w = frame.shape[:2]
    a, b = (s * px_per_mm for s in highlight.scale_mm())
    reach = max(a, b) * np.log(highlight.peak) ** (1 / EXPONENT)  # where it adds < 1 level
    cx, cy = centre_px
    x0, y0 = max(0, int(cx - reach)), max(0, int(cy - reach))
    x1, y1 = min(w, int(cx + reach) + 1), min(h, int(cy + reach) + 1)
    area = abs(cv2.contourArea(quad.astype(np.float32)))
    if x1 <= x0 or y1 <= y0 or area <= 0:
        return 0.0
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    c, s = np.cos(np.radians(highlight.angle)), np.sin(np.radians(highlight.angle))
    u = ((xx - cx) * c + (yy - cy) * s) / a
    v = (-(xx - cx) * s + (yy - cy) * c) / b
    added = highlight.peak * np.exp(-np.power(u * u + v * v, EXPONENT / 2))
    # only the laminate mirrors the lamp; an anti-aliased outline
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(mask, [np.round((quad - (x0, y0)) * 4).astype(np.int32)], 255, cv2.LINE_AA, shift=2)
    added *= mask.astype(np.float32) / 255
    washed = float(np.count_nonzero(added * LUMA >= WASHED_LEVEL)) / area
    roi = frame[y0:y1, x0:x1].astype(np.float32) + added[..., None] * TINT
    frame[y0:y1, x0:x1] = np.clip(roi, 0, 255).astype(np.uint8)
    return washed
