"""Stepping through a finished match, move by move: the table as a spectator saw it then.

``GET /matches/{match}/moves/{move}`` answers the scene a spectator was shown after ``move``
moves of a finished match (0: the deal, before the first move), the log's entry of that move
as the spectator read it then, and at the last move the result. Nothing else: no card a
spectator could not see at that move (the rules of these games turn no card over at the end,
so neither does a replay), never the seed, and nothing at all of a match still being played
(its hidden cards would follow from its seed and its log).

The match is replayed once from the store's log through :class:`tablecards.Match` (in a worker
thread, as the server sets games up), keeping a copy of the match every :data:`KEEP_EVERY`
moves and every move's log entry; a frame is then built from the nearest kept copy by at most
``KEEP_EVERY - 1`` moves, so a step costs the same at move 5 and at move 5,000. The replays of
the :data:`KEPT_MATCHES` matches last looked at are kept, and the :data:`KEPT_FRAMES` frames
last asked for, encoded: a finished match never changes.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import attrs

from tablecards import Action, Game, Match, TablecardsError
from tablecards.server import _engine
from tablecards.server._absence import TIMEOUT, Note, mark_history, stood_in_moves
from tablecards.server._seats import with_claims
from tablecards.server._words import result_message
from tablecards.server.store import MatchRecord

if TYPE_CHECKING:
    from tablecards.server._hub import Hub

__all__ = ["KEEP_EVERY", "KEPT_FRAMES", "KEPT_MATCHES", "Replay", "ReplayRefused", "frame_text"]

log = logging.getLogger("tablecards.server")

#: A copy of the match is kept every this many moves: a frame replays at most one less.
KEEP_EVERY = 16
#: Replays kept per server process, the latest looked at (the others are built again).
KEPT_MATCHES = 8
#: Encoded frames kept per server process, the latest asked for (stepping back and forth).
KEPT_FRAMES = 256
#: The longest move number accepted in a path (a longer one is no move of any match).
_DIGITS = 9


class ReplayRefused(Exception):
    """A frame that cannot be given; ``status`` is the HTTP status, the message says why."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@attrs.frozen(eq=False)
