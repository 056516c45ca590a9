"""Hattrick's own screen for ``tablecards play`` and ``replay``, drawn from one seat's view.

The two piles of the trick (who played each card), every seat's hand size, won cards by colour,
penalties and scores, and the seat's own hand sorted by colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

__all__ = ["render_view"]

_COLOURS = ("red", "blue", "green")


def _pile(view: Mapping[str, Any], index: int, seat: int | None) -> str:
    cards = view["zones"][f"pile:{index}"].get("cards") or []
    if not cards:
        return f"Pile {index + 1}: -"
    seats = view.get("pile_seats", [[], []])[index]
    played = ", ".join(
        f"{card['value']} ({'you' if who == seat else f'seat {who}'})"
        for card, who in zip(cards, seats, strict=False)
    )
    return f"Pile {index + 1} ({cards[0]['colour']}): {played}"


def _by_colour(cards: Sequence[Mapping[str, Any]]) -> str:
    groups = []
    for colour in _COLOURS:
        values = sorted(int(card["value"]) for card in cards if card["colour"] == colour)
        if values:
            groups.append(f"{colour} {' '.join(str(value) for value in values)}")
    return " | ".join(groups) or "-"


def _seats(view: Mapping[str, Any], seat: int | None) -> Table:
    zones = view["zones"]
    table = Table(caption="red, blue, green: cards won; shown: penalty cards (-2 each)")
    columns = ("seat", "hand", "red", "blue", "green", "shown", "round", "total")
    for column in columns:
        table.add_column(column, justify="left" if column == "seat" else "right")
    scores, totals = view.get("scores", []), view.get("totals", [])
    for other in range(int(view["players"])):
        name = f"{other}" + (" (you)" if other == seat else "")
        if other == view.get("current") and not view.get("over"):
            name = "> " + name
        total = totals[other] if other < len(totals) else 0
        this_round = (scores[other] - total) if other < len(scores) else 0
        table.add_row(
            Text(name, style="bold" if other == seat else ""),
            str(zones[f"hand:{other}"]["count"]),
            *(str(zones[f"won:{other}:{colour}"]["count"]) for colour in _COLOURS),
            str(zones[f"penalty:{other}"]["count"]),
            f"{this_round:+d}",
            str(total),
        )
    return table


def render_view(view: Mapping[str, Any], seat: int | None) -> RenderableType:
    """The table of Hattrick as ``view`` shows it to ``seat``."""
    rounds = view.get("rounds")
    of = f" of {rounds}" if rounds else ""
    target = f" - first to {view['target']}" if view.get("target") else ""
    title = (
        f"Hattrick - round {view.get('round')}{of}{target} - trick {view.get('trick')} - "
        f"dealer: seat {view.get('dealer')}"
    )
    parts: list[RenderableType] = [
        Text(title),
        Text(_pile(view, 0, seat)),
        Text(_pile(view, 1, seat)),
        _seats(view, seat),
    ]
    if seat is not None:
        hand = view["zones"][f"hand:{seat}"].get("cards") or []
        parts.append(Text(f"Your hand: {_by_colour(hand)}", style="bold"))
    return Group(*parts)
