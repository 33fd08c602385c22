#!/usr/bin/env bash
# Installs the Debian 12 packages docscan builds, runs and is tested with.
# Swift itself is expected on the machine already (swift.org toolchain).
set -euo pipefail
# Root runs it as it is; anyone else through sudo (a fresh Debian used as
# root has no sudo).
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 \
    || { echo "plugin/install-deps.sh: run as root (there is no sudo here)" >&2; exit 1; }
  exec sudo "$0" "$@"
fi
packages=(
  pkg-config
  # GStreamer: headers, tools, the elements the pipelines and tests use
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-tools
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad
  gstreamer1.0-plugins-ugly gstreamer1.0-libav gstreamer1.0-plugins-base-apps
  # PyGObject, for the pipelines' JSON output, the benchmark and some tests
  python3-gi python3-gst-1.0 gir1.2-gst-plugins-base-1.0
  # the RTSP server the rtsp.sh tests run on 127.0.0.1 (Tests/Python/rtsp_server.py)
  gir1.2-gst-rtsp-server-1.0 libgstrtspserver-1.0-0
  # drawing the annotations
  libcairo2-dev libpango1.0-dev fonts-dejavu-core
  # document detection: edges, contours, perspective warps; the kept
  # document image as PNG; the portrait (a face cascade from opencv-data);
  # a side shown again (ORB features, a homography)
  libopencv-imgproc-dev libopencv-imgcodecs-dev libopencv-objdetect-dev opencv-data
  libopencv-features2d-dev libopencv-calib3d-dev
  # document fixtures render their MRZ in OCR-B
  fonts-ocr-b
  # MRZ: Tesseract's C API header (the library is loaded with dlopen) and its English model
  libtesseract-dev tesseract-ocr-eng
  # the second-look renders (Tests/SecondLook) and the MRZ model's training
  # (training/mrz: Tesseract's training tools)
  python3-pil python3-numpy python3-opencv tesseract-ocr fonts-liberation fonts-freefont-ttf
  # barcodes: zbar (linear codes, QR), zxing-cpp 1.4 (PDF417, Data Matrix, Aztec, QR)
  libzbar-dev libzxing-dev
  # docscan-run --publish: libmosquitto (MQTT); the broker and its clients for the tests
  libmosquitto-dev mosquitto mosquitto-clients
)
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${packages[@]}"
