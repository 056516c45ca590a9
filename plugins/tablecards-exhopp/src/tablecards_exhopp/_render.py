"""Ex & Hopp's own screen for ``tablecards play`` and ``replay``, drawn from one seat's view.

The four sequences behind their point cards with each colour's total, every seat's colour,
hand size, point cards and score, the seat's own hand, the stock and discard counts, and an
exchange in progress as the seat may know it (the value of a card chosen in an exchange is in
the view of the seat that chose it only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

__all__ = ["render_view"]


def _cards(cards: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(f"{card['colour']} {card['value']}" for card in cards) or "-"


def _point(cards: Sequence[Mapping[str, Any]]) -> str:
    if not cards:
        return "-"
    card = cards[-1]
    sign = "+" if card["ink"] == "black" else "-"
    return f"{card['ink']} {sign}{card['points']}"


def _totals(cards: Sequence[Mapping[str, Any]]) -> str:
    totals: dict[str, int] = {}
    for card in cards:
        totals[card["colour"]] = totals.get(card["colour"], 0) + int(card["value"])
    ranked = sorted(totals.items(), key=lambda item: -item[1])
    return ", ".join(f"{colour} {total}" for colour, total in ranked) or "-"


def _sequences(zones: Mapping[str, Any]) -> Table:
    table = Table(title="Sequences", title_justify="left")
    for column in ("#", "point card", "laid", "cards", "totals"):
        table.add_column(column)
    for index in range(4):
        point = zones[f"point:{index}"].get("cards") or []
        laid = zones[f"sequence:{index}"].get("cards") or []
        needed = f"{len(laid)}/{point[-1]['points']}" if point else str(len(laid))
        table.add_row(str(index), _point(point), needed, _cards(laid), _totals(laid))
    return table


def _players(view: Mapping[str, Any], seat: int | None) -> Table:
    zones = view["zones"]
    colours, scores = view.get("colours", []), view.get("scores", [])
    table = Table()
    for column in ("seat", "colour", "hand", "point cards", "score"):
        table.add_column(column, justify="right" if column in {"hand", "score"} else "left")
    for other in range(int(view["players"])):
        name = f"{other}" + (" (you)" if other == seat else "")
        if other == view.get("current") and not view.get("over"):
            name = "> " + name
        taken = zones[f"taken:{other}"].get("cards") or []
        table.add_row(
            Text(name, style="bold" if other == seat else ""),
            colours[other] if other < len(colours) else "-",
            str(zones[f"hand:{other}"]["count"]),
            " ".join(_point([card]) for card in taken) or "-",
            str(scores[other]) if other < len(scores) else "-",
        )
    return table


def _exchange(view: Mapping[str, Any], seat: int | None) -> str | None:
    exchange = view.get("exchange")
    if not exchange:
        return None
    proposer = "you" if exchange["proposer"] == seat else f"seat {exchange['proposer']}"
    text = f"Exchange: {proposer} offer{'' if proposer == 'you' else 's'} a {exchange['give']} "
    text += f"card for a {exchange['want']} card"
    if exchange.get("accepter") is not None:
        accepter = exchange["accepter"]
        text += f"; {'you' if accepter == seat else f'seat {accepter}'} accepted"
    elif exchange.get("asked") is not None:
        asked = exchange["asked"]
        text += f"; {'you are' if asked == seat else f'seat {asked} is'} asked"
    if exchange.get("your_card") is not None:
        text += f"; you chose your {exchange['your_card']}"
    return text + "."


def render_view(view: Mapping[str, Any], seat: int | None) -> RenderableType:
    """The table of Ex & Hopp as ``view`` shows it to ``seat``."""
    zones = view["zones"]
    stock, discard = int(zones["stock"]["count"]), int(zones["discard"]["count"])
    title = (
        f"Ex & Hopp - stock: {stock} card{'' if stock == 1 else 's'} - discard pile: "
        f"{discard} card{'' if discard == 1 else 's'} - point cards to come: "
        f"{zones['point_stock']['count']}"
    )
    parts: list[RenderableType] = [Text(title), _sequences(zones), _players(view, seat)]
    if seat is not None:
        colours = view.get("colours", [])
        mine = f" (you play {colours[seat]})" if seat < len(colours) else ""
        hand = zones[f"hand:{seat}"].get("cards") or []
        parts.append(Text(f"Your hand{mine}: {_cards(hand)}", style="bold"))
    exchange = _exchange(view, seat)
    if exchange:
        parts.append(Text(exchange))
    return Group(*parts)
