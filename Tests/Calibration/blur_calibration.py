#!/usr/bin/python3
"""Calibration of docscan's blur meter (issue 14): clean steady frames of many
sources must measure below the default blur-threshold, frames blurred by motion
or defocus of half the MRZ character height above it.

    swift build -c release --product blur-calibration
    /usr/bin/python3 Tests/Calibration/blur_calibration.py --build .build/release [--work DIR] [-v]

(about 8 minutes on 2 shared cores, most of it H.264; --measure-only
re-measures the frames of an earlier run, e.g. after changing the meter;
the meter's parameters can be overridden for tuning with BLUR_SPREAD_QUANTILE,
BLUR_STRONG, BLUR_ANISOTROPY, BLUR_BOUNDARY, BLUR_CONTRAST_QUANTILE.)

Needs Debian's python3 with numpy, cv2 and PIL, and gst-launch-1.0 with x264enc
and avdec_h264 for the H.264 frames (skipped when missing).

Sources are split: the thresholds are set on the `calibrate` group (renders of
the project's fixtures and of other fonts, sizes and backgrounds; synthetic
passports BEL..ESP) and only checked on the `check` group (the 20 specimens of
Arg0s1080/mrz; synthetic passports EST GBR IDN IRL).

Every page is taken through a camera model to the document as the element
dewarps it (720 px long side): the page at a camera's resolution (webcam 720p
to 4K), camera softness (gaussian sigma 0.5-1.2 px), low light (contrast to
30 %) or not, sensor noise, JPEG quality 20-40 or H.264 at 1 Mbit/s (per
1280x720 of frame), then resized to 720 px. Blurred frames add defocus
(gaussian sigma) or motion (a line of that length at a random angle) of 0.25,
0.5, 0.75 and 1 x the MRZ character height of the dewarped document (TD3 14 px,
TD2 17 px, ID-1 20 px), applied at 720 px, then noise and JPEG.
"""
import argparse
import glob
import json
import math
import os
import random
import shutil
import subprocess
import sys

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

DATA = "/work/shared/data"
SPECIMENS = f"{DATA}/mrz-Arg0s1080-mrz"
SYNTHETIC = f"{DATA}/mrz-tony-xlh-MRZ-dataset/images"
CALIBRATION_COUNTRIES = ["BEL", "BGR", "BLR", "CAN", "CHL", "CHN", "D", "DOM", "ESP"]
CHECK_COUNTRIES = ["EST", "GBR", "IDN", "IRL"]
THRESHOLD = 0.45  # DEFAULT_BLUR_THRESHOLD
LONG_SIDE = 720
# MRZ capitals on the dewarped document (720 px long side).
CHAR_HEIGHT = {"TD3": 14.0, "TD2": 17.0, "TD1": 20.0}
FONTS = "/usr/share/fonts"


# --- sources ---------------------------------------------------------------

def luma(path):
    image = Image.open(path)
    if image.mode in ("RGBA", "LA", "P"):
        image = image.convert("RGBA")
        white = Image.new("RGBA", image.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, image)
    return np.asarray(image.convert("L"), dtype=np.uint8)


def font(name, size):
    path = glob.glob(f"{FONTS}/**/{name}", recursive=True)
    return ImageFont.truetype(path[0], max(4, int(size)))


TEXT_FONTS = [
    "DejaVuSans.ttf", "DejaVuSerif.ttf", "LiberationSans-Regular.ttf",
    "LiberationSerif-Italic.ttf", "FreeMono.ttf", "DejaVuSans-ExtraLight.ttf",
    "FreeSansBold.ttf", "LiberationSansNarrow-Italic.ttf", "DejaVuSansMono.ttf",
]


