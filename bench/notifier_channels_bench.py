"""The notifier with every channel on (SNS topic, e-mail through SES v2, push through SNS platform endpoints,
webhooks queued to SQS): what it reads per notice, and its CPU per notice before and after, paired in one run.

Each run is a process of its own (bench/notifier_channels_driver.py: players with every channel, games started
from lobbies and played to the end, then the notifier in a warm container of its own fed one commit per
invocation, under moto). The driver runs against this checkout and against a baseline tree, a git worktree of
NOTIFIER_BASELINE (default 1710994, today's notifier) in a temporary folder, with only PYTHONPATH telling them
apart; runs alternate (current, baseline, baseline, current, ...) so that a busy machine weighs on both alike.
The read and request figures are the current tree's, over all its runs' games (the baseline's beside them);
without git or the ref (a shallow clone) the current tree's figures are printed alone, `baseline: unavailable`.

Floors: one read of each notified seat's player per commit (distinct (commit, seat told) per notice), one read
of the game's partition per commit; requests: the same requests with those two kinds of read at their floors.
One game per run and two rounds (about 85 s on two shared cores); BENCH_FULL=1: two games per run, five rounds
(about 7 minutes).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.report import emit, spread

ROOT = Path(__file__).resolve().parents[1]
DRIVER = Path(__file__).with_name("notifier_channels_driver.py")
DEFAULT_BASELINE = "1710994"
SEED = 4
KEPT = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")  # of this environment; the driver sets the rest itself
READ_OPS = ("GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems")
PACKAGES = ("domain", "service", "infra", "functions", "devtools", "web")


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False)


def add_baseline(ref: str, where: Path) -> tuple[Path | None, str]:
    """(the baseline tree, its commit), or (None, why there is none)."""
    if shutil.which("git") is None:
        return None, "git not found"
    found = _git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
    if found.returncode != 0:
        return None, f"{ref} is not a commit of this repository (a shallow clone?)"
    commit = found.stdout.strip()
    added = _git("worktree", "add", "--detach", "--quiet", str(where), commit)
    if added.returncode != 0:
        return None, f"git worktree add failed: {added.stderr.strip()[-300:]}"
    # Compiled now, as this checkout's modules already are: no run pays for it in its measured calls.
    subprocess.run([sys.executable, "-m", "compileall", "-q", *(str(where / p) for p in PACKAGES)], check=False,
                   capture_output=True)
    return where, commit


def remove_baseline(tree: Path) -> None:
    if _git("worktree", "remove", "--force", str(tree)).returncode != 0:
        shutil.rmtree(tree, ignore_errors=True)
        _git("worktree", "prune")


def one_run(driver: Path, tree: Path, games: int, seed: int) -> dict[str, Any]:
    """One driver process against `tree`: its figures, and its whole CPU time (user + system)."""
    env = {k: os.environ[k] for k in KEPT if k in os.environ}
    env.update(PYTHONPATH=os.pathsep.join((str(driver), str(tree))), PYTHONNOUSERSITE="1")
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as errors:
        # From the driver's folder: `-m` puts it first on the path, and the tree's code comes from PYTHONPATH.
        child = subprocess.Popen([sys.executable, "-m", "notifier_channels_driver", str(games), str(seed)], env=env,
                                 cwd=driver, stdin=subprocess.DEVNULL, stdout=out, stderr=errors)
        _, status, usage = os.wait4(child.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            raise RuntimeError(f"the driver failed on {tree}: {errors.read().decode(errors='replace')[-3000:]}")
        out.seek(0)
        found: dict[str, Any] = json.loads(out.read().decode().strip().splitlines()[-1])
    if Path(found["tree"]).resolve() != tree.resolve():
        raise RuntimeError(f"the driver ran {found['tree']}'s code, not {tree}'s")
    found["process_cpu_s"] = usage.ru_utime + usage.ru_stime
    return found


def totals(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The runs' counts added up."""
    out: dict[str, Any] = {"calls": {}}
    for run in runs:
        for key in ("notices", "seat_commits", "commits", "games"):
            out[key] = out.get(key, 0) + run[key]
        for key, n in run["calls"].items():
            out["calls"][key] = out["calls"].get(key, 0) + n
    calls = out["calls"]
    out["requests"] = sum(calls.values())
    out["player_reads"] = sum(runs_read(run, "player") for run in runs)
    out["game_reads"] = sum(runs_read(run, "game") for run in runs)
    for kind in ("player", "game"):  # requests, not items (a BatchGetItem reads several)
        out[f"{kind}_read_requests"] = sum(n for key, n in calls.items() if key.startswith("dynamodb.")
                                           and key.endswith(f".{kind}") and key.split(".")[1] in READ_OPS)
    return out


def runs_read(run: dict[str, Any], kind: str) -> int:
    return int(run["records"].get(f"read.{kind}", 0))


def per_notice(counts: dict[str, Any]) -> dict[str, float]:
    """Requests per notice by service, DynamoDB's by operation and partition."""
    notices, out = counts["notices"], {}
    for key, n in sorted(counts["calls"].items()):
        out[key] = round(n / notices, 2)
    for service in ("dynamodb", "sns", "sesv2", "sqs"):
        out[service] = round(sum(n for k, n in counts["calls"].items() if k.startswith(service + ".")) / notices, 2)
    return out


