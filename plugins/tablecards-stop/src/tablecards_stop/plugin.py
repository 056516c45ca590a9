"""The tablecards plugin of Stop: registers the game and its heuristic bot, and describes its
events for the terminal."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tablecards import hookimpl
from tablecards_stop._bots import HeuristicBot
from tablecards_stop._game import Stop
from tablecards_stop._render import describe_event


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


@hookimpl
def tablecards_describe_event(game: Any, event: Mapping[str, Any]) -> str | None:
    """Stop's events in words (and +1 cards named as such) for the terminal."""
    if not isinstance(game, Stop):
        return None
    return describe_event(event)
