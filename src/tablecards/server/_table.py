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
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from tablecards import (
    Action,
    Bot,
    Clock,
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
from tablecards.server._outbox import MAX_BYTES, Outbox, size_of
from tablecards.server._presence import presence_message
from tablecards.server._protocol import error
from tablecards.server._thinker import thinker
from tablecards.server._words import play_text, result_message
from tablecards.server.store import ActionTaken, MatchRecord, Store
from tablecards.words import names_for

__all__ = ["DEFAULT_CLOCKS", "Client", "Moment", "Refused", "Settings", "Table"]

log = logging.getLogger("tablecards.server")

#: Seconds between two presence messages to a table's clients (a newcomer's own comes at once).
PRESENCE_EVERY = 1.0

#: Actions this process applied from the store rather than from its own clients and bots
#: (rebuilding a match, catching up with another process): the stats route reports it.
REPLAYED = [0]


#: The clocks a server runs by default: reactions and decisions at the game's pace, no turn
#: clock (a turn is the player's own). Each value scales the game's seconds; ``None``: off.
DEFAULT_CLOCKS: Mapping[str, float | None] = MappingProxyType(
    {"reaction": 1.0, "decision": 1.0, "turn": None}
)


def _clocks(value: Mapping[str, float | None]) -> Mapping[str, float | None]:
    """The clock factors given, over the defaults, checked (a read-only mapping)."""
    merged = {**DEFAULT_CLOCKS, **dict(value)}
    for kind, factor in merged.items():
        if kind not in Clock.KINDS:
            raise ValueError(f"unknown clock kind {kind!r}: the kinds are {', '.join(Clock.KINDS)}")
        if factor is not None and (
            isinstance(factor, bool) or not isinstance(factor, (int, float)) or factor < 0
        ):
            raise ValueError(f"the {kind} clock's factor must be a number >= 0 or None (off)")
    return MappingProxyType(merged)


@attrs.frozen
class Settings:
    """How a server plays: delays, limits and who may connect.

    Attributes:
        bot_think: a bot waits a random time in this range (seconds) before acting, so people
            can beat it to an open moment.
        clocks: how the server runs each kind of the games' clocks (:class:`tablecards.Clock`):
            a factor on the game's seconds (``1.0``: the game's pace, ``2.0``: twice as long,
            ``0``: at once) or ``None`` (off: that kind of moment waits for ever). Kinds not
            given keep :data:`DEFAULT_CLOCKS` (reaction and decision at 1.0, turn off). When a
            clock runs out, every seat the moment still waits for plays the game's default.
        max_message_bytes: larger client messages are refused.
        rate: messages per second a connection may send on average ...
        burst: ... and at once; beyond that, messages are refused with a ``rate`` error.
        queue: messages waiting for a slow client ...
        queue_bytes: ... and characters of their text; beyond either, it is dropped: what
            waited for it is let go, it is sent its close, and a connection that does not take
            its close within :data:`~tablecards.server._app.CLOSE_GRACE` seconds is cut.
        origins: extra websocket ``Origin`` values accepted besides the server's own address.
        chat: whether the table chat is on (``tablecards serve --no-chat`` turns it off).
        spectator_chat: what spectators may say: ``"off"`` (they read the players' chat),
            ``"apart"`` (they talk among spectators; players do not see it) or ``"together"``
            (one chat for everybody at the table).
        allowed_hosts: the ``Host`` names the server answers (``*.example.org``: any
            subdomain; ``*``: any, behind a proxy that checks it). Empty: the localhost names
            and the address it listens on. Any other host is refused first (DNS rebinding).
        creates_per_client: matches one client address may create a minute ...
        creates_per_server: ... and all together; beyond that, ``429`` with ``Retry-After``.
        live_matches: unfinished matches held at once; beyond that, creating answers ``503``.
        live_per_client: unfinished matches that one client address created and the server
            holds at once (``None``: a tenth of ``live_matches``); beyond that, ``429``.
            Rematches count as creations of the address that asks first.
        connections: open websockets at once ...
        connections_per_client: ... and from one client address.
        spectators: spectators' websockets at once (``None``: three quarters of
            ``connections``): the other places are kept for the players of seats, so a crowd
            of spectators never shuts a player out.
        abandon_after: seconds after which a match nobody is connected to (all-bot matches
            too) is stopped and leaves memory; it stays in the store and the next visit
            rebuilds it. ``None``: never.
        bot_workers: processes in which search bots think (``0``: threads, which slow the
            whole server while a search runs).
        checkpoint_every: seconds between two checkpoints of a SQLite store's write-ahead log
            into its file (also done after two idle seconds).
        stats: whether ``GET /debug/stats`` answers (the process's live matches, resident
            memory, objects tracked by the garbage collector, actions replayed from the
            store): for benchmarks and operators, off by default.
    """

    bot_think: tuple[float, float] = (0.4, 1.2)
    clocks: Mapping[str, float | None] = attrs.field(default=DEFAULT_CLOCKS, converter=_clocks)
    max_message_bytes: int = 8192
    rate: float = 20.0
    burst: int = 40
    queue: int = 512
    queue_bytes: int = MAX_BYTES
    origins: frozenset[str] = frozenset()
    chat: bool = True
    spectator_chat: Literal["off", "apart", "together"] = "apart"
    # Exposure and limits (issue 28): see docs/play-together.md.
    allowed_hosts: frozenset[str] = frozenset()
    creates_per_client: int = 20
    creates_per_server: int = 200
    live_matches: int = 200
    live_per_client: int | None = None
    connections: int = 400
    connections_per_client: int = 24
    spectators: int | None = None
    abandon_after: float | None = 900.0
    bot_workers: int = 2
    checkpoint_every: float = 60.0
    stats: bool = False


class Refused(Exception):
    """An action the table did not apply; ``message`` is the error to send to its sender."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(message["reason"])
        self.message = message


@attrs.define(eq=False)
class Moment:
    """A running clock: the moment it closes, bound to the move number it was armed for.

    ``moves`` is the match's move number the moment is at: it follows the moment while seats
    drop out of it with their default (a decline, a pass), and nothing else. A timer whose
    ``moves`` is not the match's when it fires, or that is no longer the table's, does nothing.
    """

    clock: Clock
    waiting: tuple[int, ...]
    moves: int
    deadline: float  # the event loop's time
    task: asyncio.Task[None] | None = None


@attrs.define(eq=False)
class Client:
    """One connection bound to a seat (``None``: a spectator), and what it has been sent."""

    seat: int | None
    outbox: Outbox
    history_from: int = 0  # the first move whose history entry it has not been sent
    #: The client's address (what the chat's limits count by); ``""``: unknown.
    address: str = ""
    #: Called once when the client is dropped (its connection then cuts a peer that does
    #: not take its close).
    on_drop: Callable[[], None] | None = None

    def queue(self, message: dict[str, Any] | str, size: int | None = None) -> bool:
        """Queue ``message`` for this client (``size``: its :func:`size_of`, when known); one
        that has fallen behind its outbox's bounds is dropped instead (``False``)."""
        if self.outbox.put(message, size):
            return True
        self.drop()
        return False

    def drop(self) -> None:
        """Let go of what waits for this client and close its connection."""
        if self.outbox.dropped:
            return
        self.outbox.drop()
        if self.on_drop is not None:
            self.on_drop()


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
        # The bots thinking about a moment where everyone answers on their own, by seat, and
        # the move it opened at: another seat's answer does not interrupt them.
        self._answering: dict[int, asyncio.Task[None]] = {}
        self._answering_since: int | None = None
        self._moment: Moment | None = None
        # The last presence relayed, when, and the one due (see presence_changed).
        self._presence_last: dict[str, Any] | None = None
        self._presence_at = -PRESENCE_EVERY
        self._presence_timer: asyncio.TimerHandle | None = None
        # Whether the last move was its seat's default (a decline, a pass): it lets a moment
        # go on, where any other move opens a new one.
        self._by_default = False
        #: Called when the match is over and its last client left (the hub forgets it).
        self.on_idle: Callable[[Table], None] | None = None
        for seat, who in enumerate(record.seats):
            if who.bot is not None:
                self._bots[seat] = registry().bot(game.name, who.bot).factory(game, seat)
                # Never derived from the match seed: a bot must not be a window on the deal.
                self._rngs[seat] = random.Random(secrets.randbits(64))

    # -- rebuilding -----------------------------------------------------------------------------

    def replay(self, actions: list[tuple[int, str]]) -> None:
        """Re-apply the stored actions of a match read back from the store."""
        REPLAYED[0] += len(actions)
        for seat, text in actions:
            self.match.apply(seat, self.match.parse_action(text))
            self._to_act.append(self.match.to_act)
        self._by_default = False  # moves from the store: a new moment, whatever they were

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
        client = Client(seat, Outbox(self.settings.queue, self.settings.queue_bytes))
        if since is not None and since <= self.match.moves:
            client.history_from = since + 1
        self._clients.add(client)
        client.outbox.put(
            {
                "type": "welcome",
                "seat": seat,
                "names": self.names,
                "bots": [who.bot for who in self.record.seats],
                "game": {"name": self.game.name, "title": self.game.title},
            }
        )
        self._send(client, {}, {})
        self.presence_changed(client)
        return client

    def detach(self, client: Client) -> None:
        """Forget a client that disconnected."""
        self._clients.discard(client)
        self.presence_changed()
        self._maybe_idle()

    @property
    def watched(self) -> bool:
        """Whether any client is connected to this table in this process."""
        return bool(self._clients)

    @property
    def idle(self) -> bool:
        """Over, and nobody connected: nothing will change here until someone looks back."""
        return self.match.is_over and not self._clients

    def _maybe_idle(self) -> None:
        if self.on_idle is not None and self.idle:
            self.on_idle(self)

    def _broadcast(self) -> None:
        # Each seat's message is built and encoded once per change, whatever number of
        # connections see it (a seat's several tabs, every spectator): the same text (one
        # string in memory) is queued.
        prefixes: dict[int | None, str] = {}
        texts: dict[tuple[int | None, int], str] = {}
        for client in list(self._clients):
            self._send(client, prefixes, texts)

    def _send(
        self,
        client: Client,
        prefixes: dict[int | None, str],
        texts: dict[tuple[int | None, int], str],
    ) -> None:
        """Queue the state message of contract §6 for ``client``: its seat's scene, and the
        history entries it has not had yet. ``prefixes`` caches each seat's encoded state
        (without its closing brace), ``texts`` each seat's whole message from a move on."""
        seat, match = client.seat, self.match
        key = (seat, client.history_from)
        text = texts.get(key)
        if text is None:
            prefix = prefixes.get(seat)
            if prefix is None:
                prefix = prefixes[seat] = _engine.wire(self._seat_state(seat))[:-1]
            entries = match.history(seat, self.names, since=client.history_from)
            text = texts[key] = prefix + ',"history":' + _engine.wire(entries) + "}"
        client.history_from = match.moves + 1
        if not client.queue(text):
            # A client that cannot keep up is dropped; it resumes with its token.
            self._clients.discard(client)

    def _seat_state(self, seat: int | None) -> dict[str, Any]:
        """What every client of ``seat`` is sent after a change, but its history: the scene
        built for that seat (a spectator's for ``None``), the result by name, the clock."""
        match = self.match
        return {
            "type": "state",
            "moves": match.moves,
            "scene": match.scene(seat, self.names),
            "result": result_message(match.result, self.names),
            "clock": self._clock_message(),
        }

    def _names_for(self, seat: int | None) -> list[str]:
        return names_for(self.names, seat)

    # -- presence and relayed messages (chat, rematch) -------------------------------------------

    def presence_changed(self, newcomer: Client | None = None) -> None:
        """Tell every client who is at the table now (see :mod:`._presence`): a newcomer at
        once, the others at most once every :data:`PRESENCE_EVERY` seconds with the latest
        (spectators coming and going in a crowd never flood the players)."""
        if newcomer is not None:
            newcomer.queue(self._presence())
        if self._presence_timer is not None:
            return  # the next one is due: it will say the latest
        loop = asyncio.get_running_loop()
        wait = self._presence_at + PRESENCE_EVERY - loop.time()
        if wait <= 0:
            self._send_presence(newcomer)
        else:
            self._presence_timer = loop.call_later(wait, self._send_presence)

    def _presence(self) -> dict[str, Any]:
        return presence_message(self.record.seats, self.names, self._clients)

    def _send_presence(self, told: Client | None = None) -> None:
        self._presence_timer = None
        message = self._presence()
        if message == self._presence_last:
            return  # nothing anyone can see changed (a spectator came and went)
        self._presence_last = message
        self._presence_at = asyncio.get_running_loop().time()
        self.relay(message, None if told is None else (lambda client: client is not told))

    def relay(self, message: dict[str, Any], to: Callable[[Client], bool] | None = None) -> None:
        """Queue ``message`` for every client (or those ``to`` accepts): a chat line, the
        presence, a rematch. A client that has fallen behind is dropped."""
        size: int | None = None
        for client in list(self._clients):
            if to is None or to(client):
                size = size_of(message) if size is None else size
                if not client.queue(message, size):
                    self._clients.discard(client)

    # -- acting ---------------------------------------------------------------------------------

    async def act(self, seat: int, data: dict[str, Any], after: int) -> None:
        """Apply ``data`` for ``seat`` on the screen of ``after`` moves, in arrival order.

        Runs to its end even when the caller is cancelled (a client leaving mid-commit), so an
        applied action is always committed or taken back.

        Raises:
            Refused: stale, too late, malformed, not the seat's turn, illegal; nothing applied.
        """
        future = asyncio.ensure_future(self._act(seat, data, after))
        # A caller cancelled meanwhile (a bot whose moment moved on) no longer reads the
        # refusal: read it here, so it is not reported as a lost exception.
        future.add_done_callback(_retrieve)
        await asyncio.shield(future)

    async def _act(self, seat: int, data: dict[str, Any], after: int) -> None:
        async with self._lock:
            match = self.match
            if after != match.moves and not _same_answers(match, after):
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
        default = match.default_action(seat)
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
        self._by_default = action == default

    def _changed(self) -> None:
        self.schedule()  # first: the state sent carries the new moment's clock
        self._broadcast()
        self._maybe_idle()  # a match of bots alone that just ended

    # -- bots and timers ------------------------------------------------------------------------

    def schedule(self) -> None:
        """Start the bots' turns and the moment's clock for the current state.

        Called after every change, with the table's lock held (or before anything runs): a bot
        is asked only when the moment waits for it, once per move number; the clock follows
        the moment (see :meth:`_arm_timer`).
        """
        match = self.match
        since = match.answering_since
        # In a moment where everyone answers on their own, a bot still thinking about it
        # goes on: the others' answers change nothing it may know.
        thinking = {
            seat: task
            for seat, task in self._answering.items()
            if since is not None and since == self._answering_since and not task.done()
        }
        for task in self._tasks:
            if task not in thinking.values():
                task.cancel()
        self._tasks = set(thinking.values())
        self._answering, self._answering_since = thinking, since
        if match.is_over:
            self._cancel_timer()
            return
        moves = match.moves
        for seat in match.waiting_for:
            if seat in self._bots and seat not in thinking:
                task = self._spawn(self._bot_turn(seat, moves))
                if since is not None:
                    self._answering[seat] = task
        self._arm_timer()

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(_report)
        return task

    async def _bot_turn(self, seat: int, moves: int) -> None:
        low, high = self.settings.bot_think
        await asyncio.sleep(random.uniform(low, high))  # think time: not secret, not seeded
        match = self.match
        # Only a moment that still waits for the bot: a seat that passed is not asked again.
        if (match.moves != moves and not _same_answers(match, moves)) or (
            seat not in match.waiting_for
        ):
            return
        # What bot_choice gives (an information set or a view), thought over off the loop.
        action = await thinker.choose(self._bots[seat], match, seat, self._rngs[seat])
        with contextlib.suppress(Refused):  # a bot beaten to a moment just lost the race
            await self.act(seat, match.action_json(action), moves)

    def _arm_timer(self) -> None:
        """Arm the clock of the current moment, or keep the running one when the same moment
        goes on: the same clock, and the last move a seat letting it pass with its default
        (a decline, a pass), so that seats dropping out never restart it."""
        match = self.match
        clock = match.clock
        waiting = match.waiting_for
        factor = None if clock is None else self.settings.clocks.get(clock.kind)
        if clock is None or factor is None or not waiting:
            self._cancel_timer()
            return
        moment = self._moment
        since = match.answering_since
        if (
            moment is not None
            # a seat letting the moment pass, or an answer to the same moment where everyone
            # answers on their own: one clock for the whole moment
            and (self._by_default or (since is not None and since <= moment.moves))
            and moment.clock == clock
            and set(waiting) < set(moment.waiting)
        ):
            moment.waiting = waiting
            moment.moves = match.moves
            return
        self._cancel_timer()
        loop = asyncio.get_running_loop()
        moment = Moment(clock, waiting, match.moves, loop.time() + clock.seconds * factor)
        moment.task = asyncio.ensure_future(self._close_moment(moment))
        moment.task.add_done_callback(_report)
        self._moment = moment

    def _cancel_timer(self) -> None:
        moment, self._moment = self._moment, None
        if moment is not None and moment.task is not None:
            moment.task.cancel()

    def _clock_message(self) -> dict[str, Any] | None:
        """The ``clock`` of a state message: the running clock's kind, the seconds left and
        the seats it waits for; ``None`` when no clock runs (the moment waits for ever)."""
        moment = self._moment
        if moment is None or self.match.is_over:
            return None
        left = max(0.0, moment.deadline - asyncio.get_running_loop().time())
        return {
            "kind": moment.clock.kind,
            "seconds": round(left, 2),
            "waiting_for": list(self.match.waiting_for),
        }

    async def _close_moment(self, moment: Moment) -> None:
        await asyncio.sleep(max(0.0, moment.deadline - asyncio.get_running_loop().time()))
        async with self._lock:
            # Bound to its moment: when anything else happened since (checked under the lock,
            # after any commit in flight), this timer is no longer the table's and does nothing.
            if self._moment is not moment or self.match.moves != moment.moves:
                return
            self._moment = None
            if await self._play_defaults(moment):
                self._changed()
            else:
                self.schedule()  # nothing could be played: the bots and a new clock

    async def _play_defaults(self, moment: Moment) -> int:
        """Play the default of every seat the moment still waits for, each as a logged move,
        until the moment ends; return how many were played (its lock is held)."""
        match = self.match
        clock = moment.clock
        pending = list(moment.waiting)
        played = 0
        while pending and not match.is_over and played < _MOST_DEFAULTS:
            if match.clock != clock:
                break  # another moment began: it has its own clock
            waiting = match.waiting_for
            if clock.repeat:  # one seat answering move after move (a share-out)
                seat = next((seat for seat in waiting if seat in moment.waiting), None)
                if seat is None:
                    break
            elif set(waiting) == set(pending):
                seat = pending.pop(0)
            else:
                break  # this moment ended: the next one waits for its own seats
            default = match.default_action(seat)
            if default is None:
                break
            try:
                await self._commit(seat, default)
            except Refused:
                break
            played += 1
        return played

    def close(self) -> None:
        """Stop the bots and timers (server shutdown)."""
        for task in self._tasks:
            task.cancel()
        self._cancel_timer()
        if self._presence_timer is not None:
            self._presence_timer.cancel()
            self._presence_timer = None
        for client in self._clients:
            client.outbox.close()


def _same_answers(match: Match, after: int) -> bool:
    """Whether a screen of ``after`` moves shows the moment where everyone answers on their
    own that is still open: the answers given since then do not make it stale."""
    since = match.answering_since
    return since is not None and since <= after <= match.moves


def _reason(failure: Exception) -> str:
    return str(getattr(failure, "reason", None) or failure)


def _retrieve(future: asyncio.Future[None]) -> None:
    if not future.cancelled():
        future.exception()


def _report(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("table task failed", exc_info=task.exception())


GameFactory = Callable[..., Game[Any]]

# A clock that runs out plays at most this many defaults (a share-out has fewer cards).
_MOST_DEFAULTS = 1000
