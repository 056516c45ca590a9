"""What a failed check reports: the check, the match (game, seats, seed) and the action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tablecards import Action

__all__ = ["CHECKS", "ConformanceFailure", "Where"]

#: The names of the kit's checks, in the order a match meets them.
CHECKS: tuple[str, ...] = (
    "structure",
    "playout",
    "conservation",
    "liveness",
    "no_op",
    "views",
    "scenes",
    "rejection",
    "leaks",
    "determinisation",
    "knowledge",
    "determinism",
    "persistence",
    "bots",
    "processes",
)


@attrs.frozen
class Where:
    """A moment of a kit match: its seats and seed, and how many actions of its log were played.

    ``log`` holds the actions played before (``index`` of them) and ``seat``/``action`` the
    next one, that broke the check (or before which it broke), when there is one. The kit's
    playouts are seeded: ``check_game(game, players=[players], seeds=[seed])`` plays the
    same match again.
    """

    game: str
    players: int
    seed: int
    index: int | None = None
    seat: int | None = None
    action: Action | None = None
    log: tuple[tuple[int, Action], ...] = ()

    def at(
        self,
        index: int,
        log: Sequence[tuple[int, Action]],
        seat: int | None = None,
        action: Action | None = None,
    ) -> Where:
        """The same match at ``index`` actions played (``seat``/``action``: the one tried)."""
        return attrs.evolve(self, index=index, seat=seat, action=action, log=tuple(log[:index]))

    def describe(self) -> str:
        """One line naming the match and the action."""
        text = f"{self.game}, players={self.players}, seed={self.seed}"
        if self.index is not None:
            text += f", after {self.index} action(s)"
        if self.action is not None:
            text += f", when seat {self.seat} plays {self.action!r}"
        return text


class ConformanceFailure(AssertionError):
    """A game broke one of the kit's checks.

    Attributes:
        check: which check (one of :data:`CHECKS`).
        where: the match and the action (a :class:`Where`): enough to replay the failure.
        detail: what was wrong, in words.

    It subclasses :class:`AssertionError` so that pytest reports it as a failed test.
    """

    def __init__(self, check: str, where: Where, detail: str) -> None:
        self.check = check
        self.where = where
        self.detail = detail
        replay = f"replay: check_game(game, players=[{where.players}], seeds=[{where.seed}])"
        if where.log:
            replay += (
                f"; or Match(game, players={where.players}, seed={where.seed}) with the "
                f"{len(where.log)} action(s) of the failure's .where.log applied"
            )
        super().__init__(f"[{check}] {where.describe()}:\n  {detail}\n  {replay}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle would rebuild it from its message alone: a kit run in worker processes sends
        # failures back to the parent, so it is rebuilt from its fields.
        return (type(self), (self.check, self.where, self.detail), self.__dict__)
