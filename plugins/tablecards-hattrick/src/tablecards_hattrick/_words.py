"""Hattrick's events and plays in the players' words, for logs, replays and networked tables."""

from __future__ import annotations

from collections.abc import Sequence

from tablecards import Action, CardsMoved, Event, RoundEnded, Shuffled, TurnStarted
from tablecards.words import count, says
from tablecards_hattrick._actions import Pass, Play
from tablecards_hattrick._rules import PileTaken, TrickLed
from tablecards_hattrick._scene_round import signed
from tablecards_hattrick._state import DECK

__all__ = ["WORDED", "event_words", "play_words"]

#: The events put into words here; any other is left to the engine's generic words.
WORDED = (CardsMoved, Shuffled, TurnStarted, RoundEnded, PileTaken, TrickLed)


def _seat_of(zone: str) -> int | None:
    number = zone.split(":")[1] if ":" in zone else ""
    return int(number) if number.isdigit() else None


def _moved(event: CardsMoved, names: Sequence[str]) -> str | None:
    if event.src != "deck" or not event.dst.startswith("hand:"):
        # Plays, passes and won piles are told by the plays and PileTaken; the gathering of
        # the cards before a deal is routine.
        return None
    seat = _seat_of(event.dst)
    if seat is None:
        return None
    if event.cards:
        cards = ", ".join(str(card) for card in event.cards)
        return f"{says(names[seat], 'is')} dealt {cards}"
    return f"{says(names[seat], 'is')} dealt {count(event.count, 'card')}"


def event_words(event: Event, names: Sequence[str]) -> str | None:
    """Hattrick's sentence for one of the :data:`WORDED` events; ``None``: nothing to say."""
    if isinstance(event, CardsMoved):
        return _moved(event, names)
    if isinstance(event, Shuffled):
        return "the cards are shuffled"
    if isinstance(event, TrickLed):
        return f"trick {event.trick} of round {event.round}: {says(names[event.seat], 'leads')}"
    if isinstance(event, PileTaken):
        won = count(event.count, "card")
        return f"{says(names[event.seat], 'wins')} the {event.colour} pile ({won})"
    if isinstance(event, RoundEnded):
        # As the table writes a round's scores: "+6", "-6" with a true minus sign, "0".
        scores = ", ".join(
            f"{names[seat]} {signed(score)}" for seat, score in enumerate(event.scores)
        )
        return f"round {event.round} ends: {scores}"
    # Whose turn it is shows on the table; a line per turn would drown the tricks.
    return None


def play_words(actor: int, action: Action | None, names: Sequence[str]) -> str | None:
    """Hattrick's log line for a decision (every card played or shown is public)."""
    card_id = getattr(action, "card", None)
    if not isinstance(card_id, int) or not 0 <= card_id < len(DECK):
        return None
    card = DECK[card_id]
    if isinstance(action, Play):
        return f"{says(names[actor], 'plays')} the {card}"
    if isinstance(action, Pass):
        return f"{says(names[actor], 'passes')}, showing the {card} (a \N{MINUS SIGN}2 penalty)"
    return None
