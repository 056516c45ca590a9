"""The ASGI application: the page, the lobby's JSON, match creation and the websocket."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib.resources
import json
import os
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

import tablecards
from tablecards.server import _engine, _protocol
from tablecards.server._chat import ChatRefused, room_for
from tablecards.server._collector import COLLECTOR, PAUSES
from tablecards.server._health import RETRYING, StorageUnavailable, health, logged
from tablecards.server._hub import LOBBY_STORED, BadRequest, Hub, games
from tablecards.server._limits import ABORT, REFUSALS, Guard, sweep
from tablecards.server._lookback import finished_matches, match_summary
from tablecards.server._outbox import CLOSE
from tablecards.server._protocol import (
    Act,
    Chat,
    HandOver,
    Hello,
    Ping,
    ProtocolError,
    Rematch,
    error,
    read_message,
)
from tablecards.server._rematch import RematchRefused, rematch, rematch_message
from tablecards.server._replay import ReplayRefused, frame_text
from tablecards.server._rules import NoRules, rules_json
from tablecards.server._seats import SeatRefused, claim_seat, refresh_claims
from tablecards.server._table import REPLAYED, Client, Refused, Settings, Table
from tablecards.server._thinker import thinker
from tablecards.server.store import open_store, token_hash

__all__ = ["CSP", "create_app"]

#: No inline script or style, nothing from elsewhere: player text can never become code.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
_PAGE_FILES = {
    "app.js": "text/javascript; charset=utf-8",
    "replay.js": "text/javascript; charset=utf-8",  # stepping through a finished match
    "style.css": "text/css; charset=utf-8",
    "summary.js": "text/javascript; charset=utf-8",  # the round summaries (summary.css)
    "summary.css": "text/css; charset=utf-8",
    "icon.svg": "image/svg+xml",  # the tab's icon; "icon-turn" marks your turn
    "icon-turn.svg": "image/svg+xml",
    "rules.js": "text/javascript; charset=utf-8",  # a game's rules drawn as a page
    "rules.css": "text/css; charset=utf-8",
}
MAX_BODY = 16_384
HELLO_TIMEOUT = 10.0
#: A client refused this many messages in a row for its rate is disconnected.
MAX_REFUSED = 1_000
#: The websocket close code for a match this server does not know.
NO_SUCH_MATCH = 4404
#: What a spectator is told when the spectators' places are taken.
FULL = "this server is full of spectators (players' places are kept): try again later"
#: Seconds a dropped client has to take its close before its connection is cut.
CLOSE_GRACE = 5.0
#: Matches listed by one page of ``GET /matches`` (by default, and at most).
LOBBY_PAGE, LOBBY_MAX = 50, 200


def create_app(
    db: str | Path = "tablecards.db",
    *,
    settings: Settings | None = None,
    load_game: Callable[..., tablecards.Game[Any]] = tablecards.load_game,
) -> Starlette:
    """The server as an ASGI app: the store at ``db`` and the live tables.

    ``db`` is a SQLite file's path (or ``sqlite:PATH``), or a ``postgresql://…`` URL (extra
    ``tablecards[postgres]``) that several server processes may share: any of them serves any
    match; a URL of another scheme is refused (``StoreError``, when the app starts).
    Unfinished matches in the store are rebuilt when the app starts (its lifespan), and their
    bots and timers resume. ``app.state.hub`` holds the tables once started.
    """
    settings = settings or Settings()
    routes = [
        Route("/", _index),
        Route("/play/{match}", _index),
        Route("/replay/{match}", _index),
        Route("/rules/{game}", _index),
        Route("/static/{name}", _static),
        Route("/favicon.ico", _no_icon),
        Route("/api/games", _list_games),
        Route("/api/games/{game}/rules", _rules),
        Route("/healthz", _healthz),
        Route("/matches", _list_matches, methods=["GET"]),
        Route("/matches", _create_match, methods=["POST"]),
        Route("/matches/finished", _finished, methods=["GET"]),
        Route("/matches/{match}", _summary, methods=["GET"]),
        Route("/matches/{match}/moves/{move}", _replay_move, methods=["GET"]),
        Route("/matches/{match}/seats/{seat:int}", _take_seat, methods=["POST"]),
        *([Route("/debug/stats", _stats)] if settings.stats else []),
        WebSocketRoute("/matches/{match}/ws", _socket),
    ]
    app = Starlette(routes=routes, lifespan=_lifespan)
    app.state.shared = _Shared(db, settings, load_game, _read_page())
    app.add_middleware(_SecurityHeaders)
    app.add_middleware(Guard, settings=settings, state=app.state)  # outermost: first to answer
    return app


@attrs.frozen
class _Shared:
    """What every handler of one app shares, fixed when the app is made (``app.state.shared``).

    The handlers are plain functions of their request: they reach this through
    :func:`_shared`, and the live tables through :func:`_hub_of` (``app.state.hub``, made when
    the app starts).
    """

    #: The store's path or URL, opened when the app starts.
    db: str | Path
    settings: Settings
    load_game: Callable[..., tablecards.Game[Any]]
    #: The page's files by name, read once.
    page: dict[str, bytes]


def _shared(scope: Request | WebSocket) -> _Shared:
    shared: _Shared = scope.app.state.shared
    return shared


def _hub_of(scope: Request | WebSocket) -> Hub:
    hub: Hub = scope.app.state.hub
    return hub


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    """Open the store and rebuild the tables at start; stop them and close it at the end."""
    shared: _Shared = app.state.shared
    settings = shared.settings
    store = await open_store(shared.db)
    if hasattr(store, "checkpoint_every"):
        store.checkpoint_every = settings.checkpoint_every
    thinker.configure(settings.bot_workers)
    hub = Hub(store, settings, shared.load_game)
    await hub.restore()
    await store.listen(hub.on_action)
    if hasattr(store, "watch"):
        store.watch(hub)  # tell players of outages; resume the tables when it is back
    app.state.hub = hub
    sweeper = asyncio.ensure_future(sweep(hub, settings))
    sweeper.add_done_callback(logged)
    if settings.stats:
        PAUSES.install()  # the collector's pauses, in /debug/stats
    steps = COLLECTOR.start()  # small collections between messages (tablecards serve)
    try:
        yield
    finally:
        if steps is not None:
            steps.cancel()
        sweeper.cancel()
        hub.close()
        await store.aclose()


# -- the page and the lobby -------------------------------------------------------------------


async def _index(request: Request) -> Response:
    """``GET /``, ``GET /play/{match}``, ``GET /replay/{match}`` and ``GET /rules/{game}``:
    the page (it reads the match, or the game whose rules it shows, from its URL)."""
    page = _shared(request).page
    return Response(page["index.html"], media_type="text/html; charset=utf-8")


async def _static(request: Request) -> Response:
    """``GET /static/{name}``: the page's script, style and icons, nothing else."""
    name = request.path_params["name"]
    if name not in _PAGE_FILES:
        return Response("not found", status_code=404, media_type="text/plain")
    return Response(_shared(request).page[name], media_type=_PAGE_FILES[name])


