"""Keeps a live camera scanning: when it drops (an error, end of stream, or
no video for a while) or cannot be reached, the pipeline is torn down and
built again after a back-off of 1 s growing to 5 s, until Ctrl-C or, with a
retry limit, until that many retries in a row have failed.

Each connection is a new start of docscan, so its sessions count from 1
again. A filesink named "recording" gets one file per connection: the
given name for the first, then NAME-2.mp4, NAME-3.mp4, ...; each is closed
with EOS when its connection ends, so each is a complete MP4.
"""
import os
import sys
import time
from urllib.parse import urlsplit, urlunsplit

import gi

gi.require_version("Gst", "1.0")
from gi.repository import GLib, Gst  # noqa: E402

from pipeline_run import PipelineRun  # noqa: E402

BACKOFF_SECONDS = (1, 2, 4, 5)


def numbered(path, connection):
    if connection == 1:
        return path
    root, extension = os.path.splitext(path)
    return f"{root}-{connection}{extension}"


def without_credentials(url):
    """rtsp://user:password@host/... printed as rtsp://host/..."""
    parts = urlsplit(url)
    if parts.hostname is None or "@" not in parts.netloc:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))


class ReconnectingCamera:
    def __init__(self, description, interrupts, camera=None, only=None,
                 max_retries=None, stall_timeout=5.0):
        self.description = description
        self.interrupts = interrupts
        self.label = without_credentials(camera) if camera else "camera"
        self.only = only
        self.max_retries = max_retries
        self.stall_timeout = stall_timeout

    def say(self, text):
        print(f"{self.label}: {text}", file=sys.stderr, flush=True)

    def run(self):
        """Returns the exit status: 130 after Ctrl-C, 1 when giving up or
        on an error that reconnecting cannot mend."""
        connection, failures, backoff = 1, 0, 0
        lost_at = None
        while True:
            try:
                pipeline = Gst.parse_launchv(self.description)
            except GLib.Error as error:
                print(f"cannot build the pipeline: {error.message}", file=sys.stderr)
                return 1
            location = self._number_recording(pipeline, connection)

            def on_first_frame(lost_at=lost_at, location=location):
                recording = f", recording to {location}" if location else ""
                if lost_at is None:
                    self.say(f"camera connected{recording}")
                else:
                    self.say(f"camera back after {time.monotonic() - lost_at:.1f} s{recording}")

            run = PipelineRun(pipeline, self.only, on_first_frame)
            self.interrupts.current_run = run
            outcome = run.run(self.stall_timeout)
            self.interrupts.current_run = None
            pipeline.set_state(Gst.State.NULL)
            if outcome.frames == 0 and location and os.path.exists(location) \
                    and os.path.getsize(location) == 0:
                os.remove(location)  # an attempt that never connected
            if outcome.kind == "interrupted" or self.interrupts.requested:
                return 130
            if outcome.fatal:
                print(outcome.detail, file=sys.stderr)
                return 1
            if not outcome.closed and location:
                self.say(f"the recording {location} was not closed in time and may be unreadable")
            delay = BACKOFF_SECONDS[min(backoff, len(BACKOFF_SECONDS) - 1)]
            if outcome.frames > 0:
                connection, failures, backoff = connection + 1, 0, 0
                delay = BACKOFF_SECONDS[0]
                lost_at = time.monotonic()
                self.say(f"camera lost ({outcome.detail}); retrying in {delay} s")
            else:
                failures += 1
                if connection == 1 and self.max_retries is None:
                    # SPEC: a source that cannot be opened is an error. Only
                    # --max-retries waits for a camera that is still starting.
                    self.say(f"cannot open the camera ({outcome.detail}); giving up "
                             "(--max-retries N keeps trying at start)")
                    return 1
                if self.max_retries is not None and failures > self.max_retries:
                    self.say(f"cannot reach the camera ({outcome.detail}); "
                             f"giving up after {failures} attempt{'s' if failures > 1 else ''}")
                    return 1
                self.say(f"cannot reach the camera ({outcome.detail}); retrying in {delay} s")
            backoff += 1
            if not self.interrupts.sleep(delay):
                return 130

    @staticmethod
    def _number_recording(pipeline, connection):
        recording = pipeline.get_by_name("recording")
        if recording is None:
            return None
        location = numbered(recording.get_property("location"), connection)
        recording.set_property("location", location)
        return location
