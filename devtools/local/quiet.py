"""Quiet metrics without --verbose: stdout without the handlers' CloudWatch EMF documents.

POWERTOOLS_METRICS_DISABLED stops powertools' own flush, but not every line it prints: `single_metric`
(the rejection counts by code) prints unconditionally, and a metric set that is never flushed prints
itself each time a metric reaches 100 values. CloudWatch reads those lines in AWS; in a terminal they are
noise. So the local server drops whole lines that are EMF documents, and lets everything else through
(the functions' warnings and errors included).
"""

from __future__ import annotations

import io
import sys
import threading
import warnings
from typing import TextIO

EMF_START = '{"_aws":'


def is_emf(line: str) -> bool:
    return line.lstrip().startswith(EMF_START)


class WithoutMetrics(io.TextIOBase):
    """A text stream that forwards whole lines to `target`, except EMF documents.

    print() writes a line and its newline in two calls, and threads interleave, so each thread's text
    is held until its line is complete (or flushed) before it is judged.
    """

    def __init__(self, target: TextIO) -> None:
        super().__init__()
        self.target = target
        self._partial = threading.local()

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        pending = getattr(self._partial, "text", "") + text
        *lines, rest = pending.split("\n")
        self._partial.text = rest
        kept = "".join(line + "\n" for line in lines if not is_emf(line))
        if kept:
            self.target.write(kept)
        return len(text)

    def flush(self) -> None:
        rest = getattr(self._partial, "text", "")
        start = rest.lstrip()[: len(EMF_START)]
        if rest and not EMF_START.startswith(start):  # not (the start of) an EMF document: out it goes
            self.target.write(rest)
            self._partial.text = ""
        self.target.flush()

    def fileno(self) -> int:
        return self.target.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.target, "encoding", "utf-8")


def install() -> None:
    """Filter this process's stdout (idempotent)."""
    if not isinstance(sys.stdout, WithoutMetrics):
        sys.stdout = WithoutMetrics(sys.stdout)
    # The same disabled flush warns on stderr that an invocation had no metrics to publish.
    warnings.filterwarnings("ignore", message="No application metrics to publish")
