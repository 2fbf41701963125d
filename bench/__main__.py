"""`make bench`: every benchmark prints one JSON object per line: {"name", "value", "unit", ...}. The lines are
also written, as a table, into docs/benchmarks.md between its two markers (BENCH_DOCS=0: not written; a run
with a benchmark failing writes nothing); each module's wall time goes to stderr. BENCH_FULL=1 (`make bench-full`)
runs the long versions (more games, more rounds)."""

from __future__ import annotations

import importlib
import json
import os
import platform
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

# local_bench last: it starts the local server in this process (its environment, its moto).
MODULES = ("bench.domain_bench", "bench.replay_bench", "bench.snapshot_bench", "bench.service_bench",
           "bench.email_bench", "bench.reply_bench", "bench.fairness_bench", "bench.fairness_handler_bench",
           "bench.cold_start_bench",
           "bench.clock_bench", "bench.notifier_channels_bench", "bench.local_bench")
DOCS = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
BEGIN = "<!-- make bench writes the table below: do not edit by hand -->"
END = "<!-- end of make bench's table -->"
LEFT_OUT = {"name", "value", "unit", "target", "tree"}  # `tree`: a temporary folder's path


class Tee:
    """stdout, kept line by line as well."""

    def __init__(self, out: TextIO) -> None:
        self.out, self.text = out, []

    def write(self, text: str) -> int:
        self.text.append(text)
        return self.out.write(text)

    def flush(self) -> None:
        self.out.flush()

    def lines(self) -> list[str]:
        return "".join(self.text).splitlines()

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno, ...: stdout's
        return getattr(self.out, name)


def figures(lines: Iterable[str]) -> list[dict[str, Any]]:
    """The benchmark lines among `lines`: JSON objects with a name and a value."""
    found = []
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and "name" in entry and "value" in entry:
            found.append(entry)
    return found


def cell(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
    return text.replace("|", "\\|").replace("\n", " ")


def table(entries: list[dict[str, Any]], when: str, machine: str) -> str:
    rows = [f"Written by `make bench` on {when} ({machine}).", "",
            "| name | value | unit | target | details |", "|---|---|---|---|---|"]
    for e in entries:
        details = ", ".join(f"{k}={cell(v)}" for k, v in e.items() if k not in LEFT_OUT)
        rows.append(f"| `{e['name']}` | {cell(e['value'])} | {cell(e['unit'])} | {cell(e.get('target', '—'))} "
                    f"| {details[:300]} |")
    return "\n".join(rows)


def write_docs(text: str, entries: list[dict[str, Any]], when: str, machine: str) -> str:
    """`text` (docs/benchmarks.md) with the part between its markers replaced by the table of `entries`."""
    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"docs/benchmarks.md has lost its markers ({BEGIN!r}, {END!r})")
    return f"{head}{BEGIN}\n{table(entries, when, machine)}\n{END}{tail}"


# The short runs' sizes, unless BENCH_FULL=1 or the variable is set: fewer games and runs, min-max still shown.
SHORT = {"BENCH_SERVICE_GAMES": "3", "BENCH_COLD_RUNS": "31"}


def main() -> int:
    if os.environ.get("BENCH_FULL") != "1":
        for variable, value in SHORT.items():
            os.environ.setdefault(variable, value)
    tee = Tee(sys.stdout)
    sys.stdout = tee  # type: ignore[assignment]
    try:
        for name in MODULES:
            started = time.monotonic()
            module = importlib.import_module(name)
            if name == "bench.cold_start_bench" and os.environ.get("BENCH_COLD_RUNS"):
                module.run(int(os.environ["BENCH_COLD_RUNS"]))
            else:
                module.run()
            print(f"[bench] {name}: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    finally:
        sys.stdout = tee.out
    if os.environ.get("BENCH_DOCS", "1") != "0":
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        machine = f"{os.cpu_count()} cores, {platform.python_implementation()} {platform.python_version()}"
        DOCS.write_text(write_docs(DOCS.read_text(encoding="utf-8"), figures(tee.lines()), when, machine),
                        encoding="utf-8")
        print(f"# figures written to {DOCS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
