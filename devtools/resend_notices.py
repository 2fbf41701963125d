"""Send the e-mails and pushes of the notices' dead-letter queue again (docs/adr/0019-email-operations.md).

    python -m devtools.resend_notices --queue-url URL [--max N] [--dry-run]

Runs with the notifier's settings in the environment (TABLE_NAME, PAGE_BASE_URL, EMAIL_FROM,
SES_CONFIGURATION_SET, the platform applications' ARNs for pushes, AWS credentials allowed to read the table,
send as the identity and publish to the endpoints). Each message is
deleted once its e-mail is sent, skipped (already sent) or gone (the seat no longer waits); one whose send fails
again stays in the queue (visible again after its visibility timeout). Prints one line per message: its
outcome, game, version and seat, never an address.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from service.notices.resend import INVALID, resend


def drain(sqs: Any, queue_url: str, handle: Callable[[dict[str, Any]], str], limit: int = 100,
          dry_run: bool = False) -> dict[str, int]:
    """Up to `limit` messages, each handled and (unless it failed, or a dry run) deleted; outcomes counted."""
    done: dict[str, int] = {}
    seen = 0
    while seen < limit:
        got = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=min(10, limit - seen), WaitTimeSeconds=0,
                                  VisibilityTimeout=60)
        messages = got.get("Messages") or []
        if not messages:
            break
        for message in messages:
            seen += 1
            try:
                entry = json.loads(message["Body"])
                outcome = INVALID if not isinstance(entry, dict) else ("listed" if dry_run else handle(entry))
            except Exception as error:  # the send failed again: the message stays for a later run
                outcome = f"failed:{type(error).__name__}"
                entry = {}
            print(outcome, entry.get("game_id"), entry.get("version"), entry.get("seat"), flush=True)
            done[outcome] = done.get(outcome, 0) + 1
            if not dry_run and not outcome.startswith("failed"):
                sqs.delete_message(QueueUrl=queue_url, ReceiptHandle=message["ReceiptHandle"])
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.resend_notices", description=__doc__.split("\n")[0])
    parser.add_argument("--queue-url", required=True, help="the EmailDeadLetterQueue's URL (stack output)")
    parser.add_argument("--max", type=int, default=100, help="at most this many messages (default 100)")
    parser.add_argument("--dry-run", action="store_true", help="list the messages, send and delete nothing")
    args = parser.parse_args(argv)
    import boto3

    from functions import container

    if not args.dry_run and not os.environ.get("PAGE_BASE_URL", "").strip():
        raise SystemExit("PAGE_BASE_URL is not set: the e-mails' links need it")
    channels = None if args.dry_run else container.reactions().without_hold()

    def handle(entry: dict[str, Any]) -> str:
        assert channels is not None  # a dry run handles nothing
        return resend(entry, lambda game_id, versions: container.games().plan(game_id, versions, channels.history),
                      channels)

    done = drain(boto3.client("sqs"), args.queue_url, handle, args.max, args.dry_run)
    print(json.dumps(done, sort_keys=True))
    return 1 if any(k.startswith("failed") for k in done) else 0


if __name__ == "__main__":
    sys.exit(main())
