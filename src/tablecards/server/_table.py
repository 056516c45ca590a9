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
from tablecards.server._absence import (
    TIMEOUT,
    Note,
    mark_history,
    stand_in_bot,
    stood_in_moves,
)
from tablecards.server._health import RETRYING, StorageUnavailable
from tablecards.server._outbox import MAX_BYTES, Outbox, size_of
from tablecards.server._pace import BANKED, PACED, stored_pace
from tablecards.server._presence import presence_message
from tablecards.server._protocol import error
from tablecards.server._seats import open_seat_name
from tablecards.server._thinker import thinker
from tablecards.server._words import play_text, result_message
from tablecards.server.store import ActionTaken, MatchRecord, SeatRecord, Store
from tablecards.words import names_for

__all__ = ["DEFAULT_CLOCKS", "Client", "Moment", "Refused", "Settings", "Table"]

log = logging.getLogger("tablecards.server")

#: Seconds between two presence messages to a table's clients (a newcomer's own comes at once).
PRESENCE_EVERY = 1.0

#: Actions this process applied from the store rather than from its own clients and bots
#: (rebuilding a match, catching up with another process): the stats route reports it.
REPLAYED = [0]


#: The clocks a server runs by default: every kind at the game's seconds, turns and decisions
#: scaled again by each match's pace (:mod:`._pace`). Each value scales the game's seconds;
#: ``None``: off, whatever the pace.
DEFAULT_CLOCKS: Mapping[str, float | None] = MappingProxyType(
    {"reaction": 1.0, "decision": 1.0, "turn": 1.0}
)


def _positive(instance: object, attribute: attrs.Attribute[Any], value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"{attribute.name} must be a number of seconds > 0")


