"""The web page's function (functions/web_page.py over web/serving.py), reached as API Gateway reaches it: the
template's routes matched by the local gateway, the event it builds, the response it sends back."""

from __future__ import annotations

import gzip
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from devtools.local import httpd
from devtools.local.apigw import HttpRequest, HttpResponse, LambdaContext, http_event, http_response
from devtools.local.sam import find_route, functions, routes
from devtools.template import TEMPLATE_PATH, load_template
from functions import web_page
from functions.api.models import GAME_ID_PATTERN
from tests.local.process import WAIT_LIMIT, limit
from web import serving

SPECS = functions(load_template(TEMPLATE_PATH), TEMPLATE_PATH.parent)
ROUTES = routes(SPECS)


def get(path: str, headers: dict[str, str] | None = None) -> HttpResponse:
    """GET `path` through the template's routes; only the web page's function may answer it."""
    found = find_route(ROUTES, "GET", path.partition("?")[0])
    assert found is not None
    route, params = found
    assert route.function == "WebPageFunction", (path, route)
    event = http_event(HttpRequest("GET", path, list((headers or {}).items())), route.route_key, params)
    return http_response(web_page.lambda_handler(event, LambdaContext("WebPageFunction")))  # type: ignore[arg-type]


def header(reply: HttpResponse, name: str) -> str | None:
    values = [v for k, v in reply.headers if k.lower() == name.lower()]
    assert len(values) <= 1, (name, values)
    return values[0] if values else None


def meta(html: str, name: str) -> str | None:
    found = re.search(rf'<meta name="{re.escape(name)}" content="([^"]*)">', html)
    return found.group(1) if found else None


def test_the_template_routes_the_page_its_files_and_the_landing_page_to_one_function_without_grants() -> None:
    keys = {r.route_key for r in ROUTES if r.function == "WebPageFunction"}
    assert keys == {"GET /play/{game_id}", "GET /assets/{path+}", "GET /"}
    spec = SPECS["WebPageFunction"]
    assert spec.module == "functions.web_page" and "LIVE_URL" in spec.environment
    resource = load_template(TEMPLATE_PATH)["Resources"]["WebPageFunction"]
    assert resource["Properties"]["Policies"] == []  # it reads its own files only
    # The greedy parameter keeps the folders: /assets/js/i18n.js is the file js/i18n.js.
    found = find_route(ROUTES, "GET", "/assets/js/i18n.js")
    assert found is not None and found[1] == {"path": "js/i18n.js"}


def test_the_game_id_is_checked_like_the_api_checks_it() -> None:
    assert serving.GAME_ID.pattern == GAME_ID_PATTERN