def render_page(seed, shape):
    """A document page drawn with PIL at 20 px/mm: other fonts, sizes and
    backgrounds than the project's fixtures; the MRZ in OCR-B at 10 cpi."""
    rng = random.Random(seed)
    unit = 20.0
    width_mm, height_mm, lines, chars = (125, 88, 2, 44) if shape == "TD3" else (85.6, 54, 3, 30)
    w, h = int(width_mm * unit), int(height_mm * unit)
    kind = rng.choice(["plain", "tint", "guilloche", "dark"])
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "plain":
        page = np.full((h, w), rng.uniform(215, 245), np.float32)
    elif kind == "tint":
        page = 200 + 40 * (xx / w) * rng.uniform(0.5, 1) + 10 * np.sin(yy / h * 3)
    elif kind == "guilloche":
        page = 225 + 14 * np.sin(xx / rng.uniform(6, 14) + 6 * np.sin(yy / rng.uniform(30, 80)))
    else:
        page = np.full((h, w), rng.uniform(150, 185), np.float32)
    ink = rng.uniform(10, 60) if kind != "dark" else rng.uniform(0, 30)
    image = Image.fromarray(np.clip(page, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(image)
    # Portrait: a smooth face on a background.
    px, py, pw, ph = 6 * unit, 14 * unit, 30 * unit, 38 * unit
    draw.rectangle([px, py, px + pw, py + ph], fill=int(rng.uniform(120, 200)))
    draw.ellipse([px + 8 * unit, py + 6 * unit, px + 22 * unit, py + 24 * unit], fill=int(rng.uniform(90, 170)))
    draw.rectangle([px + 3 * unit, py + 26 * unit, px + 27 * unit, py + ph], fill=int(rng.uniform(30, 90)))
    title = font(rng.choice(TEXT_FONTS), rng.uniform(3.5, 5.5) * unit)
    draw.text((6 * unit, 3 * unit), rng.choice(["PASSPORT  REPUBLIC", "IDENTITY CARD", "PASSEPORT"]),
              fill=int(ink), font=title)
    label_font = font(rng.choice(TEXT_FONTS), rng.uniform(1.6, 2.4) * unit)
    value_font = font(rng.choice(TEXT_FONTS), rng.uniform(2.4, 3.8) * unit)
    words = ["SURNAME", "GIVEN NAMES", "NATIONALITY", "DATE OF BIRTH", "SEX", "EXPIRY"]
    values = ["MUSTERMANN", "ERIKA ANNA", "REPUBLIC", "12 AUG 1974", "F", "15 APR 2031"]
    rows = 6 if shape == "TD3" else 3
    for index in range(rows):
        top = (14 + index * 7) * unit if shape == "TD3" else (10 + index * 6) * unit
        draw.text((42 * unit, top), words[index], fill=int(ink + 40), font=label_font)
        draw.text((42 * unit, top + 2.4 * unit), values[index], fill=int(ink), font=value_font)
    mrz_font = font("OCRB.otf", 100)
    sample = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"[:chars]
    measured = draw.textlength(sample, font=mrz_font)
    mrz_font = font("OCRB.otf", 100 * chars * 2.54 * unit / measured)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<<<<<<"
    mrz_top = (height_mm - 5 - 4.2 * lines) * unit
    for line in range(lines):
        text = "".join(rng.choice(alphabet) for _ in range(chars))
        draw.text((4 * unit, mrz_top + line * 4.2 * unit), text, fill=int(ink), font=mrz_font)
    return np.asarray(image, dtype=np.uint8)


def sources(work):
    """(name, group, document type, grey page at its native resolution)."""
    out = []
    subprocess.run([f"{ARGS.build}/blur-calibration", "render", f"{work}/fixtures"], check=True)
    for path in sorted(glob.glob(f"{work}/fixtures/*.pgm")):
        name = os.path.basename(path)[:-4]
        shape = "TD3" if "td3" in name else "TD1"
        out.append((name, "calibrate", "renders: project fixtures", shape, luma(path)))
    for seed in range(16):
        shape = "TD3" if seed % 2 == 0 else "TD1"
        out.append((f"pil_{seed}", "calibrate", "renders: other fonts/backgrounds", shape,
                    render_page(seed, shape)))
    formats = {}
    for line in open(f"{SPECIMENS}/index.tsv").read().splitlines()[1:]:
        name, fmt = line.split("\t")
        formats[name] = "TD3" if fmt.startswith("TD3") else "TD2" if fmt.startswith(("TD2", "MRVB")) else "TD1"
    for path in sorted(glob.glob(f"{SPECIMENS}/images/*.png")):
        name = os.path.basename(path)
        out.append((name[:-4], "check", "specimens (real)", formats.get(name, "TD3"), luma(path)))
    for path in sorted(glob.glob(f"{SYNTHETIC}/*.jpg")):
        name = os.path.basename(path)[:-4]
        country = name.split("_")[0]
        group = "calibrate" if country in CALIBRATION_COUNTRIES else "check"
        label = "synthetic passports " + ("BEL..ESP" if group == "calibrate" else "EST GBR IDN IRL")
        out.append((name, group, label, "TD3", luma(path)))
    return out


# --- camera model ----------------------------------------------------------

def to_long_side(image, long_side):
    h, w = image.shape
    scale = long_side / max(h, w)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return cv2.resize(image, size, interpolation=interpolation)


def jpeg(image, quality):
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)


def noise(image, sigma, rng):
    noisy = image.astype(np.float32) + rng.normal(0, sigma, image.shape)
    return np.clip(noisy.round(), 0, 255).astype(np.uint8)


def dim(image, contrast):
    """Low light: the page's contrast and brightness down to `contrast`."""
    return np.clip(image.astype(np.float32) * contrast + 8, 0, 255).round().astype(np.uint8)


def h264(images, work):
    """Each image as a steady 12-frame clip at 1 Mbit/s per 1280x720 (x264,
    speed-preset veryfast, zerolatency); the 9th decoded frame of each."""
    if not shutil.which("gst-launch-1.0"):
        return None
    out = []
    for index, image in enumerate(images):
        h, w = image.shape
        h2, w2 = h - h % 2, w - w % 4  # GRAY8 rows are 4-byte aligned
        frame = np.ascontiguousarray(image[:h2, :w2])
        raw = f"{work}/h264_in.raw"
        rng = np.random.default_rng(index)
        with open(raw, "wb") as f:
            for _ in range(12):  # the same page, fresh sensor noise per frame
                f.write(noise(frame, 1.5, rng).tobytes())
        kbit = max(150, int(1000 * (w2 * h2) / (1280 * 720)))
        result = f"{work}/h264_out.raw"
        command = (
            f"gst-launch-1.0 -q filesrc location={raw} ! rawvideoparse format=gray8 width={w2} "
            f"height={h2} framerate=30/1 ! videoconvert ! video/x-raw,format=I420 ! "
            f"x264enc bitrate={kbit} speed-preset=veryfast tune=zerolatency key-int-max=60 ! "
            f"avdec_h264 ! videoconvert ! video/x-raw,format=GRAY8 ! filesink location={result}")
        if subprocess.run(command, shell=True, capture_output=True).returncode != 0:
            return None
        data = np.fromfile(result, dtype=np.uint8)
        frames = data.reshape(-1, h2, w2)
        out.append(frames[min(8, len(frames) - 1)])
    return out


CAMERAS = [("webcam 480p", 480), ("webcam 720p", 700), ("1080p", 1100), ("4K", 2400)]


def clean_frames(page, rng):
    """Clean steady frames of one page, each as the element's dewarped
    document: (condition, image at 720 px long side)."""
    out = []
    for camera, page_long in CAMERAS:
        native = max(page.shape)
        if page_long > native * 1.05 and camera != "webcam 480p":
            continue  # no upscaling of a small page to fake a sharp camera
        sensor = to_long_side(page, page_long)
        sigma = rng.choice([0.5, 0.8, 1.0, 1.2])
        soft = cv2.GaussianBlur(sensor, (0, 0), sigma)
        lowlight = rng.random() < 0.3
        if lowlight:
            soft = dim(soft, 0.3)
        shot = noise(soft, rng.choice([1.0, 2.0, 3.0]), rng)
        condition = f"{camera} sigma {sigma}" + (" lowlight" if lowlight else "")
        if rng.random() < 0.5:
            q = rng.choice([20, 30, 40])
            out.append((condition + f" jpeg{q}", to_long_side(jpeg(shot, q), LONG_SIDE)))
        else:
            out.append((condition + " h264", ("h264", shot)))
    return out


def blurred_frames(page, shape, rng):
    """Frames blurred by defocus or motion of 0.25..1 x the character height."""
    base = to_long_side(cv2.GaussianBlur(to_long_side(page, 1100), (0, 0), 0.6), LONG_SIDE)
    height = CHAR_HEIGHT[shape]
    out = []
    for fraction in [0.25, 0.5, 0.75, 1.0]:
        extent = fraction * height
        if rng.random() < 0.5:
            image = cv2.GaussianBlur(base, (0, 0), extent / 2)  # defocus: 2 sigma = extent
            kind = f"defocus 2sigma={fraction}H"
        else:
            angle = rng.choice([0, 90, 30, 45])
            length = max(2, int(round(extent)))
            # A line `length` pixels long (end to end, as ImageEffects'
            # motionBlurred box of `length` taps), antialiased.
            size = 4 * ((length + 8) // 4) + 1
            kernel = np.zeros((size, size), np.float32)
            c = size // 2
            half = (length - 1) / 2
            dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            shift = 4  # cv2.line's fractional bits
            p0 = (int(round((c - half * dx) * 16)), int(round((c - half * dy) * 16)))
            p1 = (int(round((c + half * dx) * 16)), int(round((c + half * dy) * 16)))
            cv2.line(kernel, p0, p1, 1.0, 1, cv2.LINE_AA, shift)
            kernel /= kernel.sum()
            image = cv2.filter2D(base, -1, kernel)
            kind = f"motion {angle}deg L={fraction}H"
        image = jpeg(noise(image, rng.choice([1.0, 2.0, 3.0]), rng), 60)
        out.append((fraction, kind, image))
    return out


# --- measurement -----------------------------------------------------------

def write_pgm(path, image):
    h, w = image.shape
    with open(path, "wb") as f:
        f.write(f"P5\n{w} {h}\n255\n".encode())
        f.write(np.ascontiguousarray(image).tobytes())


def measure(paths):
    values = {}
    for start in range(0, len(paths), 200):
        chunk = paths[start:start + 200]
        out = subprocess.run([f"{ARGS.build}/blur-calibration", "measure", *chunk],
                             check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            value, path = line.split("\t", 1)
            values[path] = float(value)
    return values


def main():
    work = ARGS.work
    manifest = f"{work}/manifest.json"
    if ARGS.measure_only:
        rows = [tuple(row) for row in json.load(open(manifest))]
        report(rows, measure([row[-1] for row in rows]))
        return
    if ARGS.blurred_only:  # new blurred frames, the clean ones kept
        rows = [tuple(row) for row in json.load(open(manifest)) if row[2] != "blurred"]
        rng = random.Random(15)
        nrng = np.random.default_rng(15)

        class B:
            random = rng.random
            choice = rng.choice
            normal = nrng.normal

        for name, group, label, shape, page in sources(work):
            for index, (fraction, kind, image) in enumerate(blurred_frames(page, shape, B)):
                path = f"{work}/frames/{name}__blur{index}.pgm"
                write_pgm(path, image)
                rows.append((group, label, "blurred", fraction, kind, path))
        json.dump(rows, open(manifest, "w"))
        report(rows, measure([row[-1] for row in rows]))
        return
    for sub in ["fixtures", "frames"]:
        os.makedirs(f"{work}/{sub}", exist_ok=True)
    rng = random.Random(14)
    nrng = np.random.default_rng(14)

    class R:  # one random source for the camera model, numpy's for noise
        random = rng.random
        choice = rng.choice
        normal = nrng.normal

    rows = []  # (group, label, kind, fraction or None, condition, path)
    pending_h264 = []
    for name, group, label, shape, page in sources(work):
        as_is = f"{work}/frames/{name}__asis.pgm"
        write_pgm(as_is, page)
        rows.append((group, label, "as they come", None, "native", as_is))
        scaled = f"{work}/frames/{name}__720.pgm"
        write_pgm(scaled, to_long_side(page, LONG_SIDE))
        rows.append((group, label, "scaled to 720", None, "scaled", scaled))
        for index, (condition, image) in enumerate(clean_frames(page, R)):
            path = f"{work}/frames/{name}__clean{index}.pgm"
            if isinstance(image, tuple):
                pending_h264.append((path, image[1]))
            else:
                write_pgm(path, image)
            rows.append((group, label, "clean steady", None, condition, path))
        for index, (fraction, kind, image) in enumerate(blurred_frames(page, shape, R)):
            path = f"{work}/frames/{name}__blur{index}.pgm"
            write_pgm(path, image)
            rows.append((group, label, "blurred", fraction, kind, path))
    encoded = h264([image for _, image in pending_h264], work) if not ARGS.no_h264 else None
    for (path, image), decoded in zip(pending_h264, encoded or [None] * len(pending_h264)):
        # Without gst, an H.264 frame falls back to JPEG quality 20.
        write_pgm(path, to_long_side(decoded if decoded is not None else jpeg(image, 20), LONG_SIDE))

    json.dump(rows, open(manifest, "w"))
    report(rows, measure([row[-1] for row in rows]))


def report(rows, values):
    def stats(xs):
        xs = sorted(xs)
        return f"n {len(xs):3d}  median {np.median(xs):.3f}  max {max(xs):.3f}" if xs else "n 0"

    for group in ["calibrate", "check"]:
        print(f"\n=== {group} sources ===")
        labels = sorted({r[1] for r in rows if r[0] == group})
        for label in labels:
            print(f"\n{label}")
            for kind in ["as they come", "scaled to 720", "clean steady"]:
                xs = [values[r[-1]] for r in rows if r[0] == group and r[1] == label and r[2] == kind]
                alarms = sum(x > THRESHOLD for x in xs)
                print(f"  {kind:14s} {stats(xs)}  false alarms {alarms}/{len(xs)}"
                      f" ({100 * alarms / max(1, len(xs)):.1f} %)")
            for fraction in [0.25, 0.5, 0.75, 1.0]:
                xs = [values[r[-1]] for r in rows
                      if r[0] == group and r[1] == label and r[2] == "blurred" and r[3] == fraction]
                if xs:
                    missed = sum(x <= THRESHOLD for x in xs)
                    print(f"  blurred {fraction:4.2f}H   n {len(xs):3d}  min {min(xs):.3f}  median "
                          f"{np.median(xs):.3f}  below threshold {missed}/{len(xs)}")
        clean = [values[r[-1]] for r in rows if r[0] == group and r[2] in ("clean steady", "scaled to 720")]
        alarms = sum(x > THRESHOLD for x in clean)
        print(f"\n  {group}: clean steady + scaled, false alarms at {THRESHOLD}: {alarms}/{len(clean)}"
              f" ({100 * alarms / max(1, len(clean)):.2f} %)")
        half = [values[r[-1]] for r in rows if r[0] == group and r[2] == "blurred" and r[3] >= 0.5]
        missed = sum(x <= THRESHOLD for x in half)
        print(f"  {group}: blurred >= 0.5H below threshold: {missed}/{len(half)}")
    if ARGS.verbose:
        print("\nworst clean frames:")
        clean = sorted((values[r[-1]], r[-1], r[4]) for r in rows if r[2] != "blurred")
        for value, path, condition in clean[-15:]:
            print(f"  {value:.3f} {condition:40s} {path}")
        print("lowest blurred >= 0.5H:")
        blurred = sorted((values[r[-1]], r[-1], r[4]) for r in rows if r[2] == "blurred" and r[3] >= 0.5)
        for value, path, condition in blurred[:15]:
            print(f"  {value:.3f} {condition:40s} {path}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=".build/debug", help="folder holding blur-calibration")
    parser.add_argument("--work", default="/tmp/blur-calibration", help="scratch folder for frames")
    parser.add_argument("--no-h264", action="store_true", help="JPEG quality 20 instead of H.264")
    parser.add_argument("--measure-only", action="store_true", help="re-measure the frames of --work")
    parser.add_argument("--blurred-only", action="store_true", help="new blurred frames, clean ones kept")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the worst frames")
    ARGS = parser.parse_args()
    main()