async def _no_icon(request: Request) -> Response:
    """``GET /favicon.ico``: none (the page names its icon), and no 404 in the logs."""
    return Response(status_code=204)


async def _list_games(request: Request) -> Response:
    """``GET /api/games``: the installed games, their seat counts, options and bots."""
    return JSONResponse(games())


async def _rules(request: Request) -> Response:
    """``GET /api/games/{game}/rules``: the game's rules for players, as blocks of text."""
    try:
        return JSONResponse(rules_json(request.path_params["game"]))
    except NoRules as missing:
        return _problem(404, str(missing))


async def _create_match(request: Request) -> Response:
    """``POST /matches``: a new match from the lobby's JSON; its invites, one per person."""
    if not _same_origin(request.headers, _shared(request).settings):
        REFUSALS.note("origin", _address(request), request.headers.get("origin", ""))
        return _problem(403, "requests from other sites may not create matches")
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return _problem(415, "send the match as application/json")
    body = await _body(request)
    if body is None:
        return _problem(413, f"the request is larger than {MAX_BODY} bytes")
    data = _json(body)
    if data is _NOT_JSON:
        return _problem(400, "the body is not valid JSON")
    if not isinstance(data, dict):
        return _problem(400, "the body must be a JSON object")
    try:
        match_id, invites = await _hub_of(request).create(data)
    except BadRequest as failure:
        return _problem(400, str(failure))
    except StorageUnavailable:
        return _problem(503, "storage unavailable, retrying: the match was not created")
    request.app.state.creations.created(match_id, _address(request))
    for invite in invites:
        invite["url"] = f"/play/{match_id}#seat={invite['token']}"
    return JSONResponse(
        {"id": match_id, "invites": invites, "watch": f"/play/{match_id}"}, status_code=201
    )


