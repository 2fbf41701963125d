"""One history, three readers: every sample event (tests/history_samples.py: each event type, each sentence
variant), in English, Spanish and Korean, reads the same rendered by the page's web/static/js/history.js, run
for real in Chromium, and by service/texts/history.py, which the e-mails and `distilled log` print.

The page's files are served from web/serving.py's own index (what GET /assets/{path} answers), to a blank page
of their origin: the modules load their texts and the catalogue over fetch, as they do on the game's page.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route

from service.texts.history import sentence
from service.texts.words import LANGUAGES, Seats, texts
from service.times import utc_minutes as utc
from tests.browser.harness import wait_ms
from tests.history_samples import NAMES, event_types, samples
from web.serving import assets

ORIGIN = "http://history.test"
BLANK = "<!doctype html><html><head><meta charset=utf-8><title>history</title></head><body></body></html>"
# The one way the two legitimately differ: a clock's time. The page shows it in its reader's time zone and
# locale (toLocaleString); an e-mail or a terminal does not know those and writes UTC (service/texts/clocks.py).
TIMES = {"clock_started": ("deadline",), "reminder_due": ("deadline",), "clock_paused": ("until", "deadline")}
LOCALES = {"en": "en-US", "es": "es-ES", "ko": "ko-KR"}
RENDER = """async ([language, names, events, epochs]) => {
  const i18n = await import("/assets/js/i18n.js");
  const { loadCatalogue } = await import("/assets/js/names.js");
  const { Seats, sentence } = await import("/assets/js/history.js");
  await loadCatalogue();
  await i18n.use(language);
  const who = new Seats(names);
  return [events.map((e) => sentence(e, who)), epochs.map((s) => new Date(s * 1000).toLocaleString())];
}"""


def serve(route: Route) -> None:
    path = urlsplit(route.request.url).path
    if not path.startswith("/assets/"):
        route.fulfill(status=200, body=BLANK, content_type="text/html; charset=utf-8")
        return
    found = assets().get(path.removeprefix("/assets/"))
    if found is None:
        route.fulfill(status=404, body="")
    else:
        route.fulfill(status=200, body=found.body, content_type=found.content_type)


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A blank page of the assets' origin, in the browser locale of the language the test reads (a Spanish
    reader's browser writes Spanish dates) and a time zone that is not UTC, so that no page time matches the
    e-mails' by chance; any error on it fails the test."""
    context = browser.new_context(locale=LOCALES[request.node.callspec.params["language"]], timezone_id="Asia/Seoul")
    context.set_default_timeout(wait_ms())
    context.route("**/*", serve)
    errors: list[str] = []
    opened = context.new_page()
    opened.on("pageerror", lambda error: errors.append(f"uncaught {error}"))
    opened.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    opened.goto(f"{ORIGIN}/")
    yield opened
    context.close()
    assert errors == [], errors


def page_sentences(page: Page, language: str, events: list[dict[str, Any]]) -> tuple[list[str], dict[float, str]]:
    epochs = sorted({e[field] for e in events for field in TIMES.get(e["type"], ())})
    said, local = page.evaluate(RENDER, [language, list(NAMES), events, epochs])
    return said, dict(zip(epochs, local, strict=True))


def python_sentence(language: str, event: dict[str, Any], local: dict[float, str]) -> str:
    """service/texts/history.py's sentence, its UTC times swapped for the page's local ones (and only those)."""
    words = texts(language)
    said = sentence(words, event, Seats(words, NAMES))
    for field in TIMES.get(event["type"], ()):
        written = utc(event[field])
        assert written in said, (event, said)  # the swap must find what it replaces, or it would hide a change
        assert local[event[field]] != written
        said = said.replace(written, local[event[field]])
    return said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_and_python_say_every_event_alike(page: Page, language: str) -> None:
    events = samples()
    assert {e["type"] for e in events} >= event_types()
    said, local = page_sentences(page, language, events)
    assert len(said) == len(events)
    differ = [(event, js, py) for event, js in zip(events, said, strict=True)
              if js != (py := python_sentence(language, event, local))]
    assert differ == [], "\n".join(f"{e}\n  page:   {js}\n  python: {py}" for e, js, py in differ)
