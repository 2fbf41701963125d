"""`make bench` writes its lines into docs/benchmarks.md between the page's markers (bench/__main__.py)."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

import bench.__main__ as bench_main

ROOT = Path(__file__).resolve().parents[2]


def test_the_page_has_the_markers_the_bench_writes_between() -> None:
    text = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert bench_main.write_docs(text, [], "now", "here").count(bench_main.BEGIN) == 1


def test_figures_are_the_json_lines_with_a_name_and_a_value() -> None:
    lines = ['{"name": "a", "value": 1.5, "unit": "x", "target": "<= 2", "tree": "/tmp/t", "runs": [1, 2]}',
             "[outbox] seat 0: your turn", '{"value": 3}', "[1, 2]"]
    assert bench_main.figures(lines) == [{"name": "a", "value": 1.5, "unit": "x", "target": "<= 2", "tree": "/tmp/t",
                                          "runs": [1, 2]}]


def test_the_table_replaces_only_what_is_between_the_markers() -> None:
    page = f"# B\n\nintro\n{bench_main.BEGIN}\nold | table\n{bench_main.END}\n\nthe rest\n"
    entries = [{"name": "a", "value": 1.5, "unit": "x|y", "target": "<= 2", "tree": "/tmp/t", "runs": [1, 2]}]
    written = bench_main.write_docs(page, entries, "2026-01-01 00:00 UTC", "2 cores")
    assert written.startswith("# B\n\nintro\n") and written.endswith(f"{bench_main.END}\n\nthe rest\n")
    assert "old | table" not in written
    assert "| `a` | 1.5 | x\\|y | <= 2 | runs=[1,2] |" in written
    assert "/tmp/t" not in written and "2026-01-01 00:00 UTC (2 cores)" in written
    with pytest.raises(ValueError, match="markers"):
        bench_main.write_docs("# B without markers\n", entries, "now", "here")


def test_a_run_prints_its_lines_and_writes_them(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    fake = types.ModuleType("bench.fake_bench")
    fake.run = lambda: print('{"name": "fake", "value": 2, "unit": "s"}')  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bench.fake_bench", fake)
    monkeypatch.setattr(bench_main, "MODULES", ("bench.fake_bench",))
    page = tmp_path / "benchmarks.md"
    page.write_text(f"# B\n{bench_main.BEGIN}\n{bench_main.END}\n")
    monkeypatch.setattr(bench_main, "DOCS", page)
    assert bench_main.main() == 0
    assert '"name": "fake"' in capsys.readouterr().out
    assert "| `fake` | 2 | s | — |" in page.read_text()
    monkeypatch.setenv("BENCH_DOCS", "0")
    page.write_text(f"# B\n{bench_main.BEGIN}\n{bench_main.END}\n")
    bench_main.main()
    assert "fake" not in page.read_text()
