"""`distilled verify GAME`: check a finished game's proof (GET /games/{id}/proof) here, trusting nothing the server
says about it: the seed against its commitment, the setup dealt again from the seed, every later shuffle
recomputed, the chain of commits rehashed (service/fairness/verify.py, docs/fairness.md); `--at VERSION:HASH`
also checks a head kept from an e-mail or a view. Exit 0 when it verifies, 1 at the first mismatch (its
commit named), 2 when there is nothing to check yet (the game is not over, or predates proofs). `--file` checks a
proof saved as JSON instead."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from devtools.cli_play import _one_line_errors
from devtools.client import ApiClient, base_url
from devtools.client.http import ApiError


def _proof(args: argparse.Namespace) -> dict[str, Any] | None:
    if args.file is not None:
        try:
            found = json.loads(Path(args.file).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"error: cannot read a proof from {args.file}: {error}", file=sys.stderr)
            return None
        return found if isinstance(found, dict) else None
    try:
        answer: dict[str, Any] = ApiClient(args.url or base_url()).request("GET", f"/games/{args.game}/proof")
    except ApiError as error:
        if error.code == "game_not_finished":
            commitment = (error.details or {}).get("commitment")
            print(f"the game is not over yet: nothing to check (its commitment: {commitment})")
            return None
        raise
    return answer


@_one_line_errors
def _verify(args: argparse.Namespace) -> int:
    from service.fairness.verify import verify

    if args.game is None and args.file is None:
        print("error: name a game (distilled verify GAME) or a saved proof (--file PROOF.json)", file=sys.stderr)
        return 2
    proof = _proof(args)
    if proof is None:
        return 2
    if not proof.get("verifiable"):
        print("this game predates proofs (or was made with a test's chance): it cannot be verified")
        return 2
    commits = proof.get("commits") or []
    print(f"checking {len(commits)} commits of game {proof.get('game_id')} ({proof.get('generator')})",
          file=sys.stderr)
    at = _at(args.at) if args.at else None
    if args.at and at is None:
        print("error: --at takes VERSION:HASH, as an e-mail or a view gave them", file=sys.stderr)
        return 2
    verdict = verify(proof, at)
    if verdict.ok:
        print(f"verified: the seed is the one committed to, all {verdict.draws} random outcomes are the "
              f"generator's, and the history chains to head {verdict.head}"
              + (f" (through {at[1]} at version {at[0]})" if at else ""))
        return 0
    print(f"NOT verified at commit {verdict.version}: {verdict.problem}")
    return 1


def _at(text: str) -> tuple[int, str] | None:
    version, _, hash_ = text.partition(":")
    return (int(version), hash_) if version.isdigit() and hash_ else None


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    verify = subparsers.add_parser("verify", help="check that a finished game's draws were not chosen")
    verify.add_argument("game", nargs="?", help="the game's id (not needed with --file)")
    verify.add_argument("--url", help="API base URL (default: $DISTILLED_URL or the local server)")
    verify.add_argument("--file", type=Path, help="a proof saved as JSON (GET /games/{id}/proof) to check")
    verify.add_argument("--at", metavar="VERSION:HASH",
                        help="a head kept from an e-mail or a view: check the history went through it")
    verify.set_defaults(func=_verify)
