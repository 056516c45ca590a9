"""One live match at the server: arrival order, durability, bots, timers and each seat's stream.

A :class:`Table` is the one authoritative place for its match: it takes the actions in the
order they arrive (an ``asyncio.Lock`` is first come, first served), applies them through the
public :class:`tablecards.Match` API, commits each to the store *before* telling anyone, and then
queues for every connected client only what that client's seat may see.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Callable
from typing import Any

import attrs

from tablecards import (
    Action,
    Bot,
    Game,
    IllegalAction,
    MalformedAction,
    Match,
    MatchOver,
    NotYourTurn,
    RulesError,
    registry,
)
from tablecards.server import _engine
from tablecards.server._health import RETRYING, StorageUnavailable
from tablecards.server._protocol import error
from tablecards.server._store import ActionTaken, MatchRecord, Store
from tablecards.server._thinker import thinker
from tablecards.server._words import card_labels, event_text, play_text

__all__ = ["Client", "Refused", "Settings", "Table"]

log = logging.getLogger("tablecards.server")


@attrs.frozen
class Settings:
    """How a server plays: delays, limits and who may connect.

    Attributes:
        bot_think: a bot waits a random time in this range (seconds) before acting, so people
            can beat it to an open moment.
        close_after: seconds after which an open moment closes with the game's default action
            for every seat that has not acted; ``None`` never closes it.
        max_message_bytes: larger client messages are refused.
        rate: messages per second a connection may send on average ...
        burst: ... and at once; beyond that, messages are refused with a ``rate`` error.
        queue: messages waiting for a slow client; beyond that it is disconnected.
        origins: extra websocket ``Origin`` values accepted besides the server's own address.
        allowed_hosts: the ``Host`` names the server answers (``*.example.org``: any
            subdomain; ``*``: any, behind a proxy that checks it). Empty: the localhost names
            and the address it listens on. Any other host is refused first (DNS rebinding).
        creates_per_client: matches one client address may create a minute ...
        creates_per_server: ... and all together; beyond that, ``429`` with ``Retry-After``.
        live_matches: unfinished matches held at once; beyond that, creating answers ``503``.
        connections: open websockets at once ...
        connections_per_client: ... and from one client address.
        abandon_after: seconds after which a match nobody is connected to (all-bot matches
            too) is stopped and leaves memory; it stays in the store and the next visit
            rebuilds it. ``None``: never.
        bot_workers: processes in which search bots think (``0``: threads, which slow the
            whole server while a search runs).
        checkpoint_every: seconds between two checkpoints of a SQLite store's write-ahead log
            into its file (also done after two idle seconds).
    """

    bot_think: tuple[float, float] = (0.4, 1.2)
    close_after: float | None = 6.0
    max_message_bytes: int = 8192
    rate: float = 20.0
    burst: int = 40
    queue: int = 512
    origins: frozenset[str] = frozenset()
    # Exposure and limits (issue 28): see docs/play-together.md.
    allowed_hosts: frozenset[str] = frozenset()
    creates_per_client: int = 20
    creates_per_server: int = 200
    live_matches: int = 200
    connections: int = 400
    connections_per_client: int = 24
    abandon_after: float | None = 900.0
    bot_workers: int = 2
    checkpoint_every: float = 60.0


class Refused(Exception):
    """An action the table did not apply; ``message`` is the error to send to its sender."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(message["reason"])
        self.message = message


