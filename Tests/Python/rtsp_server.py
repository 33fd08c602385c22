#!/usr/bin/python3
"""A real RTSP server on 127.0.0.1, for the pipeline tests and for trying
pipelines/rtsp.sh without a camera. It serves rtsp://127.0.0.1:PORT/stream,
as H.264 in real time, a new stream for every client:

  a PNG image   a camera looking at it: the still at 15 fps, live
  a video file  (H.264 in MP4) played from its start, then the stream ends

Usage: rtsp_server.py PORT FILE     (PORT 0: any free port)

Prints the stream's URL on standard output once it accepts clients, then
serves until it is killed.
"""
import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402


def launch_line(path):
    quoted = '"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if path.lower().endswith(".png"):
        # Key frames every second, so a client sees a picture at once.
        return (f"( filesrc location={quoted} ! pngdec ! imagefreeze is-live=true ! "
                "videoconvert ! video/x-raw,format=I420,framerate=15/1 ! "
                "x264enc tune=zerolatency speed-preset=ultrafast key-int-max=15 ! "
                "rtph264pay name=pay0 pt=96 config-interval=1 )")
    return (f"( filesrc location={quoted} ! qtdemux ! h264parse ! "
            "rtph264pay name=pay0 pt=96 config-interval=1 )")


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    port, path = argv[1], argv[2]
    Gst.init(None)
    server = GstRtspServer.RTSPServer()
    server.set_address("127.0.0.1")
    server.set_service(port)
    factory = GstRtspServer.RTSPMediaFactory()
    factory.set_launch(launch_line(path))
    # Not shared: each client gets its own pipeline, as a camera shows
    # whatever is in front of it when a client connects.
    factory.set_shared(False)
    server.get_mount_points().add_factory("/stream", factory)
    if server.attach(None) == 0:
        print(f"cannot listen on 127.0.0.1:{port}", file=sys.stderr)
        return 1
    print(f"rtsp://127.0.0.1:{server.get_bound_port()}/stream", flush=True)
    GLib.MainLoop().run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
