"""What powertools' Tracer (the X-Ray SDK) adds to a cold start, by CPU time: docs/adr/0007-tracing.md.

`python -m bench.tracer_cost`: installs aws-lambda-powertools[tracer] and boto3 for python3.12 into a temporary
folder, then runs fresh processes, alternating, that build Logger, Metrics and a DynamoDB client, with and
without a Tracer. Not part of `make bench`: the decision it backs is taken.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile

from bench.report import emit, spread
from devtools import artifacts

RUNS = 9
BASE = "from aws_lambda_powertools import Logger, Metrics; Logger(); Metrics(); import boto3; boto3.client('dynamodb')"
CODE = {"without": BASE, "with_tracer": BASE + "; from aws_lambda_powertools import Tracer; Tracer()"}


def _cpu_ms(python: str, code: str, env: dict[str, str], cwd: str) -> float:
    child = subprocess.Popen([python, "-c", code], env=env, cwd=cwd)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"{code!r} failed")
    return (usage.ru_utime + usage.ru_stime) * 1000


def run() -> None:
    python = artifacts.lambda_python()
    with tempfile.TemporaryDirectory(prefix="tracer-cost-") as root:
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--root-user-action=ignore", "--target", root, "aws-lambda-powertools[tracer]>=3,<4",
                        "boto3>=1.35,<2"], check=True)
        subprocess.run([python, "-m", "compileall", "-q", root], check=True)
        env = {"PYTHONPATH": root, "PYTHONNOUSERSITE": "1", "POWERTOOLS_SERVICE_NAME": "bench",
               "AWS_DEFAULT_REGION": "eu-west-1", "AWS_CONFIG_FILE": os.devnull}
        samples: dict[str, list[float]] = {name: [] for name in CODE}
        for _ in range(RUNS):
            for name, code in CODE.items():
                samples[name].append(_cpu_ms(python, code, env, root))
    extra = [w - o for w, o in zip(samples["with_tracer"], samples["without"], strict=True)]
    emit("tracer_cold_start_ms", statistics.median(extra), "ms", **spread(extra, digits=1),
         without_ms=round(statistics.median(samples["without"]), 1),
         with_tracer_ms=round(statistics.median(samples["with_tracer"]), 1), runs=RUNS)


if __name__ == "__main__":
    run()
