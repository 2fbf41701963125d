"""`make bench`: every benchmark prints one JSON object per line: {"name", "value", "unit", ...}; each module's
wall time goes to stderr. BENCH_FULL=1 (`make bench-full`) runs the long versions (more games, more rounds)."""

from __future__ import annotations

import importlib
import os
import sys
import time

# local_bench last: it starts the local server in this process (its environment, its moto).
MODULES = ("bench.domain_bench", "bench.replay_bench", "bench.snapshot_bench", "bench.service_bench",
           "bench.email_bench", "bench.cold_start_bench", "bench.clock_bench", "bench.notifier_channels_bench",
           "bench.local_bench")


# The short runs' sizes, unless BENCH_FULL=1 or the variable is set: fewer games and runs, min-max still shown.
SHORT = {"BENCH_SERVICE_GAMES": "3", "BENCH_COLD_RUNS": "31"}


def main() -> int:
    if os.environ.get("BENCH_FULL") != "1":
        for variable, value in SHORT.items():
            os.environ.setdefault(variable, value)
    for name in MODULES:
        started = time.monotonic()
        module = importlib.import_module(name)
        if name == "bench.cold_start_bench" and os.environ.get("BENCH_COLD_RUNS"):
            module.run(int(os.environ["BENCH_COLD_RUNS"]))
        else:
            module.run()
        print(f"[bench] {name}: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