async def _finished(request: Request) -> Response:
    """``GET /matches/finished``: the latest finished matches."""
    return JSONResponse(await finished_matches(_hub_of(request)))


async def _summary(request: Request) -> Response:
    """``GET /matches/{match}``: who plays, how far, and once over the standings."""
    match_id = request.path_params["match"]
    hub = _hub_of(request)
    table = await hub.table(match_id)
    if table is None:
        return _problem(404, "no such match")
    answer = JSONResponse(match_summary(match_id, table.record, table.match))
    hub.forget(table)  # a finished match nobody watches leaves memory at once, not at a sweep
    return answer


async def _replay_move(request: Request) -> Response:
    """``GET /matches/{match}/moves/{move}``: a finished match as a spectator saw it after
    ``move`` moves, its log from ``?since=`` (see :mod:`._replay`)."""
    try:
        text = await frame_text(
            _hub_of(request),
            request.path_params["match"],
            request.path_params["move"],
            request.query_params.get("since"),
        )
    except ReplayRefused as refusal:
        return _problem(refusal.status, refusal.reason)
    except StorageUnavailable:
        return _problem(503, RETRYING)
    return Response(text, media_type="application/json")


async def _take_seat(request: Request) -> Response:
    """``POST /matches/{match}/seats/{seat}``: take an open seat under a name."""
    if not _same_origin(request.headers, _shared(request).settings):
        return _problem(403, "requests from other sites may not take seats")
    body = await _body(request)
    if body is None:
        return _problem(413, f"the request is larger than {MAX_BODY} bytes")
    data = _json(body or b"{}")
    if data is _NOT_JSON:
        return _problem(400, "the body is not valid JSON")
    if not isinstance(data, dict) or set(data) - {"name"}:
        return _problem(400, 'send {"name": "…"}: the name you play under')
    match_id = request.path_params["match"]
    try:
        taken = await claim_seat(
            _hub_of(request), match_id, request.path_params["seat"], data.get("name")
        )
    except SeatRefused as refusal:
        return _problem(refusal.status, refusal.reason)
    except StorageUnavailable:
        return _problem(503, "storage unavailable, retrying: the seat was not taken")
    request.app.state.creations.seated(match_id, taken["seat"], _address(request))
    taken["url"] = f"/play/{match_id}#seat={taken['token']}"
    return JSONResponse(taken, status_code=201)


async def _stats(request: Request) -> Response:
    """What this process holds: for soak runs and for checking who serves which match."""
    hub = _hub_of(request)
    before = len(gc.get_objects())
    PAUSES.quiet = True  # asked for here: not a pause of serving
    try:
        freed = gc.collect()  # what is left is what the process holds, not garbage not yet found
    finally:
        PAUSES.quiet = False
    return JSONResponse(
        {
            "pid": os.getpid(),
            "tracked_before_collect": before,
            "freed_by_collect": freed,
            "matches": sorted(hub.tables),
            "rss_bytes": _rss(),
            "tracked_objects": len(gc.get_objects()),
            "frozen_objects": gc.get_freeze_count(),
            "replayed_actions": REPLAYED[0],
            "collector": COLLECTOR.to_json(),
        },
        headers={"cache-control": "no-store"},
    )


