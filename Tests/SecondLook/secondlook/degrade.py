"""Camera and codec degradations on float images in 0..1 (grey HxW or RGB HxWx3)."""
import cv2
import numpy as np


def gaussian_blur(img, sigma):
    if sigma < 0.2:
        return img
    return cv2.GaussianBlur(img, (0, 0), sigma)


def motion_blur(img, length, angle_deg):
    """Linear motion blur of `length` pixels (hand or camera shake)."""
    if length < 1.5:
        return img
    size = int(np.ceil(length)) | 1
    kernel = np.zeros((size, size), np.float32)
    c = size // 2
    dx, dy = np.cos(np.radians(angle_deg)), np.sin(np.radians(angle_deg))
    for t in np.linspace(-length / 2, length / 2, size * 3):
        kernel[int(round(c + t * dy)), int(round(c + t * dx))] = 1
    return cv2.filter2D(img, -1, kernel / kernel.sum(), borderType=cv2.BORDER_REPLICATE)


def sensor_noise(img, sigma, np_rng):
    """Gaussian read noise plus signal-dependent shot noise."""
    if sigma <= 0:
        return img
    shot = np.sqrt(np.clip(img, 0, 1)) * 0.5 + 0.5
    return img + np_rng.standard_normal(img.shape).astype(np.float32) * sigma * shot


def contrast(img, black, white):
    """Maps 0..1 to black..white: low contrast (faded print, low light)."""
    return black + img * (white - black)


def jpeg(img, quality):
    u8 = np.clip(img * 255 + 0.5, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", u8, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    flag = cv2.IMREAD_GRAYSCALE if u8.ndim == 2 else cv2.IMREAD_COLOR
    return cv2.imdecode(buf, flag).astype(np.float32) / 255.0


def blocky(img, block, keep, step):
    """H.264-like macroblock artefacts on a grey image: each block x block tile
    keeps only its `keep` x `keep` lowest DCT coefficients, quantised by `step`."""
    h, w = img.shape[:2]
    ph, pw = (-h) % block, (-w) % block
    padded = cv2.copyMakeBorder(img, 0, ph, 0, pw, cv2.BORDER_REPLICATE)
    out = np.empty_like(padded)
    for y in range(0, padded.shape[0], block):
        for x in range(0, padded.shape[1], block):
            coeffs = cv2.dct(padded[y:y + block, x:x + block])
            coeffs[keep:, :] = 0
            coeffs[:, keep:] = 0
            coeffs = np.round(coeffs / step) * step
            out[y:y + block, x:x + block] = cv2.idct(coeffs)
    return out[:h, :w]


def to_u8(img):
    return np.clip(img * 255 + 0.5, 0, 255).astype(np.uint8)
