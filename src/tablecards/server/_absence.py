"""When someone leaves the table: answers the clock gave, bots that stand in, and their lines.

A table keeps, besides its match, a few *notes*: a move the clock played for a seat (its
default, when its time ran out), a bot taking a person's seat over, the person taking it back.
They are stored (:meth:`Store.add_note`) before anyone is told, and shown in every seat's
history as part of the move they belong to, in words with names:

- a timed-out move reads "Time ran out: Cleo passes" (for Cleo: "Your time ran out: you pass");
- a move a bot made for a person: "For Ann, a bot: Ann ends the turn" ("For you, a bot: you end
  the turn");
- a take-over is a line under the move it followed: "Ann is away: a bot plays Ann's seat";
- a return: "Ann is back and plays Ann's seat again".

Nothing here is secret: who is away and who plays a seat is what anyone at a real table sees,
and a mark only says that a move (already in the seat's history) was the clock's.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

__all__ = ["TIMEOUT", "Note", "mark_history", "note_text", "stand_in_bot", "stood_in_moves"]

NoteKind = Literal["timeout", "bot", "back"]
#: The kind of note that marks a move the clock played.
TIMEOUT: NoteKind = "timeout"


@attrs.frozen
class Note:
    """Something that happened at a table besides the moves of its match.

    Attributes:
        kind: ``"timeout"`` (move ``move`` was the clock's answer for ``seat``), ``"bot"`` (a
            bot took over ``seat``, after move ``move``) or ``"back"`` (its person took it back).
        seat: the seat concerned.
        move: the move it belongs to (for a take-over or a return: the moves played then).
        by: for a take-over, the seat of the person who handed it over (``None``: the table
            did it by itself, or the seat's own person).
    """

    kind: NoteKind
    seat: int
    move: int
    by: int | None = None

    def to_json(self) -> str:
        """The note as stored (compact JSON)."""
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "move": self.move}
        if self.by is not None:
            data["by"] = self.by
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Note:
        """A stored note back.

        Raises:
            ValueError: the text is not a note.
        """
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("kind") not in ("timeout", "bot", "back"):
            raise ValueError(f"not a table note: {text[:80]!r}")
        seat, move, by = data.get("seat"), data.get("move"), data.get("by")
        if not isinstance(seat, int) or not isinstance(move, int):
            raise ValueError(f"a table note without its seat and move: {text[:80]!r}")
        return cls(data["kind"], seat, move, by if isinstance(by, int) else None)


def note_text(note: Note, reader: int | None, names: Sequence[str]) -> str:
    """A take-over or a return as ``reader`` reads it (``None``: a spectator): names, never
    seat numbers, and no pronouns (the server knows nothing of its players' genders)."""
    seat = note.seat
    mine = reader == seat
    name = names[seat]
    whose = "your seat" if mine else f"{name}'s seat"
    if note.kind == "back":
        return (
            "You are back and play your seat again"
            if mine
            else (f"{name} is back and plays {whose} again")
        )
    if note.by == seat:
        return f"{'You ask' if mine else name + ' asks'} a bot to play {whose}"
    away = "You are away" if mine else f"{name} is away"
    if note.by is None:
        return f"{away}: a bot plays {whose}"
    giver = "you hand" if reader == note.by else f"{names[note.by]} hands"
    return f"{away}; {giver} {whose} to a bot"


def mark_history(
    entries: list[dict[str, Any]],
    reader: int | None,
    names: Sequence[str],
    timed_out: Mapping[int, int],
    notes: Mapping[int, Sequence[Note]],
    by_bot: Mapping[int, int],
) -> list[dict[str, Any]]:
    """``entries`` (of :meth:`Match.history <tablecards.Match.history>`) with the clock's
    moves marked and the take-overs and returns under the move they followed.

    ``timed_out`` maps a move number to the seat the clock played it for; ``notes`` the
    moves to their take-over and return notes, ``by_bot`` the moves a bot made for a person to
    that person's seat. Entries without any are returned as they are (not copied).
    """
    out = []
    for entry in entries:
        move = entry["move"]
        seat = timed_out.get(move)
        extra = notes.get(move)
        stood_in = by_bot.get(move)
        if not entry["text"]:
            # A quiet move (a Stop decline at the end of its reaction window) has no line to
            # mark: the draw it let go on is what the players read.
            seat = stood_in = None
        if seat is None and not extra and stood_in is None:
            out.append(entry)
            continue
        marked = dict(entry)
        if seat is not None:
            marked["text"] = _timed_out(entry["text"], reader == seat)
        elif stood_in is not None:
            whom = "you" if reader == stood_in else names[stood_in]
            marked["text"] = f"For {whom}, a bot: {_lower_you(entry['text'])}"
        if extra:
            marked["then"] = [*entry["then"], *(note_text(n, reader, names) for n in extra)]
        out.append(marked)
    return out


def _timed_out(text: str, mine: bool) -> str:
    if not mine:
        return f"Time ran out: {text}"
    return f"Your time ran out: {_lower_you(text)}"


def _lower_you(text: str) -> str:
    # The reader's own move reads "You pass": after a mark, "you" is not a sentence's start.
    if text.startswith("You ") or text.startswith("You'") or text == "You":
        return "y" + text[1:]
    return text


def stood_in_moves(log: Sequence[tuple[int, object]], notes: Iterable[Note]) -> dict[int, int]:
    """The moves (numbered from 1) of ``log`` that bots made for people, to their seats, from
    the take-over and return ``notes`` in the order they were stored."""
    spans: list[tuple[int, int, int]] = []
    opened: dict[int, int] = {}
    for note in notes:
        if note.kind == "bot":
            opened.setdefault(note.seat, note.move)
        elif note.kind == "back" and note.seat in opened:
            spans.append((note.seat, opened.pop(note.seat), note.move))
    spans.extend((seat, start, len(log)) for seat, start in opened.items())
    out: dict[int, int] = {}
    for seat, start, end in spans:
        for move in range(start + 1, min(end, len(log)) + 1):
            if log[move - 1][0] == seat:
                out[move] = seat
    return out


def stand_in_bot(bots: Iterable[str]) -> str | None:
    """The bot that plays for an absent person: the game's heuristic bot, else the first
    one that does not search (a search bot's thinking costs the server a worker), else
    any; ``None`` when the game has none."""
    names = list(bots)
    if "heuristic" in names:
        return "heuristic"
    plain = [name for name in names if name not in ("ismcts", "random")]
    if plain:
        return plain[0]
    return names[0] if names else None