class Replay:
    """A finished match replayed once: copies of it every :data:`KEEP_EVERY` moves and each
    move's log entries as a spectator read them then."""

    id: str
    names: tuple[str, ...]
    #: The match after 0, KEEP_EVERY, 2 * KEEP_EVERY, ... moves (never changed: cloned).
    kept: tuple[Match, ...]
    log: tuple[tuple[int, Action], ...]
    #: Per move: the entries a spectator was sent then (usually that move's alone).
    entries: tuple[tuple[dict[str, Any], ...], ...]
    #: The result as the state message says it (by name, with its sentence).
    result: dict[str, Any] | None

    @property
    def moves(self) -> int:
        """The number of moves of the match (its last move's number)."""
        return len(self.log)

    def frame(self, move: int, since: int | None = None) -> dict[str, Any]:
        """What a spectator saw after ``move`` moves (``0 <= move <= moves``): the scene, the
        log's entries from move ``since`` (default: ``move`` alone) as read then, and at the
        last move the result."""
        match = self.kept[move // KEEP_EVERY].clone()
        for seat, action in self.log[match.moves : move]:
            match.apply(seat, action)
        return {
            "match": self.id,
            "move": move,
            "moves": self.moves,
            "scene": match.scene(None, self.names),
            "history": self.history(move if since is None else since, move),
            "result": self.result if move == self.moves else None,
        }

    def history(self, since: int, move: int) -> list[dict[str, Any]]:
        """The entries of moves ``since`` to ``move`` as a spectator read them after ``move``
        moves: each move's own, unless a later one (up to ``move``) said it again."""
        read: dict[int, dict[str, Any]] = {}
        for seen in self.entries[since : move + 1]:
            for entry in seen:
                if entry["move"] >= since:
                    read[entry["move"]] = entry
        for entry in self.entries[move]:  # an open moment's answers, read again at its moves
            read[entry["move"]] = entry
        return [read[number] for number in sorted(read)]


def build(
    record: MatchRecord, game: Game[Any], rows: list[tuple[int, str]], notes: list[str]
) -> Replay:
    """Replay ``record``'s stored actions ``rows`` once (with its table ``notes``: the moves
    the clock played, the bots that played for people).

    Raises:
        TablecardsError: an action the game no longer reads or allows (a changed game).
        ReplayRefused: the log does not end the match.
    """
    names = tuple(seat.name for seat in record.seats)
    match = Match(game, record.players, record.seed)
    match.events_for(None)  # from now on recorded as they happen: each entry costs its move
    log = tuple((seat, match.parse_action(text)) for seat, text in rows)
    read = [Note.from_json(text) for text in notes]
    timed_out = {note.move: note.seat for note in read if note.kind == TIMEOUT}
    marks: dict[int, list[Note]] = {}
    for note in read:
        if note.kind != TIMEOUT:
            marks.setdefault(note.move, []).append(note)
    by_bot = stood_in_moves(log, read)

    def entries(since: int) -> tuple[dict[str, Any], ...]:
        lines = match.history(None, names, since=since)
        return tuple(mark_history(lines, None, names, timed_out, marks, by_bot))

    kept = [match.clone()]
    seen = [entries(0)]
    for seat, action in log:
        opened = match.answering_since
        match.apply(seat, action)
        move = match.moves
        # A moment where everyone answers on their own: its answers, hidden while it is
        # open, are read again at each of its moves (and shown when it closes).
        since = move
        for start in (opened, match.answering_since):
            if start is not None:
                since = min(since, start + 1)
        seen.append(entries(since))
        if move % KEEP_EVERY == 0:
            kept.append(match.clone())
    if not match.is_over:
        raise ReplayRefused(
            409, "this match is still being played: step through it once it is over"
        )
    return Replay(
        id=record.id,
        names=names,
        kept=tuple(kept),
        log=log,
        entries=tuple(seen),
        result=result_message(match.result, names),
    )


@attrs.define(eq=False)
class _Kept:
    """One server's replays and frames, the latest used last."""

    replays: OrderedDict[str, Replay] = attrs.field(factory=OrderedDict)
    frames: OrderedDict[tuple[str, int, int], str] = attrs.field(factory=OrderedDict)
    building: dict[str, asyncio.Future[Replay]] = attrs.field(factory=dict)


_KEPT: weakref.WeakKeyDictionary[Hub, _Kept] = weakref.WeakKeyDictionary()


def move_number(text: str) -> int:
    """The move number of a path: a whole number written in digits.

    Raises:
        ReplayRefused: anything else (``400``).
    """
    if not text.isascii() or not text.isdigit() or len(text) > _DIGITS:
        raise ReplayRefused(
            400, f"{text[:20]!r} is not a move: a move is a whole number, 0 before the first"
        )
    return int(text)


async def frame_text(hub: Hub, match_id: str, move_text: str, since_text: str | None = None) -> str:
    """The JSON of ``GET /matches/{match}/moves/{move}?since={since}``.

    Raises:
        ReplayRefused: no such match (``404``), a match still being played (``409``), a move
            that is not a number (``400``) or not one of the match's (``404``), a ``since``
            that is not a move number up to ``move`` (``400``).
        StorageUnavailable: the store is away.
    """
    move = move_number(move_text)
    since = move if since_text is None else move_number(since_text)
    if since > move:
        raise ReplayRefused(400, f"since={since} is after move {move}: the log runs up to it")
    kept = _KEPT.setdefault(hub, _Kept())
    key = (match_id, move, since)
    text = kept.frames.get(key)
    if text is not None:
        kept.frames.move_to_end(key)
        return text
    replay = await _replay(hub, kept, match_id)
    if move > replay.moves:
        raise ReplayRefused(
            404, f"this match has moves 0 to {replay.moves}: there is no move {move}"
        )
    text = _engine.wire(replay.frame(move, since))
    kept.frames[key] = text
    while len(kept.frames) > KEPT_FRAMES:
        kept.frames.popitem(last=False)
    return text


async def _replay(hub: Hub, kept: _Kept, match_id: str) -> Replay:
    replay = kept.replays.get(match_id)
    if replay is not None:
        kept.replays.move_to_end(match_id)
        return replay
    building = kept.building.get(match_id)
    if building is None:  # one replay at a time per match, however many ask for it
        building = asyncio.ensure_future(_build(hub, match_id))
        kept.building[match_id] = building
        building.add_done_callback(lambda _: kept.building.pop(match_id, None))
    replay = await asyncio.shield(building)
    kept.replays[match_id] = replay
    kept.replays.move_to_end(match_id)
    while len(kept.replays) > KEPT_MATCHES:
        kept.replays.popitem(last=False)
    return replay


async def _build(hub: Hub, match_id: str) -> Replay:
    store = hub.store
    record = await store.match(match_id)
    if record is None:
        raise ReplayRefused(404, "no such match")
    if not record.over:
        raise ReplayRefused(
            409, "this match is still being played: step through it once it is over"
        )
    record = with_claims(record, await store.claims(match_id))
    rows = await store.actions(match_id)
    notes = await store.notes(match_id)

    def replay() -> Replay:
        return build(record, hub.load_game(record.game, **record.options), rows, notes)

    try:
        # Off the event loop: a long match takes a moment to replay.
        return await asyncio.to_thread(replay)
    except (TablecardsError, TypeError, ValueError) as failure:
        # The reason stays in the server's log: it may name a card of a hidden action.
        log.error("match %s cannot be replayed: %s", match_id, failure)
        raise ReplayRefused(
            410, "this match can no longer be replayed: its game changed on this server"
        ) from None
