"""The tablecards plugin of Hit!: registers the game and its heuristic bot."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tablecards import hookimpl
from tablecards_hit._bots import HeuristicBot
from tablecards_hit._game import Hit

if TYPE_CHECKING:
    from rich.console import RenderableType

    from tablecards import Game


@hookimpl
def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
    """Register Hit!."""
    register(Hit)


@hookimpl
def tablecards_register_bots(register: Callable[..., None]) -> None:
    """Register the heuristic bot for Hit!."""
    register("heuristic", HeuristicBot, game="hit", description="draws while the odds favour it")


@hookimpl
def tablecards_render_view(
    game: Game[Any], view: Mapping[str, Any], seat: int | None
) -> RenderableType | None:
    """Draw Hit!'s table in the terminal (``tablecards play hit``)."""
    if game.name != Hit.name:
        return None
    from tablecards_hit._render import render_view  # rich only when a screen is drawn

    return render_view(view, seat)
