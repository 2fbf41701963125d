"""The test tiers stay what `make quick` relies on: every test under tests/e2e and tests/browser carries its
marker, the tests that start a local server carry `local`, and a marker pyproject.toml does not declare is an
error, not a selection that silently runs nothing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import SLOW, on_moto, refers_to, starts_a_server
from tests.local.process import ROOT, ServerProcess, free_port, running_server

TIERS = {"domain", "slow", "local", "e2e", "browser"}
# A plugin for the child pytest: each collected test's node id and markers, one line each.
DUMP = """
def pytest_collection_finish(session):
    for item in session.items:
        print("TIERS", item.nodeid, ",".join(sorted({m.name for m in item.iter_markers()})))
"""
TYPO = """
import pytest


@pytest.mark.slwo
def test_typo():
    pass
"""
# Each of these starts a server in every test: in a module fixture, or in the test's body.
SERVERS = ["tests/e2e/test_local_server.py", "tests/e2e/test_durability.py", "tests/browser/test_spectator.py",
           "tests/browser/test_whole_game.py", "tests/local/test_local_server_fake.py",
           "tests/local/test_readme_tour.py::test_the_tour_in_a_shell_against_a_local_server"]


def test_the_tiers_are_declared_and_an_undeclared_marker_is_an_error(pytestconfig: pytest.Config) -> None:
    declared = {line.split(":")[0].strip() for line in pytestconfig.getini("markers")}
    assert declared >= TIERS
    assert "--strict-markers" in pytestconfig.getini("addopts")


def test_the_conftest_marks_e2e_browser_and_local_and_a_typo_for_a_marker_fails(tmp_path: Path) -> None:
    """One child pytest (a collection is seconds: one is enough) collects tests/e2e, tests/browser, the local
    server's own tests and a file with a typo for a marker: the typo is the one collection error, and each test
    carries the markers of its directory, and `local` if it starts a server."""
    (tmp_path / "tiers_dump.py").write_text(DUMP, encoding="utf-8")
    (tmp_path / "test_typo.py").write_text(TYPO, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    local = ["tests/local/test_local_server_fake.py", "tests/local/test_readme_tour.py"]
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-p", "tiers_dump", "-p", "no:randomly",
                           "tests/e2e", "tests/browser", *local, str(tmp_path / "test_typo.py")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    assert done.returncode == 2 and "'slwo' not found in `markers`" in output, output
    assert re.search(r"\b1 error\b", output), output
    found = {}  # a node id may hold spaces (a parametrization's id): the markers are the last word
    for line in done.stdout.splitlines():
        if line.startswith("TIERS "):
            nodeid, _, names = line.removeprefix("TIERS ").rpartition(" ")
            found[nodeid] = set(names.split(",")) - {""}

    files = {p.relative_to(ROOT).as_posix() for d in ("e2e", "browser") for p in (ROOT / "tests" / d).glob("test_*.py")}
    assert {n.split("::")[0] for n in found} == files | set(local)
    for nodeid, markers in found.items():
        directory = nodeid.split("/")[1]
        assert markers & {"e2e", "browser"} == {directory} & {"e2e", "browser"}, (nodeid, markers)
    for prefix in SERVERS:
        assert all("local" in m for n, m in found.items() if n.startswith(prefix)), prefix
    assert not any("local" in m for n, m in found.items()
                   if n.startswith(("tests/browser/test_history_sentences.py",
                                    "tests/local/test_readme_tour.py::test_every_line_of_the_tour")))


def _fixture_helper() -> None:
    ServerProcess()


def _via_helper() -> None:
    _fixture_helper()


def _via_lambda() -> None:
    (lambda: running_server())()


@pytest.mark.parametrize(("function", "starts"), [
    (_fixture_helper, True), (_via_helper, True), (_via_lambda, True), (free_port, False)])
def test_a_test_that_starts_a_server_is_found_through_its_helpers(function: Callable[[], None], starts: bool) -> None:
    assert refers_to(function, starts_a_server) is starts
    assert not refers_to(function, on_moto)


def test_the_slow_list_names_tests_that_exist() -> None:
    """A renamed or deleted test leaves SLOW too: a stale prefix would match nothing, or later something else."""
    for prefix in SLOW:
        where, _, test = prefix.partition("::")
        files = [ROOT / where] if where.endswith(".py") else sorted(ROOT.glob(where + "*.py"))
        assert files and all(f.is_file() for f in files), prefix
        if test:
            name = re.split(r"[\[:]", test)[0]
            assert re.search(rf"def {re.escape(name)}\b", files[0].read_text(encoding="utf-8")), prefix
