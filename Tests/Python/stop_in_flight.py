#!/usr/bin/python3
"""Stopping docscan (PLAYING -> READY) while the analysis of a frame is in
flight: the stop waits for that analysis, so its `docscan-feedback` is on
the bus when the state change returns. Without the wait it would come
later, or never once the pipeline reaches NULL and its bus flushes.

Each attempt pushes one frame of IMAGE (a document page, scaled to 1080p,
so that its analysis takes tens of milliseconds) through
`appsrc ! docscan analysis=async ! fakesink`, and stops the pipeline as soon
as the frame has passed the element. An attempt whose analysis was already
done at that moment proves nothing and is counted apart.

With `--starve`, the script and everything it starts keep to one CPU,
and busy loops at normal priority run there beside the attempts: the
analysis thread, niced 10 below them, then gets a few percent of the CPU,
and one 1080p analysis takes seconds of wall time (a CPU so starved still
loses no result: the stop waits for it). The attempts start with one loop
and double them (up to 8) until a stop takes over a second, which such a
run needs, or it proved nothing about starvation.

Usage: stop_in_flight.py IMAGE [ATTEMPTS] [--starve]  (GST_PLUGIN_PATH must find docscan)
Prints one line per attempt, then "conclusive N", then "ok" when every
conclusive attempt found the feedback at once and at least one was
conclusive.
"""
import os
import subprocess
import sys
import threading
import time

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

CAPS = "video/x-raw,format=I420,width=1920,height=1080,framerate=30/1"


def frame_of(image):
    """IMAGE decoded and scaled to one 1080p I420 frame."""
    pipeline = Gst.parse_launch(
        "filesrc location=%s ! decodebin ! videoconvert ! videoscale ! %s ! "
        "appsink name=out sync=false" % (image, CAPS.replace(",framerate=30/1", ""))
    )
    sink = pipeline.get_by_name("out")
    pipeline.set_state(Gst.State.PLAYING)
    sample = sink.emit("pull-sample")
    pipeline.set_state(Gst.State.NULL)
    if sample is None:
        print("cannot decode %s" % image)
        sys.exit(1)
    return sample.get_buffer()


def feedback_count(bus):
    count = 0
    while True:
        message = bus.pop()
        if message is None:
            return count
        if message.type == Gst.MessageType.ERROR:
            error, debug = message.parse_error()
            print("error:", error.message, debug)
            sys.exit(1)
        structure = message.get_structure()
        if structure is not None and structure.get_name() == "docscan-feedback":
            count += 1


def attempt(buffer):
    """(feedback on the bus when the stop returned, the analysis was still
    running when the stop began, seconds the stop took)."""
    pipeline = Gst.parse_launch(
        "appsrc name=src is-live=true format=time caps=%s ! "
        "docscan analysis=async annotate=false ! fakesink name=sink sync=false "
        "signal-handoffs=true" % CAPS
    )
    passed = threading.Event()
    pipeline.get_by_name("sink").connect("handoff", lambda *_: passed.set())
    bus = pipeline.get_bus()
    pipeline.set_state(Gst.State.PLAYING)
    frame = buffer.copy()
    frame.pts = 0
    frame.duration = Gst.SECOND // 30
    pipeline.get_by_name("src").emit("push-buffer", frame)
    if not passed.wait(10):
        print("the frame never reached the sink")
        sys.exit(1)
    in_flight = feedback_count(bus) == 0
    started = time.monotonic()
    pipeline.set_state(Gst.State.READY)
    took = time.monotonic() - started
    found = feedback_count(bus)
    pipeline.set_state(Gst.State.NULL)
    return found, in_flight, took


# A loop that ends when the script does, however it ends.
BUSY_LOOP = "import os\np = os.getppid()\nwhile os.getppid() == p: pass"
STARVED_S = 1.0
MOST_LOOPS = 8


def busy_loops(count):
    """`count` processes spinning at normal priority, until killed."""
    return [subprocess.Popen([sys.executable, "-c", BUSY_LOOP]) for _ in range(count)]


def run_attempt(buffer, number, loops):
    """One attempt beside `loops` busy loops; exits on a missing feedback.
    Returns (conclusive, seconds the stop took)."""
    spinning = busy_loops(loops)
    try:
        found, in_flight, took = attempt(buffer)
    finally:
        for loop in spinning:
            loop.kill()
            loop.wait()
    print("attempt %d: %d busy loops, in flight %s, feedback at stop %d, stop took %.3f s"
          % (number, loops, in_flight, found, took), flush=True)
    if in_flight and found != 1:
        print("the analysis in flight posted no feedback before the stop returned")
        sys.exit(1)
    return in_flight, took


def main():
    args = sys.argv[1:]
    starve = "--starve" in args
    if starve:
        args.remove("--starve")
        # One CPU for the script, GStreamer's threads and the loops alike,
        # whatever the machine has.
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    if not args:
        print(__doc__)
        sys.exit(2)
    image = args[0]
    attempts = int(args[1]) if len(args) > 1 else 5
    Gst.init(None)
    buffer = frame_of(image)
    conclusive = 0
    longest_stop = 0.0
    loops = 1 if starve else 0
    for number in range(1, attempts + 1):
        in_flight, took = run_attempt(buffer, number, loops)
        if not in_flight:
            continue
        conclusive += 1
        longest_stop = max(longest_stop, took)
        if starve and took <= STARVED_S:
            loops = min(2 * loops, MOST_LOOPS)
    print("conclusive %d" % conclusive)
    if conclusive == 0:
        print("every analysis ended before its stop: nothing was proved")
        sys.exit(1)
    if starve and longest_stop <= STARVED_S:
        print("no stop took over a second: the CPU was not starved enough to prove anything")
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
