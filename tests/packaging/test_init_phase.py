"""A Lambda container's import runs without garbage collection (functions/__init__.py) until the handler module's
last line, `container.initialized()`, freezes what was built and turns collection back on. A handler module that
forgot that call would leave its container collecting nothing for good: each one is imported here as Lambda
would (a fresh python, AWS_LAMBDA_FUNCTION_NAME set), and must end its import collecting, with a frozen heap."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from devtools.local import sam
from devtools.template import load_template

ROOT = Path(__file__).resolve().parents[2]
CHECK = """
import gc, importlib, json, sys
import functions
disabled = not gc.isenabled()
importlib.import_module(sys.argv[1])
print(json.dumps({"disabled_by_the_package": disabled, "enabled": gc.isenabled(), "frozen": gc.get_freeze_count()}))
"""


def _imported(module: str) -> dict[str, object]:
    env = {**os.environ, "AWS_LAMBDA_FUNCTION_NAME": "InitPhaseCheck", "AWS_DEFAULT_REGION": "eu-west-1",
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CHECK, module], env=env, cwd=ROOT, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, f"{module}: {done.stderr[-2000:]}"
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def test_every_function_ends_its_import_collecting_again_with_what_it_built_frozen() -> None:
    modules = sorted({spec.module for spec in sam.functions(load_template(ROOT / "template.yaml"), ROOT).values()})
    assert len(modules) > 40
    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = dict(zip(modules, pool.map(_imported, modules), strict=True))
    assert all(a["disabled_by_the_package"] for a in answers.values())
    assert [m for m, a in answers.items() if not a["enabled"] or not a["frozen"]] == []


def test_outside_lambda_the_collector_is_left_alone() -> None:
    env = {k: v for k, v in os.environ.items() if k != "AWS_LAMBDA_FUNCTION_NAME"}
    done = subprocess.run([sys.executable, "-c", "import gc, functions.commands.buy; print(gc.isenabled(), "
                           "gc.get_freeze_count())"], env={**env, "PYTHONPATH": str(ROOT)}, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "0"]
