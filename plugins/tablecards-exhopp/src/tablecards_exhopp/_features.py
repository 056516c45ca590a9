"""What a learning agent sees of an Ex & Hopp view beyond the generic encoding
(``tablecards.rl``).

Computed from the view only: the phase, each seat's colour (seat-relative: the seat itself
first), and the exchange in play (colours offered and wanted, proposer and accepter).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards_exhopp._state import COLOURS, Phase

_PHASES = tuple(phase.value for phase in Phase)
_COLOURS = tuple(colour.value for colour in COLOURS)
# The one-hots of every phase and colour, built once: a learning loop asks for them at every
# step. Anything else (None, an unknown value) is all zeros.
_PHASE_HOT = {phase: tuple(float(phase == other) for other in _PHASES) for phase in _PHASES}
_COLOUR_HOT = {colour: tuple(float(colour == other) for other in _COLOURS) for colour in _COLOURS}
_NO_PHASE = (0.0,) * len(_PHASES)
_NO_COLOUR = (0.0,) * len(_COLOURS)


def features(view: Mapping[str, Any]) -> Sequence[float]:
    """One-hots: phase, each seat's colour, the exchange's colours and seats (seat-relative)."""
    players: int = view["players"]
    seat: int = view["seat"] or 0
    out = list(_hot(view.get("phase"), _PHASE_HOT, _NO_PHASE))
    colours = view.get("colours") or [None] * players
    for offset in range(players):
        out += _hot(colours[(seat + offset) % players], _COLOUR_HOT, _NO_COLOUR)
    exchange = view.get("exchange") or {}
    out += _hot(exchange.get("give"), _COLOUR_HOT, _NO_COLOUR)
    out += _hot(exchange.get("want"), _COLOUR_HOT, _NO_COLOUR)
    for key in ("proposer", "accepter"):
        seats = [0.0] * players
        relative = _relative(exchange.get(key), seat, players)
        if relative is not None:
            seats[relative] = 1.0
        out += seats
    return out


def _hot(value: object, hots: Mapping[str, tuple[float, ...]], none: tuple[float, ...]) -> Any:
    if type(value) is str:
        return hots.get(value, none)
    return none if value is None else [1.0 if value == choice else 0.0 for choice in hots]


def _relative(value: object, seat: int, players: int) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
        return (value - seat) % players
    return None
