"""The tablecards plugin of Ex & Hopp: registers the game and its heuristic bot."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tablecards import hookimpl
from tablecards_exhopp._bots import HeuristicBot
from tablecards_exhopp._game import ExHopp

if TYPE_CHECKING:
    from rich.console import RenderableType


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


@hookimpl
def tablecards_render_view(
    game: Any, view: Mapping[str, Any], seat: int | None
) -> RenderableType | None:
    """Draw Ex & Hopp's table in the terminal (``tablecards play exhopp``)."""
    if not isinstance(game, ExHopp):
        return None
    from tablecards_exhopp._render import render_view  # rich only when a screen is drawn

    return render_view(view, seat)
