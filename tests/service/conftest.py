from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.service.support import AwsWorld, MemoryWorld, aws_world, memory_world


@pytest.fixture
def memory() -> Iterator[MemoryWorld]:
    yield from memory_world()


@pytest.fixture
def aws() -> Iterator[AwsWorld]:
    yield from aws_world()
