#!/usr/bin/python3
"""PLAYING -> NULL cycles with analysis in flight; prints the process's
resident memory so a leak that grows per cycle shows.

Usage: state_cycles.py CYCLES  (GST_PLUGIN_PATH must find docscan)
Prints one line per checkpoint: "cycle N rss_kb M", then "ok".
"""
import sys
import time

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402


def rss_kb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def main():
    cycles = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    Gst.init(None)
    # A live source: frames keep arriving while the state changes, so the
    # stop lands while analysis is running.
    pipeline = Gst.parse_launch(
        "videotestsrc is-live=true pattern=ball ! "
        "video/x-raw,format=I420,width=1280,height=720,framerate=60/1 ! "
        "docscan name=scan ! fakesink sync=false"
    )
    bus = pipeline.get_bus()
    for cycle in range(1, cycles + 1):
        pipeline.set_state(Gst.State.PLAYING)
        time.sleep(0.02 + (cycle % 5) * 0.01)
        message = bus.pop_filtered(Gst.MessageType.ERROR)
        if message is not None:
            error, debug = message.parse_error()
            print("error:", error.message, debug)
            sys.exit(1)
        started = time.monotonic()
        pipeline.set_state(Gst.State.NULL)
        if time.monotonic() - started > 2.0:
            print("cycle %d: PLAYING->NULL took %.2f s" % (cycle, time.monotonic() - started))
            sys.exit(1)
        # Drop the messages of this cycle so the bus does not grow.
        while bus.pop() is not None:
            pass
        if cycle in (1, 20) or cycle % 10 == 0 or cycle == cycles:
            print("cycle %d rss_kb %d" % (cycle, rss_kb()), flush=True)
    print("ok")


if __name__ == "__main__":
    main()