def _seconds_or_off(instance: object, attribute: attrs.Attribute[Any], value: float | None) -> None:
    if value is not None:
        _positive(instance, attribute, value)


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
            given keep :data:`DEFAULT_CLOCKS` (1.0). Turns and decisions are scaled again by
            the match's pace, which also gives each person a time bank (:mod:`._pace`). When
            a clock (and the bank of the seat it waits for) runs out, every seat the moment
            still waits for plays the game's default.
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
        time_scale: every time a table keeps (the games' clocks, ``away_after``,
            ``stand_in_after``, ``claim_expires``) is multiplied by this: ``0.01`` plays a
            minute in 0.6 s (tests, demonstrations). Bots' think time is ``bot_think``'s.
        away_after: seconds a moment may wait for a person who is not connected before the
            others are offered to hand the seat to a bot (its clock running out while the
            person is away offers it at once). ``None``: only the clock offers it.
        stand_in_after: seconds after that offer when, if nobody decided, a bot takes the
            seat by itself. ``None``: only people hand a seat to a bot.
        claim_expires: seconds after which an open seat someone took but never joined (no
            connection with its key) opens again for anyone. ``None``: never.
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
    # When someone leaves the table (issue 40): see docs/play-together.md.
    time_scale: float = attrs.field(default=1.0, validator=_positive)
    away_after: float | None = attrs.field(default=60.0, validator=_seconds_or_off)
    stand_in_after: float | None = attrs.field(default=120.0, validator=_seconds_or_off)
    claim_expires: float | None = attrs.field(default=300.0, validator=_seconds_or_off)


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
    #: The seat whose time bank runs now (the moment's own time ran out), if any.
    banked: int | None = None


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
        self.pace = stored_pace(record.pace)
        # Each person's time bank, in the event loop's seconds (scaled), when not full.
        self._banks: dict[int, float] = {}
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
        # Nobody at the table (issue 40): the bots and the clock wait; the clock's time left.
        self._halted = False
        self._held: tuple[Moment, float] | None = None
        # People's seats a bot plays for them meanwhile; seats offered to one; the bots'
        # turns by seat (a person back cancels the bot's); the self-acting offers' timers.
        self._standins: dict[int, Bot] = {}
        self._overdue: set[int] = set()
        self._turns: dict[int, asyncio.Task[None]] = {}
        self._offers: dict[int, asyncio.Task[None]] = {}
        # The moves the clock played and those bots made for people (move -> seat), and the
        # take-overs and returns by move.
        self._timed_out: dict[int, int] = {}
        self._by_bot: dict[int, int] = {}
        self._notes: dict[int, list[Note]] = {}
        #: Open seats taken and not yet joined, and when (the event loop's time).
        self.claimed_at: dict[int, float] = {}
        self._joined: set[int] = set()
        self._claim_timers: dict[int, asyncio.TimerHandle] = {}
        self._aside: set[asyncio.Task[None]] = set()
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

    def restore_notes(self, notes: list[Note]) -> None:
        """Take back the stored notes of a match read back from the store: the moves the
        clock played, and the bots playing for people (their takers are back when they
        connect)."""
        for note in notes:
            self._note(note)
            if note.kind == "bot" and 0 <= note.seat < self.match.players:
                self._stand_in(note.seat)
            elif note.kind == "back":
                self._standins.pop(note.seat, None)
        self._by_bot = stood_in_moves(self.match.log, notes)

    def _note(self, note: Note) -> None:
        if note.kind == TIMEOUT:
            self._timed_out[note.move] = note.seat
        else:
            self._notes.setdefault(note.move, []).append(note)

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
        if seat is not None:
            self._came(seat)
        client.outbox.put(
            {
                "type": "welcome",
                "seat": seat,
                "names": self.names,
                "bots": [who.bot for who in self.record.seats],
                "game": {"name": self.game.name, "title": self.game.title},
                "pace": self.pace.to_json(),
            }
        )
        if self._halted and not self.paused:
            self._halted = False
            self.schedule()  # someone is back: the bots and the clock go on
            self._broadcast()  # with the clock running again (the newcomer's first state)
        else:
            self._send(client, {}, {})
        self.presence_changed(client)
        return client

    def detach(self, client: Client) -> None:
        """Forget a client that disconnected."""
        self._clients.discard(client)
        self.presence_changed()
        self._maybe_idle()
        self.recheck()
        seat = client.seat
        if (
            seat is not None
            and not self._halted
            and seat in self.match.waiting_for
            and seat not in self._present()
            and seat in self.people
        ):
            self._spawn(self._away(seat, self.match.moves))  # the moment waits for it

    def recheck(self) -> None:
        """Stop the bots and the clock when nobody is at the table any more (a client left)."""
        if not self._halted and self.paused and not self.match.is_over:
            self.schedule()

    def people_changed(self) -> None:
        """A seat was taken or opened again: stop, or go on, as who is here now says."""
        if self._halted != self.paused and not self.match.is_over:
            self._halted = False
            self.schedule()

    @property
    def people(self) -> frozenset[int]:
        """The seats of people (not bots, not open)."""
        return frozenset(
            seat for seat, who in enumerate(self.record.seats) if who.bot is None and not who.open
        )

    def _present(self) -> set[int]:
        return {client.seat for client in self._clients if client.seat is not None}

    @property
    def paused(self) -> bool:
        """Whether nothing moves: no person of the match is connected (a match of bots alone:
        nobody at all watches it). Its clock waits with the time it had left."""
        people = self.people
        if people:
            return not (people & self._present())
        return not self._clients

    def _came(self, seat: int) -> None:
        """A client of ``seat`` connected: its claim is joined, its offer withdrawn, and a
        bot playing for it gives the seat back (at once: the next decision is the
        person's)."""
        self._joined.add(seat)
        self.claimed_at.pop(seat, None)
        timer = self._claim_timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        if seat in self._overdue:
            self._overdue.discard(seat)
            self._cancel_offer(seat)
        if seat in self._standins:
            self._spawn_aside(self._take_back(seat))

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
            if self._timed_out or self._notes:
                entries = mark_history(
                    entries, seat, self.names, self._timed_out, self._notes, self._by_bot
                )
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
        return presence_message(
            self.record.seats, self.names, self._clients, self._standins, self._overdue
        )

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

    async def act(self, seat: int, data: dict[str, Any], after: int, *, bot: bool = False) -> None:
        """Apply ``data`` for ``seat`` on the screen of ``after`` moves, in arrival order.

        Runs to its end even when the caller is cancelled (a client leaving mid-commit), so an
        applied action is always committed or taken back. ``bot``: a bot plays it, which it
        may only while the seat is its (a person back has taken the seat over again).

        Raises:
            Refused: stale, too late, malformed, not the seat's turn, illegal; nothing applied.
        """
        future = asyncio.ensure_future(self._act(seat, data, after, bot))
        # A caller cancelled meanwhile (a bot whose moment moved on) no longer reads the
        # refusal: read it here, so it is not reported as a lost exception.
        future.add_done_callback(_retrieve)
        await asyncio.shield(future)

    async def _act(self, seat: int, data: dict[str, Any], after: int, bot: bool) -> None:
        async with self._lock:
            match = self.match
            if bot and seat not in self._bots and seat not in self._standins:
                raise Refused(error("not_your_turn", "the seat's person is back"))
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
            # Said in words: a person never sees the engine's move numbers.
            return error("too_late", f"too late, another choice came first: {what}")
        return error(
            "stale",
            "the table changed since your screen was drawn: nothing was played; "
            "look again and choose",
        )

    async def _commit(self, seat: int, action: Action, *, timed_out: bool = False) -> None:
        """Apply and store ``action`` (``timed_out``: the clock's answer for ``seat``, marked
        as such in every history), or take it back and raise :class:`Refused`."""
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
        self._spend(seat, timed_out)
        if seat in self._standins and not timed_out:
            self._by_bot[number] = seat
        if timed_out:
            note = Note(TIMEOUT, seat, number)
            # After its move: a crash in between loses the mark, never the move.
            await self._store_note(note)
            self._note(note)

    async def _store_note(self, note: Note) -> None:
        try:
            await self.store.add_note(self.id, note.to_json())
        except StorageUnavailable as failure:
            # The move is stored and goes on; only its words would lack this after a restart.
            log.warning("match %s: note not stored: %s", self.id, failure)

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
        self._turns = {seat: task for seat, task in self._turns.items() if task in self._tasks}
        if match.is_over:
            self._cancel_timer()
            self._held = None
            return
        if self.paused:
            self._halt()
            return
        self._halted = False
        moves = match.moves
        present = self._present()
        for seat in match.waiting_for:
            if (seat in self._bots or seat in self._standins) and seat not in thinking:
                self._bot_starts(seat, moves)
            elif (
                seat not in present
                and seat not in self._overdue
                and seat in self.people
                and self.settings.away_after is not None
            ):
                self._spawn(self._away(seat, moves))
        for seat in self._overdue:
            if seat not in self._offers:
                self._offer(seat)
        self._arm_timer()

    def _bot_starts(self, seat: int, moves: int) -> None:
        task = self._spawn(self._bot_turn(seat, moves))
        self._turns[seat] = task
        if self.match.answering_since is not None:
            self._answering[seat] = task

    def _halt(self) -> None:
        """Nobody at the table: the bots stop thinking, the clock stops with its time left."""
        self._halted = True
        for task in self._tasks:
            task.cancel()
        self._tasks, self._answering, self._turns = set(), {}, {}
        for seat in list(self._offers):
            self._cancel_offer(seat)
        moment = self._moment
        if moment is not None:
            left = max(0.0, moment.deadline - asyncio.get_running_loop().time())
            self._cancel_timer()
            self._held = (moment, left)

    def _scaled(self, seconds: float) -> float:
        return seconds * self.settings.time_scale

    async def _away(self, seat: int, moves: int) -> None:
        """The moment has waited ``away_after`` seconds for a person who is not here: the
        others are offered to hand the seat to a bot."""
        after = self.settings.away_after
        if after is None:
            return
        await asyncio.sleep(self._scaled(after))
        if self.match.moves == moves and seat not in self._present() and not self._halted:
            self._make_overdue(seat)

    def _make_overdue(self, seat: int) -> None:
        if seat in self._overdue or seat in self._standins or seat not in self.people:
            return
        self._overdue.add(seat)
        self._offer(seat)
        self.presence_changed()

    def _offer(self, seat: int) -> None:
        """Hand ``seat`` to a bot by itself after ``stand_in_after`` seconds, unless
        someone decided first or its person came back."""
        after = self.settings.stand_in_after
        if after is None or self._halted:
            return
        task: asyncio.Task[None] = asyncio.ensure_future(self._offer_runs_out(seat, after))
        task.add_done_callback(_report)
        self._offers[seat] = task

    async def _offer_runs_out(self, seat: int, after: float) -> None:
        await asyncio.sleep(self._scaled(after))
        self._offers.pop(seat, None)
        with contextlib.suppress(Refused):
            await self.hand_over(seat, None)

    def _cancel_offer(self, seat: int) -> None:
        task = self._offers.pop(seat, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(_report)
        return task

    async def _bot_turn(self, seat: int, moves: int) -> None:
        bot = self._bots.get(seat) or self._standins.get(seat)
        if bot is None:
            return
        low, high = self.settings.bot_think
        await asyncio.sleep(random.uniform(low, high))  # think time: not secret, not seeded
        match = self.match
        # Only a moment that still waits for the bot: a seat that passed is not asked again.
        if (match.moves != moves and not _same_answers(match, moves)) or (
            seat not in match.waiting_for
        ):
            return
        # What bot_choice gives (an information set or a view), thought over off the loop.
        action = await thinker.choose(bot, match, seat, self._rngs[seat])
        with contextlib.suppress(Refused):  # a bot beaten to a moment just lost the race
            await self.act(seat, match.action_json(action), moves, bot=True)

    def _arm_timer(self) -> None:
        """Arm the clock of the current moment, or keep the running one when the same moment
        goes on: the same clock, and the last move a seat letting it pass with its default
        (a decline, a pass), so that seats dropping out never restart it."""
        match = self.match
        clock = match.clock
        waiting = match.waiting_for
        factor = None if clock is None else self._factor(clock.kind)
        if clock is None or factor is None or not waiting:
            self._cancel_timer()
            return
        loop = asyncio.get_running_loop()
        held, self._held = self._held, None
        if held is not None and held[0].moves == match.moves and held[0].clock == clock:
            # Back after nobody was here: the same moment, with the time it had left.
            self._cancel_timer()
            again, left = held
            again.waiting = waiting
            again.deadline = loop.time() + left
            again.task = asyncio.ensure_future(self._close_moment(again))
            again.task.add_done_callback(_report)
            self._moment = again
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
        seconds = self._scaled(clock.seconds * factor)
        moment = Moment(clock, waiting, match.moves, loop.time() + seconds)
        moment.task = asyncio.ensure_future(self._close_moment(moment))
        moment.task.add_done_callback(_report)
        self._moment = moment

    def _factor(self, kind: str) -> float | None:
        """The factor on the game's seconds for a clock of ``kind``: the server's, times the
        pace's for turns and decisions; ``None``: that moment waits for ever."""
        server = self.settings.clocks.get(kind)
        if server is None or kind not in PACED:
            return server
        pace = self.pace.factor
        return None if pace is None else server * pace

    # -- time banks ---------------------------------------------------------------------------

    def _bank(self, seat: int) -> float:
        """What is left of ``seat``'s bank, in the event loop's seconds."""
        return self._banks.get(seat, self._scaled(self.pace.bank))

    def _bank_seat(self, moment: Moment) -> int | None:
        """The seat whose bank runs now that ``moment``'s own time ran out: a turn waiting for
        one person alone, at the table (one who left spends none), with time in the bank."""
        if moment.banked is not None or moment.clock.kind not in BANKED:
            return None
        if len(moment.waiting) != 1:
            return None
        seat = moment.waiting[0]
        if seat not in self.people or seat in self._standins or self._bank(seat) <= 0:
            return None
        return seat if seat in self._present() else None

    def _spend(self, seat: int, timed_out: bool) -> None:
        """``seat`` answered (its lock held, before the next moment's clock): its bank keeps
        what it has left, or gets a little back for an answer in time."""
        moment = self._moment
        if moment is None or seat not in moment.waiting:
            return
        if moment.banked == seat:
            left = moment.deadline - asyncio.get_running_loop().time()
            self._banks[seat] = 0.0 if timed_out else max(0.0, left)
        elif not timed_out and moment.clock.kind in BANKED and len(moment.waiting) == 1:
            full = self._scaled(self.pace.bank)
            self._banks[seat] = min(full, self._bank(seat) + self._scaled(self.pace.refill))

    def _banks_message(self) -> list[float | None] | None:
        """Each person's bank left (seconds), ``None`` for the others; ``None`` without banks."""
        if self.pace.bank <= 0:
            return None
        moment = self._moment
        now = asyncio.get_running_loop().time()
        out: list[float | None] = []
        for seat in range(self.match.players):
            if seat not in self.people:
                out.append(None)
            elif moment is not None and moment.banked == seat:
                out.append(round(max(0.0, moment.deadline - now), 2))
            else:
                out.append(round(self._bank(seat), 2))
        return out

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
        out: dict[str, Any] = {
            "kind": moment.clock.kind,
            "seconds": round(left, 2),
            "waiting_for": list(self.match.waiting_for),
        }
        banks = self._banks_message()
        if banks is not None:
            out["bank"] = moment.banked is not None  # the seconds are its bank's
            out["banks"] = banks
        return out

    async def _close_moment(self, moment: Moment) -> None:
        await asyncio.sleep(max(0.0, moment.deadline - asyncio.get_running_loop().time()))
        async with self._lock:
            # Bound to its moment: when anything else happened since (checked under the lock,
            # after any commit in flight), this timer is no longer the table's and does nothing.
            if self._moment is not moment or self.match.moves != moment.moves:
                return
            seat = self._bank_seat(moment)
            if seat is not None:  # its own time is up: the seat's bank runs now
                loop = asyncio.get_running_loop()
                moment.banked = seat
                moment.deadline = loop.time() + self._bank(seat)
                moment.task = asyncio.ensure_future(self._close_moment(moment))
                moment.task.add_done_callback(_report)
                self._broadcast()  # the clock now counts the bank down
                return
            self._moment = None
            if moment.banked is not None:
                self._banks[moment.banked] = 0.0  # spent: the default plays
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
                await self._commit(seat, default, timed_out=True)
            except Refused:
                break
            played += 1
            if seat not in self._present():
                self._make_overdue(seat)  # away, and the time ran out: offered to a bot
        return played

    # -- someone left: a bot takes over, and gives the seat back ---------------------------------

    async def hand_over(self, seat: int, by: int | None) -> None:
        """Let a bot play person ``seat``'s turns until its person comes back: asked by the
        person of seat ``by`` (any seat once ``seat`` is offered, being away with its time
        run out; its own person at any time), or by the table itself (``None``: the offer ran
        out). Stored, then a line in every history.

        Raises:
            Refused: not a person's seat, a bot plays it already, not offered, the match is
                over, the game has no bot, or the store is away.
        """
        async with self._lock:
            match = self.match
            if match.is_over:
                raise Refused(error("over", "the match is over"))
            name = self.names[seat]
            if seat not in self.people:
                raise Refused(error("hand_over", f"{name}'s seat is not a person's"))
            if seat in self._standins:
                raise Refused(error("hand_over", f"a bot already plays {name}'s seat"))
            if by != seat and seat not in self._overdue:
                raise Refused(
                    error(
                        "hand_over",
                        f"{name}'s seat can be handed to a bot once {name} is away and the "
                        "time has run out",
                    )
                )
            if stand_in_bot(registry().bot_names(self.game.name)) is None:
                raise Refused(error("hand_over", "this game has no bot to play a seat"))
            note = Note("bot", seat, match.moves, by)
            try:
                await self.store.add_note(self.id, note.to_json())
            except StorageUnavailable:
                raise Refused(error("storage", RETRYING)) from None
            self._stand_in(seat)
            self._overdue.discard(seat)
            self._cancel_offer(seat)
            self._noted(note)
            if seat in match.waiting_for and not self._halted:
                self._bot_starts(seat, match.moves)

    async def _take_back(self, seat: int) -> None:
        """The person of ``seat`` is back: the bot playing for it stops (its thinking is
        dropped), and the seat's next decision is the person's."""
        async with self._lock:
            if seat not in self._standins or seat not in self._present():
                return
            note = Note("back", seat, self.match.moves)
            try:
                await self.store.add_note(self.id, note.to_json())
            except StorageUnavailable as failure:
                log.warning("match %s: return not stored: %s", self.id, failure)
            del self._standins[seat]
            task = self._turns.pop(seat, None)
            if task is not None:
                task.cancel()
            self._noted(note)

    def _stand_in(self, seat: int) -> None:
        name = stand_in_bot(registry().bot_names(self.game.name))
        if name is None:
            return
        # The bot gets only the seat's view or information set, as every bot does.
        self._standins[seat] = registry().bot(self.game.name, name).factory(self.game, seat)
        self._rngs.setdefault(seat, random.Random(secrets.randbits(64)))

    def _noted(self, note: Note) -> None:
        """Show a take-over or a return: the presence, and the move's history entry again
        (with its new line) to every client."""
        self._note(note)
        for client in self._clients:
            client.history_from = min(client.history_from, note.move)
        self.presence_changed()
        self._broadcast()

    def _spawn_aside(self, coro: Any) -> None:
        """A task of the table that a new move does not cancel (a return, a released seat)."""
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        task.add_done_callback(_report)
        self._aside.add(task)
        task.add_done_callback(self._aside.discard)

    # -- open seats taken but never joined ---------------------------------------------------------

    def claimed(self, seat: int, at: float | None = None) -> None:
        """Open ``seat`` was taken (at loop time ``at``, now by default): it opens again
        after ``claim_expires`` seconds unless its taker joins first."""
        if seat in self._joined or self.settings.claim_expires is None:
            return
        loop = asyncio.get_running_loop()
        at = loop.time() if at is None else at
        self.claimed_at[seat] = at
        old = self._claim_timers.pop(seat, None)
        if old is not None:
            old.cancel()
        wait = max(0.0, at + self._scaled(self.settings.claim_expires) - loop.time())
        self._claim_timers[seat] = loop.call_later(
            wait, lambda: self._spawn_aside(self._release(seat))
        )

    async def _release(self, seat: int) -> None:
        self._claim_timers.pop(seat, None)
        async with self._lock:
            if seat in self._joined or seat not in self.claimed_at or self.match.is_over:
                return
            try:
                await self.store.release(self.id, seat)
            except StorageUnavailable as failure:
                log.warning("match %s: seat %d not reopened: %s", self.id, seat + 1, failure)
                return
            del self.claimed_at[seat]
            name = open_seat_name(seat)
            seats = list(self.record.seats)
            seats[seat] = SeatRecord(name, None, open=True)
            self.record = attrs.evolve(self.record, seats=tuple(seats))
            self.names[seat] = name
            self.presence_changed()
            self._broadcast()  # the scenes name the open seat again
            self.people_changed()

    def close(self) -> None:
        """Stop the bots and timers (server shutdown)."""
        for task in self._tasks:
            task.cancel()
        for task in [*self._aside, *self._offers.values()]:
            task.cancel()
        for timer in self._claim_timers.values():
            timer.cancel()
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
