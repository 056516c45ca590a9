"""The tablecards plugin of Hattrick: registers the game and its heuristic bot."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tablecards import hookimpl
from tablecards_hattrick._bots import HeuristicBot
from tablecards_hattrick._game import Hattrick

if TYPE_CHECKING:
    from rich.console import RenderableType


@hookimpl
def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
    """Register Hattrick."""
    register(Hattrick)


@hookimpl
def tablecards_register_bots(register: Callable[..., None]) -> None:
    """Register the heuristic bot for Hattrick."""
    register(
        "heuristic",
        HeuristicBot,
        game="hattrick",
        description="builds one colour, dumps the others, passes only when it pays",
    )


@hookimpl
def tablecards_render_view(
    game: Any, view: Mapping[str, Any], seat: int | None
) -> RenderableType | None:
    """Draw Hattrick's table in the terminal (``tablecards play hattrick``)."""
    if not isinstance(game, Hattrick):
        return None
    from tablecards_hattrick._render import render_view  # rich only when a screen is drawn

    return render_view(view, seat)
