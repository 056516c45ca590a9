"""Stop's events and plays in the players' words, for logs, replays and networked tables.

Everything in Stop is public but the cards drawn into a hand; a draw reads "Ben draws a card"
for the others and "you draw a 3" for its owner, from the event as each seat may see it.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablecards import Action, CardsMoved, Event, RoundEnded, Shuffled
from tablecards.words import count, is_you, listing, says, whose
from tablecards_stop._actions import Bid, CallStop, Decline, Give, GiveRest, Pass, Raise
from tablecards_stop._events import (
    BidPlaced,
    Eliminated,
    GameWon,
    Gave,
    GaveRest,
    Passed,
    Raised,
    Restarted,
    RoundTied,
    RoundWon,
    Skipped,
    StopCalled,
)
from tablecards_stop._state import PLUS, StopCard

__all__ = ["WORDED", "card_name", "cards_named", "event_words", "play_words"]

#: The events put into words here; any other is left to the engine's generic words.
WORDED = (
    CardsMoved,
    Shuffled,
    RoundEnded,
    BidPlaced,
    Eliminated,
    GameWon,
    Gave,
    GaveRest,
    Passed,
    Raised,
    Restarted,
    RoundTied,
    RoundWon,
    Skipped,
    StopCalled,
)


def card_name(value: int) -> str:
    """``"+1"`` for a plus card, else its value (colours no longer matter once shared out)."""
    return "+1" if value == PLUS else str(value)


def cards_named(values: Sequence[int]) -> str:
    """Cards by value, in words: "a 2, two 3s and a +1" (+1s last, as a hand reads)."""
    seen: dict[int, int] = {}
    for value in sorted(values, key=lambda value: (value == PLUS, value)):
        seen[value] = seen.get(value, 0) + 1
    return listing(
        f"a {card_name(value)}" if number == 1 else count(number, card_name(value))
        for value, number in seen.items()
    )


def _seat_of(zone: str) -> int | None:
    _, _, number = zone.partition(":")
    return int(number) if number.isdigit() else None


def _moved(event: CardsMoved[StopCard], names: Sequence[str]) -> str | None:
    seat = _seat_of(event.dst)
    if seat is None or not (event.src.startswith("pack:") and event.dst.startswith("hand:")):
        # Bids, raises, share-outs, restarts and eliminations are told by their own events.
        return None
    draws = says(names[seat], "draws")
    if event.cards:
        drawn = ", ".join(card_name(card.value) for card in event.cards)
        return f"{draws} {'a ' if event.count == 1 else ''}{drawn}"
    return f"{draws} {'a card' if event.count == 1 else count(event.count, 'card')}"


def _own(names: Sequence[str], seat: int, owner: int) -> str:
    if seat == owner:
        return "your own" if is_you(names[seat]) else "their own"
    return whose(names[owner])


def event_words(event: Event, names: Sequence[str]) -> str | None:
    """Stop's sentence for one of the :data:`WORDED` events; ``None``: nothing worth saying.

    Passed, Gave and RoundEnded say nothing: the play or RoundWon has said it already; the
    shuffles of packs are routine. A raise and the rest of a share-out are told here, not by
    their plays (``Stop.quiet_play``): their events name the cards, which lie face up on the
    table, so every seat may read them.
    """
    if isinstance(event, CardsMoved):
        return _moved(event, names)
    if isinstance(event, Shuffled):
        return None  # a pack is shuffled at the start and after a share-out: routine
    if isinstance(event, StopCalled):
        return f"round {event.round}: {says(names[event.seat], 'takes')} the red token"
    if isinstance(event, BidPlaced):
        return f"{whose(names[event.seat])} bid is worth {event.total}"
    if isinstance(event, Raised):
        return _raised(event, names)
    if isinstance(event, GaveRest):
        return _gave_rest(event, names)
    if isinstance(event, RoundWon):
        return _won(event, names)
    if isinstance(event, RoundTied):
        bidders = listing(names[seat] for seat in event.bidders)
        return f"tie at {event.total}: no tokens; {bidders} take the bids back into their packs"
    if isinstance(event, Skipped):
        return f"{says(names[event.seat], 'holds')} six cards: no draw"
    if isinstance(event, Eliminated):
        name = names[event.seat]
        aside = count(event.set_aside, "card")
        return f"{says(name, 'is')} out: {whose(name)} pack is empty ({aside} set aside)"
    if isinstance(event, Restarted):
        return "every hand is full and nobody called Stop: the hands go back into the packs"
    if isinstance(event, GameWon):
        return _game_won(event, names)
    return None


def _raised(event: Raised, names: Sequence[str]) -> str:
    """STOP-11: "Ana adds a 3 and a +1 to Ben's bid: now 9"."""
    values = [event.value] * event.values + [PLUS] * event.plus
    name = names[event.seat]
    bid = _own(names, event.seat, event.bid)
    return f"{says(name, 'adds')} {cards_named(values)} to {bid} bid: now {event.total}"


def _gave_rest(event: GaveRest, names: Sequence[str]) -> str:
    """STOP-15: "Ana keeps two 3s and a +1", "you give a 2 and a 4 to Ben"."""
    name = names[event.seat]
    cards = cards_named(event.values)
    if event.bidder == event.seat:
        return f"{says(name, 'keeps')} {cards}"
    return f"{says(name, 'gives')} {cards} to {names[event.bidder]}"


def _won(event: RoundWon, names: Sequence[str]) -> str:
    name = names[event.seat]
    return (
        f"{says(name, 'wins')} the round with {event.total} and "
        f"{'take' if is_you(name) else 'takes'} {count(event.tokens, 'token')}"
    )


def _game_won(event: GameWon, names: Sequence[str]) -> str:
    name = names[event.seat]
    tokens = count(event.tokens, "token")
    how = "as the last player left" if event.last_standing else f"with {tokens}"
    return f"{says(name, 'wins')} the game {how}"


def play_words(actor: int, action: Action | None, names: Sequence[str]) -> str | None:
    """Stop's log line for a decision (every decision of Stop is public)."""
    name = names[actor]
    if isinstance(action, CallStop):
        return f"{says(name, 'calls')} Stop!"
    if isinstance(action, Decline):
        return f"{says(name, 'does')} not call Stop"
    if isinstance(action, Pass):
        return says(name, "passes")
    if isinstance(action, Bid):
        return f"{says(name, 'bids')} {count(action.count, str(action.value))}"
    if isinstance(action, Raise):
        parts = [count(action.values, "value card")] if action.values else []
        if action.plus:
            parts.append(count(action.plus, "+1"))
        added = " and ".join(parts) or "nothing"
        return f"{says(name, 'adds')} {added} to {_own(names, actor, action.bid)} bid"
    if isinstance(action, Give):
        card = card_name(action.value)
        if action.to == actor:
            return f"{says(name, 'keeps')} a {card}"
        return f"{says(name, 'gives')} a {card} to {names[action.to]}"
    if isinstance(action, GiveRest):
        if action.to == actor:
            return f"{says(name, 'keeps')} the rest of the table"
        return f"{says(name, 'gives')} the rest of the table to {names[action.to]}"
    return None
