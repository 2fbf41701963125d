"""The import graph's contract beyond the layers (those are import-linter's, in pyproject.toml), run by `make lint`:

- production code (domain, infra, service, web, functions) has no import cycle;
- no Lambda handler module (a `Handler:` of template.yaml) imports another handler module.

Imports under `if TYPE_CHECKING:` count too: a circle of types is still a circle a reader has to untangle.

    python -m devtools.import_graph
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from devtools.template import load_template

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION = ("domain", "infra", "service", "web", "functions")


def handler_modules(template: Mapping[str, Any]) -> set[str]:
    """The modules a template's functions name as their handlers (the template as loaded: loops expanded)."""
    handlers = (resource.get("Properties", {}).get("Handler") for resource in template.get("Resources", {}).values()
                if resource.get("Type") == "AWS::Serverless::Function")
    return {handler.rsplit(".", 1)[0].replace("/", ".") for handler in handlers if isinstance(handler, str)}


def cycles(modules: Iterable[str], imports: Callable[[str], Iterable[str]]) -> list[list[str]]:
    """Every strongly connected set of more than one module (Tarjan's algorithm, without recursion)."""
    nodes = sorted(set(modules))
    inside = set(nodes)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in nodes:
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(m for m in imports(start) if m in inside))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(m for m in imports(nxt) if m in inside)))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def handler_imports(handlers: Iterable[str], imports: Callable[[str], Iterable[str]]) -> list[tuple[str, str]]:
    """(handler, the other handler module it imports directly)."""
    named = set(handlers)
    return sorted((h, m) for h in named for m in imports(h) if m in named and m != h)


def problems(modules: Iterable[str], imports: Mapping[str, Iterable[str]] | Callable[[str], Iterable[str]],
             handlers: Iterable[str]) -> list[str]:
    look = imports if callable(imports) else (lambda m: imports.get(m, ()))
    found = [f"import cycle: {' <-> '.join(c)}" for c in cycles(modules, look)]
    found += [f"handler {h} imports handler {m}" for h, m in handler_imports(handlers, look)]
    return found


def main() -> int:
    import grimp

    sys.path.insert(0, str(ROOT))
    graph = grimp.build_graph(*PRODUCTION, cache_dir=None)
    handlers = handler_modules(load_template(ROOT / "template.yaml"))
    missing = sorted(h for h in handlers if h not in graph.modules)
    found = [f"template.yaml names a handler module that does not exist: {m}" for m in missing]
    found += problems(graph.modules, graph.find_modules_directly_imported_by, handlers)
    for line in found:
        print(line, file=sys.stderr)
    if not found:
        print(f"import graph: {len(graph.modules)} modules, no cycle; {len(handlers)} handler modules, none "
              "imports another")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
