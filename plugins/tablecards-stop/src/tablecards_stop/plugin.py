"""The tablecards plugin of Stop: registers the game and its heuristic bot, and draws its
screen in the terminal."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tablecards import hookimpl
from tablecards_stop._bots import HeuristicBot
from tablecards_stop._game import Stop

if TYPE_CHECKING:
    from rich.console import RenderableType


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
def tablecards_render_view(
    game: Any, view: Mapping[str, Any], seat: int | None
) -> RenderableType | None:
    """Draw Stop's table in the terminal (``tablecards play stop``)."""
    if not isinstance(game, Stop):
        return None
    from tablecards_stop._render import render_view  # rich only when a screen is drawn

    return render_view(view, seat)
