"""A scene as plain text: for embedders, logs, screen readers and the terminal's fallback.

Nothing but the scene's words is printed (never its data fields), so the text is as safe as
the scene: the other seats first, then the middle of the table, then the viewer's own seat at
the bottom, as players sit; the prompt and the numbered choices last. The choices are
:class:`tablecards.ChoiceMenu`'s lines, which :func:`tablecards.read_choice` reads back.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Mapping
from typing import Any

from tablecards.table._menu import ChoiceMenu

__all__ = ["choice_lines", "scene_text", "zone_text"]

#: A line textwrap gives back as it is when it fits: not empty, no whitespace at either end,
#: none but spaces inside (textwrap turns tabs and line breaks into spaces).
_PLAIN_LINE = re.compile(r"[^\s](?:[^\t\n\r\f\v]*[^\s])?")


def scene_text(scene: Mapping[str, Any], width: int = 80) -> str:
    """A scene (:meth:`Match.scene <tablecards.Match.scene>`) as plain text.

    Lines are at most ``width`` characters; only the scene's words are printed (never its
    data fields): the other seats, the middle of the table, the viewer's own seat at the
    bottom, facts and scores, the last round's summary (a line per seat), then the prompt and
    the numbered choices.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=2, seed=1)  # pip install tablecards-hit
        >>> text = tablecards.scene_text(match.scene(0, ["Ann", "Bob"]))
        >>> text.splitlines()[0]
        'Hit! \N{EM DASH} round 1 of 1'
        >>> "1. Draw again" in text
        True
    """
    width = max(20, width)
    out: list[str] = []

    def say(text: str, indent: int = 0) -> None:
        pad = " " * indent
        if indent + len(text) <= width and _PLAIN_LINE.fullmatch(text):
            # Most lines fit as they are, and textwrap would give them back unchanged: a
            # scene's text is written for every seat after every move (a quarter of the time
            # went to wrapping lines that fit).
            out.append(pad + text)
            return
        out.extend(
            textwrap.wrap(text, width, initial_indent=pad, subsequent_indent=pad + "  ") or [""]
        )

    say(scene.get("title", ""))
    for line in scene.get("lines", ()):
        say(line)
    if scene.get("status"):
        say(scene["status"])
    seats = list(scene.get("seats", ()))
    viewer_first = bool(seats) and seats[0].get("you")
    for panel in seats[1:] if viewer_first else seats:
        _panel(say, panel, width)
    middle = scene.get("middle", ())
    if middle:
        out.append(_rule("Table", width))
        for group in middle:
            _group(say, group)
    if viewer_first:
        _panel(say, seats[0], width)
    facts = scene.get("facts", ())
    scores = scene.get("scores", ())
    if facts or scores:
        out.append(_rule("", width))
        for fact in facts:
            say(f"{fact['label']}: {fact['text']}")
        if scores:
            say("Scores: " + ", ".join(f"{s['name']} {s['score']}" for s in scores))
    summary = scene.get("summary")
    if summary:
        out.append(_rule(summary.get("title", ""), width))
        if summary.get("note"):
            say(summary["note"])
        columns = summary.get("columns", ())
        for row in summary.get("rows", ()):
            figures = ", ".join(
                f"{c} {v}" for c, v in zip(columns, row.get("cells", ()), strict=False)
            )
            say(f"{row.get('name', '')}: {figures}", 1)
    if scene.get("prompt"):
        out.append(_rule("", width))
        say(scene["prompt"])
    for line in choice_lines(scene.get("actions", ())):
        say(line, 2)
    return "\n".join(out)


def _rule(title: str, width: int) -> str:
    if not title:
        return "-" * width
    head = f"-- {title} "
    return head + "-" * max(0, width - len(head))


def _panel(say: Any, panel: Mapping[str, Any], width: int) -> None:
    mark = " (to play)" if panel.get("active") else ""
    say(_rule(f"{panel.get('name', '')}{mark}", width))
    badges = [badge["text"] for badge in panel.get("badges", ())]
    counters = [f"{c['label']}: {c['value']}" for c in panel.get("counters", ())]
    if badges or counters:
        say(" | ".join([*badges, *counters]), 1)
    for zone in panel.get("zones", ()):
        say(zone_text(zone), 1)


def _group(say: Any, group: Mapping[str, Any]) -> None:
    zones = list(group.get("zones", ()))
    badges = [badge["text"] for badge in group.get("badges", ())]
    head = group.get("title", "")
    if group.get("note"):
        head = f"{head} ({group['note']})"
    if badges:
        head = f"{head} \N{EM DASH} {', '.join(badges)}" if head else ", ".join(badges)
    if len(zones) == 1 and zones[0].get("title") == group.get("title"):
        text = zone_text(zones[0])
        say(text if not badges and not group.get("note") else f"{head}: {_contents(zones[0])}", 1)
        return
    say(head, 1)
    for zone in zones:
        say(zone_text(zone), 3)


def _contents(zone: Mapping[str, Any]) -> str:
    cards = zone.get("cards")
    count = int(zone.get("count", 0))
    if cards is None and count:
        text = f"{count} card{'' if count == 1 else 's'} face down"
    elif not cards:
        text = "empty"
    elif zone.get("style") == "pile":
        top = cards[-1]["label"]
        text = f"{top} on top, {count} card{'' if count == 1 else 's'}"
    else:
        text = ", ".join(card["label"] for card in cards)
    if zone.get("note"):
        text = f"{text} ({zone['note']})"
    return text


def zone_text(zone: Mapping[str, Any]) -> str:
    """One zone of a scene as a line: "Hand: purple 7, red 3", "Deck: 30 cards face down"."""
    return f"{zone.get('title', '')}: {_contents(zone)}"


def choice_lines(groups: Iterable[Mapping[str, Any]]) -> list[str]:
    """The choices of a scene's action groups as numbered menu lines ("1. draw again").

    A two-step choice lists its second step below it, indented. Numbers run on across groups,
    in the order a renderer assigns its keys: :meth:`tablecards.ChoiceMenu.lines`, the menu
    that :func:`tablecards.read_choice` reads.
    """
    return ChoiceMenu.from_groups(groups).lines()
