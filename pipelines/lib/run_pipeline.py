#!/usr/bin/python3
"""Runs a gst-launch style pipeline that contains docscan and prints every
docscan bus message as one JSON line on standard output.

Usage: run_pipeline.py [--only NAME[,NAME]] PIPELINE...

Exits 0 at EOS; 1 with the GStreamer error on standard error when the
pipeline fails; 130 on Ctrl-C (after sending EOS so recordings are closed).
GStreamer's "none" clock time (2^64-1) is printed as null.
"""
import json
import signal
import sys

import gi

gi.require_version("Gst", "1.0")
from gi.repository import GLib, Gst  # noqa: E402

CLOCK_TIME_NONE = 2**64 - 1
TIME_FIELDS = ("timestamp", "stream-time", "running-time", "elapsed")


def to_json_value(name, value):
    if isinstance(value, Gst.ValueArray):
        return [to_json_value(name, item) for item in value.array]
    if isinstance(value, Gst.Structure):
        return structure_to_dict(value)
    if name in TIME_FIELDS and value == CLOCK_TIME_NONE:
        return None
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def structure_to_dict(structure):
    fields = {"message": structure.get_name()}
    for index in range(structure.n_fields()):
        name = structure.nth_field_name(index)
        fields[name] = to_json_value(name, structure.get_value(name))
    return fields


def main(argv):
    only = None
    if len(argv) > 2 and argv[1] == "--only":
        only = set(argv[2].split(","))
        argv = argv[2:]
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    Gst.init(None)
    if Gst.ElementFactory.find("docscan") is None:
        print("docscan plugin not found: run plugin/build.sh and set GST_PLUGIN_PATH "
              "(the pipelines/ scripts do both)", file=sys.stderr)
        return 1
    try:
        pipeline = Gst.parse_launchv(argv[1:])
    except GLib.Error as error:
        print(f"cannot build the pipeline: {error.message}", file=sys.stderr)
        return 1

    interrupted = {"yes": False}

    def on_interrupt(_signum, _frame):
        # EOS lets muxers finish the file; a second Ctrl-C stops at once.
        if interrupted["yes"]:
            sys.exit(130)
        interrupted["yes"] = True
        pipeline.send_event(Gst.Event.new_eos())

    signal.signal(signal.SIGINT, on_interrupt)
    if pipeline.set_state(Gst.State.PLAYING) == Gst.StateChangeReturn.FAILURE:
        print("the pipeline could not start", file=sys.stderr)
    bus = pipeline.get_bus()
    status = 0
    wanted = Gst.MessageType.ELEMENT | Gst.MessageType.EOS | Gst.MessageType.ERROR
    while True:
        message = bus.timed_pop_filtered(100 * Gst.MSECOND, wanted)
        if message is None:
            continue
        if message.type == Gst.MessageType.ERROR:
            error, debug = message.parse_error()
            print(f"error from {message.src.get_name()}: {error.message}", file=sys.stderr)
            if debug:
                print(f"  {debug}", file=sys.stderr)
            status = 1
            break
        if message.type == Gst.MessageType.EOS:
            break
        structure = message.get_structure()
        if structure is None or not structure.get_name().startswith("docscan-"):
            continue
        if only and structure.get_name() not in only:
            continue
        print(json.dumps(structure_to_dict(structure)), flush=True)
    pipeline.set_state(Gst.State.NULL)
    if interrupted["yes"] and status == 0:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
