"""Stop's own screen for ``tablecards play`` and ``replay``, drawn from one seat's view only.

Per seat: its pack and hand sizes, its blue tokens, the bid in front of it (cards and total)
and where it stands (red token, out, may still act, passed); then the seat's own hand and the
decision on the table. The view leaves out every hidden card, so the screen cannot show one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tablecards_stop._state import PLUS

__all__ = ["render_view"]


def _name(value: int) -> str:
    return "+1" if value == PLUS else str(value)


def _cards(cards: Sequence[Mapping[str, Any]]) -> str:
    # Value cards by value, then the +1s: the order a player sorts a hand in.
    values = sorted((int(card["value"]) for card in cards), key=lambda v: (v == PLUS, v))
    return " ".join(_name(value) for value in values) or "-"


def _hand(zone: Mapping[str, Any], mine: bool) -> str:
    # A hand's cards are in the view only for its owner (shown below the table) and in the
    # all-seeing replay, where the table shows them.
    cards = zone.get("cards")
    if cards is None or mine:
        return str(zone["count"])
    return f"{zone['count']}: {_cards(cards)}"


def _passed(view: Mapping[str, Any]) -> set[int]:
    """The seats that passed, whichever form the view gives them in (seats or one flag each)."""
    passed = view.get("passed")
    if not isinstance(passed, list):
        return set()
    if all(isinstance(item, bool) for item in passed):
        return {seat for seat, flag in enumerate(passed) if flag}
    return {int(seat) for seat in passed}


def _status(view: Mapping[str, Any], other: int) -> str:
    marks = []
    if view.get("red") == other:
        marks.append("red token")
    if view.get("eliminated", [])[other : other + 1] == [True]:
        marks.append("out")
    if other in _passed(view):
        marks.append("passed")
    if other in view.get("to_act", ()) and not view.get("over"):
        marks.append("may act")
    if view.get("phase") == "draw" and view.get("drawer") == other:
        marks.append("draws next")
    return ", ".join(marks)


def _seat_table(view: Mapping[str, Any], seat: int | None) -> Table:
    zones = view["zones"]
    tokens = view.get("tokens", [])
    table = Table()
    for column in ("seat", "pack", "hand", "tokens", "bid", "total", ""):
        table.add_column(
            column, justify="right" if column in {"pack", "hand", "tokens", "total"} else "left"
        )
    bids = view.get("bids", [])
    for other in range(int(view["players"])):
        bid = zones[f"bid:{other}"].get("cards") or []
        summary = bids[other] if other < len(bids) else None
        table.add_row(
            Text(
                f"{other}" + (" (you)" if other == seat else ""),
                style="bold" if other == seat else "",
            ),
            str(zones[f"pack:{other}"]["count"]),
            _hand(zones[f"hand:{other}"], other == seat),
            str(tokens[other]) if other < len(tokens) else "-",
            _cards(bid),
            str(summary["total"]) if summary else "",
            _status(view, other),
        )
    return table


def _decision(view: Mapping[str, Any], seat: int | None) -> str:
    phase = view.get("phase")
    if view.get("over"):
        return "The game is over."
    if phase == "draw":
        if not view.get("calls_open"):
            return "Drawing: nobody may call Stop until the first player has drawn twice."
        return "A card was drawn: anyone but the red token's holder may call Stop!"
    if phase == "open":
        return f"Seat {view.get('caller')} called Stop and opens the bidding with value cards."
    if phase == "auction":
        return (
            f"The auction: highest bid {view.get('highest')}. Bid (with no cards in front of "
            "you), raise any bid, or pass."
        )
    if phase == "share":
        return f"Seat {view.get('winner')} won the round and shares out the table."
    return ""


def render_view(view: Mapping[str, Any], seat: int | None) -> RenderableType:
    """The table of Stop as ``view`` shows it to ``seat``."""
    round_ = view.get("round", 0)
    title = (
        f"Stop - round {round_} - first to {view.get('tokens_to_win')} tokens wins"
        if round_
        else f"Stop - first to {view.get('tokens_to_win')} tokens wins"
    )
    parts: list[RenderableType] = [Text(title), _seat_table(view, seat)]
    if seat is not None:
        hand = view["zones"][f"hand:{seat}"].get("cards") or []
        parts.append(Text(f"Your hand: {_cards(hand)}", style="bold"))
    parts.append(Text(_decision(view, seat)))
    return Group(*parts)
