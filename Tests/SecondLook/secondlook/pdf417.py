"""PDF417 symbols drawn by the project's `render-pdf417` (zxing-cpp's writer
through the test shim): Python here has no PDF417 encoder, and nothing may
be downloaded."""
import os
import subprocess
import tempfile

import cv2

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
BINARY = os.path.join(REPO, ".build", "release", "render-pdf417")
BUILD = "swift build -c release --product render-pdf417 -Xswiftc -static-stdlib"


def modules(text):
    """The symbol of `text` as a uint8 image, one pixel per module (0 dark,
    255 light; each row four modules tall), without a quiet zone."""
    if not os.access(BINARY, os.X_OK):
        raise SystemExit("licence clips need %s: build it first, from %s:\n  %s\n"
                         "(the same flags as plugin/build.sh, so the plugin's build is reused)"
                         % (BINARY, REPO, BUILD))
    with tempfile.TemporaryDirectory(prefix="pdf417-") as work:
        source, image = os.path.join(work, "payload.txt"), os.path.join(work, "symbol.png")
        with open(source, "wb") as f:
            f.write(text.encode())
        done = subprocess.run([BINARY, source, image], capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit("render-pdf417 failed: " + done.stderr.strip())
        return cv2.imread(image, cv2.IMREAD_GRAYSCALE)
