"""The engine's own plugin: registered exactly like a third-party one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablecards.registry._hookspecs import hookimpl
from tablecards.search._bots import RandomBot
from tablecards.search._ismcts import DEFAULT_ITERATIONS, IsmctsBot


@hookimpl
def tablecards_register_bots(register: Callable[..., Any]) -> None:
    """Register the ``random`` and ``ismcts`` bots for every game."""
    register("random", RandomBot, description="uniformly random legal actions")
    register(
        "ismcts",
        IsmctsBot.for_game,
        description=f"information-set Monte Carlo tree search, {DEFAULT_ITERATIONS} iterations",
    )
