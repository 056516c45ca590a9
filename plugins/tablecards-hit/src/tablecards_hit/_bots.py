"""A Hit! bot that reasons from its view: the chance that the next card busts it."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Action, Game
from tablecards_hit._actions import DRAW_AGAIN, END_TURN, STEAL
from tablecards_hit._state import DECK_VALUES, HitState, Phase


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

    def __repr__(self) -> str:
        return f"HeuristicBot(seat={self.seat})"

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
        busting = sum(unseen[value] for value in held)
        safe_points = sum(value * n for value, n in unseen.items() if value not in held)
        return draw_pays(sum(row), busting, safe_points)


def draw_pays(row_points: int, busting: int, safe_points: int) -> bool:
    """The heuristic's rule: draw when ``P(safe) * E[value of a safe card]`` beats ``P(bust) *
    row_points``, from the number of unseen cards that would bust the row and the total value
    of those that would not (both over the same unseen cards, so the count cancels out)."""
    return safe_points > busting * row_points


def playout_action(state: HitState, seat: int) -> Action:
    """The heuristic bot's move, read from a state instead of a view (for search playouts).

    In Hit! the unseen cards are exactly the deck's (everything else is public), so the
    counts come from the deck itself.
    """
    if state.phase is Phase.STEAL:
        return STEAL
    row = state.rows[seat].cards
    if len(row) < 3:
        return DRAW_AGAIN
    held = {card.value for card in row}
    busting = safe_points = 0
    for card in state.deck.cards:
        value = card.value
        if value in held:
            busting += 1
        else:
            safe_points += value
    row_points = sum(card.value for card in row)
    return DRAW_AGAIN if draw_pays(row_points, busting, safe_points) else END_TURN