def _rss() -> int:
    """Resident memory of this process in bytes (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


async def _list_matches(request: Request) -> Response:
    # Paged: ?limit=N (at most LOBBY_MAX) and ?cursor= from the previous page's Link;
    # ?open=true lists only the unfinished matches with a seat waiting for a player.
    limit = _whole(request.query_params.get("limit"), LOBBY_PAGE, 1, LOBBY_MAX)
    start = _whole(request.query_params.get("cursor"), 0, 0, 10**9)
    only_open = request.query_params.get("open") == "true"
    # Filtered after reading: with a shared store, read as many as the lobby ever lists, so
    # that an open match older than the page's newest rows is still found.
    wanted = LOBBY_STORED if only_open else min(start + limit + 1, LOBBY_STORED)
    try:
        rows = await request.app.state.hub.lobby(wanted)
    except StorageUnavailable:
        return _problem(503, RETRYING)
    if only_open:
        rows = [row for row in rows if not row["over"] and any(s.get("open") for s in row["seats"])]
    headers = {}
    if start + limit < len(rows):
        more = "&open=true" if only_open else ""
        headers["link"] = f'</matches?limit={limit}&cursor={start + limit}{more}>; rel="next"'
    return JSONResponse(rows[start : start + limit], headers=headers)


async def _healthz(request: Request) -> Response:
    status, body = health(request.app.state.hub.store)
    return JSONResponse(body, status_code=status, headers={"cache-control": "no-store"})


# -- the websocket --------------------------------------------------------------------------------


async def _socket(websocket: WebSocket) -> None:
    """``/matches/{match}/ws``: a player's or a spectator's connection to one table."""
    settings = _shared(websocket).settings
    if not _same_origin(websocket.headers, settings):
        REFUSALS.note("origin", _address(websocket), websocket.headers.get("origin", ""))
        await websocket.close(code=1008)
        return
    hub = _hub_of(websocket)
    try:
        table = await hub.table(websocket.path_params["match"])
    except StorageUnavailable:
        await websocket.close(code=1013)  # try again later
        return
    if table is None:
        # Said distinctly (4404), so a page stops reconnecting and shows "no such match".
        await websocket.accept()
        await _close(websocket, NO_SUCH_MATCH)
        return
    await websocket.accept()
    await _serve_socket(websocket, table, settings, hub)


async def _serve_socket(websocket: WebSocket, table: Table, settings: Settings, hub: Hub) -> None:
    """One connection: authenticate with the first message, then read acts until it closes."""
    try:
        first = await asyncio.wait_for(_receive(websocket), HELLO_TIMEOUT)
    except (asyncio.TimeoutError, WebSocketDisconnect):
        await _close(websocket, 4401)
        return
    hello = _read(first, settings)
    seat: int | None = None
    try:
        if isinstance(hello, Hello) and hello.token is not None:
            seat = await table.store.seat_for(table.id, token_hash(hello.token))
        if isinstance(hello, Hello) and table.store.shared:
            await table.catch_up()  # another process may have committed since this one heard
    except StorageUnavailable:
        await _send(websocket, error("storage", RETRYING))
        await _close(websocket, 1013)
        return
    if not isinstance(hello, Hello) or (seat is None and not hello.spectate):
        # Nothing but this refusal, ever: not the state, not whether the match exists.
        REFUSALS.note("auth", _address(websocket))
        await _send(
            # In a person's words (the page shows it); a program reads the code.
            websocket,
            error(
                "auth", "the seat key in this link is wrong or cut short: ask for the link again"
            ),
        )
        await _close(websocket, 4401)
        return
    if seat is None:
        await _watch(websocket, table, settings, hub, hello)
        return
    await _serve_client(websocket, table, settings, hub, seat, hello)


async def _watch(
    websocket: WebSocket, table: Table, settings: Settings, hub: Hub, hello: Hello
) -> None:
    """A spectator: served while the spectators' places last (the rest are the players')."""
    state = websocket.app.state
    watching: int = getattr(state, "spectators", 0)
    if watching >= spectator_places(settings):
        REFUSALS.note("spectators", _address(websocket), f"{watching} watching")
        await _send(websocket, error("full", FULL))
        await _close(websocket, 1013)
        return
    state.spectators = watching + 1
    try:
        await _serve_client(websocket, table, settings, hub, None, hello)
    finally:
        state.spectators -= 1


def spectator_places(settings: Settings) -> int:
    """The spectators' connections a server holds at once (``Settings.spectators``)."""
    if settings.spectators is not None:
        return settings.spectators
    return settings.connections - settings.connections // 4


