"""The live tables of a server: creating matches, rebuilding them at start, the lobby."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from tablecards import Game, TablecardsError, available_games, registry
from tablecards.server._absence import Note
from tablecards.server._names import NameRefused, clean_name, reserved, reserved_reason, skeleton
from tablecards.server._pace import DEFAULT_PACE, pace_named, paces_json, stored_pace
from tablecards.server._seats import open_seat_name, with_claims
from tablecards.server._table import Settings, Table
from tablecards.server._words import bot_words
from tablecards.server.store import MatchRecord, SeatRecord, Store, token_hash

# clean_name is _names's, kept importable from here.
__all__ = ["BadRequest", "Hub", "Invite", "SetupTooLong", "clean_name", "games", "set_up"]

log = logging.getLogger("tablecards.server")

#: 18 random bytes: 144 bits, beyond guessing (the issue asks for at least 128).
TOKEN_BYTES = 18

GameLoader = Callable[..., Game[Any]]
#: Unfinished matches read from a shared store for the lobby, at most ...
LOBBY_STORED = 1_000
#: ... created within this many seconds (older unfinished ones are abandoned: not listed).
LOBBY_HORIZON = 24 * 3600.0
#: Seconds a game may take to be made and dealt when a match is created.
SETUP_SECONDS = 5.0


class BadRequest(Exception):
    """A request to create a match that cannot be honoured; the message says why."""


class SetupTooLong(BadRequest, TablecardsError):
    """A game that took more than :data:`SETUP_SECONDS` to be made or dealt."""


T = TypeVar("T")


async def set_up(build: Callable[[], T]) -> T:
    """``build()`` (making a game, dealing a match: a plugin's code) in a worker thread, so the
    event loop serves everybody else meanwhile, for at most :data:`SETUP_SECONDS`.

    Raises:
        SetupTooLong: it took longer (the thread finishes on its own; nothing is kept).
    """
    try:
        return await asyncio.wait_for(asyncio.to_thread(build), SETUP_SECONDS)
    except asyncio.TimeoutError:
        raise SetupTooLong(
            f"the game took longer than {SETUP_SECONDS:g} s to set up: choose other options"
        ) from None


Invite = dict[str, Any]


class Hub:
    """Every table of one server process, by match id."""

    def __init__(self, store: Store, settings: Settings, load_game: GameLoader) -> None:
        self.store = store
        self.settings = settings
        self.load_game = load_game
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._tasks: set[asyncio.Future[None]] = set()
        #: Matches stopped because nobody was connected: rebuilt on a visit, not by the lobby.
        self.resting: set[str] = set()

    async def restore(self) -> None:
        """Rebuild every unfinished match from the store and let its bots and timers run."""
        for record in await self.store.unfinished():
            await self._rebuild(record)

    async def _rebuild(self, record: MatchRecord) -> Table | None:
        claims = await self.store.claims(record.id)
        record = with_claims(record, claims)
        try:
            table = Table(record, self._game(record), self.store, self.settings)
            table.replay(await self.store.actions(record.id))
            notes = await self.store.notes(record.id)
            table.restore_notes([Note.from_json(text) for text in notes])
        except (TablecardsError, ValueError) as failure:
            log.error("match %s cannot be rebuilt: %s", record.id, failure)
            return None
        self.tables[record.id] = table
        table.on_idle = self.forget
        played = {seat for seat, _ in table.match.log}
        for seat in claims:
            if seat not in played:  # taken, maybe never joined: its delay starts again
                table.claimed(seat)
        table.schedule()
        return table

    async def table(self, match_id: str) -> Table | None:
        """The live table of a match, rebuilt from the store when this process has none yet
        (a shared store: another process created it; or it was stopped, abandoned, to leave
        memory); ``None`` for an unknown match."""
        table = self.tables.get(match_id)
        if table is not None:
            return table
        # A shared store: another process may have created it. Any store: a finished match is
        # not rebuilt at start but on demand, when someone looks back at it; an abandoned one
        # left memory and comes back with its next visitor.
        loading = self._loading.get(match_id)
        if loading is None:  # one rebuild at a time per match, however many sockets ask
            loading = asyncio.ensure_future(self._load(match_id))
            self._loading[match_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(match_id, None))
        return await asyncio.shield(loading)

    async def _load(self, match_id: str) -> Table | None:
        self.resting.discard(match_id)
        record = await self.store.match(match_id)
        return None if record is None else await self._rebuild(record)

    def on_action(self, match_id: str, number: int) -> None:
        """Another process committed action ``number`` of a match: catch its table up."""
        table = self.tables.get(match_id)
        if table is None or table.match.moves >= number:
            return
        if not table.watched:
            # Another process serves it (a router sends each match's clients to one process):
            # leave memory rather than replay its moves; the next visit here rebuilds it.
            del self.tables[match_id]
            table.close()
            return
        task = asyncio.ensure_future(table.catch_up(number))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_caught_up)

    def _game(self, record: MatchRecord) -> Game[Any]:
        return self.load_game(record.game, **record.options)

    def _title(self, record: MatchRecord) -> str:
        try:
            return str(registry().games[record.game].cls.title)
        except KeyError:
            return record.game

    def forget(self, table: Table) -> None:
        """Let a finished match nobody watches leave memory: it stays in the store, and the
        next visit rebuilds it (:meth:`table`)."""
        if self.tables.get(table.id) is table and table.idle:
            del self.tables[table.id]
            table.close()

    async def create(
        self, data: Mapping[str, Any], *, seed: int | None = None
    ) -> tuple[str, list[Invite]]:
        """Create a match from a request ``{"game", "players", "options", "seats", "pace"}``.

        ``seed`` is for tests that need a known deal; by default a fresh one is drawn from the
        OS. Returns the match id and one invite (with its secret token) per human seat.

        Raises:
            BadRequest: an unknown game, option or bot, a bad seat count or seat description.
        """
        game_name = data.get("game")
        if not isinstance(game_name, str):
            raise BadRequest("'game' must name an installed game")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise BadRequest("'options' must be an object of the game's options")
        try:
            game = await set_up(lambda: self.load_game(game_name, **options))
        except (TablecardsError, TypeError, ValueError) as failure:
            raise BadRequest(str(failure)) from None
        players = data.get("players", game.default_players)
        if not isinstance(players, int) or isinstance(players, bool):
            raise BadRequest("'players' must be a whole number")
        try:
            game.check_players(players)
        except TablecardsError as failure:
            raise BadRequest(str(failure)) from None
        seats = _seats(game, players, data.get("seats"))
        try:
            pace = pace_named(data.get("pace", DEFAULT_PACE)).name
        except ValueError as failure:
            raise BadRequest(str(failure)) from None
        record = MatchRecord(
            id=secrets.token_hex(6),
            game=game.name,
            options=game.options_json(),
            players=players,
            seed=secrets.randbits(63) if seed is None else seed,
            seats=seats,
            pace=pace,
        )
        tokens = {
            seat: secrets.token_urlsafe(TOKEN_BYTES)
            for seat, who in enumerate(seats)
            if who.bot is None and not who.open
        }
        try:
            table = await set_up(lambda: Table(record, game, self.store, self.settings))
        except TablecardsError as failure:
            raise BadRequest(str(failure)) from None
        await self.store.create_match(record, {token_hash(t): s for s, t in tokens.items()})
        self.tables[record.id] = table
        table.on_idle = self.forget
        table.schedule()
        invites = [
            {"seat": seat, "name": seats[seat].name, "token": token}
            for seat, token in tokens.items()
        ]
        return record.id, invites

    async def lobby(self, limit: int = LOBBY_STORED) -> list[dict[str, Any]]:
        """The matches of this server, live ones first; never a seed or a token.

        With a shared store, the unfinished matches this process does not hold are listed from
        the store, not rebuilt (another process serves them), so every process lists the same
        matches and none replays another's moves: the newest ``limit`` created within
        :data:`LOBBY_HORIZON` seconds, in one query (older unfinished ones are abandoned).
        """
        rows: list[dict[str, Any]] = []
        for table in self.tables.values():
            match = table.match
            rows.append(
                {
                    "id": table.id,
                    "game": table.game.name,
                    "title": table.game.title,
                    "players": match.players,
                    "seats": [seat.to_json() for seat in table.record.seats],
                    "moves": match.moves,
                    "over": match.is_over,
                    "pace": table.pace.to_json(),
                    "created": table.record.created,
                }
            )
        if self.store.shared:
            # Listed from the store, not rebuilt: another process serves them (behind a
            # router each match has one process), and this one must not replay their moves.
            since = time.time() - LOBBY_HORIZON
            for stored, moves, claims in await self.store.lobby(since, limit):
                if stored.id in self.tables or stored.id in self.resting:
                    continue  # listed above; or abandoned here, resting until a visit
                record = with_claims(stored, claims)
                rows.append(
                    {
                        "id": record.id,
                        "game": record.game,
                        "title": self._title(record),
                        "players": record.players,
                        "seats": [seat.to_json() for seat in record.seats],
                        "moves": moves,
                        "over": False,
                        "pace": stored_pace(record.pace).to_json(),
                        "created": record.created,
                    }
                )
        # Matches with a seat waiting for a player first, then the others being played, the
        # newest first in each: a new match is on the first page, however many are older.
        rows.sort(key=lambda row: (bool(row["over"]), not _has_open_seat(row), -row["created"]))
        return rows

    def close(self) -> None:
        """Stop every table's bots and timers."""
        for table in self.tables.values():
            table.close()
        for task in self._tasks:
            task.cancel()


def _caught_up(task: asyncio.Future[None]) -> None:
    # Read its outcome: a store that is away is retried when it is back, not a traceback.
    if task.cancelled():
        return
    failure = task.exception()
    if failure is not None and type(failure).__name__ != "StorageUnavailable":
        log.error("catching a table up failed: %s", failure)


def _has_open_seat(row: Mapping[str, Any]) -> bool:
    return any(seat.get("open") for seat in row["seats"])


def games() -> list[dict[str, Any]]:
    """The installed games, their seat counts, options and bots, for the lobby.

    The games to play first, then the examples (:attr:`Game.example
    <tablecards.Game>`), each group in the registry's order; each with its one-line summary
    and length, its seat options (counted from 0 here, as the library does) and its bots
    described in words (:func:`~._words.bot_words`), the weakest first.
    """
    out = []
    reg = registry()
    for name in sorted(available_games(), key=lambda game: reg.games[game].cls.example):
        cls = reg.games[name].cls
        bots = sorted(
            (bot_words(bot, reg.bot(name, bot).description) for bot in reg.bot_names(name)),
            key=lambda bot: int(bot["level"]),
        )
        out.append(
            {
                "name": name,
                "title": cls.title,
                "summary": cls.summary,
                "length": cls.length,
                "example": cls.example,
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "default_players": cls.default_players,
                "options": _jsonable(cls.option_defaults()),
                "ranges": {k: bounds.to_json() for k, bounds in cls.option_ranges().items()},
                "seat_options": list(cls.seat_options()),
                "bots": [bot["name"] for bot in bots],
                "bot_words": bots,
                "paces": paces_json(),
                "pace": DEFAULT_PACE,
            }
        )
    return out


def _jsonable(options: dict[str, Any]) -> dict[str, Any]:
    return {
        key: value
        for key, value in options.items()
        if value is None or isinstance(value, (bool, int, float, str))
    }


def _seats(game: Game[Any], players: int, raw: object) -> tuple[SeatRecord, ...]:
    if raw is None:
        raw = [{}] * players
    if not isinstance(raw, list) or len(raw) != players:
        raise BadRequest(f"'seats' must list {players} seats")
    seats = []
    for seat, item in enumerate(raw):
        if not isinstance(item, dict) or set(item) - {"name", "bot", "open"}:
            raise BadRequest(f"seat {seat} must be an object with 'name' and/or 'bot', or 'open'")
        if item.get("open", False) is not False:
            if item.get("open") is not True or "bot" in item:
                raise BadRequest(f"seat {seat}: 'open' must be true, for a seat without a bot")
            seats.append(SeatRecord(open_seat_name(seat), None, open=True))
            continue
        bot = item.get("bot")
        if bot is not None:
            if not isinstance(bot, str):
                raise BadRequest(f"seat {seat}: 'bot' must name a bot")
            try:
                registry().bot(game.name, bot)
            except TablecardsError as failure:
                raise BadRequest(f"seat {seat}: {failure}") from None
        # Named as the lobby offers it ("Strong bot 2"), not by its registered name.
        default = f"{bot_words(bot, '')['title']} bot {seat + 1}" if bot else f"Player {seat + 1}"
        try:
            name = clean_name(item.get("name"), default)
        except NameRefused as refusal:
            raise BadRequest(f"seat {seat + 1}: {refusal}") from None
        if name != default and reserved(name):
            raise BadRequest(f"seat {seat + 1}: {reserved_reason(name)}")
        seats.append(SeatRecord(name, bot))
    _distinct(seats)
    return tuple(seats)


def _distinct(seats: list[SeatRecord]) -> None:
    """Refuse two seats whose names are one (:func:`~._names.skeleton`: "Ann" and "ann")."""
    seen: dict[str, int] = {}
    for seat, who in enumerate(seats):
        if who.open:
            continue
        form = skeleton(who.name)
        if form in seen:
            raise BadRequest(
                f"seats {seen[form] + 1} and {seat + 1} are both called {who.name}: "
                "give them names people can tell apart"
            )
        seen[form] = seat
