"""Hit!'s events and plays in the players' words, for logs, replays and networked tables."""

from __future__ import annotations

from collections.abc import Sequence

from tablecards import Action, CardsMoved, Event, RoundEnded, Shuffled, TurnStarted
from tablecards.words import count, listing, says, whose
from tablecards_hit._actions import DrawAgain, EndTurn, NoSteal, Steal
from tablecards_hit._rules import Busted, Stole
from tablecards_hit._state import HitCard

__all__ = ["WORDED", "article", "event_words", "play_words"]

#: The events put into words here; any other is left to the engine's generic words.
WORDED = (CardsMoved, Busted, Stole, Shuffled, TurnStarted, RoundEnded)


def article(value: object) -> str:
    """A value with its article, as said aloud: "a 7", "an 8", "an 11", "an 18"."""
    text = str(value)
    an = text.startswith("8") or text in ("11", "18")
    return f"{'an' if an else 'a'} {text}"


def _seat_of(zone: str) -> int | None:
    _, _, number = zone.partition(":")
    return int(number) if number.isdigit() else None


def _moved(event: CardsMoved[HitCard], names: Sequence[str]) -> str | None:
    src, dst = event.src, event.dst
    if src == "deck" and dst.startswith("row:"):
        seat = _seat_of(dst)
        value = event.cards[0].value if event.cards else None
        drawn = article(value) if value is not None else "a card"
        return f"{says(names[seat], 'draws')} {drawn}" if seat is not None else None
    if src.startswith("row:") and dst.startswith("loot:"):
        seat = _seat_of(dst)
        if seat is None:
            return None
        return f"{says(names[seat], 'banks')} {count(event.count, 'face-up card')}"
    # Steals, busts and the new round's gathering are told by their own events.
    return None


def event_words(event: Event, names: Sequence[str]) -> str | None:
    """Hit!'s sentence for one of the :data:`WORDED` events; ``None``: nothing worth saying."""
    if isinstance(event, CardsMoved):
        return _moved(event, names)
    if isinstance(event, Busted):
        return (
            f"{says(names[event.seat], 'busts')} on {article(event.value)}: "
            f"{count(event.lost, 'card')} go to the box"
        )
    if isinstance(event, Stole):
        victims = listing(names[victim] for victim in event.victims)
        taken = count(event.count, str(event.value))
        return f"{says(names[event.seat], 'takes')} {taken} from {victims}"
    if isinstance(event, Shuffled):
        return "the deck is shuffled"
    if isinstance(event, TurnStarted):
        return f"{whose(names[event.seat])} turn"
    if isinstance(event, RoundEnded):
        scores = ", ".join(
            f"{says(names[seat], 'scores')} {score}" for seat, score in enumerate(event.scores)
        )
        return f"round {event.round} ends: {scores}"
    return None


def play_words(actor: int, action: Action | None, names: Sequence[str]) -> str | None:
    """Hit!'s log line for a decision (every decision of Hit! is public)."""
    name = names[actor]
    if isinstance(action, Steal):
        return says(name, "steals")
    if isinstance(action, NoSteal):
        return f"{says(name, 'does')} not steal"
    if isinstance(action, DrawAgain):
        return f"{says(name, 'draws')} again"
    if isinstance(action, EndTurn):
        return f"{says(name, 'ends')} the turn"
    return None
