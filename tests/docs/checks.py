"""The docs' checkers, each a pure function of texts (tests/docs/test_docs.py runs them on the repository and on
small bad inputs, so that each can fail): placeholders, relative links and their anchors, links out of the
repository, the API page against the routes, the seat contacts against what the notifier does, the table map
against infra's key prefixes and the runbook against the template's alarms."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

PLACEHOLDER = re.compile(r"\bADR XX\b|\b00XX\b|\bTODO\b")
FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
INDENTED = re.compile(r"^(?: {4}|\t).*$", re.M)
CODE_SPAN = re.compile(r"(`+)(?:.+?)\1", re.S)
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.M)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)  # https:, mailto:, ...


def prose(text: str) -> str:
    """The text without its code: fenced blocks, indented blocks and code spans (links there are not links)."""
    text = FENCE.sub("", text)
    text = INDENTED.sub("", text)
    return CODE_SPAN.sub("", text)


def placeholders(text: str) -> list[str]:
    return PLACEHOLDER.findall(text)


def links(text: str) -> list[str]:
    return LINK.findall(prose(text))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub (and mkdocs' toc) make it: code marks and punctuation dropped, lowercase,
    spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, heading in HEADING.findall(FENCE.sub("", text)):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def link_problems(path: Path, text: str, root: Path) -> list[str]:
    """Every relative link of `text` (the file at `path`) that does not resolve: a missing file, a missing
    anchor (in a Markdown target), a path out of `root`, an absolute path."""
    problems = []
    for target in links(text):
        if EXTERNAL.match(target):
            continue
        where, _, anchor = target.partition("#")
        if where.startswith("/"):
            problems.append(f"{path.name}: absolute link {target}")
            continue
        if not where:  # an anchor of this page
            if anchor not in anchors(text):
                problems.append(f"{path.name}: {target}: no such anchor")
            continue
        resolved = (path.parent / where).resolve()
        if not resolved.is_relative_to(root.resolve()):
            problems.append(f"{path.name}: {target} leaves the repository")
            continue
        if not resolved.exists():
            problems.append(f"{path.name}: {target} does not exist")
            continue
        if anchor and resolved.suffix == ".md" and anchor not in anchors(resolved.read_text(encoding="utf-8")):
            problems.append(f"{path.name}: {target}: no such anchor")
    return problems


# --- the API page -------------------------------------------------------------------------------------------

VERB = "(?:GET|POST|PATCH|PUT|DELETE)"
ROUTE = re.compile(rf"^\|\s*`({VERB}(?:\\?\|{VERB})*) (/[^`?\s]*)[^`]*`\s*\|", re.M)


def documented_routes(api_md: str) -> dict[tuple[str, str], str]:
    """The routes of the API page's tables (first cell `METHOD /path`, `GET|PATCH /path` for two), each with
    its row."""
    found: dict[tuple[str, str], str] = {}
    for line in api_md.splitlines():
        match = ROUTE.match(line)
        if match:
            for method in match.group(1).replace("\\|", "|").split("|"):
                found[(method, match.group(2))] = line
    return found


def route_problems(documented: Mapping[tuple[str, str], str], served: Iterable[tuple[str, str]],
                   in_openapi: Iterable[tuple[str, str]]) -> list[str]:
    """Every route of the OpenAPI document (and every command route) must be on the page, and every route on
    the page must be served (template.yaml). A `{command}` row stands for the command routes it names."""
    served, in_openapi = set(served), set(in_openapi)
    commands = {(m, p) for (m, p) in documented if p.endswith("/{command}")}
    plain = set(documented) - commands
    problems = [f"{m} {p} is on the page but not served" for (m, p) in sorted(plain - served)]
    for method, path in sorted(in_openapi - plain):
        row = next((documented[c] for c in commands if c[0] == method and path.startswith(c[1][: -len("{command}")])),
                   None)
        name = path.rsplit("/", 1)[1]
        if row is None or f"`{name}`" not in row:
            problems.append(f"{method} {path} (in openapi.json) is not on the page")
    return problems


# --- the seat contacts of POST /games -----------------------------------------------------------------------

NOT_USED = re.compile(r"\bnot (?:yet )?(?:used|read)\b|\bunused\b|\bused yet\b", re.I)


def table_rows(text: str, header: str) -> dict[str, str]:
    """The rows of the table whose first header cell is `header`: first cell (code marks dropped) -> the row."""
    rows: dict[str, str] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(f"| {header} |"):
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows[row.split("|")[1].strip().strip("`")] = row
    return rows


def contact_problems(rows: Mapping[str, str], fields: Iterable[str], used: Iterable[str]) -> list[str]:
    """Each seat contact field must have its row; a field the notifier uses must not be called unused, and one
    it does not use must say so."""
    used = set(used)
    problems = []
    for field in sorted(fields):
        row = rows.get(field)
        if row is None:
            problems.append(f"seat field {field} is not documented")
        elif field in used and NOT_USED.search(row):
            problems.append(f"seat field {field} is used by the notifier, the page says it is not")
        elif field not in used and not NOT_USED.search(row):
            problems.append(f"seat field {field} is read by no channel, the page does not say so")
    return problems


# --- the table map and the runbook --------------------------------------------------------------------------

KEY_PREFIX = re.compile(r"\"([A-Z][A-Z_]*#)")


def key_prefixes(sources: Iterable[str]) -> set[str]:
    """The partition/sort key prefixes string literals of the sources start with (`"GAME#"`, `f"LOBBY#{...}"`)."""
    return {p for source in sources for p in KEY_PREFIX.findall(source)}


def missing_prefixes(prefixes: Iterable[str], page: str) -> list[str]:
    return sorted(p for p in prefixes if f"`{p}" not in page)


def missing_runbook_entries(alarms: Iterable[str], operations_md: str) -> list[str]:
    entries = {heading.strip() for level, heading in HEADING.findall(operations_md) if level == "###"}
    return sorted(set(alarms) - entries)
