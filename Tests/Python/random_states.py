#!/usr/bin/python3
"""State changes in random order (PLAYING, PAUSED, READY, NULL) with
analysis in flight, on a live 720p source: each must complete within 2 s
and no element may post an error.

Usage: random_states.py CHANGES SEED  (GST_PLUGIN_PATH must find docscan)
Prints "changes N" as it goes, then "ok"; on a failure, why, and exit 1.
"""
import random
import sys
import time

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

STATES = [Gst.State.PLAYING, Gst.State.PAUSED, Gst.State.READY, Gst.State.NULL]


def fail(text):
    print(text, flush=True)
    sys.exit(1)


def main():
    changes = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    Gst.init(None)
    pipeline = Gst.parse_launch(
        "videotestsrc is-live=true pattern=ball ! "
        "video/x-raw,format=I420,width=1280,height=720,framerate=60/1 ! "
        "docscan name=scan analysis=async ! fakesink sync=false"
    )
    bus = pipeline.get_bus()
    for change in range(1, changes + 1):
        target = rng.choice(STATES)
        started = time.monotonic()
        if pipeline.set_state(target) == Gst.StateChangeReturn.FAILURE:
            fail("change %d: to %s failed" % (change, target.value_nick))
        result, current, _pending = pipeline.get_state(5 * Gst.SECOND)
        took = time.monotonic() - started
        if result == Gst.StateChangeReturn.FAILURE or current != target or took > 2.0:
            fail("change %d: to %s gave %s, %s after %.2f s"
                 % (change, target.value_nick, result.value_nick, current.value_nick, took))
        # Let frames (and their analysis) run for a moment in the new state.
        time.sleep(rng.uniform(0.0, 0.03))
        message = bus.pop_filtered(Gst.MessageType.ERROR)
        if message is not None:
            error, debug = message.parse_error()
            fail("change %d: error: %s %s" % (change, error.message, debug))
        while bus.pop() is not None:
            pass
        if change % 100 == 0:
            print("changes %d" % change, flush=True)
    pipeline.set_state(Gst.State.NULL)
    print("ok")


if __name__ == "__main__":
    main()
