"""Composes an MRZ block (all its lines) as an ink mask at supersampled scale.

MRZ text is monospaced (10 characters per inch, capitals ~2.3 mm high), so the
pitch is about 1.0-1.25 cap heights and lines are ~1.6-2.1 cap heights apart.
"""
import cv2
import numpy as np

from .glyphs import SS_CAP


def compose_block(lines, glyphs, rng, pitch_ratio=1.1, line_ratio=1.8, jitter=0.05,
                  stroke=0, margin_caps=2.0):
    """Returns (mask float32 HxW in 0..1, line_boxes, cap) where line_boxes[i] is
    the (x0, y0, x1, y1) box of line i's cap-height band in mask pixels."""
    pitch = SS_CAP * pitch_ratio
    spacing = SS_CAP * line_ratio
    margin = int(SS_CAP * margin_caps)
    width = int(max(len(l) for l in lines) * pitch + 2 * margin)
    height = int((len(lines) - 1) * spacing + SS_CAP + 2 * margin)
    mask = np.zeros((height, width), np.float32)
    boxes = []
    for row, text in enumerate(lines):
        baseline = margin + SS_CAP + row * spacing
        left = right = None
        for i, ch in enumerate(text):
            glyph, ox, oy = glyphs.masks[ch]
            # independent per-character jitter: printers place each cell, so
            # errors do not accumulate along the line
            cell_x = margin + i * pitch + rng.uniform(-jitter, jitter) * pitch
            pen = cell_x + (pitch - glyphs.advance) / 2.0
            x = int(round(pen + ox))
            y = int(round(baseline + oy + rng.uniform(-0.02, 0.02) * SS_CAP))
            h, w = glyph.shape
            region = mask[y:y + h, x:x + w]
            np.maximum(region, glyph[:region.shape[0], :region.shape[1]], out=region)
            left = cell_x if left is None else left
            right = cell_x + pitch
        boxes.append((left, baseline - SS_CAP, right, baseline))
    if stroke:
        # stroke weight: ink spread (positive) or thin/faded print (negative)
        k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * abs(stroke) + 1,) * 2)
        mask = cv2.dilate(mask, k) if stroke > 0 else cv2.erode(mask, k)
    return mask, boxes, SS_CAP
