"""Running the app under uvicorn on a socket of its own, so port 0 reports the real port."""

from __future__ import annotations

import gc
import socket
from collections.abc import Callable
from pathlib import Path

import uvicorn

from tablecards.server._app import create_app
from tablecards.server._table import Settings

__all__ = ["serve"]

#: Websocket frames above this size are refused by uvicorn itself, before the app reads them.
WS_MAX_SIZE = 65_536
#: The collector's first-generation threshold while serving (Python's default is 700): each
#: action allocates thousands of short-lived containers (scenes, history lines), freed by
#: reference counting; collecting every 700 of them cost a quarter of the server's CPU.
GC_THRESHOLD = 50_000


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "tablecards.db",
    *,
    settings: Settings | None = None,
    ready: Callable[[str], None] | None = None,
) -> None:
    """Serve the page and the tables until interrupted (Ctrl-C).

    ``port=0`` lets the OS choose a free port; ``ready`` is called with the address to open
    once the socket listens (before the first request is read).
    """
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    config = uvicorn.Config(
        create_app(db, settings=settings),
        log_level="warning",
        ws_max_size=WS_MAX_SIZE,
        ws="websockets-sansio",
        # Messages are a few kilobytes: compressing each costs more CPU than it saves here.
        ws_per_message_deflate=False,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    tune_gc()
    if ready is not None:
        ready(f"http://{shown}:{bound}/")
    server.run(sockets=[sock])


def tune_gc() -> None:
    """Move everything allocated so far (modules, the app, the games' classes) out of the
    collector's sight for good (:func:`gc.freeze`) and collect young objects less often:
    a serving process's lasting objects are made at start-up, its garbage is short-lived."""
    gc.collect()
    gc.freeze()
    _, second, third = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, second, third)
