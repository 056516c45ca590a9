"""Bots: players that choose from what their seat sees, never from the full state."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from typing_extensions import Protocol, runtime_checkable

from tablecards.core._actions import Action
from tablecards.core._game import Game

__all__ = ["Bot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """A player program: picks one of the legal actions from its seat's view.

    A bot is made for one seat of one match by its registered factory, so it may remember what
    it saw between calls. It never receives the state: only ``view`` (what :meth:`Match.view`
    gives its seat), the legal actions and a random generator seeded for it.

    A bot class may set ``uses_view = False`` to be given an empty mapping instead of the
    view, which saves building the view in large simulations.
    """

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Return one of ``actions``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions. Works for every game."""

    uses_view: ClassVar[bool] = False

    def __init__(self, game: Game[Any] | None = None, seat: int = 0) -> None:
        self.seat = seat

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """A uniformly random legal action."""
        return actions[rng.randrange(len(actions))]
