"""What keeps a public server up: allowed hosts, creation quotas, connection limits, the
sweeping of abandoned matches, and one log line per kind of refused request.

:class:`Guard` is the outermost ASGI middleware: it answers before anything else runs, so a
request for another ``Host`` (DNS rebinding), a creation beyond its quota or a connection
beyond the limit never reaches the tables.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import ipaddress
import json
import logging
import math
import re
import socket
import time
from collections.abc import Iterable
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from tablecards.server._collector import release_when_closed
from tablecards.server._table import Settings

__all__ = [
    "ABORT",
    "LOCAL_HOSTS",
    "REFUSALS",
    "Creations",
    "Guard",
    "Quota",
    "Refusals",
    "allowed_hosts",
    "host_allowed",
    "no_delay",
    "sweep",
]

log = logging.getLogger("tablecards.server")

#: The path of taking an open seat (``POST``).
_TAKE_SEAT = re.compile(r"^/matches/[^/]+/seats/[0-9]+$")
#: The names of this machine that no one else can point a browser at.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
#: Client addresses remembered by a quota at most (the oldest are forgotten first).
MAX_CLIENTS = 10_000
#: Seconds between two log lines of one kind of refusal.
LOG_EVERY = 60.0
#: The scope key of a websocket's way to cut its connection (the server's transport's
#: ``abort``), when the ASGI server lets it be found; a dropped client's close waits for a
#: peer that may never read, and only cutting the socket lets its buffers go.
ABORT = "tablecards.abort"


def allowed_hosts(settings: Settings, bound: str | None = None) -> frozenset[str]:
    """The ``Host`` names a server answers: ``settings.allowed_hosts`` when given, else the
    localhost names and the bound address (``bound``; a wildcard address admits any IP
    address, never a name)."""
    if settings.allowed_hosts:
        return frozenset(host.lower() for host in settings.allowed_hosts)
    hosts = set(LOCAL_HOSTS) | {"*.localhost"}
    if bound:
        hosts.add("*ip" if bound in ("0.0.0.0", "::", "") else bound.lower())
    return frozenset(hosts)


def host_allowed(header: str | None, allowed: Iterable[str]) -> bool:
    """Whether a ``Host`` header (with or without its port) names this server.

    ``allowed`` holds names (``example.org``), wildcards (``*.example.org``), ``*ip`` (any IP
    address) or ``*`` (anything: behind a proxy that checks it)."""
    if header is None:
        return False
    host = header.strip().lower()
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else ""
    elif host.count(":") == 1:
        host = host.split(":")[0]
    host = host.rstrip(".")
    if not host:
        return False
    for entry in allowed:
        if entry in ("*", host):
            return True
        if entry.startswith("*.") and host.endswith(entry[1:]):
            return True
        if entry == "*ip" and _is_ip(host):
            return True
    return False


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


class Quota:
    """``count`` events per ``period`` seconds for each key (a token bucket per key)."""

    def __init__(self, count: int, period: float) -> None:
        self.count = count
        self.rate = count / period if period > 0 else math.inf
        self._buckets: collections.OrderedDict[str, tuple[float, float]] = collections.OrderedDict()

    def take(self, key: str, now: float | None = None) -> float:
        """Spend one event of ``key``: ``0`` when allowed, else the seconds until one is."""
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.pop(key, (float(self.count), now))
        tokens = min(float(self.count), tokens + (now - last) * self.rate)
        if tokens >= 1:
            self._remember(key, tokens - 1, now)
            return 0.0
        self._remember(key, tokens, now)
        return (1 - tokens) / self.rate if self.rate > 0 else math.inf

    def _remember(self, key: str, tokens: float, now: float) -> None:
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > MAX_CLIENTS:
            self._buckets.popitem(last=False)


class Refusals:
    """One structured log line per kind of refused request (at most one a minute per kind,
    with how many were refused since): floods never flood the log."""

    def __init__(self) -> None:
        self._last: dict[str, float] = {}
        self._count: collections.Counter[str] = collections.Counter()

    def note(self, kind: str, client: str, detail: str = "") -> None:
        """Count a refusal of ``kind`` from ``client``; log it when this kind is due."""
        self._count[kind] += 1
        now = time.monotonic()
        if now - self._last.get(kind, -math.inf) < LOG_EVERY:
            return
        self._last[kind] = now
        count, self._count[kind] = self._count[kind], 0
        log.warning(
            "refused kind=%s client=%s count=%d detail=%s",
            kind,
            client,
            count,
            json.dumps(detail[:80], ensure_ascii=True),
        )


#: The refusals of this process, whoever refuses (the guard, the routes, the websocket).
REFUSALS = Refusals()


class Creations:
    """Who may create a match now (``POST /matches`` and rematches alike): the server's cap on
    live matches, each address's share of them, and the creation quotas a minute.

    Which address created which live match is known to this process only (forgotten at a
    restart: the matches rebuilt then count for nobody).
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.per_client = Quota(settings.creates_per_client, 60.0)
        self.per_server = Quota(settings.creates_per_server, 60.0)
        #: The address that created each match this process holds.
        self.owners: dict[str, str] = {}
        #: The address that took each open seat (match, seat) of the matches it holds.
        self.takers: dict[tuple[str, int], str] = {}

    @property
    def live_per_client(self) -> int:
        """The live matches one address may hold (``Settings.live_per_client``)."""
        given = self.settings.live_per_client
        return given if given is not None else max(1, self.settings.live_matches // 10)

    def refuse(self, hub: Any, client: str) -> tuple[int, str, float] | None:
        """``None`` when ``client`` may create a match now (and a creation is counted), else
        the HTTP status, the reason and the seconds to wait."""
        tables = {} if hub is None else hub.tables
        live = sum(1 for t in tables.values() if not t.match.is_over)
        if live >= self.settings.live_matches:
            REFUSALS.note("live_matches", client, f"{live} live")
            return (
                503,
                f"the server already holds {live} live matches; try again later",
                60.0,
            )
        mine = self._live_of(tables, client)
        if mine >= self.live_per_client:
            REFUSALS.note("client_live_matches", client, f"{mine} live")
            return (
                429,
                f"at most {self.live_per_client} unfinished matches from one address at once: "
                "finish or leave one first",
                60.0,
            )
        refused = self._per_minute(client, "new matches")
        if refused:
            return refused
        wait = self.per_server.take("*")
        if wait:
            REFUSALS.note("server_create_quota", client)
            limit = self.settings.creates_per_server
            return 429, f"this server makes at most {limit} new matches a minute", wait
        return None

    def created(self, match_id: str, client: str) -> None:
        """Remember that ``client`` created ``match_id``."""
        self.owners[match_id] = client

    def refuse_seat(self, hub: Any, client: str) -> tuple[int, str, float] | None:
        """``None`` when ``client`` may take an open seat now (counted as a creation: the
        same quota a minute), else the HTTP status, the reason and the seconds to wait.

        An address holds at most ``live_per_client`` taken seats of unfinished matches at
        once, as it holds that many matches it created: one address cannot squat every open
        seat of a server.
        """
        tables = {} if hub is None else hub.tables
        mine = self._seats_of(tables, client)
        if mine >= self.live_per_client:
            REFUSALS.note("client_seats", client, f"{mine} seats")
            return (
                429,
                f"at most {self.live_per_client} seats of unfinished matches from one address "
                "at once: finish or leave one first",
                60.0,
            )
        return self._per_minute(client, "new matches or seats")

    def _per_minute(self, client: str, what: str) -> tuple[int, str, float] | None:
        """Take one from ``client``'s quota a minute, which creations and seats share: ``None``
        while it lasts, else the refusal (``what`` names what the quota counts)."""
        wait = self.per_client.take(client)
        if not wait:
            return None
        REFUSALS.note("create_quota", client)
        limit = self.settings.creates_per_client
        return 429, f"at most {limit} {what} a minute from one address", wait

    def seated(self, match_id: str, seat: int, client: str) -> None:
        """Remember that ``client`` took open ``seat`` of ``match_id``."""
        self.takers[match_id, seat] = client

    def _seats_of(self, tables: dict[str, Any], client: str) -> int:
        count = 0
        for key, taker in list(self.takers.items()):
            table = tables.get(key[0])
            if table is None or table.match.is_over or table.record.seats[key[1]].open:
                del self.takers[key]  # over, stopped, or opened again: not held
            elif taker == client:
                count += 1
        return count

    def _live_of(self, tables: dict[str, Any], client: str) -> int:
        count = 0
        for match_id, owner in list(self.owners.items()):
            table = tables.get(match_id)
            if table is None or table.match.is_over:
                del self.owners[match_id]  # over, or stopped: it no longer holds memory
            elif owner == client:
                count += 1
        return count


class Guard:
    """The outermost middleware: hosts first, then quotas and connection limits.

    ``state`` is the app's state (its ``hub`` holds the live tables once started).
    """

    def __init__(self, app: ASGIApp, settings: Settings, state: Any) -> None:
        self.app = app
        self.settings = settings
        self.state = state
        self.refusals = REFUSALS
        self.creations = Creations(settings)
        state.creations = self.creations  # the rematches ask it too
        self.sockets: collections.Counter[str] = collections.Counter()

    @property
    def hosts(self) -> frozenset[str]:
        """The allowed ``Host`` names (set by :func:`tablecards.server.serve` when it binds)."""
        hosts: frozenset[str] = getattr(self.state, "allowed_hosts", None) or allowed_hosts(
            self.settings
        )
        return hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = _client(scope)
        host = _header(scope, b"host")
        if not host_allowed(host, self.hosts):
            self.refusals.note("host", client, host or "")
            await _refuse(scope, send, 421, "this server does not answer to that host name")
            return
        if kind == "websocket":
            await self._socket(scope, receive, send, client)
            return
        refusal = None
        if scope["method"] == "POST" and scope["path"] == "/matches":
            refusal = self.creations.refuse(getattr(self.state, "hub", None), client)
        elif scope["method"] == "POST" and _TAKE_SEAT.match(scope["path"]):
            refusal = self.creations.refuse_seat(getattr(self.state, "hub", None), client)
        if refusal is not None:
            status, reason, wait = refusal
            await _refuse(scope, send, status, reason, retry_after=wait)
            return
        await self.app(scope, receive, send)

    async def _socket(self, scope: Scope, receive: Receive, send: Send, client: str) -> None:
        total = sum(self.sockets.values())
        if total >= self.settings.connections:
            self.refusals.note("connections", client, f"{total} open")
            await _refuse(scope, send, 1013, "too many connections")
            return
        if self.sockets[client] >= self.settings.connections_per_client:
            self.refusals.note("client_connections", client)
            await _refuse(scope, send, 1013, "too many connections from one address")
            return
        self.sockets[client] += 1
        # uvicorn's protocols keep their transport as `.transport`.
        transport = getattr(getattr(send, "__self__", None), "transport", None)
        abort = getattr(transport, "abort", None)
        if callable(abort):
            scope[ABORT] = abort
        no_delay(transport)
        try:
            await self.app(scope, receive, send)
        finally:
            self.sockets[client] -= 1
            if self.sockets[client] <= 0:
                del self.sockets[client]
            if transport is not None:
                release_when_closed(transport)  # freed when closed (Python 3.11's cycle)


def no_delay(transport: object) -> None:
    """Send what a websocket's transport is given at once (``TCP_NODELAY``), whatever server
    accepted it: asyncio sets it only on sockets it opened as TCP by name, and a server started
    on a socket bound without naming TCP (``uvicorn --fd``, ``--workers``, a test's own socket)
    left it off. Without it, the state sent to a seat that did not act waited behind the last
    unacknowledged one for the client's delayed ACK (about 40 ms on Linux)."""
    get_extra_info = getattr(transport, "get_extra_info", None)
    sock = get_extra_info("socket") if callable(get_extra_info) else None
    if sock is None or sock.family not in (socket.AF_INET, socket.AF_INET6):
        return  # a Unix socket, or a transport without one: nothing to set
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None


async def _refuse(
    scope: Scope, send: Send, status: int, reason: str, *, retry_after: float | None = None
) -> None:
    if scope["type"] == "websocket":
        # Before accepting: the server answers the handshake with 403.
        await send({"type": "websocket.close", "code": 1008 if status != 1013 else 1013})
        return
    body = json.dumps({"error": reason}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if retry_after is not None:
        headers.append((b"retry-after", str(max(1, math.ceil(retry_after))).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def sweep(hub: Any, settings: Settings) -> None:
    """For ever: stop the tables nobody has been connected to for ``settings.abandon_after``
    seconds (all-bot matches too) and forget them; they stay in the store, and the next
    visit rebuilds them."""
    limit = settings.abandon_after
    if limit is None:
        return
    empty_since: dict[str, float] = {}
    while True:
        await asyncio.sleep(max(0.05, min(30.0, limit / 3)))
        try:
            _sweep_once(hub, limit, empty_since)
        except Exception as failure:  # keep sweeping; say what failed in one line
            log.error("sweeping abandoned matches failed: %s", failure)


def _sweep_once(hub: Any, limit: float, empty_since: dict[str, float]) -> None:
    now = time.monotonic()
    for match_id, table in list(hub.tables.items()):
        if getattr(table, "_clients", None):
            empty_since.pop(match_id, None)
            continue
        since = empty_since.setdefault(match_id, now)
        if now - since >= limit:
            empty_since.pop(match_id, None)
            if hub.tables.get(match_id) is table:
                del hub.tables[match_id]
                hub.resting.add(match_id)
            table.close()
            log.info("match %s: nobody connected for %.0f s; stopped", match_id, limit)
    for match_id in list(empty_since):
        if match_id not in hub.tables:
            del empty_since[match_id]
