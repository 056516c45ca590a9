"""Stop's events in words, for the terminal's list of last events (``play``, ``replay``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tablecards_stop._state import PLUS


def card_name(card: Mapping[str, Any]) -> str:
    """``"+1"`` for a plus card, else its value (colours no longer matter once shared out)."""
    return "+1" if card.get("value") == PLUS else str(card.get("value"))


def _seats(seats: Any) -> str:
    return ", ".join(str(seat) for seat in seats)


def describe_event(event: Mapping[str, Any]) -> str | None:
    """One line for one of Stop's events; ``None`` for events the engine describes well."""
    kind = event.get("event")
    e = event
    if kind == "CardsMoved":
        cards = e.get("cards") or []
        if not cards:
            return None
        noun = "card" if e["count"] == 1 else "cards"
        shown = ", ".join(card_name(card) for card in cards)
        return f"{e['count']} {noun} {e['src']} -> {e['dst']} ({shown})"
    texts: dict[str, Callable[[], str]] = {
        "StopCalled": lambda: f"seat {e['seat']} calls Stop! (round {e['round']})",
        "BidPlaced": lambda: (
            f"seat {e['seat']} bids {e['count']} x {e['value']} (bid: {e['total']})"
        ),
        "Raised": lambda: (
            f"seat {e['seat']} puts {e['values']} value card(s) and {e['plus']} +1 on seat "
            f"{e['bid']}'s bid (now {e['total']})"
        ),
        "Passed": lambda: f"seat {e['seat']} passes",
        "RoundWon": lambda: (
            f"seat {e['seat']} wins the round with {e['total']} and takes {e['tokens']} "
            f"token(s) (bidders: {_seats(e['bidders'])})"
        ),
        "RoundTied": lambda: (
            f"tie at {e['total']}: no tokens; bidders {_seats(e['bidders'])} take their bids back"
        ),
        "Gave": lambda: (
            f"seat {e['seat']} gives a {'+1' if e['value'] == PLUS else e['value']} to seat "
            f"{e['bidder']}"
        ),
        "Skipped": lambda: f"seat {e['seat']} holds six cards and skips the draw",
        "Eliminated": lambda: (
            f"seat {e['seat']} must draw from an empty pack: eliminated "
            f"({e['set_aside']} card(s) set aside)"
        ),
        "Restarted": lambda: "every hand is full and nobody called: hands go back to the packs",
        "GameWon": lambda: (
            f"seat {e['seat']} wins the game"
            + (" as the last player left" if e["last_standing"] else f" with {e['tokens']} tokens")
        ),
    }
    text = texts.get(str(kind))
    return text() if text is not None else None
