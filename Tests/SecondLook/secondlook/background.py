"""Security-paper backgrounds: paper tone and texture, gradients and tints, and
guilloche (fine sinusoidal waves and rosettes) in light colours.

All functions return float32 RGB images in 0..1 (H x W x 3)."""
import cv2
import numpy as np


def light_colour(rng):
    """A pale print colour (guilloche inks are light: they must not hide text)."""
    hue = rng.random()
    base = np.array([abs(((hue * 6 + o) % 6) - 3) - 1 for o in (0, 4, 2)])
    base = np.clip(base, 0, 1)
    return (0.55 + 0.45 * (1 - rng.uniform(0.3, 0.9) * (1 - base))).astype(np.float32)


def paper(h, w, rng, tint=None):
    tone = rng.uniform(0.82, 1.0)
    tint = tint if tint is not None else [1 - rng.uniform(0, 0.08) for _ in range(3)]
    img = np.ones((h, w, 3), np.float32) * tone * np.asarray(tint, np.float32)
    # fibre texture: low-pass noise, a few percent
    amp = rng.uniform(0.0, 0.05)
    if amp > 0.005:
        noise = np.random.default_rng(rng.getrandbits(32)).standard_normal((h, w)).astype(np.float32)
        noise = cv2.GaussianBlur(noise, (0, 0), rng.uniform(0.7, 2.5))
        noise /= max(1e-6, float(noise.std()))
        img *= (1 + amp * noise)[..., None]
    return img


def gradient(h, w, rng, strength):
    """Multiplicative linear illumination ramp in a random direction."""
    angle = rng.uniform(0, 2 * np.pi)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = (xx * np.cos(angle) + yy * np.sin(angle))
    t = (t - t.min()) / max(1e-6, float(t.max() - t.min()))
    return 1 - strength * t


def _line_pattern(phase, thickness):
    # distance of the phase to the nearest multiple of pi -> thin bright lines
    return np.clip(1 - np.abs(np.sin(phase)) / thickness, 0, 1)


def guilloche(h, w, rng, period_px, intensity):
    """Returns a coverage map (0..1) of one guilloche pattern."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    thickness = rng.uniform(0.12, 0.35)
    k = np.pi / period_px
    if rng.random() < 0.5:
        # waves: parallel sinusoidal lines, modulated
        amp = rng.uniform(1, 6) * period_px
        f2 = 2 * np.pi / (period_px * rng.uniform(8, 40))
        a = rng.uniform(-0.5, 0.5)
        phase = k * (yy + a * xx + amp / period_px * np.sin(f2 * xx + rng.uniform(0, 6)))
        cover = _line_pattern(phase, thickness)
        if rng.random() < 0.5:  # crossed second family
            phase2 = k * (yy - a * xx + amp / period_px * np.sin(f2 * xx + rng.uniform(0, 6)))
            cover = np.maximum(cover, _line_pattern(phase2, thickness))
    else:
        # rosette: rings wobbling with a petal count
        cx, cy = rng.uniform(-0.5, 1.5) * w, rng.uniform(-0.5, 1.5) * h
        r = np.hypot(xx - cx, yy - cy)
        theta = np.arctan2(yy - cy, xx - cx)
        petals = rng.randint(5, 24)
        amp = rng.uniform(1, 5)
        cover = _line_pattern(k * r + amp * np.sin(petals * theta), thickness)
        cover = np.maximum(cover, _line_pattern(k * r - amp * np.sin(petals * theta + 1), thickness))
    return cover * intensity


def security_background(h, w, rng, scale=1.0):
    """Paper + optional tint gradient + 0..3 guilloche layers. `scale` is the
    pixel size of print features relative to a ~20 px cap height. Large pages
    are drawn at half size and enlarged: print lines then stay >= 1.5 px."""
    if h * w > 1_000_000 and scale >= 2:
        small = security_background((h + 1) // 2, (w + 1) // 2, rng, scale / 2)
        return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    img = paper(h, w, rng)
    if rng.random() < 0.5:
        colour = light_colour(rng)
        img *= 1 - (1 - colour) * gradient(h, w, rng, 1.0)[..., None] * rng.uniform(0.2, 0.8)
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
        colour = light_colour(rng)
        cover = guilloche(h, w, rng, rng.uniform(1.5, 6) * scale, rng.uniform(0.3, 1.0))
        img *= 1 - cover[..., None] * (1 - colour)
    return np.clip(img, 0, 1)


def to_grey(rgb):
    return (rgb @ np.array([0.299, 0.587, 0.114], np.float32)).astype(np.float32)
