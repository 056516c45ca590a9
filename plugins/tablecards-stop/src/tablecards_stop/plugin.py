"""The tablecards plugin of Stop: registers the game and its heuristic bot (its table is the
game's scene, :meth:`Stop.scene <tablecards_stop.Stop.scene>`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablecards import hookimpl
from tablecards_stop._bots import HeuristicBot
from tablecards_stop._game import Stop


@hookimpl
def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
    """Register Stop."""
    register(Stop)


@hookimpl
def tablecards_register_bots(register: Callable[..., None]) -> None:
    """Register the heuristic bot for Stop."""
    register(
        "heuristic",
        HeuristicBot,
        game="stop",
        description="calls Stop with a strong hand, bids to lead cheaply, keeps the table",
    )
