#!/usr/bin/python3
"""Pushes a scripted live stream through docscan from appsrc and prints
every docscan message, the end of the stream and what came after it.

Usage: scripted_stream.py PLAN.json  (GST_PLUGIN_PATH must find docscan)

PLAN: {"fps": 10,
       "branches": [{"name": "a", "element": "docscan timeout=5",
                     "clock": "frames" | "capture"}, ...],
       "steps": [{"image": "x.png", "width": 1280, "height": 720,
                  "format": "I420", "frames": 20},
                 {"pause": 10},
                 {"wait-until-passed": true},
                 {"set": {"analysis": "async"}}, ...]}

Every branch is `appsrc is-live=true ! ELEMENT ! fakesink`, fed the same
steps at the same moments, paced at `fps` in wall time. A branch's
`clock` says how its frames are timestamped: `frames` counts frames
(a pause adds no stream time, like a source that numbers its frames),
`capture` reads the pipeline clock when the frame is pushed (a pause
is stream time too, like v4l2src or appsrc do-timestamp=true). An image
step pushes the PNG converted to that format and size; a new size or
format is a caps change. `wait-until-passed` waits until every pushed
frame has left docscan (in analysis=sync, its analysis is done); `set`
sets docscan's properties.

Prints "BRANCH<TAB>STRUCTURE" for each docscan message in bus order, "eos"
when the pipeline's EOS arrives, then "after-eos<TAB>..." for any message
still posted after it; "error: ..." (exit 1) on an error or a stall.
"""
import json
import os
import sys
import threading
import time

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402


def fail(text):
    print("error: " + text, flush=True)
    sys.exit(1)


def raw_frame(image, width, height, video_format, fps):
    """The PNG's pixels as one raw frame (bytes) and its caps."""
    converter = Gst.parse_launch(
        "filesrc location=%s ! pngdec ! videoconvert ! videoscale ! "
        "video/x-raw,format=%s,width=%d,height=%d ! appsink name=out"
        % (image, video_format, width, height))
    converter.set_state(Gst.State.PLAYING)
    sample = converter.get_by_name("out").emit("try-pull-sample", 10 * Gst.SECOND)
    converter.set_state(Gst.State.NULL)
    if sample is None:
        fail("cannot convert %s to %s %dx%d" % (image, video_format, width, height))
    buffer = sample.get_buffer()
    data = buffer.extract_dup(0, buffer.get_size())
    caps = sample.get_caps().copy()
    caps.set_value("framerate", Gst.Fraction(fps, 1))
    return data, caps


class Branch:
    def __init__(self, pipeline, spec):
        self.name = spec["name"]
        self.clock = spec["clock"]
        self.source = pipeline.get_by_name("src_" + self.name)
        self.scan = pipeline.get_by_name("scan_" + self.name)
        self.pushed = 0
        self.passed = 0
        self.caps = None
        self.scan.get_static_pad("src").add_probe(Gst.PadProbeType.BUFFER, self.count)

    def count(self, _pad, _info):
        self.passed += 1
        return Gst.PadProbeReturn.OK

    def push(self, pipeline, data, caps, duration):
        if self.caps is None or not caps.is_equal(self.caps):
            self.source.set_property("caps", caps)
            self.caps = caps
        buffer = Gst.Buffer.new_wrapped(data)
        if self.clock == "frames":
            buffer.pts = self.pushed * duration
        else:
            buffer.pts = pipeline.get_clock().get_time() - pipeline.get_base_time()
        buffer.duration = duration
        self.source.emit("push-buffer", buffer)
        self.pushed += 1


def play(pipeline, branches, plan, frames):
    """Runs the steps in wall time, then ends every branch's stream; any
    failure ends the process."""
    try:
        run_steps(pipeline, branches, plan, frames)
    except Exception as error:  # noqa: BLE001 (reported, then exit)
        print("error: pushing failed: %r" % error, flush=True)
        os._exit(1)


def run_steps(pipeline, branches, plan, frames):
    fps = plan["fps"]
    duration = Gst.SECOND // fps
    next_push = time.monotonic()
    for step in plan["steps"]:
        if "image" in step:
            data, caps = frames[frame_key(step)]
            for _ in range(step["frames"]):
                time.sleep(max(0.0, next_push - time.monotonic()))
                for branch in branches:
                    branch.push(pipeline, data, caps, duration)
                next_push += 1.0 / fps
        elif "pause" in step:
            next_push += step["pause"]
            time.sleep(max(0.0, next_push - time.monotonic()))
        elif "wait-until-passed" in step:
            deadline = time.monotonic() + 20
            while any(b.passed < b.pushed for b in branches):
                if time.monotonic() > deadline:
                    raise RuntimeError("frames did not leave docscan within 20 s")
                time.sleep(0.005)
            next_push = time.monotonic()
        elif "set" in step:
            for branch in branches:
                for key, value in step["set"].items():
                    Gst.util_set_object_arg(branch.scan, key, str(value))
    for branch in branches:
        branch.source.emit("end-of-stream")


def frame_key(step):
    return (step["image"], step["width"], step["height"], step["format"])


def main():
    with open(sys.argv[1]) as file:
        plan = json.load(file)
    Gst.init(None)
    frames = {}
    for step in plan["steps"]:
        if "image" in step and frame_key(step) not in frames:
            frames[frame_key(step)] = raw_frame(*frame_key(step), plan["fps"])
    description = " ".join(
        "appsrc name=src_%s is-live=true format=time ! %s name=scan_%s ! fakesink sync=false async=false"
        % (spec["name"], spec["element"], spec["name"]) for spec in plan["branches"])
    pipeline = Gst.parse_launch(description)
    branches = [Branch(pipeline, spec) for spec in plan["branches"]]
    pipeline.set_state(Gst.State.PLAYING)
    pipeline.get_state(5 * Gst.SECOND)
    pusher = threading.Thread(target=play, args=(pipeline, branches, plan, frames), daemon=True)
    pusher.start()

    bus = pipeline.get_bus()
    wanted = Gst.MessageType.ELEMENT | Gst.MessageType.EOS | Gst.MessageType.ERROR
    while True:
        # The longest step is a pause of 10 s; 15 s without a message is
        # a stall.
        message = bus.timed_pop_filtered(15 * Gst.SECOND, wanted)
        if message is None:
            fail("no EOS within 15 s of the last message")
        if message.type == Gst.MessageType.ERROR:
            error, debug = message.parse_error()
            fail("%s %s" % (error.message, debug))
        if message.type == Gst.MessageType.EOS:
            print("eos", flush=True)
            break
        structure = message.get_structure()
        if structure.get_name().startswith("docscan-"):
            branch = message.src.get_name()[len("scan_"):]
            print("%s\t%s" % (branch, structure.to_string()), flush=True)
    pipeline.set_state(Gst.State.NULL)
    # Anything posted after EOS (it should be nothing) is printed too.
    while True:
        message = bus.pop_filtered(wanted)
        if message is None:
            break
        structure = message.get_structure()
        text = structure.to_string() if structure else message.type.first_value_nick
        print("after-eos\t%s" % text, flush=True)


if __name__ == "__main__":
    main()