def cpu_ms(run: dict[str, Any]) -> float:
    return float(run["cpu_s"]) / max(1, run["cpu_notices"]) * 1000


def emit_lines(current: list[dict[str, Any]], baseline: list[dict[str, Any]] | None, about: dict[str, Any]) -> None:
    now = totals(current)
    before = totals(baseline) if baseline else None
    notices, commits, told = now["notices"], now["commits"], now["seat_commits"]
    common = {"games": now["games"], "notices": notices, "commits": commits}

    def base(value: Any) -> Any:
        return "unavailable" if before is None else round(value(before), 2)

    player_floor = told / notices
    emit("notifier_player_reads_per_notice", now["player_reads"] / notices, "reads", floor=round(player_floor, 2),
         target="<= floor", floor_is="one read of each notified seat's player per commit: distinct (commit, seat "
         "told) / notices", per_seat_told=round(now["player_reads"] / told, 2),
         runs=spread([runs_read(r, "player") / r["notices"] for r in current], digits=2),
         baseline=base(lambda c: c["player_reads"] / c["notices"]), **common)
    emit("notifier_commit_reads_per_commit", now["game_reads"] / commits, "reads", floor=1, target="<= 1",
         floor_is="one read of the game's partition (Query or GetItem on GAME#) per commit processed",
         runs=spread([runs_read(r, "game") / r["commits"] for r in current], digits=2),
         baseline=base(lambda c: c["game_reads"] / c["commits"]), **common)
    floor = (now["requests"] - now["player_read_requests"] - now["game_read_requests"] + told + commits) / notices
    emit("notifier_requests_per_notice", now["requests"] / notices, "requests", floor=round(floor, 2),
         target="<= floor", floor_is="the same requests with the player reads and the game reads at their floors",
         per_notice=per_notice(now), baseline=base(lambda c: c["requests"] / c["notices"]),
         channels="SNS topic, e-mail (SES v2), push (SNS platform endpoints), webhooks (SQS queue)",
         preferences="defaults: one e-mail and one push per seat per round, a webhook per notice",
         notices_are="SNS Publish to the topic", **common)
    figures: dict[str, Any] = {"current": spread([cpu_ms(r) for r in current], digits=3)}
    if baseline:
        figures["baseline"] = spread([cpu_ms(r) for r in baseline], digits=3)
        figures["ratio"] = round(statistics.median(cpu_ms(r) for r in current)
                                 / statistics.median(cpu_ms(r) for r in baseline), 3)
        figures["paired_ratios"] = spread([cpu_ms(a) / cpu_ms(b) for a, b in zip(current, baseline, strict=True)])
    else:
        figures["baseline"] = "unavailable"
    figures["process_cpu_s"] = {side: spread([r["process_cpu_s"] for r in runs], digits=2)
                                for side, runs in (("current", current), ("baseline", baseline)) if runs}
    figures["first_invocation_ms"] = spread([r["first_invocation_s"] * 1000 for r in current], digits=1)
    emit("notifier_cpu_ms_per_notice", statistics.median(cpu_ms(r) for r in current), "ms", **figures,
         clock="thread CPU time inside lambda_handler, moto's request handling and the counting hook excluded; "
         "the container's first invocation apart", target="ratio < 1", **about)


def run() -> None:
    started, cpu = time.perf_counter(), time.process_time()
    full = os.environ.get("BENCH_FULL") == "1"
    games, rounds = (2, 5) if full else (1, 2)
    ref = os.environ.get("NOTIFIER_BASELINE", DEFAULT_BASELINE)
    current: list[dict[str, Any]] = []
    baseline: list[dict[str, Any]] | None = []
    with tempfile.TemporaryDirectory(prefix="notifier-bench-") as folder:
        driver = Path(folder) / "driver"
        driver.mkdir()
        shutil.copy(DRIVER, driver / DRIVER.name)  # the same driver for both trees
        tree, commit = add_baseline(ref, Path(folder) / "baseline")
        about: dict[str, Any] = {"rounds": rounds, "games_per_run": games, "baseline_ref": ref}
        try:
            for i in range(rounds):
                sides = ("current", "baseline") if i % 2 == 0 else ("baseline", "current")
                for side in sides:
                    if side == "current":
                        current.append(one_run(driver, ROOT, games, SEED + i * games))
                    elif tree is not None and baseline is not None:
                        try:
                            baseline.append(one_run(driver, tree, games, SEED + i * games))
                        except RuntimeError as error:  # the baseline's code may not run this driver
                            baseline, commit = None, f"its run failed: {str(error)[-300:]}"
        finally:
            if tree is not None:
                remove_baseline(tree)
    if tree is None or not baseline:
        about["baseline_unavailable"] = commit  # why
        baseline = None
    else:
        about["baseline_commit"] = commit
    about["bench_s"] = {"wall": round(time.perf_counter() - started, 1),
                        "cpu": round(time.process_time() - cpu + sum(r["process_cpu_s"] for r in current)
                                     + sum(r["process_cpu_s"] for r in baseline or []), 1)}
    emit_lines(current, baseline, about)


if __name__ == "__main__":
    run()
