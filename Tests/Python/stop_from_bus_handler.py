#!/usr/bin/python3
"""An application that stops the pipeline from a synchronous bus handler,
as soon as docscan posts its first message: the handler runs on docscan's
analysis thread (where the message was posted), so the stop must not wait
for that thread's analysis, which is the handler itself.

In `analysis=sync` the streaming thread also waits for that analysis while
it holds the stream lock that the stop needs to deactivate the pads: the
stop must let it go on rather than deadlock.

Pushes one 1080p frame of IMAGE through
`appsrc ! docscan analysis=MODE ! fakesink`; the handler for the first
`docscan-feedback` sets the pipeline to READY and times it.

Usage: stop_from_bus_handler.py IMAGE [async|sync]  (default async;
GST_PLUGIN_PATH must find docscan)
Prints how long the stop took, then "ok" when it took under a second.
"""
import os
import sys
import threading
import time

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

from stop_in_flight import CAPS, frame_of  # noqa: E402

LIMIT_S = 1.0


def never_returned():
    print("the stop from the bus handler never returned (deadlock)", flush=True)
    os._exit(1)


def main():
    Gst.init(None)
    buffer = frame_of(sys.argv[1])
    analysis = sys.argv[2] if len(sys.argv) > 2 else "async"
    pipeline = Gst.parse_launch(
        "appsrc name=src is-live=true format=time caps=%s ! "
        "docscan analysis=%s annotate=false ! fakesink sync=false" % (CAPS, analysis)
    )
    stopped = threading.Event()
    took = []

    def on_sync_message(_bus, message):
        structure = message.get_structure()
        if stopped.is_set() or structure is None or structure.get_name() != "docscan-feedback":
            return
        started = time.monotonic()
        pipeline.set_state(Gst.State.READY)
        took.append(time.monotonic() - started)
        stopped.set()

    bus = pipeline.get_bus()
    bus.enable_sync_message_emission()
    bus.connect("sync-message::element", on_sync_message)
    pipeline.set_state(Gst.State.PLAYING)
    # A stop that deadlocks never returns, nor does the NULL after it: end
    # the process then instead of hanging.
    watchdog = threading.Timer(20, never_returned)
    watchdog.daemon = True
    watchdog.start()
    frame = buffer.copy()
    frame.pts = 0
    frame.duration = Gst.SECOND // 30
    pipeline.get_by_name("src").emit("push-buffer", frame)
    finished = stopped.wait(30)
    watchdog.cancel()
    pipeline.set_state(Gst.State.NULL)
    if not finished:
        print("no docscan-feedback within 30 s")
        sys.exit(1)
    print("stop from the bus handler took %.3f s" % took[0])
    if took[0] >= LIMIT_S:
        print("the stop waited for the analysis it was called from")
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
