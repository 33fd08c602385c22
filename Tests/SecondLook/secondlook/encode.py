"""H.264 in MP4 through GStreamer: raw RGB frames are piped into gst-launch-1.0
(fdsrc ! rawvideoparse ! x264enc ! mp4mux), like a cheap webcam stream at
~1 Mbit/s. Only Debian's GStreamer packages are needed."""
import subprocess


class Mp4Writer:
    def __init__(self, path, width, height, fps=30, bitrate_kbps=1000):
        pipeline = (
            "fdsrc fd=0 ! rawvideoparse format=rgb width=%d height=%d framerate=%d/1 "
            "! videoconvert ! video/x-raw,format=I420 "
            "! x264enc bitrate=%d speed-preset=ultrafast key-int-max=%d threads=1 "
            "! video/x-h264,profile=main ! h264parse ! mp4mux !"
            % (width, height, fps, bitrate_kbps, 2 * fps))
        args = pipeline.split() + ["filesink", "location=" + path]  # path may hold spaces
        self.proc = subprocess.Popen(["gst-launch-1.0", "-q", "-e"] + args,
                                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)

    def write(self, frame_rgb):
        self.proc.stdin.write(frame_rgb.tobytes())

    def close(self):
        self.proc.stdin.close()
        err = self.proc.stderr.read().decode(errors="replace")
        if self.proc.wait() != 0:
            raise RuntimeError("gst-launch-1.0 failed: " + err[-500:])
