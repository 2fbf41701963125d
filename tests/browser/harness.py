"""The page in a real headless Chromium, driven by Playwright, against the real local server.

One seeded local server per test module (its own process, as `make serve` runs it), one browser per session, and
one browser context per seat or spectator: each context is a separate localStorage, so a seat's credential is put
there by an init script before the page loads, as the page's contract says. Every wait is a readiness wait with
a limit scaled by DISTILLED_TEST_TIMEOUT_SCALE. A console error or an uncaught exception on any page fails the
test; a failing test leaves a screenshot of each of its pages in test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

from tests.local.process import ROOT, ServerProcess, free_port, limit, starts_server

SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
SESSION_KEY = "distilled.session.{game_id}"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
WAIT = 120.0  # seconds, before scaling: how long a page may take to show what the server already holds


def wait_ms(seconds: float = WAIT) -> float:
    """A Playwright timeout (milliseconds) for a readiness wait, stretched by DISTILLED_TEST_TIMEOUT_SCALE."""
    return limit(seconds) * 1000


def chromium_executable() -> str | None:
    """$CHROMIUM, else the system's chromium (Debian's package, as `make test` installs it as root), else None:
    Playwright's own download (`python -m playwright install chromium`)."""
    given = os.environ.get("CHROMIUM")
    if given:
        return given
    if SYSTEM_CHROMIUM.exists():
        return str(SYSTEM_CHROMIUM)
    return shutil.which("chromium")


class SeededServer(ServerProcess):
    """The local server whose games draw chance from random.Random(seed) (tests/browser/seeded_server.py)."""

    def __init__(self, seed: int) -> None:  # ServerProcess's fields, another command line
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.output = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - closed by kill()
        env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
        command = [sys.executable, "-m", "tests.browser.seeded_server", "--port", str(self.port), "--seed", str(seed)]
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=self.output, stderr=subprocess.STDOUT,
                                        text=True)


@starts_server
@contextmanager
def seeded_server(seed: int) -> Iterator[SeededServer]:
    """A seeded server, ready before it is used, killed afterwards whatever happened."""
    server = SeededServer(seed)
    try:
        server.wait_ready()
        yield server
    finally:
        server.kill()


def file_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-")


class Pages:
    """The pages one test opens: each in its own context, watched for console errors, closed afterwards."""

    def __init__(self, browser: Browser, test_name: str) -> None:
        self.browser, self.test_name = browser, file_name(test_name)
        self.opened: dict[str, Page] = {}
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []
        self.tolerated: list[re.Pattern[str]] = []

    def open(self, base_url: str, game_id: str, credential: dict[str, Any] | None = None, *, name: str,
             path: str | None = None, before: Callable[[BrowserContext], None] | None = None,
             **context_options: Any) -> Page:
        """/play/<game_id> (or `path`) in a new context; `credential` ({"token", "seat"}) stored before the page
        loads; `before` sees the context first (to route its requests)."""
        context = self.browser.new_context(base_url=base_url, **context_options)
        if before is not None:
            before(context)
        self.contexts.append(context)
        context.set_default_timeout(wait_ms())
        if credential is not None:
            key = SESSION_KEY.format(game_id=game_id)
            context.add_init_script(
                f"try {{ localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(credential))}); }}"
                " catch (e) { /* about:blank has no storage */ }")
        page = context.new_page()
        page.on("console", lambda message: self._console(name, message))
        page.on("pageerror", lambda error: self.errors.append(f"{name}: uncaught {error}"))
        self.opened[name] = page
        page.goto(path or f"/play/{game_id}")
        ready(page)
        return page

    def _console(self, name: str, message: ConsoleMessage) -> None:
        if message.type == "error" and not any(p.search(message.text) for p in self.tolerated):
            self.errors.append(f"{name}: {message.text}")

    def tolerate(self, pattern: str) -> None:
        """A console error the test provokes on purpose (e.g. the network line of a refused request)."""
        self.tolerated.append(re.compile(pattern))

    def path(self, label: str) -> Path:
        """Where a screenshot of this test called `label` goes."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return SCREENSHOTS / f"{self.test_name}-{file_name(label)}.png"

    def shot(self, page: Page, label: str, *, full_page: bool = True) -> Path:
        path = self.path(label)
        page.screenshot(path=str(path), full_page=full_page)
        return path

    def shoot_all(self, prefix: str) -> None:
        for name, page in self.opened.items():
            if not page.is_closed():
                try:
                    self.shot(page, f"{prefix}-{name}")
                except Exception as error:  # a crashed page must not hide the test's own failure
                    print(f"no screenshot of {name}: {error}", file=sys.stderr)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def ready(page: Page) -> None:
    """Until the page has rendered a view and has no request in flight."""
    page.wait_for_function("() => document.body && document.body.dataset.version !== undefined"
                           " && document.body.dataset.busy === 'false'", timeout=wait_ms())
