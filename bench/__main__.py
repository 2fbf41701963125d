"""`make bench`: every benchmark prints one JSON object per line: {"name", "value", "unit", ...}; each module's
wall time goes to stderr. BENCH_FULL=1 (`make bench-full`) runs the long versions (more games, more rounds)."""

from __future__ import annotations

import importlib
import sys
import time

# local_bench last: it starts the local server in this process (its environment, its moto).
MODULES = ("bench.domain_bench", "bench.replay_bench", "bench.snapshot_bench", "bench.service_bench",
           "bench.email_bench", "bench.cold_start_bench", "bench.clock_bench", "bench.notifier_channels_bench",
           "bench.local_bench")


def main() -> int:
    for name in MODULES:
        started = time.monotonic()
        importlib.import_module(name).run()
        print(f"[bench] {name}: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
