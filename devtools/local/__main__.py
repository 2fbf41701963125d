"""`python -m devtools.local`: the same as `distilled serve`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from devtools.local.serve import serve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.local", description="run template.yaml locally")
    add_arguments(parser)
    args = parser.parse_args(argv)
    return run(args)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=3000, help="HTTP port (0: any free port)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--data", type=Path, help="keep the store and the outbox in this directory across restarts")
    parser.add_argument("--template", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--verbose", action="store_true", help="log every request and the functions' own logs")
    parser.add_argument("--aws-port", type=int, default=0,
                        help="port of the embedded DynamoDB/SNS/SQS endpoint (default: any free port), e.g. 4566 "
                             "for `sam local ... --env-vars sam-local-env.json`")
    parser.add_argument("--aws-host", default="127.0.0.1",
                        help="interface of that endpoint (default 127.0.0.1). Anything else exposes an "
                             "unauthenticated store to whoever can reach it: only for Docker's bridge")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="URL", dest="allow_origins",
                        help="let a web page from this origin (e.g. http://localhost:5173) call the API: CORS as "
                             "the template's AllowedOrigins sets it up (repeatable; default: none, CORS closed)")
    parser.add_argument("--smtp-port", type=int, default=None,
                        help="port of the SMTP listener that takes replies to the e-mails (default: --port + 25, "
                             "e.g. 3025; 0: any free port; -1: none, POST /_local/inbox only)")


def smtp_port(args: argparse.Namespace) -> int | None:
    if args.smtp_port is None:
        return args.port + 25 if 0 < args.port <= 65535 - 25 else 0
    return None if args.smtp_port < 0 else int(args.smtp_port)


def run(args: argparse.Namespace) -> int:
    return serve(args.port, args.host, args.data, args.template, args.verbose, args.aws_port, args.aws_host,
                 args.allow_origins, smtp_port(args))


if __name__ == "__main__":
    sys.exit(main())
