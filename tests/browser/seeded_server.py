"""`python -m tests.browser.seeded_server --port N --seed S`: the local server (`distilled serve`) whose games draw
their chance from `random.Random(S)` instead of the system's.

Two such servers given the same seed and the same requests in the same order hold the same games, card for card:
the spectator test compares two games that differ only in one seat's hidden choice.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace

from devtools.local.serve import serve
from functions import container


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.browser.seeded_server")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    args = parser.parse_args(argv)
    container.install(replace(container.given(), rng=random.Random(args.seed)))
    return serve(args.port)


if __name__ == "__main__":
    sys.exit(main())
