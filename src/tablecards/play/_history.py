"""The log grouped per move, as one seat may read it (:meth:`tablecards.Match.history`).

Each move is one entry: the action in the game's words (:meth:`Game.describe_play`), then its
consequences in the order they happened (:meth:`Game.describe_event`). Consecutive card moves
of one deal (from one zone to several seats' zones) fold into one line per deal. It is built
from :meth:`Match.log_for` and :meth:`Match.events_for` alone, so it holds nothing the seat may
not see, and a match rebuilt from JSON gives the same lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tablecards.core._events import CardsMoved, Event
from tablecards.core._simultaneous import hidden_from
from tablecards.table._faces import card_text
from tablecards.words import count, listing, names_for

if TYPE_CHECKING:
    from tablecards.core._game import Game
    from tablecards.play._match import Match

__all__ = ["SETUP_TEXT", "history", "sentence"]

#: The text of move 0, the set-up before the first action.
SETUP_TEXT = "The match begins"


def sentence(text: str) -> str:
    """A line of the log starts with a capital: "You steal ...", "Bob passes"."""
    return text[:1].upper() + text[1:]


def history(
    match: Match, seat: int | None, names: Sequence[str], since: int
) -> list[dict[str, Any]]:
    """The entries of :meth:`Match.history <tablecards.Match.history>` (arguments checked)."""
    game = match.game
    words = names_for(names, seat)
    # The events come in move order: each move's are a run of them, read off in turn.
    events = match._events_since(seat, since)
    size = len(events)
    at = 0
    owner_of = None  # fixed by the game's layout, and public; read only if a card moved
    # Only the moves asked for are redacted (what Match.log_for does for the whole log), so an
    # update costs the same at move 5 and at move 500 (the log is read in place, not copied).
    log = match._log
    redact = game.redact_action
    # The answers of a moment everyone answers on their own: hidden until it closes.
    hidden = hidden_from(len(log), match.state)
    out: list[dict[str, Any]] = []
    for move in range(since, len(log) + 1):
        if move == 0:
            text = SETUP_TEXT
        else:
            actor, action = log[move - 1]
            seen = None if move > hidden and actor != seat else redact(action, actor, seat)
            text = sentence(game.describe_play(actor, seen, words))
        start = at
        while at < size and events[at][0] == move:
            at += 1
        then: list[str] = []
        if at > start:
            if owner_of is None:
                owner_of = match._here().owner_of
            moved = [event for _, event in events[start:at]]
            then = _consequences(game, moved, seat, words, owner_of)
        out.append({"move": move, "text": text, "then": then})
    return out


def _consequences(
    game: Game[Any],
    events: Sequence[Event],
    seat: int | None,
    names: Sequence[str],
    owner_of: Callable[[str], int | None],
) -> list[str]:
    out: list[str] = []
    describe = game.describe_event
    index, size = 0, len(events)
    while index < size:
        event = events[index]
        if isinstance(event, CardsMoved):  # only a card moved may start a deal
            end = _deal_end(events, index, owner_of)
            if end - index >= 2:
                out.append(sentence(_deal_words(game, events[index:end], seat, names, owner_of)))
                index = end
                continue
        text = describe(event, seat, names)
        if text:
            out.append(sentence(text))
        index += 1
    return out


def _deal_end(events: Sequence[Event], start: int, owner_of: Callable[[str], int | None]) -> int:
    """The end of the deal that starts at ``start`` (``start`` itself when none does)."""
    first = events[start]
    if not isinstance(first, CardsMoved) or owner_of(first.dst) is None:
        return start
    # A deal is two or more cards moved from one zone to seats' zones: a card followed by no
    # other from the same zone starts none (most moves: a single draw or play).
    after = events[start + 1] if start + 1 < len(events) else None
    if not isinstance(after, CardsMoved) or after.src != first.src:
        return start
    kind = first.dst.partition(":")[0]
    owners = set()
    end = start
    while end < len(events):
        event = events[end]
        if (
            not isinstance(event, CardsMoved)
            or event.src != first.src
            or event.dst.partition(":")[0] != kind
            or owner_of(event.dst) is None
        ):
            break
        owners.add(owner_of(event.dst))
        end += 1
    return end if len(owners) >= 2 else start


def _deal_words(
    game: Game[Any],
    events: Sequence[Event],
    seat: int | None,
    names: Sequence[str],
    owner_of: Callable[[str], int | None],
) -> str:
    totals: dict[int, int] = {}
    mine: list[str] = []
    for event in events:
        owner = owner_of(event.dst) if isinstance(event, CardsMoved) else None
        if owner is None or not isinstance(event, CardsMoved):  # pragma: no cover - see _deal_end
            continue
        totals[owner] = totals.get(owner, 0) + event.count
        if owner == seat:
            mine.extend(card_text(game, card.to_json()) for card in event.cards)
    counts = set(totals.values())
    if len(counts) == 1:
        (each,) = counts
        if len(totals) == len(names):
            text = f"each player is dealt {count(each, 'card')}"
        else:
            who = listing(names[owner] for owner in sorted(totals))
            text = f"{who} are each dealt {count(each, 'card')}"
    else:
        text = "cards are dealt: " + ", ".join(
            f"{count(number, 'card')} to {names[owner]}" for owner, number in sorted(totals.items())
        )
    if mine:
        text += f"; you get {', '.join(mine)}"
    return text