async def _serve_client(
    websocket: WebSocket,
    table: Table,
    settings: Settings,
    hub: Hub,
    seat: int | None,
    hello: Hello,
) -> None:
    """An authenticated connection (a seat's, or a spectator's): its welcome, then its
    messages until it closes."""
    if table.store.shared:
        await refresh_claims(table)  # another process may have given an open seat away
    room = await room_for(table)
    then = await table.store.rematch_of(table.id) if table.match.is_over else None
    client = table.attach(seat, hello.since)
    client.address = _address(websocket)
    cut = _cutter(websocket)
    client.on_drop = cut.arm
    room.welcome(client)
    if then is not None:
        _reply(client, rematch_message(then))
    sender = asyncio.ensure_future(_pump(websocket, client))
    try:
        await _read_loop(websocket, table, client, settings, hub)
    finally:
        table.detach(client)
        if not client.outbox.dropped:  # a dropped one's close may wait for ever: cut it
            cut.disarm()
        sender.cancel()
        with contextlib.suppress(BaseException):
            await sender


async def _read_loop(
    websocket: WebSocket, table: Table, client: Client, settings: Settings, hub: Hub
) -> None:
    bucket = _Bucket(settings.rate, settings.burst)
    refused = 0
    while True:
        try:
            text = await _receive(websocket)
        except WebSocketDisconnect:
            return
        if not bucket.take():
            refused += 1
            if refused > MAX_REFUSED:
                REFUSALS.note("rate", _address(websocket))
                await _close(websocket, 1008)
                return
            _reply(client, error("rate", f"at most {settings.rate:g} messages a second"))
            continue
        refused = 0
        message = _read(text, settings)
        if isinstance(message, dict):
            _reply(client, message)
        elif isinstance(message, Ping):
            _reply(client, {"type": "pong"})
        elif isinstance(message, Hello):
            _reply(client, error("bad_message", "this connection already said hello"))
        elif isinstance(message, Chat):
            await _chat(table, client, message)
        elif isinstance(message, Rematch):
            await _rematch(hub, table, client, websocket)
        elif isinstance(message, HandOver):
            await _hand_over(table, client, message)
        elif client.seat is None:
            _reply(
                client, error("spectator", "spectators watch; they cannot act", None, message.id)
            )
        else:
            await _act(table, client, client.seat, message)


async def _act(table: Table, client: Client, seat: int, message: Act) -> None:
    try:
        await table.act(seat, message.act, message.after)
    except Refused as refusal:
        answer = dict(refusal.message)
        if message.id is not None:
            answer["id"] = message.id
        _reply(client, answer)


async def _hand_over(table: Table, client: Client, message: HandOver) -> None:
    if client.seat is None:
        _reply(client, error("spectator", "spectators watch; the players hand a seat to a bot"))
        return
    if message.seat >= table.match.players:
        players = table.match.players
        _reply(client, error("bad_field", f"this match has seats 0 to {players - 1}"))
        return
    try:
        await table.hand_over(message.seat, client.seat)
    except Refused as refusal:
        _reply(client, refusal.message)