@attrs.define(eq=False)
class Client:
    """One connection bound to a seat (``None``: a spectator), and what it has been sent."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any] | None]
    events_from: int = 0  # the first move whose events it has not been sent
    log_from: int = 0  # the first log entry it has not been sent


class Table:
    """A live match, its seats, its connected clients and its timers."""

    def __init__(
        self, record: MatchRecord, game: Game[Any], store: Store, settings: Settings
    ) -> None:
        self.record = record
        self.id = record.id
        self.game = game
        self.store = store
        self.settings = settings
        self.names = [seat.name for seat in record.seats]
        self.match = Match(game, record.players, record.seed)
        # to_act after each move: tells a click "too late" (an open moment it lost) from "stale".
        self._to_act: list[tuple[int, ...]] = [self.match.to_act]
        self._lock = asyncio.Lock()
        self._clients: set[Client] = set()
        self._bots: dict[int, Bot] = {}
        self._rngs: dict[int, random.Random] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._timer: asyncio.Task[None] | None = None
        for seat, who in enumerate(record.seats):
            if who.bot is not None:
                self._bots[seat] = registry().bot(game.name, who.bot).factory(game, seat)
                # Never derived from the match seed: a bot must not be a window on the deal.
                self._rngs[seat] = random.Random(secrets.randbits(64))

    # -- rebuilding -----------------------------------------------------------------------------

    def replay(self, actions: list[tuple[int, str]]) -> None:
        """Re-apply the stored actions of a match read back from the store."""
        for seat, text in actions:
            self.match.apply(seat, self.match.parse_action(text))
            self._to_act.append(self.match.to_act)

    async def catch_up(self, number: int | None = None) -> None:
        """Apply what other processes committed (a shared store), up to at least ``number``
        when given, and tell this process's clients."""
        async with self._lock:
            if number is None or self.match.moves < number:
                await self._load_new()

    async def _load_new(self) -> None:
        """Read and apply the actions after this table's last one (its lock is held)."""
        rows = await self.store.actions(self.id, since=self.match.moves)
        if not rows:
            return
        self.replay(rows)
        self._changed()

    # -- clients --------------------------------------------------------------------------------

    def attach(self, seat: int | None, since: int | None) -> Client:
        """Bind a new client to ``seat``; it is sent a welcome and the state (resuming after
        ``since`` moves when given)."""
        client = Client(seat, asyncio.Queue(self.settings.queue))
        if since is not None and since <= self.match.moves:
            client.events_from = since + 1
            client.log_from = since
        self._clients.add(client)
        client.queue.put_nowait(
            {
                "type": "welcome",
                "seat": seat,
                "names": self.names,
                "bots": [who.bot for who in self.record.seats],
                "game": {"name": self.game.name, "title": self.game.title},
            }
        )
        self._send(client, {})
        return client

    def detach(self, client: Client) -> None:
        """Forget a client that disconnected."""
        self._clients.discard(client)

    def _broadcast(self) -> None:
        views: dict[int | None, dict[str, Any]] = {}
        for client in list(self._clients):
            self._send(client, views)

    def _send(self, client: Client, views: dict[int | None, dict[str, Any]]) -> None:
        seat, match, game = client.seat, self.match, self.game
        if seat not in views:
            views[seat] = self._seat_state(seat)
        message = dict(views[seat])
        events = []
        for move, seen in match.events_for(seat, since=client.events_from):
            text = event_text(game, seen, seat, self._names_for(seat))
            events.append({"move": move, "event": seen.to_json(), "text": text})
        message["events"] = events
        message["log"] = [
            {
                "move": number + 1,
                "seat": actor,
                "act": None if action is None else match.action_json(action),
                "text": play_text(game, actor, action, self._names_for(seat)),
            }
            for number, (actor, action) in enumerate(
                _engine.log_since(match, seat, client.log_from), start=client.log_from
            )
        ]
        client.events_from = match.moves + 1
        client.log_from = match.moves
        try:
            client.queue.put_nowait(message)
        except asyncio.QueueFull:
            # A client that cannot keep up is dropped; it resumes with its token.
            self._clients.discard(client)
            with contextlib.suppress(asyncio.QueueEmpty):
                client.queue.get_nowait()
            client.queue.put_nowait(None)

    def _seat_state(self, seat: int | None) -> dict[str, Any]:
        match = self.match
        view = match.view(seat)
        legal = []
        if seat is not None and seat in match.to_act:
            legal = [
                {"act": match.action_json(action), "text": match.describe(action)}
                for action in match.legal_actions(seat)
            ]
        result = match.result
        return {
            "type": "state",
            "moves": match.moves,
            "view": view,
            "labels": card_labels(self.game, view),
            "legal": legal,
            "result": None if result is None else result.to_json(),
        }

    def _names_for(self, seat: int | None) -> list[str]:
        names = list(self.names)
        if seat is not None:
            names[seat] = "you"  # the reader: the game's words say "you draw"
        return names

    # -- acting ---------------------------------------------------------------------------------

    async def act(self, seat: int, data: dict[str, Any], after: int) -> None:
        """Apply ``data`` for ``seat`` on the screen of ``after`` moves, in arrival order.

        Runs to its end even when the caller is cancelled (a client leaving mid-commit), so an
        applied action is always committed or taken back.

        Raises:
            Refused: stale, too late, malformed, not the seat's turn, illegal; nothing applied.
        """
        applying = asyncio.ensure_future(self._act(seat, data, after))
        # Its outcome is read even when no caller waits any more (a bot cancelled by the
        # next move, losing its race): an expected refusal, never a logged traceback.
        applying.add_done_callback(_outcome_read)
        await asyncio.shield(applying)

    async def _act(self, seat: int, data: dict[str, Any], after: int) -> None:
        async with self._lock:
            match = self.match
            if after != match.moves:
                raise Refused(self._late(seat, after))
            try:
                action = match.parse_action(data)
            except MalformedAction as failure:
                raise Refused(error("malformed", failure.reason)) from None
            await self._commit(seat, action)
            self._changed()

    def _late(self, seat: int, after: int) -> dict[str, Any]:
        moves = self.match.moves
        if after < moves and seat in self._to_act[after] and len(self._to_act[after]) > 1:
            actor, action = _engine.log_since(self.match, seat, after)[0]
            what = play_text(self.game, actor, action, self._names_for(seat))
            return error("too_late", f"too late: first came move {after + 1}, {what}")
        return error(
            "stale",
            f"your screen showed move {after}, the match is at move {moves}: "
            "nothing was played; look again and choose",
        )

    async def _commit(self, seat: int, action: Action) -> None:
        match = self.match
        after = match.moves
        number = after + 1
        try:
            match.apply(seat, action)
        except (NotYourTurn, IllegalAction) as refusal:
            code = "not_your_turn" if isinstance(refusal, NotYourTurn) else "illegal"
            raise Refused(error(code, refusal.reason or str(refusal), refusal.rule)) from None
        except MatchOver as refusal:
            raise Refused(error("over", str(refusal))) from None
        except RulesError as failure:
            log.error("match %s: %s", self.id, failure)
            raise Refused(error("rules_error", "the game failed on this action")) from None
        try:
            text = _engine.dumps(match.action_json(action))
            await self.store.append(self.id, number, seat, text, match.is_over)
        except BaseException as failure:
            # Never tell anyone of an action the store does not hold.
            match.undo(1)
            if isinstance(failure, ActionTaken):
                # Another process won this number: learn what it played, answer as it would.
                await self._load_new()
                if self.match.moves > after:
                    raise Refused(self._late(seat, after)) from None
                raise Refused(
                    error("too_late", "another server recorded this move first")
                ) from None
            if isinstance(failure, StorageUnavailable):  # expected: a full disk, a restart
                log.warning("match %s: action %d not stored: %s", self.id, number, failure)
                raise Refused(error("storage", RETRYING)) from None
            if isinstance(failure, Exception):
                log.exception("match %s: could not store action %d", self.id, number)
                raise Refused(error("storage", "the server could not record the action")) from None
            raise
        self._to_act.append(match.to_act)

    def _changed(self) -> None:
        self._broadcast()
        self.schedule()

    # -- bots and timers ------------------------------------------------------------------------

    def schedule(self) -> None:
        """Start the bots' turns and the open moment's closing timer for the current state."""
        for task in self._tasks:
            task.cancel()
        self._tasks.clear()
        match = self.match
        if match.is_over:
            self._cancel_timer()
            return
        moves = match.moves
        for seat in match.to_act:
            if seat in self._bots:
                self._spawn(self._bot_turn(seat, moves))
        self._arm_timer(moves)

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(_report)
        return task

    async def _bot_turn(self, seat: int, moves: int) -> None:
        low, high = self.settings.bot_think
        await asyncio.sleep(random.uniform(low, high))  # think time: not secret, not seeded
        match = self.match
        if match.moves != moves or seat not in match.to_act:
            return
        # What bot_choice gives (an information set or a view), thought over off the loop.
        action = await thinker.choose(self._bots[seat], match, seat, self._rngs[seat])
        with contextlib.suppress(Refused):  # a bot beaten to a moment just lost the race
            await self.act(seat, match.action_json(action), moves)

    def _arm_timer(self, moves: int) -> None:
        delay = self.settings.close_after
        previous = self._to_act[-2] if len(self._to_act) > 1 else ()
        current = self.match.to_act
        # The same moment goes on while seats drop out of it (declines): keep its timer.
        if self._timer is not None and not self._timer.done() and set(current) < set(previous):
            return
        self._cancel_timer()
        if delay is None or len(current) < 2:
            return
        self._timer = asyncio.ensure_future(self._close_moment(delay))
        self._timer.add_done_callback(_report)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _close_moment(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self._timer = None
        async with self._lock:
            applied = False
            moment = self.match.to_act
            for seat in moment:
                current = self.match.to_act
                # Stop once this moment has ended: a new one has its own time.
                if seat not in current or (applied and not set(current) < set(moment)):
                    continue
                default = self.match.default_action(seat)
                if default is None:
                    continue
                with contextlib.suppress(Refused):
                    await self._commit(seat, default)
                    applied = True
                    moment = current
            if applied:
                self._changed()

    def close(self) -> None:
        """Stop the bots and timers (server shutdown)."""
        for task in self._tasks:
            task.cancel()
        self._cancel_timer()
        for client in self._clients:
            with contextlib.suppress(asyncio.QueueFull):
                client.queue.put_nowait(None)


def _reason(failure: Exception) -> str:
    return str(getattr(failure, "reason", None) or failure)


def _outcome_read(task: asyncio.Future[None]) -> None:
    if not task.cancelled():
        task.exception()


def _report(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("table task failed", exc_info=task.exception())


GameFactory = Callable[..., Game[Any]]
