"""Running the app under uvicorn on a socket of its own, so port 0 reports the real port."""

from __future__ import annotations

import asyncio
import errno
import os
import signal
import socket
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import uvicorn

from tablecards.server._app import create_app
from tablecards.server._collector import COLLECTOR, GC_THRESHOLD
from tablecards.server._health import StoreError
from tablecards.server._http import guarded_http
from tablecards.server._limits import allowed_hosts
from tablecards.server._table import Settings
from tablecards.server.store import open_store

# GC_THRESHOLD is _collector's, kept importable from here.
__all__ = ["GC_THRESHOLD", "ServeError", "check_store", "listening_socket", "serve"]


class ServeError(Exception):
    """The server cannot start (a taken port, a store it cannot use): one line says why."""


class _Stopped(Exception):
    """SIGTERM: stop like Ctrl-C."""


def check_store(db: str | Path) -> None:
    """Open the store and close it again, so that a store the server cannot use is reported
    in one line before anything listens.

    Raises:
        StoreError: locked by another server, damaged, not a store, read-only, unreachable.
    """

    async def probe() -> None:
        store = await open_store(db)
        await store.aclose()

    asyncio.run(probe())


#: Websocket frames above this size are refused by uvicorn itself, before the app reads them.
WS_MAX_SIZE = 65_536


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "tablecards.db",
    *,
    settings: Settings | None = None,
    ready: Callable[[str], None] | None = None,
) -> None:
    """Serve the page and the tables until interrupted (Ctrl-C, SIGTERM: a clean stop).

    ``port=0`` lets the OS choose a free port; ``ready`` is called with the address to open
    once the socket listens (before the first request is read). Without
    ``settings.allowed_hosts``, the server answers only to the localhost names and to
    ``host`` (a wildcard address: to any IP address, never a name).

    Raises:
        ServeError: the port is taken, or the store cannot be used (one line says why).
    """
    settings = settings or Settings()
    try:
        check_store(db)
    except StoreError as failure:
        raise ServeError(str(failure)) from None
    sock = listening_socket(host, port)
    sock.listen(128)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    app = create_app(db, settings=settings)
    app.state.allowed_hosts = allowed_hosts(settings, host)
    config = uvicorn.Config(
        app,
        log_level="warning",
        # Open connections and requests at once; beyond, uvicorn answers 503.
        limit_concurrency=settings.connections + 100,
        # Each request head within 10 s, at most 64 open connections per address (not the
        # trusted proxy's: it limits its clients itself); idle keep-alive closed after 5 s.
        http=guarded_http(trusted=_trusted_proxies()),
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=16_384,
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
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        server.run(sockets=[sock])
    except (KeyboardInterrupt, _Stopped):
        pass  # uvicorn stopped cleanly, then raised the signal again for us
    finally:
        signal.signal(signal.SIGTERM, previous)
        sock.close()
    if not server.started:
        raise ServeError("the server could not start; see the line above")


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (not yet listening) for :func:`serve`.

    Raises:
        ServeError: the port is taken, or the address cannot be used (one line says why).
    """
    # Named TCP, so asyncio sets TCP_NODELAY on every connection it accepts: a seat's state
    # never waits for the client's delayed ACK (the app sets it on websockets too).
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as failure:
        sock.close()
        if failure.errno == errno.EADDRINUSE:
            raise ServeError(
                f"port {port} on {host} is taken (another server?): choose another with --port"
            ) from None
        raise ServeError(f"cannot listen on {host} port {port}: {failure.strerror}") from None
    return sock


def _trusted_proxies() -> frozenset[str]:
    """The addresses uvicorn trusts for ``X-Forwarded-For`` (``FORWARDED_ALLOW_IPS``)."""
    given = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
    return frozenset(part.strip() for part in given.split(",") if part.strip())


def _stop(sig: int, frame: FrameType | None) -> None:
    raise _Stopped


def tune_gc() -> None:
    """Move everything allocated so far (modules, the app, the games' classes) out of the
    collector's sight for good, and leave young objects to small collections between
    messages, whose survivors are frozen too (see :mod:`._collector`): a serving process's
    garbage is short-lived, and its pauses must not grow with its live matches."""
    COLLECTOR.tune()