async def _chat(table: Table, client: Client, message: Chat) -> None:
    try:
        await (await room_for(table)).say(client, message.text)
    except ChatRefused as refusal:
        _reply(client, refusal.message)
    except StorageUnavailable:  # a full disk: the line is not stored, the connection stays
        _reply(client, error("storage", RETRYING))


async def _rematch(hub: Hub, table: Table, client: Client, websocket: WebSocket) -> None:
    if client.seat is None:
        _reply(client, error("spectator", "spectators watch; the players start the rematch"))
        return
    try:
        match_id, token = await rematch(
            hub, table, client.seat, websocket.app.state.creations, _address(websocket)
        )
    except RematchRefused as refusal:
        _reply(client, refusal.message)
        return
    except StorageUnavailable:
        _reply(client, error("storage", RETRYING))
        return
    _reply(client, rematch_message(match_id, token))  # this connection's key, to it alone


def _read(text: str | None, settings: Settings) -> _protocol.Message | dict[str, Any]:
    if text is None:
        return error("bad_message", "send JSON text frames, not binary ones")
    try:
        return read_message(text, settings.max_message_bytes)
    except ProtocolError as failure:
        return error(failure.code, failure.reason, failure.rule)


def _reply(client: Client, message: dict[str, Any]) -> None:
    # Through the client's own queue, so an answer never overtakes the state it refers to.
    client.queue(message)


async def _receive(websocket: WebSocket) -> str | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _pump(websocket: WebSocket, client: Client) -> None:
    while True:
        message = await client.outbox.get()
        if message is CLOSE:
            await _close(websocket, 1013)
            return
        await _send(websocket, message)


class _Cutter:
    """Cuts a dropped client's connection when it has not taken its close in time: a peer
    that never reads keeps its socket's buffers full, and its close would wait for ever."""

    def __init__(self, abort: Callable[[], None] | None) -> None:
        self._abort = abort
        self._timer: asyncio.TimerHandle | None = None

    def arm(self) -> None:
        """Start the grace period (the client was dropped)."""
        if self._abort is not None and self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(CLOSE_GRACE, self._abort)

    def disarm(self) -> None:
        """The connection ended by itself, never dropped."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def _cutter(websocket: WebSocket) -> _Cutter:
    abort = websocket.scope.get(ABORT)
    return _Cutter(abort if callable(abort) else None)


async def _send(websocket: WebSocket, message: dict[str, Any] | str) -> None:
    text = message if isinstance(message, str) else _engine.wire(message)
    with contextlib.suppress(Exception):
        await websocket.send_text(text)


async def _close(websocket: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.close(code=code)


class _Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _same_origin(headers: Any, settings: Settings) -> bool:
    """Browsers always send ``Origin`` across sites; it must be this server or an allowed one.

    Clients that are not browsers send none, and authenticate with their token like anyone.
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in settings.origins:
        return True
    host = headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")


#: What :func:`_json` returns for a body that is not JSON.
_NOT_JSON = object()


def _json(body: bytes) -> Any:
    """The JSON of a request's body; :data:`_NOT_JSON` when it is not JSON, or nested beyond
    what the parser's recursion allows (thousands of ``[``: a ``RecursionError``, not a 500)."""
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return _NOT_JSON


async def _body(request: Request) -> bytes | None:
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _address(scope: Request | WebSocket) -> str:
    return scope.client.host if scope.client is not None else "unknown"


def _whole(text: str | None, default: int, low: int, high: int) -> int:
    if text is None or not text.isdigit() or len(text) > 10:
        return default
    return min(high, max(low, int(text)))


def _problem(status: int, reason: str) -> Response:
    return JSONResponse({"error": reason}, status_code=status)


def _read_page() -> dict[str, bytes]:
    folder = importlib.resources.files("tablecards.server").joinpath("page")
    return {name: folder.joinpath(name).read_bytes() for name in ("index.html", *_PAGE_FILES)}


class _SecurityHeaders:
    """Adds the Content-Security-Policy and friends to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)
