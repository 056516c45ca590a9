"""A Climb bot that keeps its high cards for when they win the pile."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Action, Game
from tablecards_tutorial._actions import DRAW, PASS, Play
from tablecards_tutorial._state import DECK, TOP_VALUE


class HeuristicBot:
    """Plays its lowest playable card, a 10 only to take a pile worth it, draws as a last resort.

    It reads only its view: the pile's size from the ``pile`` zone; its own cards are the ones
    its legal actions name (a card's value follows from its id).
    """

    def __init__(self, game: Game[Any] | None = None, seat: int = 0) -> None:
        self.seat = seat

    def __repr__(self) -> str:
        return f"HeuristicBot(seat={self.seat})"

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Take a pile of 3+ cards with a 10, else climb as slowly as possible."""
        plays = sorted(
            (action for action in actions if isinstance(action, Play)),
            key=lambda play: DECK[play.card].value,
        )
        if not plays:
            return DRAW if DRAW in actions else PASS
        pile = view["zones"]["pile"]["count"]
        if DECK[plays[-1].card].value == TOP_VALUE and pile >= 3:
            return plays[-1]
        low = [play for play in plays if DECK[play.card].value < TOP_VALUE]
        return low[0] if low else plays[0]
