"""Ex & Hopp's events and plays in the players' words, for logs, replays and networked tables.

An exchange's values are secret (EXH-10): the card given travels in a hand-to-hand move that
only the two players see, and a third seat reads the exchange by its colours alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablecards import Action, CardsMoved, Event, Shuffled, TurnStarted
from tablecards.words import says, whose
from tablecards_exhopp._actions import Accept, Decline, Give, Lay, Propose
from tablecards_exhopp._rules import Answered, Exchanged, Proposed, SequenceFinished, TurnPassed
from tablecards_exhopp._state import ColourCard, NumberCard, PointCard

__all__ = ["WORDED", "a", "event_words", "play_words"]

#: The events put into words here; any other is left to the engine's generic words.
WORDED = (
    CardsMoved,
    Shuffled,
    TurnStarted,
    Proposed,
    Answered,
    Exchanged,
    TurnPassed,
    SequenceFinished,
)


def a(colour: str) -> str:
    """The colour with its article: "a green", "an orange"."""
    return f"{'an' if colour[:1] in 'aeiou' else 'a'} {colour}"


def signed(points: int) -> str:
    """Points as players write them: "+5", "\N{MINUS SIGN}4" (a true minus sign)."""
    return f"+{points}" if points > 0 else f"\N{MINUS SIGN}{-points}" if points < 0 else "0"


def standing(points: int) -> str:
    """A player's total as every table writes a standing: "5", "\N{MINUS SIGN}4", no plus."""
    return f"\N{MINUS SIGN}{-points}" if points < 0 else str(points)


def _seat_of(zone: str) -> int | None:
    _, _, number = zone.partition(":")
    return int(number) if number.isdigit() else None


def _card(card: object) -> str:
    if isinstance(card, PointCard):
        return f"{card.ink.value} {card.points} ({signed(card.signed)})"
    if isinstance(card, NumberCard):
        return f"{card.colour.value} {card.value}"
    if isinstance(card, ColourCard):
        return card.colour.value
    return str(card)


def _moved(event: CardsMoved, names: Sequence[str]) -> str | None:
    src, dst = event.src.partition(":")[0], event.dst.partition(":")[0]
    cards = ", ".join(_card(card) for card in event.cards)
    if src == "stock" and dst == "hand":
        seat = _seat_of(event.dst)
        if seat is None:
            return None
        drawn = f"the {cards}" if cards else ("a card" if event.count == 1 else "cards")
        return f"{says(names[seat], 'draws')} {drawn}"
    if src == "hand" and dst == "hand" and cards:
        giver, taker = _seat_of(event.src), _seat_of(event.dst)
        if giver is None or taker is None:
            return None
        return f"{says(names[giver], 'gives')} the {cards} to {names[taker]}"
    if src == "point_stock" and dst == "point":
        index = _seat_of(event.dst)
        where = f"sequence {index + 1}" if index is not None else "a sequence"
        return f"a new point card for {where}: {cards}"
    if src == "colours" and dst == "colour":
        seat = _seat_of(event.dst)
        return f"{says(names[seat], 'plays')} {cards}" if seat is not None and cards else None
    if src == "discard" and dst == "stock":
        return "the discard pile is shuffled into a new stock"
    # Lays, scored sequences and the unused colours are told by plays and their own events.
    return None


def event_words(event: Event, names: Sequence[str]) -> str | None:
    """Ex & Hopp's sentence for one of the :data:`WORDED` events; ``None``: nothing to say."""
    if isinstance(event, CardsMoved):
        return _moved(event, names)
    if isinstance(event, TurnStarted):
        return f"{whose(names[event.seat])} turn"
    if isinstance(event, Exchanged):
        return (
            f"{names[event.proposer]} and {names[event.accepter]} exchange {a(event.give)} card "
            f"for {a(event.want)} card"
        )
    if isinstance(event, TurnPassed):
        return f"nobody accepts: {whose(names[event.seat])} turn passes"
    if isinstance(event, SequenceFinished):
        return _finished(event, names)
    # Shuffles are routine; proposals and answers are told by the plays themselves.
    return None


def _finished(event: SequenceFinished, names: Sequence[str]) -> str:
    totals = ", ".join(f"{colour} {total}" for colour, total in event.totals)
    head = f"sequence {event.sequence + 1} is complete ({totals})"
    if event.winner is None:
        return f"{head}: a tie, the point card stays"
    sign = signed(event.points)
    return f"{head}: {says(names[event.winner], 'takes')} the point card ({sign})"


def play_words(actor: int, action: Action | None, names: Sequence[str]) -> str | None:
    """Ex & Hopp's log line for a decision; a card given in an exchange stays secret."""
    name = names[actor]
    if action is None:  # only the card given in an exchange is ever hidden (EXH-10)
        return f"{says(name, 'chooses')} a card to give"
    if isinstance(action, Lay):
        return (
            f"{says(name, 'lays')} the {action.colour} {action.value} "
            f"on sequence {action.sequence + 1}"
        )
    if isinstance(action, Propose):
        return f"{says(name, 'offers')} {a(action.give)} card for {a(action.want)} card"
    if isinstance(action, Accept):
        return f"{says(name, 'accepts')} the exchange"
    if isinstance(action, Decline):
        return f"{says(name, 'declines')} the exchange"
    if isinstance(action, Give):
        return f"{says(name, 'chooses')} the {action.value} to give"
    return None
