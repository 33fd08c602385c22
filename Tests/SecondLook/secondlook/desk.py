"""Desk surfaces seen by a desk camera (uint8 RGB, frame-sized).

The white paper-like desk matters most: a light document on a light desk has
little edge contrast, which is where outline detection fails first."""
import cv2
import numpy as np

KINDS = ["dark", "wood", "light-wood", "green", "white"]


def _noise(h, w, np_rng, sigma):
    n = np_rng.standard_normal((h, w)).astype(np.float32)
    return cv2.GaussianBlur(n, (0, 0), sigma) if sigma > 0 else n


def _wood(h, w, np_rng, light):
    # grain: stretched noise along x, plus rings as slow sines
    small = _noise(max(8, h // 8), max(8, w // 64), np_rng, 1.0)
    grain = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    yy = np.arange(h, dtype=np.float32)[:, None]
    rings = np.sin(yy / h * np_rng.uniform(20, 60) + grain * 3)
    t = 0.5 + 0.25 * rings + 0.1 * grain
    dark, pale = ((150, 110, 70), (220, 185, 140)) if light else ((70, 40, 20), (140, 90, 50))
    rgb = np.array(dark, np.float32) + t[..., None] * (np.array(pale, np.float32) - dark)
    return rgb


def make_desk(kind, h, w, rng):
    np_rng = np.random.default_rng(rng.getrandbits(32))
    if kind == "dark":
        base = np.array([rng.uniform(20, 50)] * 3, np.float32)
        rgb = base + _noise(h, w, np_rng, 2)[..., None] * 6
    elif kind == "wood":
        rgb = _wood(h, w, np_rng, light=False)
    elif kind == "light-wood":
        rgb = _wood(h, w, np_rng, light=True)
    elif kind == "green":
        rgb = np.array([40, rng.uniform(90, 130), 60], np.float32) + _noise(h, w, np_rng, 1.5)[..., None] * 8
    else:  # white, paper-like: close to the document's own tone
        tone = rng.uniform(215, 245)
        rgb = np.array([tone, tone, tone * rng.uniform(0.95, 1.0)], np.float32)
        rgb = rgb + _noise(h, w, np_rng, 3)[..., None] * 5
    return np.clip(rgb, 0, 255).astype(np.uint8)
