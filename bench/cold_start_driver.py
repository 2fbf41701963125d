"""One cold start, in a fresh python3.12 started by bench/cold_start_bench.py: import a handler, answer a request.

`python3.12 -m cold_start_driver floor|handler FIXTURE`, with the built artifact, the layer and boto3 on
PYTHONPATH. The fixture (JSON) holds the request and, for our handler, its module and the game's stored commits:
the store is in memory, so only our code and the libraries count. Both kinds run this same file.
"""

import json
import os
import sys
from typing import Any


class Context:
    """What powertools and our handlers read of Lambda's context object."""

    function_name = "ColdStart"
    memory_limit_in_mb = 512
    invoked_function_arn = "arn:aws:lambda:eu-west-1:123456789012:function:ColdStart"
    aws_request_id = "cold-start"

    def get_remaining_time_in_millis(self) -> int:
        return 10_000


def ours(given: dict[str, Any]) -> Any:
    import importlib

    module = importlib.import_module(given["module"])  # first, as Lambda's init phase imports it
    import infra.store.dynamodb  # noqa: F401  what a deployed function's store imports on its first request
    from functions import container
    from infra.store import InMemoryEventStore, MemoryTable
    from service.bootstrap import Given

    commits = {game: {int(v): row for v, row in rows.items()} for game, rows in given["commits"].items()}
    container.install(Given(store=InMemoryEventStore(MemoryTable(commits=commits))))
    container.dynamodb()  # the client a deployed function builds for its store (the floor builds one too)
    return module.lambda_handler


def main() -> None:
    kind, fixture = sys.argv[1], sys.argv[2]
    with open(fixture) as f:
        given = json.load(f)
    if kind == "floor":
        from floor_handler import lambda_handler
    else:
        lambda_handler = ours(given)
    answer = lambda_handler(given["event"], Context())
    if answer["statusCode"] != 200:
        raise SystemExit(f"{kind} answered {answer['statusCode']}: {answer.get('body')}")
    # The cold start ends with the answer. Lambda never finalizes the interpreter (a sandbox is frozen, later
    # killed), so neither does this process: tearing down what the import built (a few ms of CPU for either
    # kind) is no part of what is measured.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
