"""Ctrl-C for the pipeline runner: the first one ends the current run with
EOS (recordings are closed) or cuts a back-off short, a second one quits at
once."""
import signal
import sys
import time


class Interrupts:
    def __init__(self):
        self.requested = False
        self.current_run = None  # the PipelineRun playing now, if any
        signal.signal(signal.SIGINT, self._on_interrupt)
        signal.signal(signal.SIGTERM, self._on_interrupt)

    def _on_interrupt(self, _signum, _frame):
        if self.requested:
            sys.exit(130)
        self.requested = True
        if self.current_run is not None:
            self.current_run.interrupt()

    def sleep(self, seconds):
        """Waits; False when Ctrl-C came meanwhile."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.requested:
                return False
            time.sleep(0.05)
        return not self.requested
