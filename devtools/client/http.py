"""HTTP calls to the API, with safe retries: a command is resent with the same command_id, never a new one."""

from __future__ import annotations

import http.client
import json
import os
import secrets
import socket
import time
import uuid
from collections.abc import Callable
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.parse import quote, urlencode
from urllib.request import Request, urlopen

DEFAULT_URL = "http://127.0.0.1:3000"
# Answers that mean "not now" rather than "no": worth sending the same request again.
RETRY_STATUSES = frozenset({502, 503, 504})


def base_url(given: str | None = None) -> str:
    return (given or os.environ.get("DISTILLED_URL") or DEFAULT_URL).rstrip("/")


class ClientError(Exception):
    """Anything the command line shows as one line instead of a traceback."""

    def line(self) -> str:
        return f"error: {self}"


class ApiError(ClientError):
    def __init__(self, status: int, code: str, message: str, details: Any = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.details = status, code, message, details
        self.acting: str | None = None  # "seat 1 Grace": whom the refused request acted as, when the caller knows

    def line(self) -> str:
        acting = f" (as {self.acting})" if self.acting else ""
        return f"error {self.status} {self.code}{acting}: {self.message}"

    @classmethod
    def from_response(cls, status: int, body: bytes) -> ApiError:
        try:
            data = json.loads(body or b"null")
        except ValueError:
            data = None
        error = data.get("error") if isinstance(data, dict) else None
        if isinstance(error, dict):
            return cls(status, str(error.get("code") or f"http_{status}"), str(error.get("message") or ""),
                       error.get("details"))
        text = data.get("message") if isinstance(data, dict) else body.decode("utf-8", "replace").strip()
        return cls(status, f"http_{status}", str(text or http.client.responses.get(status, "error")))


class Unreachable(ClientError):
    def __init__(self, url: str, reason: str) -> None:
        super().__init__(reason)
        self.url, self.reason = url, reason

    def line(self) -> str:
        if self.reason == "connection refused":
            local = self.url.startswith(("http://127.0.0.1", "http://localhost"))
            return f"cannot reach {self.url}" + (" — is `make serve` running?" if local else " (connection refused)")
        return f"cannot reach {self.url} ({self.reason})"


Transport = Callable[[Request, float], tuple[int, bytes]]


def urllib_transport(request: Request, timeout: float) -> tuple[int, bytes]:
    try:
        with urlopen(request, timeout=timeout) as response:
            return int(response.status), response.read()
    except HTTPError as error:
        return int(error.code), error.read()


def _refused(error: BaseException) -> bool:
    reason = error.reason if isinstance(error, URLError) else error
    return isinstance(reason, ConnectionRefusedError)


class ApiClient:
    """One base URL. `retries` extra attempts on network errors and 502/503/504, with backoff."""

    def __init__(self, url: str | None = None, *, timeout: float = 15.0, retries: int = 4, backoff: float = 0.1,
                 transport: Transport = urllib_transport) -> None:
        self.url, self.timeout, self.retries, self.backoff = base_url(url), timeout, retries, backoff
        self.transport = transport
        self.requests = 0
        self.acting: str | None = None  # named in the errors of this client's requests (never its token)

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                idempotent: bool = True) -> Any:
        """The JSON answer, or ApiError / Unreachable. A non-idempotent request is resent only if it never left."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"accept": "application/json", "user-agent": "distilled-cli"}
        if data is not None:
            headers["content-type"] = "application/json"
        if token:
            headers["authorization"] = f"Bearer {token}"
        attempt = 0
        while True:
            attempt += 1
            self.requests += 1
            try:
                status, raw = self.transport(Request(self.url + path, data, headers, method=method), self.timeout)
            except (TimeoutError, URLError, OSError, http.client.HTTPException) as error:
                if attempt > self.retries or not (idempotent or _refused(error)):
                    raise Unreachable(self.url, _reason(error)) from None
            else:
                if status < 400:
                    return json.loads(raw) if raw.strip() else None
                if status not in RETRY_STATUSES or attempt > self.retries or not idempotent:
                    refused = ApiError.from_response(status, raw)
                    refused.acting = self.acting
                    raise refused
            time.sleep(self.backoff * 2 ** (attempt - 1))

    # --- the API's routes ---------------------------------------------------------------------------------

    def create_game(self, names: list[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
        # A contribution of this machine's own to the game's draws (docs/fairness.md): not the server's alone.
        body = {"seats": [{"name": n} for n in names], "options": options or {}, "contribution": secrets.token_hex(16)}
        result: dict[str, Any] = self.request("POST", "/games", body, idempotent=False)
        return result

    @staticmethod
    def tokens(created: dict[str, Any]) -> list[str]:
        """The seat tokens of a POST /games answer, in seat order."""
        return [s["token"] for s in sorted(created["seats"], key=lambda s: int(s["seat"]))]

    def game(self, game_id: str, token: str | None = None) -> dict[str, Any]:
        result: dict[str, Any] = self.request("GET", f"/games/{quote(game_id, safe='')}", token=token)
        return result

    def events(self, game_id: str, token: str | None = None, after: int = 0) -> Any:
        query = f"?{urlencode({'after': after})}" if after else ""
        return self.request("GET", f"/games/{quote(game_id, safe='')}/events{query}", token=token)

    def catch_up(self, game_id: str, token: str, language: str = "en") -> dict[str, Any]:
        """What happened since the seat last looked (reading it records nothing: reading the view does)."""
        query = urlencode({"language": language})
        found: dict[str, Any] = self.request("GET", f"/games/{quote(game_id, safe='')}/catch-up?{query}", token=token)
        return found

    def command(self, game_id: str, token: str | None, route: str, fields: dict[str, Any],
                expected_version: int | None = None, command_id: str | None = None) -> dict[str, Any]:
        """POST one command. Its command_id is fixed before the first attempt, so a resend cannot apply it twice."""
        # Every command offers a contribution to the draws; the seat's first is the one a fair game records.
        body = {"command_id": command_id or str(uuid.uuid4()), "contribution": secrets.token_hex(16), **fields}
        if expected_version is not None:
            body["expected_version"] = expected_version
        result: dict[str, Any] = self.request("POST", f"/games/{quote(game_id, safe='')}/{route}", body, token)
        return result


def _reason(error: BaseException) -> str:
    reason = error.reason if isinstance(error, URLError) else error
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused"
    if isinstance(reason, TimeoutError | socket.timeout):
        return "timed out"
    return str(reason) or type(reason).__name__
