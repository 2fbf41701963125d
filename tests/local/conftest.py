"""The service tests' environment, before any test module here imports a handler: powertools reads it at import
(tests/service/support.py), so a run of these files alone, in any order, sees what a whole run sees."""

from tests.service import support

__all__ = ["support"]
