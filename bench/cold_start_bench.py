"""Cold start from the built artifact: a whole python3.12 process importing a command handler and answering its
first command, against the floor handler (bench/floor_handler.py) doing the same, by the children's CPU time.

The artifacts are built by the Makefile's targets, as `sam build` runs them: one command function and the layer.
The layer is built twice: for Lambda (arm64, the sizes reported) and for this machine (to run it here). boto3,
which Lambda's runtime provides, is installed for python3.12 into the same temporary folder. Runs alternate
(handler, floor, floor, handler, ...) so that a busy machine weighs on both alike.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.report import emit, spread
from devtools import artifacts

HERE = Path(__file__).resolve().parent
FUNCTION, MODULE = "BuyFunction", "functions.commands.buy"
RUNS = 61  # paired ratios spread 0.8-1.7 on a busy shared machine: the median of 21 moved by a tenth between runs
MB = 1024 * 1024
BOTO3 = "boto3>=1.35,<2"  # pyproject.toml's
ENVIRONMENT = {  # a deployed function's; no credentials: nothing is called
    "AWS_LAMBDA_FUNCTION_NAME": FUNCTION, "AWS_DEFAULT_REGION": "eu-west-1", "AWS_REGION": "eu-west-1",
    "AWS_CONFIG_FILE": os.devnull, "AWS_SHARED_CREDENTIALS_FILE": os.devnull, "TABLE_NAME": "bench-games",
    "POWERTOOLS_SERVICE_NAME": "distilled", "POWERTOOLS_METRICS_NAMESPACE": "DistilledOnline", "LOG_LEVEL": "INFO",
    "PYTHONDONTWRITEBYTECODE": "1", "PYTHONNOUSERSITE": "1",
}


def fixture() -> dict[str, Any]:
    """A 2-seat game played (with this checkout's code) up to the first `buy`, and that buy's request."""
    from devtools.local.apigw import HttpRequest, http_event
    from domain import legal_actions, to_act
    from domain.commands import COMMAND_TYPES
    from domain.options import Options, SeatSpec
    from infra.store import InMemoryEventStore
    from service.bootstrap import Games
    from service.games.recent import Recent

    store = InMemoryEventStore()
    games = Games(store, random.Random(3), Recent())
    created = games.create([SeatSpec(name="A"), SeatSpec(name="B")], Options(), [])
    game_id = created.aggregate.game_id
    for step in range(10):
        state = games.load(game_id).state
        seat = to_act(state)[0]
        actions = [a.model_dump() for a in legal_actions(state, seat)]
        buy = next((a for a in actions if a["type"] == "buy"), None)
        if buy is not None:
            break
        command = COMMAND_TYPES[actions[0]["type"]].model_validate({**actions[0], "seat": seat})
        games.handle(game_id, seat, command, None, command_id=f"setup-{step}")
    else:
        raise AssertionError("no buy within 10 commands of the start")
    body = json.dumps({**{k: v for k, v in buy.items() if k != "seat"}, "command_id": "cold-1"}).encode()
    headers = [("content-type", "application/json"), ("authorization", f"Bearer {created.tokens[seat]}")]
    request = HttpRequest("POST", f"/games/{game_id}/buy", headers, body)
    return {"module": MODULE, "commits": store.table.commits,
            "event": http_event(request, "POST /games/{game_id}/buy", {"game_id": game_id})}


class ColdStarts:
    """The built artifacts in `root`, and one cold process of either kind at a time."""

    def __init__(self, root: Path) -> None:
        self.python = artifacts.lambda_python()
        self.function = artifacts.build(FUNCTION, root / "function")
        self.layer = artifacts.build(artifacts.LAYER, root / "layer-arm64")
        here_layer = artifacts.build(artifacts.LAYER, root / "layer-here", LAYER_PLATFORM=artifacts.host_platform())
        boto3 = root / "boto3"
        subprocess.run([self.python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--root-user-action=ignore", "--target", str(boto3), BOTO3], check=True)
        driver = root / "driver"
        driver.mkdir()
        for name in ("cold_start_driver.py", "floor_handler.py"):
            (driver / name).write_bytes((HERE / name).read_bytes())
        subprocess.run([self.python, "-m", "compileall", "-q", "--invalidation-mode", "unchecked-hash", str(driver)],
                       check=True)
        self.fixture = root / "fixture.json"
        self.fixture.write_text(json.dumps(fixture()))
        path = os.pathsep.join(str(p) for p in (driver, self.function, here_layer / "python", boto3))
        self.env = {"PATH": os.environ.get("PATH", ""), **ENVIRONMENT, "PYTHONPATH": path}
        self.root, self.driver = root, driver

    def cpu_seconds(self, kind: str) -> float:
        """User + system CPU seconds of one whole process: start, import, one answered request."""
        with tempfile.TemporaryFile() as errors:
            # From the driver's folder: `-m` puts the working directory first on the path (never the checkout).
            child = subprocess.Popen([self.python, "-m", "cold_start_driver", kind, str(self.fixture)], env=self.env,
                                     cwd=self.driver, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=errors)
            _, status, usage = os.wait4(child.pid, 0)
            child.returncode = os.waitstatus_to_exitcode(status)
            if child.returncode != 0:
                errors.seek(0)
                raise RuntimeError(f"the {kind} cold start failed: {errors.read().decode()[-2000:]}")
        return usage.ru_utime + usage.ru_stime

    def sizes(self) -> dict[str, tuple[float, float]]:
        """Unzipped and zipped MB of what `sam deploy` uploads: the layer (arm64) and one function."""
        trees = {"layer": self.layer, "function": self.function}
        return {name: (artifacts.unzipped_bytes(tree) / MB,
                       artifacts.zipped_bytes(tree, self.root / f"{name}.zip") / MB) for name, tree in trees.items()}


def measure(cold: ColdStarts, runs: int = RUNS) -> dict[str, list[float]]:
    cold.cpu_seconds("handler"), cold.cpu_seconds("floor")  # warm the file cache; not counted
    seconds: dict[str, list[float]] = {"handler": [], "floor": []}
    for i in range(runs):
        for kind in ("handler", "floor") if i % 2 == 0 else ("floor", "handler"):
            seconds[kind].append(cold.cpu_seconds(kind))
    return seconds


def run(runs: int = RUNS) -> None:
    with tempfile.TemporaryDirectory(prefix="cold-start-") as root:
        cold = ColdStarts(Path(root))
        seconds = measure(cold, runs)
        ratios = [h / f for h, f in zip(seconds["handler"], seconds["floor"], strict=True)]
        emit("cold_start_ratio", statistics.median(ratios), "ratio", **spread(ratios, digits=3), runs=runs,
             handler_ms=round(statistics.median(seconds["handler"]) * 1000, 1),
             floor_ms=round(statistics.median(seconds["floor"]) * 1000, 1),
             function=FUNCTION, measure="CPU time (user+sys) of the whole process", target="<= 1.2")
        for name, (unzipped, zipped) in cold.sizes().items():
            emit(f"artifact_{name}_mb", unzipped, "MB", zipped_mb=round(zipped, 2),
                 built="layer: manylinux2014_aarch64, cp312" if name == "layer" else FUNCTION)


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS)
