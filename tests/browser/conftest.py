"""Fixtures for the browser tests: a seeded local server per module, one Chromium per session, and each test's
pages (tests/browser/harness.py). A failing test leaves a screenshot of each of its pages in
test-artifacts/screenshots/; a console error on any page fails the test.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from tests.browser.harness import Pages, SeededServer, chromium_executable, seeded_server


@pytest.fixture(scope="module")
def server() -> Iterator[SeededServer]:
    with seeded_server(11) as running:
        yield running


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    # --no-sandbox: Chromium refuses to start its sandbox as root, as CI runs here.
    launched = playwright.chromium.launch(executable_path=chromium_executable(), headless=True,
                                          args=["--no-sandbox"])
    yield launched
    launched.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """A console error during the test fails the test itself (those after it fail its teardown)."""
    result = yield
    opened = getattr(item, "funcargs", {}).get("pages")
    if isinstance(opened, Pages) and opened.errors:
        found, opened.errors = opened.errors, []
        raise AssertionError("errors in the browser's console:\n" + "\n".join(found))
    return result


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def pages(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Pages]:
    opened = Pages(browser, request.node.name)
    try:
        yield opened
        failed = getattr(request.node, "report_call", None)
        if (failed is not None and failed.failed) or opened.errors:
            opened.shoot_all("failed")
    finally:
        opened.close()
    assert not opened.errors, "errors in the browser's console:\n" + "\n".join(opened.errors)
