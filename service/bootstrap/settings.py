"""The functions' settings from their environment (template.yaml): a missing one is a deployment error."""

from __future__ import annotations

import os

from infra.store import StoreError


def setting(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise StoreError(f"{name} is not set")
    return value
