"""The docs hold together (fast, no server): no placeholder, every relative link and anchor resolves and stays in
the repository, the API page lists the routes the code serves, the seat contacts are described as the notifier
treats them, the table map lists infra's key prefixes and the runbook every alarm of the template. Each checker is
also run on a small bad input, so that each can fail."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from devtools.template import load_template
from tests.docs import checks

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted(DOCS.rglob("*.md"))]
METHODS = {"get", "post", "patch", "put", "delete"}


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


# --- on the repository ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_placeholder(page: Path) -> None:
    assert checks.placeholders(read(page)) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(page: Path) -> None:
    assert checks.link_problems(page, read(page), ROOT) == []


def test_the_readme_is_a_front_door() -> None:
    readme = read(ROOT / "README.md").splitlines()
    assert len(readme) <= 150
    assert [line.split("#")[0].strip() for line in readme[2:5]] == ["make serve", "make demo", "make test"]


def test_contributing_sends_the_newcomer_to_the_architecture_page() -> None:
    assert "(docs/architecture.md)" in read(ROOT / "CONTRIBUTING.md")


def served_routes() -> set[tuple[str, str]]:
    routes = set()
    for resource in load_template(ROOT / "template.yaml")["Resources"].values():
        for event in (resource.get("Properties") or {}).get("Events", {}).values():
            if event.get("Type") == "HttpApi" and isinstance(event.get("Properties"), dict):
                props = event["Properties"]
                if props.get("Path") and props["Path"] != "$default":
                    routes.add((props["Method"].upper(), props["Path"]))
    return routes


def openapi_routes() -> set[tuple[str, str]]:
    paths = json.loads(read(ROOT / "openapi.json"))["paths"]
    return {(method.upper(), path) for path, item in paths.items() for method in item if method in METHODS}


def test_the_api_page_lists_every_route_and_only_served_ones() -> None:
    documented = checks.documented_routes(read(DOCS / "api.md"))
    assert len(documented) > 20
    assert checks.route_problems(documented, served_routes(), openapi_routes()) == []


def contact_fields() -> set[str]:
    from functions.api.create_body import SeatIn

    return set(SeatIn.model_fields) - {"name"}


def used_contact_fields() -> set[str]:
    """The seat contacts the notifier reads, by behaviour: the e-mail channel's recipient of a seat without a
    player, given each field; push and webhooks go to a player only (their channels never read the contacts)."""
    from service.notices.email.channel import recipient

    used = set()
    for field in contact_fields():
        value = "seat@example.net" if field == "email" else "https://example.net/hook"
        aggregate: Any = SimpleNamespace(contacts=({field: value},))
        if recipient(aggregate, 0, None) is not None:
            used.add(field)
    for channel in ("push", "webhook"):
        if "contacts" in read(ROOT / "service" / "notices" / channel / "channel.py"):
            used.add(channel)
    return used


def test_the_seat_contacts_are_described_as_the_notifier_treats_them() -> None:
    rows = checks.table_rows(read(DOCS / "api.md"), "seat field")
    assert "email" in used_contact_fields()
    assert checks.contact_problems(rows, contact_fields(), used_contact_fields()) == []


def test_the_table_map_lists_every_key_prefix_of_infra() -> None:
    prefixes = checks.key_prefixes(read(p) for p in sorted((ROOT / "infra").rglob("*.py")))
    assert {"GAME#", "PLAYER#", "LOBBY#", "NOTICE#"} <= prefixes
    assert checks.missing_prefixes(prefixes, read(DOCS / "architecture.md")) == []


def test_the_runbook_has_an_entry_for_every_alarm() -> None:
    alarms = [name for name, resource in load_template(ROOT / "template.yaml")["Resources"].items()
              if resource.get("Type") == "AWS::CloudWatch::Alarm"]
    assert len(alarms) >= 6
    assert checks.missing_runbook_entries(alarms, read(DOCS / "operations.md")) == []


# --- the checkers can fail -----------------------------------------------------------------------------------

def test_placeholders_are_found() -> None:
    assert checks.placeholders("see [ADR XX](adr/0016-x.md), docs/adr/00XX-y.md; TODO later") == [
        "ADR XX", "00XX", "TODO"]
    assert checks.placeholders("ADR 16, 0016, TODOS") == []


def test_bad_links_are_found(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "other.md").write_text("# Other\n\n## With Docker: sam local\n")
    page = tmp_path / "docs" / "page.md"
    text = ("# Page\n\n[ok](other.md) [ok](other.md#with-docker-sam-local) [ok](#page) [ok](https://example.net)\n"
            "[missing](nope.md) [anchor](other.md#nope) [here](#nowhere) [out](../../shared/DESIGN.md)\n"
            "[abs](/etc/passwd) ![img](gone.png)\n\n    [in code](ignored.md)\n`[span](ignored.md)`\n")
    problems = checks.link_problems(page, text, tmp_path)
    assert [p.split(": ", 1)[1] for p in problems] == [
        "nope.md does not exist", "other.md#nope: no such anchor", "#nowhere: no such anchor",
        "../../shared/DESIGN.md leaves the repository", "absolute link /etc/passwd", "gone.png does not exist"]


def test_slugs_are_the_forges() -> None:
    assert checks.slug("Seat contacts of `POST /games`") == "seat-contacts-of-post-games"
    assert checks.slug("Retries, dead letters, disabling") == "retries-dead-letters-disabling"
    assert checks.anchors("# A\n## A\n```\n# not a heading\n```\n") == {"a", "a-1"}


def test_route_mismatches_are_found() -> None:
    page = ("| route | does |\n|---|---|\n| `POST /games` | create |\n| `GET\\|PATCH /players/me` | profile |\n"
            "| `GET /gone?x=1` | retired |\n| `POST /games/{game_id}/{command}` | `buy`, `pass` |\n")
    documented = checks.documented_routes(page)
    assert set(documented) == {("POST", "/games"), ("GET", "/players/me"), ("PATCH", "/players/me"),
                               ("GET", "/gone"), ("POST", "/games/{game_id}/{command}")}
    served = {("POST", "/games"), ("GET", "/players/me"), ("PATCH", "/players/me"), ("POST", "/games/{game_id}/buy"),
              ("POST", "/games/{game_id}/pass"), ("POST", "/games/{game_id}/age")}
    openapi = served | {("POST", "/players")}
    assert checks.route_problems(documented, served, openapi) == [
        "GET /gone is on the page but not served",
        "POST /games/{game_id}/age (in openapi.json) is not on the page",
        "POST /players (in openapi.json) is not on the page"]


def test_contact_contradictions_are_found() -> None:
    rows = checks.table_rows("| seat field | what |\n|---|---|\n| `email` | stored, not used yet |\n"
                             "| `push` | sent to the endpoint |\n\nafter\n", "seat field")
    assert set(rows) == {"email", "push"}
    assert checks.contact_problems(rows, {"email", "push", "webhook"}, {"email"}) == [
        "seat field email is used by the notifier, the page says it is not",
        "seat field push is read by no channel, the page does not say so",
        "seat field webhook is not documented"]


def test_missing_prefixes_and_runbook_entries_are_found() -> None:
    prefixes = checks.key_prefixes(['PREFIX = "GAME#"', 'f"LOBBY#{game_id}"', '"not a key"'])
    assert prefixes == {"GAME#", "LOBBY#"}
    assert checks.missing_prefixes(prefixes, "| `GAME#<game_id>` |") == ["LOBBY#"]
    assert checks.missing_runbook_entries(["AAlarm", "BAlarm"], "### AAlarm\n\n#### BAlarm\n") == ["BAlarm"]
