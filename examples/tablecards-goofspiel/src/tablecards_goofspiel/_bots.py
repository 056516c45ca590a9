"""A Goofspiel bot that bids about what the prize is worth."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Action, Game
from tablecards_goofspiel._game import Bid

__all__ = ["HeuristicBot", "bid_for"]


def bid_for(prize: int, values: Sequence[int], size: int = 13) -> Bid | None:
    """The bid for ``prize`` among the cards ``values`` left: the lowest card worth at least
    the prize, else the lowest card (a prize it cannot win cheaply is not worth a high card);
    ``None`` when no card is left."""
    if not values:
        return None
    enough = [value for value in values if value >= prize]
    return Bid(min(enough) if enough else min(values))


class HeuristicBot:
    """Bids the lowest card worth at least the prize (GOPS-06), from its view only."""

    def __init__(self, game: Game[Any] | None = None, seat: int = 0) -> None:
        self.seat = seat

    def __repr__(self) -> str:
        return f"HeuristicBot(seat={self.seat})"

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """The bid for the prize turned up (one of ``actions``)."""
        prize = view["zones"]["prize"].get("cards") or [{"value": 0}]
        values = [action.value for action in actions if isinstance(action, Bid)]
        chosen = bid_for(prize[-1]["value"], values)
        return chosen if chosen is not None and chosen in actions else actions[0]
