"""Build Lambda artifacts the way `sam build` does (the Makefile's targets) and measure them.

For the cold-start benchmark and the packaging tests: they run the real targets into a directory of their own.
The layer can be built for this machine (`host_platform()`), so that its compiled packages (pydantic_core)
import here; Lambda's is `manylinux2014_aarch64`, the Makefile's default.
"""

from __future__ import annotations

import os
import platform
import subprocess
import zipfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYER = "DependenciesLayer"  # template.yaml's layer, built by the Makefile target build-DependenciesLayer


class NoLambdaPython(RuntimeError):
    """No python3.12 on this machine: the Makefile's message says how to give it one."""


def lambda_python() -> str:
    """The python3.12 the Makefile builds with (its LAMBDA_PYTHON, found as `sam build` would find it)."""
    done = subprocess.run(["make", "-s", "--no-print-directory", "lambda-python"], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise NoLambdaPython(done.stderr.strip() or done.stdout.strip())
    return done.stdout.strip().splitlines()[-1]


def host_platform() -> str:
    """The pip platform tag of manylinux wheels for this machine."""
    return f"manylinux2014_{platform.machine()}"


def build(target: str, artifacts_dir: Path, **variables: str) -> Path:
    """`make build-<target>` into `artifacts_dir`, as `sam build` runs it; raises with make's output on failure."""
    settings = [f"{name}={value}" for name, value in variables.items()]
    done = subprocess.run(["make", "--no-print-directory", f"build-{target}", f"ARTIFACTS_DIR={artifacts_dir}",
                           *settings], cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"make build-{target} failed:\n{done.stdout}\n{done.stderr}")
    return artifacts_dir


def files(tree: Path) -> Iterator[Path]:
    for folder, _, names in os.walk(tree):
        for name in names:
            yield Path(folder, name)


def unzipped_bytes(tree: Path) -> int:
    return sum(path.stat().st_size for path in files(tree))


def zipped_bytes(tree: Path, into: Path) -> int:
    """The size of the zip `sam deploy` would upload (deflated, as it zips)."""
    with zipfile.ZipFile(into, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(files(tree)):
            archive.write(path, path.relative_to(tree))
    return into.stat().st_size
