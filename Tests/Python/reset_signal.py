#!/usr/bin/python3
"""Interrupts a session mid-stream and prints every docscan message as
its GstStructure string, one per line.

Usage: reset_signal.py [reset|pause]  (GST_PLUGIN_PATH must find docscan)
  reset  emits the `reset` action signal at frame 30
  pause  pauses the pipeline at frame 30 and sets it PLAYING again
"""
import sys
import threading
import time

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402


def pause_and_play(pipeline):
    # State changes cannot be made from the streaming thread itself.
    def run():
        pipeline.set_state(Gst.State.PAUSED)
        time.sleep(0.2)
        pipeline.set_state(Gst.State.PLAYING)

    threading.Thread(target=run).start()


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "reset"
    Gst.init(None)
    # Paced by the clock (identity sync=true) so that pausing has a meaning.
    pipeline = Gst.parse_launch(
        "videotestsrc num-buffers=60 ! "
        "video/x-raw,format=I420,width=320,height=240,framerate=30/1 ! "
        "identity sync=true ! docscan name=scan analysis=sync ! fakesink sync=false"
    )
    scan = pipeline.get_by_name("scan")
    sink_pad = scan.get_static_pad("sink")
    frames = {"count": 0}

    def on_buffer(pad, info):
        frames["count"] += 1
        if frames["count"] == 30:
            if mode == "pause":
                pause_and_play(pipeline)
            else:
                scan.emit("reset")
        return Gst.PadProbeReturn.OK

    sink_pad.add_probe(Gst.PadProbeType.BUFFER, on_buffer)
    pipeline.set_state(Gst.State.PLAYING)
    bus = pipeline.get_bus()
    while True:
        message = bus.timed_pop_filtered(
            10 * Gst.SECOND,
            Gst.MessageType.ELEMENT | Gst.MessageType.EOS | Gst.MessageType.ERROR,
        )
        if message is None:
            print("timeout waiting for EOS")
            sys.exit(1)
        if message.type == Gst.MessageType.ERROR:
            error, debug = message.parse_error()
            print("error:", error.message, debug)
            sys.exit(1)
        if message.type == Gst.MessageType.EOS:
            break
        structure = message.get_structure()
        if structure.get_name().startswith("docscan-"):
            print(structure.to_string(), flush=True)
    pipeline.set_state(Gst.State.NULL)


if __name__ == "__main__":
    main()