def test_the_page_of_a_game_names_the_game_and_the_live_socket_in_its_meta_tags(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIVE_URL", "ws://127.0.0.1:3111/live")
    reply = get("/play/Game_1-x")
    html = reply.body.decode()
    assert reply.status == 200 and header(reply, "Content-Type") == "text/html; charset=utf-8"
    assert meta(html, "distilled-game") == "Game_1-x"
    assert meta(html, "distilled-live") == "ws://127.0.0.1:3111/live"
    assert '<script type="module" src="/assets/app.js"></script>' in html
    for hook in ('id="board"', 'id="players"', 'id="actions"', '<ol id="history"', 'id="error" class="error" '
                 'role="alert"', '<select id="lang">', 'id="waiting"', "data-busy="):
        assert hook in html, hook


def test_without_a_live_socket_the_meta_tag_is_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LIVE_URL", raising=False)
    assert meta(get("/play/g1").body.decode(), "distilled-live") == ""


@pytest.mark.parametrize("path", ["/play/" + "a" * 65, "/play/a.b", "/play/%3Cscript%3E", "/play/a%20b",
                                  "/play/%22onload%3D"])
def test_a_game_id_the_api_would_refuse_gets_the_not_found_page(path: str) -> None:
    reply = get(path)
    assert reply.status == 404 and header(reply, "Content-Type") == "text/html; charset=utf-8"
    assert 'data-t="missing.title"' in reply.body.decode() and "<script>" not in reply.body.decode()


@pytest.mark.parametrize(("name", "content_type"), [
    ("app.js", "text/javascript; charset=utf-8"), ("js/i18n.js", "text/javascript; charset=utf-8"),
    ("app.css", "text/css; charset=utf-8"), ("texts/en.json", "application/json; charset=utf-8"),
    ("catalogue.json", "application/json; charset=utf-8"), ("index.html", "text/html; charset=utf-8"),
])
def test_static_files_are_served_with_their_content_type(name: str, content_type: str) -> None:
    reply = get(f"/assets/{name}")
    assert reply.status == 200 and header(reply, "Content-Type") == content_type
    assert reply.body == (serving.STATIC / name).read_bytes()


@pytest.mark.parametrize("path", [
    "/assets/../serving.py", "/assets/%2e%2e/serving.py", "/assets/..%2fserving.py", "/assets/js/../../serving.py",
    "/assets//etc/passwd", "/assets/%2Fetc%2Fpasswd", "/assets/texts", "/assets/texts/", "/assets/nope.js",
    "/assets/app.js%00.png", "/assets/APP.JS", "/assets/..%5c..%5cserving.py",
])
def test_nothing_outside_the_static_files_is_served(path: str) -> None:
    reply = get(path)
    assert reply.status == 404 and header(reply, "Content-Type") == "text/html; charset=utf-8"
    assert b"import " not in reply.body and b"root:" not in reply.body


def test_a_file_outside_web_static_is_never_in_the_index() -> None:
    assert serving.assets()
    for name in serving.assets():
        assert (serving.STATIC / name).resolve().is_relative_to(serving.STATIC.resolve()), name
        assert not name.endswith(".py") and ".." not in name.split("/")


def test_an_unchanged_file_answers_304_by_its_etag_without_a_body() -> None:
    first = get("/assets/app.css")
    etag = header(first, "ETag")
    assert etag is not None and etag.startswith('"') and header(first, "Cache-Control") == "no-cache"
    for offered in (etag, f"W/{etag}", f'"other", {etag}'):
        again = get("/assets/app.css", {"If-None-Match": offered})
        assert again.status == 304 and again.body == b"" and header(again, "ETag") == etag, offered
    assert get("/assets/app.css", {"If-None-Match": '"other"'}).status == 200
    assert header(get("/assets/app.js"), "ETag") != etag  # by content


def test_the_page_has_its_own_etag_per_game() -> None:
    one, two = get("/play/g1"), get("/play/g2")
    assert header(one, "ETag") != header(two, "ETag")
    assert get("/play/g1", {"If-None-Match": str(header(one, "ETag"))}).status == 304
    assert get("/play/g2", {"If-None-Match": str(header(one, "ETag"))}).status == 200


@pytest.mark.parametrize("path", ["/play/g1", "/assets/app.js", "/assets/missing.js", "/", "/play/a.b"])
def test_every_answer_carries_the_security_headers(path: str) -> None:
    reply = get(path)
    csp = header(reply, "Content-Security-Policy") or ""
    directives = {d.split()[0]: d.split()[1:] for d in csp.split("; ")}
    assert directives["default-src"] == ["'self'"] and directives["script-src"] == ["'self'"]
    assert directives["connect-src"] == ["'self'", "ws:", "wss:"]
    assert directives["frame-ancestors"] == ["'none'"] and directives["object-src"] == ["'none'"]
    assert "unsafe" not in csp  # no inline script or style, no eval
    assert header(reply, "X-Content-Type-Options") == "nosniff"
    assert header(reply, "Referrer-Policy") == "no-referrer"


def test_the_landing_page_offers_to_watch_a_game() -> None:
    reply = get("/")
    html = reply.body.decode()
    assert reply.status == 200 and header(reply, "Content-Type") == "text/html; charset=utf-8"
    assert '<form id="watch"' in html and "token" not in html.lower()


def test_the_pages_link_only_files_that_are_served() -> None:
    for page in ("index.html", "landing.html", "missing.html"):
        html = (serving.STATIC / page).read_text()
        linked = re.findall(r'(?:src|href)="/assets/([^"]+)"', html)
        assert linked, page
        assert all(get(f"/assets/{name}").status == 200 for name in linked), (page, linked)
        # No inline script, style or event handler: the CSP would refuse them.
        assert "<script>" not in html and not re.search(r"\s(?:style|on[a-z]+)=", html), page


def test_every_module_the_scripts_import_is_served() -> None:
    for name in [n for n in serving.assets() if n.endswith(".js")]:
        text = (serving.STATIC / name).read_text()
        for target in re.findall(r'from "(\.[^"]+)"', text):
            resolved = (serving.STATIC / name).parent.joinpath(target).resolve()
            assert resolved.relative_to(serving.STATIC.resolve()).as_posix() in serving.assets(), (name, target)


def test_a_binary_file_goes_out_base64_encoded(monkeypatch: pytest.MonkeyPatch) -> None:
    icon = serving._asset(b"\x89PNG\r\n\x1a\n\x00", "image/png")
    monkeypatch.setitem(serving.assets(), "icon.png", icon)
    reply = get("/assets/icon.png")
    assert reply.status == 200 and reply.body == icon.body and header(reply, "Content-Type") == "image/png"


def _answer(path: str) -> dict[str, Any]:
    found = find_route(ROUTES, "GET", path)
    assert found is not None
    event = http_event(HttpRequest("GET", path, []), found[0].route_key, found[1])
    return serving.handle(event, "")


def test_text_goes_out_as_text() -> None:
    answer = _answer("/assets/app.js")
    assert answer["isBase64Encoded"] is False and answer["body"].startswith("//")


def test_text_goes_out_gzipped_to_a_browser_that_takes_it() -> None:
    plain = get("/assets/texts/en.json")
    packed = get("/assets/texts/en.json", {"Accept-Encoding": "gzip, deflate, br"})
    assert header(plain, "Content-Encoding") is None and header(packed, "Content-Encoding") == "gzip"
    assert header(plain, "Vary") == header(packed, "Vary") == "Accept-Encoding"
    assert gzip.decompress(packed.body) == plain.body and len(packed.body) < len(plain.body) / 2
    assert header(packed, "ETag") == str(header(plain, "ETag"))[:-1] + '.gz"'  # its own representation
    for tag in (header(packed, "ETag"), header(plain, "ETag")):  # either names the content
        again = get("/assets/texts/en.json", {"Accept-Encoding": "gzip", "If-None-Match": str(tag)})
        assert again.status == 304 and header(again, "ETag") == header(packed, "ETag")
    assert header(get("/assets/app.js", {"Accept-Encoding": "gzip;q=0"}), "Content-Encoding") is None
    small = get("/assets/static-page.js", {"Accept-Encoding": "gzip"})  # under a kilobyte: as it is
    assert header(small, "Content-Encoding") is None and small.body == (serving.STATIC / "static-page.js").read_bytes()


class _Invoker:
    """The local server's invoker, for the web page's function only (it needs no AWS)."""

    def invoke(self, function: str, event: dict[str, Any]) -> dict[str, Any]:
        assert function == "WebPageFunction"
        return web_page.lambda_handler(event, LambdaContext(function))  # type: ignore[no-any-return,arg-type]


@pytest.fixture
def local_server() -> Iterator[str]:
    """The local server's HTTP front door and gateway over the template's routes, in process."""
    server = httpd.http_server("127.0.0.1", 0)
    server.gateway = httpd.Gateway(ROUTES, _Invoker(), None)  # type: ignore[arg-type]
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=limit(WAIT_LIMIT)) as reply:
            return reply.status, {k.lower(): v for k, v in reply.getheaders()}, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def test_make_serve_serves_the_page_its_nested_files_gzipped_and_304s_over_http(local_server: str) -> None:
    status, headers, body = _fetch(f"{local_server}/play/g1")
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8" and b'content="g1"' in body
    status, headers, body = _fetch(f"{local_server}/assets/js/i18n.js", {"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (serving.STATIC / "js" / "i18n.js").read_bytes()
    status, _, body = _fetch(f"{local_server}/assets/js/i18n.js", {"If-None-Match": headers["etag"]})
    assert status == 304 and body == b""
    status, headers, _ = _fetch(f"{local_server}/assets/..%2f..%2fweb%2fserving.py")
    assert status == 404 and headers["referrer-policy"] == "no-referrer"


def test_the_page_preloads_every_module_it_imports() -> None:
    html = (serving.STATIC / "index.html").read_text()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/assets/([^"]+)">', html))
    assert preloaded == {name for name in serving.assets() if name.startswith("js/")}
