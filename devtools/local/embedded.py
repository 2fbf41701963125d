"""The embedded AWS: moto's server in this process, with a tap that records each DynamoDB write that succeeded.

Recording at the door of the store, rather than in the event store's code, journals every write of every
function (commits, snapshots, notice markers, whatever a later function adds) exactly as it was applied,
and replaying the same requests through the same moto rebuilds the same table.
"""

from __future__ import annotations

import base64
import io
import json
import os
import threading
from collections.abc import Callable, Iterable
from typing import Any

from devtools.local import moto_fixes
from devtools.local.journal import Journal

# Every DynamoDB action that can change an item. PartiQL statements may be reads: replaying those is harmless.
WRITES = frozenset({"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems",
                    "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction"})
LOOPBACK = "127.0.0.1"
ANY_INTERFACE = ("0.0.0.0", "::", "")
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def _region(environ: dict[str, Any], default: str) -> str:
    """The region of a SigV4 credential scope (Credential=KEY/DATE/REGION/SERVICE/aws4_request)."""
    try:
        return str(environ["HTTP_AUTHORIZATION"].split("Credential=", 1)[1].split("/")[2])
    except (KeyError, IndexError):
        return default


class WriteTap:
    """WSGI middleware in front of moto: a successful write is recorded in the journal before its answer
    leaves, under the journal's `writes` lock so the journal's order is the order moto applied them in.

    moto is not thread-safe, so requests reach it one at a time (`serial`): the local server's own calls are
    serialised by its invoker already, but `sam local` containers (--aws-port) call in from other threads.
    Lock order: `journal.writes`, then `serial`."""

    def __init__(self, app: WSGIApp, region: str) -> None:
        self.app, self.region = app, region
        self.journal: Journal | None = None  # off while the store is being restored
        self.serial = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        service, _, op = str(environ.get("HTTP_X_AMZ_TARGET", "")).partition(".")
        journal = self.journal
        if journal is None or not service.startswith("DynamoDB_") or op not in WRITES:
            with self.serial:
                status, headers, chunks = _call(self.app, environ)
            start_response(status, headers)
            return chunks
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        environ["wsgi.input"] = io.BytesIO(body)
        with journal.writes:
            with self.serial:
                status, headers, chunks = _call(self.app, environ)
            if status.startswith("200"):
                journal.record_write(op, _region(environ, self.region), json.loads(body))
        start_response(status, headers)
        return chunks


def _call(app: WSGIApp, environ: dict[str, Any]) -> tuple[str, list[tuple[str, str]], list[bytes]]:
    answer: dict[str, Any] = {}
    chunks: list[bytes] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], Any]:
        answer["status"], answer["headers"] = status, headers
        return chunks.append

    result = app(environ, start_response)
    try:
        chunks.extend(result)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()
    return answer["status"], answer["headers"], chunks


class EmbeddedAws:
    """moto's server in a thread of this process: on a free port of 127.0.0.1 unless told a host and port
    (a fixed port that Docker containers can reach, for `sam local`)."""

    def __init__(self, region: str, host: str = "127.0.0.1", port: int = 0) -> None:
        self.region, self.host, self.port = region, host, port
        self._server: Any = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
        from werkzeug.serving import make_server
        from werkzeug.test import EnvironBuilder

        moto_fixes.install()
        self.app: WSGIApp = DomainDispatcherApplication(create_backend_app)
        # moto keeps its state per process: a server started again in the same process starts empty too.
        _call(self.app, EnvironBuilder(method="POST", path="/moto-api/reset").get_environ())
        self.tap = WriteTap(self.app, self.region)
        self._server = make_server(self.host, self.port, self.tap, threaded=True, request_handler=MotoRequestHandler)
        self._thread = threading.Thread(target=self._server.serve_forever, name="embedded-aws", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        """Where this process reaches it (bound to every interface, it is reached on the loopback)."""
        host, port = self._server.server_address[:2]
        return f"http://{LOOPBACK if host in ANY_INTERFACE else host}:{port}"

    @property
    def bound(self) -> str:
        """The address it listens on, as `host:port`."""
        host, port = self._server.server_address[:2]
        return f"{host}:{port}"

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join()

    def call(self, op: str, request: dict[str, Any], region: str | None = None) -> tuple[int, Any]:
        """One DynamoDB request straight into moto, past the tap: how the journal is replayed."""
        from werkzeug.test import EnvironBuilder

        scope = f"local/20200101/{region or self.region}/dynamodb/aws4_request"
        headers = [("X-Amz-Target", f"DynamoDB_20120810.{op}"), ("Content-Type", "application/x-amz-json-1.0"),
                   ("Authorization", f"AWS4-HMAC-SHA256 Credential={scope}, SignedHeaders=host, Signature=0")]
        environ = EnvironBuilder(method="POST", path="/", headers=headers, data=json.dumps(request)).get_environ()
        status, _, chunks = _call(self.app, environ)
        return int(status.split()[0]), json.loads(b"".join(chunks) or b"null")

    def put_items(self, table: str, items: list[dict[str, Any]]) -> None:
        """Refill a table from a save (items in DynamoDB JSON), 25 to a request as BatchWriteItem allows."""
        for start in range(0, len(items), 25):
            batch = [{"PutRequest": {"Item": item}} for item in items[start:start + 25]]
            status, answer = self.call("BatchWriteItem", {"RequestItems": {table: batch}})
            if status != 200 or answer.get("UnprocessedItems"):
                raise RuntimeError(f"restoring {table}: {answer}")

    def items(self, table: str) -> list[dict[str, Any]]:
        """Every item of a table in DynamoDB JSON, read from moto's memory (a Scan would sort the table per page)."""
        from moto.dynamodb.models import dynamodb_backends

        from devtools.local.resources import ACCOUNT

        with self.tap.serial:  # a sam local container may be writing meanwhile
            found = dynamodb_backends[ACCOUNT][self.region].get_table(table).all_items()
            return [_wire(item.to_json()["Attributes"]) for item in found]


def _wire(value: Any) -> Any:
    """DynamoDB JSON as it travels (and as a save keeps it): moto holds binary values as bytes, the wire and
    BatchWriteItem want them base64-encoded (compressed snapshots are binary)."""
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, dict):
        return {k: _wire(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_wire(v) for v in value]
    return value


# Fake credentials and no config files: nothing the local server starts can reach a real account.
LOCAL_AWS_ENV = {
    "AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local", "AWS_SESSION_TOKEN": "local",
    "AWS_SECURITY_TOKEN": "local", "AWS_CONFIG_FILE": os.devnull, "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
    # botocore's account-based endpoints (DynamoDB Streams) are not routed by moto.
    "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled",
}
QUIET_ENV = {"POWERTOOLS_LOG_LEVEL": "WARNING", "AWS_LAMBDA_LOG_LEVEL": "WARN", "POWERTOOLS_METRICS_DISABLED": "true"}


def local_aws_environment(region: str) -> None:
    """This process's AWS settings: the fake ones, whatever the shell had (profiles, endpoints)."""
    for name in [n for n in os.environ if n.startswith(("AWS_ENDPOINT_URL", "AWS_PROFILE", "AWS_IGNORE_CONF"))]:
        del os.environ[name]
    os.environ.update(LOCAL_AWS_ENV, AWS_DEFAULT_REGION=region, AWS_REGION=region)
    os.environ["POWERTOOLS_TRACE_DISABLED"] = "1"  # no X-Ray daemon here
