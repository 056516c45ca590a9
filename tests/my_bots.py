"""Bots of one's own, as a user writes them, for the simulation tests.

Defined at the top level of a module that ``tests/`` (on pytest's ``pythonpath``) makes
importable as ``my_bots``, so that spawned worker processes import them by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablecards import Game
from tablecards_hit import HeuristicBot


class CappedBot(HeuristicBot):
    """Hit!'s heuristic bot, but it ends its turn once its face-up row is worth 25 or more."""

    def should_draw(self, view: Mapping[str, Any]) -> bool:
        """Draw as the heuristic would, unless the row is already worth 25 points."""
        row = view["zones"][f"row:{view['seat']}"]["cards"]
        return sum(card["value"] for card in row) < 25 and super().should_draw(view)


def capped(game: Game[Any], seat: int) -> CappedBot:
    """A factory, called as registered factories are: ``factory(game, seat)``."""
    return CappedBot(game, seat)
