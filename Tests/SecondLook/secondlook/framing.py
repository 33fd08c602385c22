"""How the document sits in the frame, in the terms of the element's framing
rules (README, "The decisions are in Swift (`DocumentDetector`)"): its area
share of the frame, its nearest corner to the border, its long side and the
MRZ capital height the element estimates from the outline, in analysed pixels.

The element analyses a copy whose long side is at most 1280 px (720p as is,
1080p scaled by 2/3), so pixel limits are compared in that copy's pixels."""
from dataclasses import dataclass

import cv2
import numpy as np

ANALYSIS_LONG_SIDE = 1280
# ICAO shapes the element picks from by aspect ratio: (long / short, long mm)
SHAPES = {"ID-1": (85.60 / 53.98, 85.60), "TD2": (105.0 / 74.0, 105.0), "TD3": (125.0 / 88.0, 125.0)}
MRZ_CAPITAL_MM = 2.42
# shapes whose aspect is this close to the nearest one's may be taken
# instead: TD2 and TD3 differ by 0.002, an outline's error is ~0.02
SHAPE_SLACK = 0.03


@dataclass
class Framing:
    area: float        # visible part of the document / frame area
    margin: float      # nearest corner to the border / frame's short side
    margin_px: float   # the same in analysed pixels
    long_side: float   # the outline's longest side / frame's long side
    caps: tuple        # (low, high) estimated MRZ capitals, analysed px
    washed: float = 0.0  # share of the document a highlight washes out


def analysis_scale(size):
    return min(1.0, ANALYSIS_LONG_SIDE / max(size))


def _sides(quad):
    return [float(np.linalg.norm(quad[(k + 1) % 4] - quad[k])) for k in range(4)]


def estimated_caps(quad, size):
    """(low, high) MRZ capital height (analysed px) the element estimates
    from the outline's long side, over every shape it might take the
    outline for (MRV-A sits between TD3 and ID-1, TD2 next to TD3)."""
    s = _sides(quad)
    across, down = (s[0] + s[2]) / 2, (s[1] + s[3]) / 2
    ratio = max(across, down) / max(1e-9, min(across, down))
    near = min(abs(a - ratio) for a, _ in SHAPES.values())
    long_px = max(s) * analysis_scale(size)
    caps = [long_px * MRZ_CAPITAL_MM / mm for a, mm in SHAPES.values() if abs(a - ratio) <= near + SHAPE_SLACK]
    return min(caps), max(caps)


def corner_margin(quad, size):
    """Pixels (frame) from the nearest corner to the border, as the element
    measures it (x, y, width - 1 - x, height - 1 - y)."""
    width, height = size
    q = np.asarray(quad, np.float64)
    return float(min(q[:, 0].min(), q[:, 1].min(), width - 1 - q[:, 0].max(), height - 1 - q[:, 1].max()))


def visible_area(quad, size):
    width, height = size
    frame = np.array([(0, 0), (width, 0), (width, height), (0, height)], np.float32)
    inter, _ = cv2.intersectConvexConvex(np.asarray(quad, np.float32), frame)
    return float(inter)


def measure(quad, size, washed=0.0):
    """The framing of one frame's document outline `quad` (frame px)."""
    width, height = size
    margin = corner_margin(quad, size)
    return Framing(area=visible_area(quad, size) / (width * height),
                   margin=margin / min(size), margin_px=margin * analysis_scale(size),
                   long_side=max(_sides(np.asarray(quad, np.float64))) / max(size),
                   caps=estimated_caps(np.asarray(quad, np.float64), size), washed=washed)
