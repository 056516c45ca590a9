"""A Hit! bot that reasons from its view: the chance that the next card busts it."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Action, Game
from tablecards_hit._actions import DRAW_AGAIN, END_TURN, STEAL
from tablecards_hit._state import DECK_VALUES


class HeuristicBot:
    """Draws while the expected gain of the next card beats the expected loss of a bust.

    From its view it counts the cards not yet seen (the deck's composition is known, and every
    card outside the deck is public in Hit!). With fewer than three face-up cards a draw cannot
    bust (HIT-07), so it always draws; otherwise it draws when
    ``P(safe) * E[value of a safe card] > P(bust) * value of its face-up row``. It always
    steals: stolen cards are points for it and lost points for an opponent.
    """

    def __init__(self, game: Game[Any] | None = None, seat: int = 0) -> None:
        self.seat = seat

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Steal whenever offered; otherwise weigh the next draw."""
        if STEAL in actions:
            return STEAL
        return DRAW_AGAIN if self.should_draw(view) else END_TURN

    def should_draw(self, view: Mapping[str, Any]) -> bool:
        """Whether drawing again is worth its risk, from the cards this seat has seen."""
        zones = view["zones"]
        row = [card["value"] for card in zones[f"row:{view['seat']}"]["cards"]]
        if len(row) < 3:
            return True
        unseen = dict(DECK_VALUES)
        for zone in zones.values():
            for card in zone.get("cards", ()):
                unseen[card["value"]] -= 1
        left = zones["deck"]["count"]
        if left <= 0:
            return False
        held = set(row)
        bust = sum(unseen[value] for value in held) / left
        safe_points = sum(value * n for value, n in unseen.items() if value not in held)
        safe_count = left - sum(unseen[value] for value in held)
        expected_gain = safe_points / left if safe_count else 0.0
        return bool(expected_gain > bust * sum(row))
