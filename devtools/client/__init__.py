"""A client of the Distilled Online HTTP API, used by the `distilled` command line, its bots and the e2e tests."""

from devtools.client.http import DEFAULT_URL, ApiClient, ApiError, ClientError, Unreachable, base_url

__all__ = ["DEFAULT_URL", "ApiClient", "ApiError", "ClientError", "Unreachable", "base_url"]
