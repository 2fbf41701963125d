"""GET /play/{game_id}, GET /assets/{path+} and GET /: the page and its files, as API Gateway responses.

Only the files found under web/static at cold start can be served: a path is a key into that index, never
joined onto the file system, so no request can reach outside it. Bodies are plain data, so the function needs
no AWS permission at all.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

STATIC = Path(__file__).parent / "static"
PAGE, ASSETS, LANDING = "GET /play/{game_id}", "GET /assets/{path+}", "GET /"
ROUTES = (PAGE, ASSETS, LANDING)  # the page's routes in template.yaml: HTML and files, not the JSON API
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # functions/api/models.GAME_ID_PATTERN (a test holds them equal)
TEXT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
}
BINARY_TYPES = {".png": "image/png", ".ico": "image/x-icon", ".woff2": "font/woff2", ".webp": "image/webp"}
# 'self' only: the page runs no inline script or style, and talks to its own origin (the JSON API and the
# live socket, whose URL may be another host's: ws:/wss: any).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
       "connect-src 'self' ws: wss:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; "
       "object-src 'none'")
SECURITY = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    # The page's URL may carry a link token in its fragment; browsers never send fragments, but a Referer of
    # the page itself would name the game: nothing leaves.
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
# Unversioned file names: the browser keeps them but asks again each time (a 304 by ETag costs no body).
REVALIDATE = "no-cache"
# API Gateway's HTTP API compresses nothing: text over this size goes out gzipped to a browser that takes it
# (a phone's first load is a third of the bytes).
GZIP_OVER = 1024


@dataclass(frozen=True)
class Asset:
    body: bytes
    content_type: str
    etag: str

    @property
    def binary(self) -> bool:
        return not (self.content_type.startswith("text/") or "json" in self.content_type
                    or self.content_type.endswith("+xml"))

    @property
    def gzipped(self) -> bytes | None:
        """The body gzipped (mtime 0: the same bytes on every cold start), or None when not worth it."""
        if self.binary or len(self.body) <= GZIP_OVER:
            return None
        return _gzipped(self.body)


@cache
def _gzipped(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=9, mtime=0)


def _asset(body: bytes, content_type: str) -> Asset:
    return Asset(body, content_type, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')


@cache
def assets() -> dict[str, Asset]:
    """Every servable file under web/static by its path there ("app.js", "texts/en.json"), read once."""
    types = TEXT_TYPES | BINARY_TYPES
    found: dict[str, Asset] = {}
    for path in sorted(STATIC.rglob("*")):
        kind = types.get(path.suffix.lower())
        if path.is_file() and kind is not None and not path.name.startswith("."):
            found[path.relative_to(STATIC).as_posix()] = _asset(path.read_bytes(), kind)
    return found


@cache
def page(game_id: str, live_url: str) -> Asset:
    """index.html with the game's id and the live socket's URL in its meta tags (escaped, though both are
    checked: the id by GAME_ID, the URL is the deployment's own)."""
    text = assets()["index.html"].body.decode()
    text = text.replace('name="distilled-game" content=""',
                        f'name="distilled-game" content="{html.escape(game_id, quote=True)}"', 1)
    text = text.replace('name="distilled-live" content=""',
                        f'name="distilled-live" content="{html.escape(live_url, quote=True)}"', 1)
    return _asset(text.encode(), TEXT_TYPES[".html"])


def _accepts_gzip(request_headers: dict[str, str]) -> bool:
    for coding in request_headers.get("accept-encoding", "").split(","):
        name, _, params = coding.strip().partition(";")
        if name.strip().lower() in ("gzip", "*") and params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00"):
            return True
    return False


def _reply(status: int, asset: Asset, request_headers: dict[str, str]) -> dict[str, Any]:
    packed = asset.gzipped if _accepts_gzip(request_headers) else None
    # Each encoding is its own representation, with its own tag; either tag names the same content.
    tags = {asset.etag, asset.etag[:-1] + '.gz"'}
    etag = asset.etag if packed is None else asset.etag[:-1] + '.gz"'
    headers = {**SECURITY, "Content-Type": asset.content_type, "ETag": etag, "Cache-Control": REVALIDATE}
    if asset.gzipped is not None:
        headers["Vary"] = "Accept-Encoding"
    offered = request_headers.get("if-none-match", "")
    if status == 200 and tags & {tag.strip().removeprefix("W/") for tag in offered.split(",")}:
        return {"statusCode": 304, "headers": {k: v for k, v in headers.items() if k != "Content-Type"},
                "body": "", "isBase64Encoded": False}
    if packed is not None:
        headers["Content-Encoding"] = "gzip"
        return {"statusCode": status, "headers": headers, "body": base64.b64encode(packed).decode("ascii"),
                "isBase64Encoded": True}
    if asset.binary:
        body, encoded = base64.b64encode(asset.body).decode("ascii"), True
    else:
        body, encoded = asset.body.decode("utf-8"), False
    return {"statusCode": status, "headers": headers, "body": body, "isBase64Encoded": encoded}


def _missing(request_headers: dict[str, str]) -> dict[str, Any]:
    return _reply(404, assets()["missing.html"], request_headers)


def handle(event: dict[str, Any], live_url: str) -> dict[str, Any]:
    """The response to one API Gateway (payload 2.0) request of the page's routes."""
    headers = {k.lower(): v for k, v in (event.get("headers") or {}).items()}
    params = event.get("pathParameters") or {}
    route = str(event.get("routeKey", ""))
    if route == PAGE:
        game_id = str(params.get("game_id", ""))
        if not GAME_ID.fullmatch(game_id):
            return _missing(headers)
        return _reply(200, page(game_id, live_url), headers)
    if route == ASSETS:
        found = assets().get(str(params.get("path", "")))
        return _missing(headers) if found is None else _reply(200, found, headers)
    if route == LANDING:
        return _reply(200, assets()["landing.html"], headers)
    return _missing(headers)
