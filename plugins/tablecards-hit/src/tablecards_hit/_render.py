"""Hit!'s own screen for ``tablecards play`` and ``replay``: a row of columns per seat.

Used through the ``tablecards_render_view`` hook (``plugin.py``). It draws only what the view
holds: in Hit! every card but the deck's order is public (HIT-01..HIT-04 rulings), so the
screen is the same for every seat but for "you".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

__all__ = ["render_view"]


def _values(zone: Mapping[str, Any]) -> list[int]:
    return [int(card["value"]) for card in zone.get("cards", ())]


def _cards(number: int) -> str:
    return f"{number} card{'' if number == 1 else 's'}"


def _columns(values: list[int]) -> str:
    # The face-up row is grouped in columns by value (rules: zones per player).
    counts = Counter(values)
    return (
        "  ".join(
            f"{value}x{counts[value]}" if counts[value] > 1 else str(value)
            for value in sorted(counts)
        )
        or "-"
    )


def render_view(view: Mapping[str, Any], seat: int | None) -> RenderableType:
    """The table of Hit!: per seat its face-up row, its loot and its score; then the decision."""
    zones = view["zones"]
    scores = view.get("scores", [])
    current = view.get("current")
    title = (
        f"Hit! - round {view.get('round')} of {view.get('rounds')} - "
        f"deck: {_cards(int(zones['deck']['count']))} - box: {_cards(int(zones['box']['count']))}"
    )
    table = Table()
    for column in ("seat", "face-up row", "loot", "score"):
        table.add_column(column, justify="right" if column in {"loot", "score"} else "left")
    for other in range(int(view["players"])):
        name = f"{other}" + (" (you)" if other == seat else "")
        if other == current and not view.get("over"):
            name = "> " + name
        loot = zones[f"loot:{other}"]
        table.add_row(
            Text(name, style="bold" if other == seat else ""),
            _columns(_values(zones[f"row:{other}"])),
            _cards(int(loot["count"])),
            str(scores[other]) if other < len(scores) else "-",
        )
    parts: list[RenderableType] = [Text(title), table]
    who = "You" if current == seat else f"Seat {current}"
    if view.get("phase") == "steal":
        offer = view.get("offer")
        parts.append(Text(f"{who} drew a {offer}: steal the opponents' face-up {offer}s?"))
    elif view.get("phase") == "go_on":
        parts.append(Text(f"{who}: draw again or end the turn?"))
    return Group(*parts)
