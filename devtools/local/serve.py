"""`distilled serve`'s foreground: the local server until SIGINT or SIGTERM, then a clean shutdown."""

from __future__ import annotations

import signal
import threading
from collections.abc import Sequence
from pathlib import Path

from devtools.local.durable import JournalError
from devtools.local.server import LocalService


def serve(port: int = 3000, host: str = "127.0.0.1", data_dir: Path | None = None,
          template_path: Path | None = None, verbose: bool = False, aws_port: int = 0,
          aws_host: str = "127.0.0.1", allowed_origins: Sequence[str] = (), smtp_port: int | None = None) -> int:
    """Run until SIGINT or SIGTERM; exit 0 after a clean shutdown."""
    stopping = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stopping.set())
    service = LocalService(port, host, data_dir, template_path, verbose, aws_port=aws_port, aws_host=aws_host,
                           allowed_origins=allowed_origins, smtp_port=smtp_port)
    try:
        service.start()
    except OSError as error:
        print(f"cannot start the local server on {host}:{port}: {error.strerror or error}", flush=True)
        return 1
    except JournalError as error:
        print(f"cannot start the local server: {error}", flush=True)
        return 1
    print(service.banner(), flush=True)
    while not stopping.wait(0.2):
        pass
    print("shutting down…", flush=True)
    service.stop()
    return 0
