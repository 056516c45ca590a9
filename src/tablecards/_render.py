"""The generic terminal rendering of a view, for games whose plugin does not draw its own.

Game plugins draw their own screen through the ``tablecards_render_view`` hook;
:func:`render_view` asks the plugins first and falls back on :func:`generic_view`. Only what a
view holds is drawn, so a seat's screen never shows what the seat may not see. (Events and
plays are put into words by the game itself: :meth:`tablecards.Game.describe_event`.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    import pluggy

    from tablecards._game import Game
    from tablecards._match import Match

__all__ = ["generic_view", "open_view", "render_view"]

# Keys every view has; whatever else a view holds is the game's public information.
_BASE_KEYS = frozenset({"game", "seat", "players", "to_act", "over", "zones", "moves"})


def render_view(
    pm: pluggy.PluginManager | None, game: Game[Any], view: Mapping[str, Any], seat: int | None
) -> RenderableType:
    """The game plugin's rendering of ``view`` when it provides one, else :func:`generic_view`."""
    if pm is not None:
        drawn = pm.hook.tablecards_render_view(game=game, view=view, seat=seat)
        if drawn is not None:
            return drawn  # type: ignore[no-any-return]
    return generic_view(game, view, seat)


def generic_view(game: Game[Any], view: Mapping[str, Any], seat: int | None) -> RenderableType:
    """Every zone of ``view`` (cards when shown, else a count) and the game's extra information."""
    zones = Table(title=f"{game.title}: " + _whose(seat), title_justify="left", expand=False)
    zones.add_column("zone")
    zones.add_column("cards", justify="right")
    zones.add_column("contents")
    for name, zone in view.get("zones", {}).items():
        cards = zone.get("cards")
        labels = " ".join(game.card_label(card) for card in cards) if cards is not None else ""
        shown = "(hidden)" if cards is None else labels or "-"
        mine = seat is not None and name.endswith(f":{seat}")
        zones.add_row(Text(name, style="bold" if mine else ""), str(zone.get("count", 0)), shown)
    parts: list[RenderableType] = [zones]
    extra = {key: value for key, value in view.items() if key not in _BASE_KEYS}
    if extra:
        info = Table(show_header=False, box=None, padding=(0, 1))
        for key, value in extra.items():
            info.add_row(Text(key.replace("_", " "), style="dim"), Text(_value_text(game, value)))
        parts.append(info)
    to_act = ", ".join(str(s) for s in view.get("to_act", ())) or "nobody"
    parts.append(Text(f"to act: {to_act}; moves played: {view.get('moves', 0)}"))
    return Group(*parts)


def _whose(seat: int | None) -> str:
    return "everything (all cards shown)" if seat is None else f"what seat {seat} sees"


def _value_text(game: Game[Any], value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_value_text(game, item) for item in value) or "-"
    if isinstance(value, dict):
        if "id" in value:
            return game.card_label(value)
        return ", ".join(f"{k}: {_value_text(game, v)}" for k, v in value.items())
    return "-" if value is None else str(value)


def open_view(match: Match) -> dict[str, Any]:
    """The view with every zone's cards shown: for replays seen by everyone, never during play."""
    view = match.view(None)
    view["zones"] = {
        zone.name: {"count": len(zone), "cards": [card.to_json() for card in zone.cards]}
        for zone in match.state.zones()
    }
    return view
