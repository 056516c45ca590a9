"""Saves written by earlier versions of Stop: which still load, which are refused, and why.

Stop 0.3.0 made passing again after a pass no move (STOP-13, turn 3 reading): a seat that
passed is not waited for and may not pass again. Before, such a pass was logged and changed
nothing, so a 0.2.0 (or 0.1.0) save loads with those passes left out of its log
(:func:`upgrade_action`): the same position, fewer moves.

Stop 0.2.0 changed STOP-13: a seat that passed stays asked and may take its pass back by
playing, until the last pass ends the round. Version 0.1.0 dropped a seat from ``to_act`` when
it passed. A 0.1.0 log is still legal (a seat that passed never acted again before a card was
played) and replays to the same position, except in one case: a save made during an auction
after someone passed. There, the same log now means that the seats which passed may still
play, which 0.1.0 forbade, so such a save is refused rather than continued as another match.
"""

from __future__ import annotations

from typing import Any, Final

from tablecards import Action, SaveError
from tablecards_stop._actions import Pass
from tablecards_stop._state import Phase, StopState

#: The version whose saves :func:`upgrade_snapshot` reads.
BEFORE_PASSES: Final = "0.1.0"


def upgrade_snapshot(version: str, installed: str, snapshot: dict[str, Any]) -> dict[str, Any]:
    """A 0.1.0 snapshot as ``installed`` writes it, or :class:`~tablecards.SaveError` when the
    save was made in an auction after a pass (STOP-13 changed). Other versions: unchanged."""
    if version != BEFORE_PASSES:
        return snapshot
    players = snapshot["players"]
    if snapshot["phase"] == "auction":
        hands, eliminated = snapshot["hands"], snapshot["eliminated"]
        can_play = [s for s in range(players) if hands[s] and not eliminated[s]]
        asked = list(snapshot["to_act"])
        if asked != can_play:
            passed = ", ".join(str(s) for s in can_play if s not in asked)
            raise SaveError(
                f"this match was saved by Stop {version} during an auction after seat(s) "
                f"{passed} passed; Stop {installed} changed STOP-13 (a pass can be taken back "
                "by playing a card until the last player passes), so the saved position would "
                f"continue as a different match: finish it with Stop {version}"
            )
    return {**snapshot, "passed": []}


#: The versions whose logs may hold a pass of a seat that had passed already.
REPEATED_PASSES: Final = frozenset({"0.1.0", "0.2.0"})


def upgrade_action(version: str, state: StopState, seat: int, action: Action) -> Action | None:
    """``None`` for a pass of a seat that had passed already in a save of ``version`` before
    0.3.0 (it changed nothing: left out of the log); any other action unchanged."""
    if (
        version in REPEATED_PASSES
        and type(action) is Pass
        and state.phase is Phase.AUCTION
        and seat in state.passed
    ):
        return None
    return action
