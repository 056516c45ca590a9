"""The tablecards plugin of Ex & Hopp: registers the game and its heuristic bot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablecards import hookimpl
from tablecards_exhopp._bots import HeuristicBot
from tablecards_exhopp._game import ExHopp


@hookimpl
def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
    """Register Ex & Hopp."""
    register(ExHopp)


@hookimpl
def tablecards_register_bots(register: Callable[..., None]) -> None:
    """Register the heuristic bot for Ex & Hopp."""
    register(
        "heuristic",
        HeuristicBot,
        game="exhopp",
        description="lays where its colour wins black cards and dodges red ones",
    )
