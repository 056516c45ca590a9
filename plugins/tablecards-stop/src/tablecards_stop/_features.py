"""What a learning agent sees of a Stop view beyond the generic encoding (``tablecards.rl``).

Computed from the view only: the phase, the seats that hold the red token, draw, called Stop
or won the round (seat-relative: the seat itself first), each seat's bid, and which seats have
passed since the last card was played (STOP-13).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards_stop._state import Phase

_PHASES = tuple(phase.value for phase in Phase)
_SEATS = ("red", "drawer", "caller", "winner")
# The one-hot of every phase, built once: a learning loop asks for it at every step.
_PHASE_HOT = {phase: tuple(float(phase == other) for other in _PHASES) for phase in _PHASES}
_NO_PHASE = (0.0,) * len(_PHASES)


def features(view: Mapping[str, Any]) -> Sequence[float]:
    """``len(Phase)`` one-hot phase, four seat-relative one-hots, (value, total) per seat, then
    per seat whether it has passed (all seat-relative)."""
    players: int = view["players"]
    seat: int = view["seat"] or 0
    phase = view.get("phase")
    if type(phase) is str or phase is None:
        out = list(_PHASE_HOT.get(phase, _NO_PHASE))  # type: ignore[arg-type]
    else:
        out = [1.0 if phase == other else 0.0 for other in _PHASES]
    for key in _SEATS:
        value = view.get(key)
        hot = [0.0] * players
        # A seat number (a bool is not one): its seat-relative one-hot.
        if (type(value) is int or (isinstance(value, int) and not isinstance(value, bool))) and (
            0 <= value < players
        ):
            hot[(value - seat) % players] = 1.0
        out += hot
    bids = view.get("bids") or [None] * players
    for offset in range(players):
        bid = bids[(seat + offset) % players]
        if bid:
            out += (float(bid.get("value") or 0), float(bid.get("total") or 0))
        else:
            out += (0.0, 0.0)
    passed = [0.0] * players
    for other in view.get("passed") or ():
        if isinstance(other, int) and 0 <= other < players:
            passed[(other - seat) % players] = 1.0
    out += passed
    return out
