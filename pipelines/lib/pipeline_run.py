"""One run of one pipeline that contains docscan: from PLAYING until it
ends, printing every docscan element message as one JSON line.

A run ends at EOS, on an error, when the video stalls (live sources, when
asked) or on Ctrl-C. Unless the error is docscan's own or comes from
behind it (a recording or window that cannot be written), the run first
sends EOS into docscan so the analysis in flight is drained and a
recording behind it is closed into a valid file.
"""
import json
import re
import time
from dataclasses import dataclass

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

from docscan_json import message_to_dict  # noqa: E402

# How long a run waits for its closing EOS to reach the sinks (docscan
# itself waits up to 10 s for the analysis in flight).
FINISH_TIMEOUT_SECONDS = 15.0
POLL_NANOSECONDS = 100 * Gst.MSECOND


@dataclass
class Outcome:
    kind: str  # "eos", "error", "stalled" or "interrupted"
    detail: str = ""
    # An error of docscan or of what follows it: running again cannot help.
    fatal: bool = False
    frames: int = 0
    # False when the closing EOS did not reach the sinks in time: a
    # recording may lack its index.
    closed: bool = True


# Debug lines that only say where in GStreamer's code the error arose.
CODE_LOCATION = re.compile(r"\.c\(\d+\)|^/Gst")


def describe_error(message):
    """The error's text and the last line of its debug text when that says
    more (e.g. "Failed to connect." under rtspsrc's "Could not open
    resource ...")."""
    error, debug = message.parse_error()
    source = message.src.get_name() if message.src else "pipeline"
    text = f"error from {source}: {error.message}"
    lines = [line.strip() for line in (debug or "").splitlines()
             if line.strip() and not CODE_LOCATION.search(line)]
    if lines:
        detail = lines[-1] if len(lines[-1]) <= 200 else lines[-1][:200] + "..."
        text += f" ({detail})"
    return text


def find_docscan(pipeline):
    iterator = pipeline.iterate_recurse()
    while True:
        result, element = iterator.next()
        if result != Gst.IteratorResult.OK:
            return None
        factory = element.get_factory()
        if factory is not None and factory.get_name() == "docscan":
            return element


def elements_from(element):
    """docscan and every element linked after it (recordings, windows)."""
    found, pending = [], [element]
    while pending:
        current = pending.pop()
        if current in found:
            continue
        found.append(current)
        for pad in current.srcpads:
            peer = pad.get_peer()
            if peer is None:
                continue
            parent = peer.get_parent_element()
            # Into a bin (autovideosink): its ghost pad's parent is the bin.
            while parent is not None and isinstance(parent, Gst.Pad):
                parent = parent.get_parent_element()
            if parent is not None:
                pending.append(parent)
    return found


class PipelineRun:
    def __init__(self, pipeline, only=None, on_first_frame=None):
        self.pipeline = pipeline
        self.only = only
        self.on_first_frame = on_first_frame
        self.docscan = find_docscan(pipeline)
        if self.docscan is None:
            raise ValueError("the pipeline has no docscan element")
        self.behind_docscan = elements_from(self.docscan)
        self.frames = 0
        self.last_frame = None
        self.ending = None  # the Outcome that started the closing EOS
        self.finish_deadline = None
        self.docscan.get_static_pad("sink").add_probe(Gst.PadProbeType.BUFFER, self._on_frame)

    def _on_frame(self, _pad, _info):
        self.last_frame = time.monotonic()
        self.frames += 1
        if self.frames == 1 and self.on_first_frame is not None:
            self.on_first_frame()
        return Gst.PadProbeReturn.OK

    def interrupt(self):
        """Ctrl-C: close the stream with EOS so recordings are complete
        (at once when no frame went in: nothing to close)."""
        if self.ending is None:
            self.ending = Outcome("interrupted")
        if self.frames == 0:
            self.finish_deadline = time.monotonic()
        self._send_eos()

    def _send_eos(self):
        if self.finish_deadline is not None:
            return
        self.finish_deadline = time.monotonic() + FINISH_TIMEOUT_SECONDS
        if not self.docscan.get_static_pad("sink").send_event(Gst.Event.new_eos()):
            self.pipeline.send_event(Gst.Event.new_eos())

    def _is_fatal(self, message):
        source = message.src
        return any(source == element or source.has_as_ancestor(element)
                   for element in self.behind_docscan)

    def _stalled(self, started, stall_timeout):
        if stall_timeout is None or self.ending is not None:
            return None
        now = time.monotonic()
        if self.last_frame is None:
            # The first frame may take longer: connecting, the jitter buffer.
            if now - started > 2 * stall_timeout:
                return f"no video within {2 * stall_timeout:g} s"
        elif now - self.last_frame > stall_timeout:
            return f"no video for {stall_timeout:g} s"
        return None

    def _end(self, outcome):
        """Ends the run now, or after the closing EOS when frames went in."""
        self.ending = outcome
        if self.frames == 0:
            return outcome
        self._send_eos()
        return None

    def run(self, stall_timeout=None):
        """Plays the pipeline until it ends; the caller sets it to NULL."""
        started = time.monotonic()
        bus = self.pipeline.get_bus()
        wanted = Gst.MessageType.ELEMENT | Gst.MessageType.EOS | Gst.MessageType.ERROR
        if self.pipeline.set_state(Gst.State.PLAYING) == Gst.StateChangeReturn.FAILURE:
            message = bus.timed_pop_filtered(Gst.SECOND, Gst.MessageType.ERROR)
            if message is None:
                return Outcome("error", "the pipeline could not start", fatal=True)
            return self._finish(Outcome("error", describe_error(message),
                                        fatal=self._is_fatal(message)))
        while True:
            if self.finish_deadline is not None and time.monotonic() >= self.finish_deadline:
                self.ending.closed = self.frames == 0
                return self._finish(self.ending)
            message = bus.timed_pop_filtered(POLL_NANOSECONDS, wanted)
            if message is not None and message.type == Gst.MessageType.EOS:
                return self._finish(self.ending or Outcome("eos", "end of stream"))
            if message is not None and message.type == Gst.MessageType.ERROR:
                if self.ending is None:  # else: the source's complaints while closing
                    outcome = Outcome("error", describe_error(message),
                                      fatal=self._is_fatal(message))
                    if outcome.fatal or self._end(outcome) is not None:
                        return self._finish(outcome)
            elif message is not None:
                self._print(message)
            stall = self._stalled(started, stall_timeout)
            if stall is not None and self._end(Outcome("stalled", stall)) is not None:
                return self._finish(self.ending)

    def _finish(self, outcome):
        outcome.frames = self.frames
        return outcome

    def _print(self, message):
        structure = message.get_structure()
        if structure is None or not structure.get_name().startswith("docscan-"):
            return
        if self.only and structure.get_name() not in self.only:
            return
        print(json.dumps(message_to_dict(structure)), flush=True)
