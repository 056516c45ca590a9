"""Scenes drawn with rich, for the terminal (``tablecards play`` and ``replay``).

The terminal draws the same scene as the page (:meth:`tablecards.Game.scene`): the other seats'
panels, the middle of the table, the viewer's own panel at the bottom, facts and scores, the last
round's summary; cards as their labels painted in their colour. Only the scene's words are
printed, so a seat's screen never shows what its view does not hold. The menu of choices is
the command's to print and read, with the public :class:`tablecards.ChoiceMenu` and
:func:`tablecards.read_choice`, as :func:`tablecards.scene_text` prints it; :func:`menu` is
that menu's actions, flattened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablecards.table._menu import ChoiceMenu

if TYPE_CHECKING:
    from tablecards.play._match import Match

__all__ = ["menu", "open_view", "render_scene"]

# The palette of scenes in the terminal's colours (rich's names).
_STYLES: Final = {
    "red": "bold red",
    "orange": "bold dark_orange",
    "yellow": "bold yellow",
    "green": "bold green",
    "blue": "bold blue",
    "purple": "bold magenta",
    "black": "bold bright_white on grey15",
    "white": "bold black on white",
    "grey": "bold grey62",
    "brown": "bold orange4",
    "pink": "bold pink1",
}
_TONES: Final = {
    "info": "cyan",
    "good": "green",
    "warn": "yellow",
    "bad": "red",
    "mark": "bold magenta",
}


def render_scene(scene: Mapping[str, Any]) -> RenderableType:
    """A scene as a rich renderable: header, the others' panels, the table, your panel."""
    parts: list[RenderableType] = []
    header = Text(scene.get("title", ""), style="bold")
    for line in scene.get("lines", ()):
        header.append(f"\n{line}")
    if scene.get("status"):
        header.append(f"\n{scene['status']}", style="italic")
    parts.append(header)
    seats = list(scene.get("seats", ()))
    mine = seats[0] if seats and seats[0].get("you") else None
    others = seats[1:] if mine is not None else seats
    if others:
        parts.append(Columns([_panel(panel) for panel in others], equal=False, expand=False))
    middle = scene.get("middle", ())
    if middle:
        parts.append(Panel(Group(*(_group(group) for group in middle)), title="Table"))
    if mine is not None:
        parts.append(_panel(mine))
    facts = _facts(scene)
    if facts is not None:
        parts.append(facts)
    summary = scene.get("summary")
    if summary:
        parts.append(_summary(summary))
    return Group(*parts)


def _summary(summary: Mapping[str, Any]) -> Panel:
    """The last round's figures: a column per figure, a row per seat, the note above."""
    table = Table(box=None, pad_edge=False)
    table.add_column("Player", style="bold")
    for column in summary.get("columns", ()):
        table.add_column(str(column), justify="right")
    for row in summary.get("rows", ()):
        table.add_row(str(row.get("name", "")), *(str(cell) for cell in row.get("cells", ())))
    note = summary.get("note")
    body: RenderableType = Group(Text(str(note)), table) if note else table
    return Panel(body, title=str(summary.get("title", "")), expand=False)


def _panel(panel: Mapping[str, Any]) -> Panel:
    lines: list[RenderableType] = []
    marks = _marks(panel)
    if marks.plain:
        lines.append(marks)
    lines.extend(_zone(zone) for zone in panel.get("zones", ()))
    title = Text(panel.get("name", ""), style="bold")
    if panel.get("active"):
        title.append(" (to play)", style="bold yellow")
    return Panel(
        Group(*lines) if lines else Text("nothing on the table"),
        title=title,
        title_align="left",
        border_style="yellow" if panel.get("active") else ("bold" if panel.get("you") else ""),
        expand=bool(panel.get("you")),
    )


def _marks(owner: Mapping[str, Any]) -> Text:
    text = Text()
    for badge in owner.get("badges", ()):
        if text.plain:
            text.append("  ")
        text.append(f"({badge['text']})", style=_TONES.get(badge.get("tone", ""), ""))
    for counter in owner.get("counters", ()):
        if text.plain:
            text.append("  ")
        text.append(f"{counter['label']}: ", style="dim")
        text.append(str(counter["value"]), style="bold")
    return text


def _group(group: Mapping[str, Any]) -> RenderableType:
    zones = list(group.get("zones", ()))
    head = Text(group.get("title", ""), style="bold")
    marks = _marks(group)
    if group.get("note"):
        head.append(f" \N{EM DASH} {group['note']}")
    if marks.plain:
        head.append("  ")
        head.append_text(marks)
    if len(zones) == 1 and zones[0].get("title") == group.get("title"):
        return _zone(zones[0], head)
    return Group(head, *(_zone(zone, indent="  ") for zone in zones))


def _zone(zone: Mapping[str, Any], head: Text | None = None, indent: str = "") -> Text:
    line = Text(indent)
    if head is not None:
        line.append_text(head)
    else:
        line.append(zone.get("title", ""), style="dim")
    line.append(": ")
    cards = zone.get("cards")
    count = int(zone.get("count", 0))
    if cards is None and count:
        line.append(f"{count} card{'' if count == 1 else 's'} face down", style="italic")
    elif not cards:
        line.append("empty", style="dim")
    elif zone.get("style") == "pile":
        line.append_text(_card(cards[-1]))
        line.append(f" on top, {count} card{'' if count == 1 else 's'}", style="dim")
    else:
        for index, card in enumerate(cards):
            if index:
                line.append("  ")
            line.append_text(_card(card))
    if zone.get("note"):
        line.append(f" ({zone['note']})", style="dim")
    return line


def _card(card: Mapping[str, Any]) -> Text:
    text = Text(card.get("label", ""), style=_STYLES.get(card.get("colour") or "", "bold"))
    if card.get("note"):
        text.append(f" {card['note']}", style="dim")
    return text


def _facts(scene: Mapping[str, Any]) -> Text | None:
    lines = [f"{fact['label']}: {fact['text']}" for fact in scene.get("facts", ())]
    scores = scene.get("scores", ())
    if scores:
        lines.append("Scores: " + ", ".join(f"{s['name']} {s['score']}" for s in scores))
    return Text("\n".join(lines)) if lines else None


def menu(groups: Sequence[Mapping[str, Any]]) -> list[tuple[str | None, str, Mapping[str, Any]]]:
    """The scene's choices as a flat menu: ``(group title, text, action JSON)`` in order.

    A two-step choice becomes one item per second step ("purple 4: to Bob"): the paths of
    :meth:`tablecards.ChoiceMenu.paths`, each under the title of its innermost group that has
    one.
    """
    out: list[tuple[str | None, str, Mapping[str, Any]]] = []
    for path in ChoiceMenu.from_groups(groups).paths():
        act = path[-1].act
        if act is not None:
            title = next((choice.title for choice in reversed(path) if choice.title), None)
            out.append((title, ": ".join(choice.text for choice in path), act))
    return out


def open_view(match: Match) -> dict[str, Any]:
    """The view with every zone's cards shown: for replays seen by everyone, never during play."""
    view = match.view(None)
    for zone in match.state.zones():
        shown = view["zones"][zone.name]
        shown["cards"] = [card.to_json() for card in zone.cards]
    return view
