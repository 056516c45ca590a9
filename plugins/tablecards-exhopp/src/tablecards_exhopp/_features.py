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


def features(view: Mapping[str, Any]) -> Sequence[float]:
    """One-hots: phase, each seat's colour, the exchange's colours and seats (seat-relative)."""
    players: int = view["players"]
    seat: int = view["seat"] or 0
    out = [1.0 if view.get("phase") == phase else 0.0 for phase in _PHASES]
    colours = view.get("colours") or [None] * players
    for offset in range(players):
        out.extend(_one_hot(colours[(seat + offset) % players], _COLOURS))
    exchange = view.get("exchange") or {}
    out.extend(_one_hot(exchange.get("give"), _COLOURS))
    out.extend(_one_hot(exchange.get("want"), _COLOURS))
    for key in ("proposer", "accepter"):
        out.extend(_one_hot(_relative(exchange.get(key), seat, players), tuple(range(players))))
    return out


def _one_hot(value: object, choices: Sequence[object]) -> list[float]:
    return [1.0 if value == choice else 0.0 for choice in choices]


def _relative(value: object, seat: int, players: int) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
        return (value - seat) % players
    return None
