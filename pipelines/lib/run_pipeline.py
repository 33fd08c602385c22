#!/usr/bin/python3
"""Runs a gst-launch style pipeline that contains docscan and prints every
docscan bus message as one JSON line on standard output.

Usage: run_pipeline.py [--only NAME[,NAME]] [--reconnect [--camera URL]
                       [--max-retries N] [--stall-timeout SECONDS]] PIPELINE...

  --only NAMES       print only these messages (e.g. docscan-result)
  --reconnect        a live camera: when it drops or cannot be reached, build
                     the pipeline again after a back-off, until Ctrl-C
                     (see reconnecting_camera.py); --camera names it in the
                     messages on standard error (credentials left out)
  --max-retries N    with --reconnect: give up when N retries in a row have
                     failed (default: never)
  --stall-timeout S  with --reconnect: no video for S seconds counts as a
                     drop (default 5)

Exits 0 at EOS; 1 with the GStreamer error on standard error when the
pipeline fails; 130 on Ctrl-C (after sending EOS so recordings are closed).
GStreamer's "none" clock time (2^64-1) is printed as null.
"""
import argparse
import sys

# The helpers beside this file are imported from the checkout: leave no
# __pycache__ folders in it.
sys.dont_write_bytecode = True

import gi  # noqa: E402

gi.require_version("Gst", "1.0")
from gi.repository import GLib, Gst  # noqa: E402

from interrupts import Interrupts  # noqa: E402
from pipeline_run import PipelineRun  # noqa: E402
from reconnecting_camera import ReconnectingCamera  # noqa: E402


def parse_arguments(argv):
    parser = argparse.ArgumentParser(add_help=False, usage=__doc__)
    parser.add_argument("--only", type=lambda names: set(names.split(",")))
    parser.add_argument("--reconnect", action="store_true")
    parser.add_argument("--camera")
    parser.add_argument("--max-retries", type=int)
    parser.add_argument("--stall-timeout", type=float, default=5.0)
    parser.add_argument("pipeline", nargs=argparse.REMAINDER)
    options = parser.parse_args(argv)
    if not options.pipeline:
        parser.error("no pipeline given")
    return options


def run_once(options, interrupts):
    try:
        pipeline = Gst.parse_launchv(options.pipeline)
    except GLib.Error as error:
        print(f"cannot build the pipeline: {error.message}", file=sys.stderr)
        return 1
    try:
        run = PipelineRun(pipeline, options.only)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 1
    interrupts.current_run = run
    outcome = run.run()
    pipeline.set_state(Gst.State.NULL)
    if outcome.kind == "error":
        print(outcome.detail, file=sys.stderr)
        return 1
    return 130 if outcome.kind == "interrupted" else 0


def main(argv):
    options = parse_arguments(argv[1:])
    interrupts = Interrupts()
    Gst.init(None)
    if Gst.ElementFactory.find("docscan") is None:
        print("docscan plugin not found: run plugin/build.sh and set GST_PLUGIN_PATH "
              "(the pipelines/ scripts do both)", file=sys.stderr)
        return 1
    if not options.reconnect:
        return run_once(options, interrupts)
    camera = ReconnectingCamera(
        options.pipeline, interrupts, camera=options.camera, only=options.only,
        max_retries=options.max_retries, stall_timeout=options.stall_timeout)
    return camera.run()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
