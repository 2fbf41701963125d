"""What a Lambda imports compiles no source: its records are `@record`s (domain/records.py), not `@dataclass`es,
whose methods are compiled from generated text at every cold start. A `@dataclass` added anywhere in the code
Lambda runs fails here; so does a record's compiled `__init__` that is not in the list of the rules' hot paths."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import FunctionType

import domain
import functions
import infra
import service

# Records the rules make at every move, with the __init__ dataclass compiles (domain/records.py, compiled_init).
COMPILED_INIT = {"domain.state.Spirit", "domain.state.Sale", "domain.state.Pending", "domain.state.Undo"}
GENERATED = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


def _modules() -> list[str]:
    found = []
    for package in (domain, service, infra, functions):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            found.append(info.name)
    return found


def test_no_class_lambda_imports_has_methods_compiled_from_generated_source() -> None:
    modules = _modules()
    assert len(modules) > 150
    generated = []
    records = 0
    for name in modules:
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != name:
                continue
            records += hasattr(cls, "__dataclass_fields__")
            for method in GENERATED:
                code = getattr(cls.__dict__.get(method), "__code__", None)
                if isinstance(cls.__dict__.get(method), FunctionType) and code.co_filename == "<string>":
                    if method == "__init__" and f"{name}.{cls.__qualname__}" in COMPILED_INIT:
                        continue
                    generated.append(f"{name}.{cls.__qualname__}.{method}")
    assert records > 50  # the records were found: the check looked at them
    assert not generated, f"methods compiled from generated source at import (use domain.records.record): {generated}"


def test_the_hot_path_records_do_have_their_compiled_init() -> None:
    for path in COMPILED_INIT:
        module, name = path.rsplit(".", 1)
        init = vars(importlib.import_module(module))[name].__dict__["__init__"]
        assert init.__code__.co_filename == "<string>", path
