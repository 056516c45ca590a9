"""The ``no_op`` check: every applied action changes the match (no move that changes nothing).

A move that leaves the state exactly as it was (the same snapshot, the same seats to act) is
not a move: logging it lets a runner or a bot repeat it for ever (a Stop seat that passed
passing again), and a real-time table would broadcast it as news. A game must refuse it
instead (not list it among the legal actions).
"""

from __future__ import annotations

from typing import Any

from tablecards import Action, Match, snapshot
from tablecards.core._errors import show
from tablecards.testing._failure import ConformanceFailure, Where

__all__ = ["check_no_op", "state_before"]


def state_before(match: Match) -> dict[str, Any]:
    """The snapshot the next action is compared against (it holds ``to_act`` too)."""
    return snapshot(match.state)


def check_no_op(
    before: dict[str, Any], match: Match, seat: int, action: Action, where: Where
) -> dict[str, Any]:
    """Fail when ``action``, just applied by ``seat``, left the state as it was; return the
    snapshot after it (the next action's ``before``)."""
    after = snapshot(match.state)
    if after == before:
        raise ConformanceFailure(
            "no_op",
            where,
            f"seat {seat} played {show(action)} and nothing changed (the same state, the same "
            "seats to act), yet it was applied and logged as a move: an action that changes "
            "nothing must not be legal (a runner or a bot could repeat it for ever)",
        )
    return after
