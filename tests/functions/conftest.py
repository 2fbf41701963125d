"""The same in-memory and moto-backed worlds as the service tests."""

from tests.service.conftest import aws, memory

__all__ = ["aws", "memory"]
