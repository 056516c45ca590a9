"""The screen of ``play`` and ``replay``: a seat's view, the last events, and who acts.

A :class:`Journal` watches the match as an observer and keeps every event and action in order;
:meth:`Journal.lines` gives them as one seat may see them (``event.seen_by(seat)``), so the
screen of a seat holds nothing that seat may not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
from rich.console import Console
from rich.rule import Rule

from tablecards._actions import Action
from tablecards._events import Event
from tablecards._game import Game
from tablecards._hookspecs import hookimpl
from tablecards._match import Match
from tablecards._render import describe_event, render_view
from tablecards.cli._common import hooks

__all__ = ["Journal", "draw_screen", "result_lines"]


@attrs.define(eq=False)
class Journal:
    """An observer that keeps the match's events and actions, each action before its events."""

    entries: list[Event | tuple[int, Action]] = attrs.field(factory=list)
    _mark: int = 0

    @hookimpl
    def tablecards_match_started(self, match: Match) -> None:
        """Hook implementation: the setup's events are in; actions come after them."""
        self._mark = len(self.entries)

    @hookimpl
    def tablecards_match_event(self, match: Match, event: Event) -> None:
        """Hook implementation: keep the event."""
        self.entries.append(event)

    @hookimpl
    def tablecards_action_applied(self, match: Match, seat: int, action: Action) -> None:
        """Hook implementation: keep the action, before the events it caused."""
        self.entries.insert(self._mark, (seat, action))
        self._mark = len(self.entries)

    def lines(self, game: Game[Any], seat: int | None, last: int, start: int = 0) -> list[str]:
        """The last ``last`` entries from ``start`` on, as ``seat`` may see them (``None``: all)."""
        out: list[str] = []
        for entry in reversed(self.entries[start:]):
            if len(out) >= last:
                break
            if isinstance(entry, tuple):
                who, action = entry
                you = " (you)" if who == seat else ""
                seen_action = action if seat is None else game.redact_action(action, who, seat)
                # A secret action (a card chosen in a private exchange) shows as a choice only.
                text = (
                    "makes a secret choice" if seen_action is None else game.describe(seen_action)
                )
                out.append(f"seat {who}{you}: {text}")
                continue
            seen = entry if seat is None else entry.seen_by(seat)
            if seen is not None:
                out.append("  " + describe_event(hooks(), game, seen.to_json()))
        out.reverse()
        return out


def draw_screen(
    console: Console,
    game: Game[Any],
    view: Mapping[str, Any],
    seat: int | None,
    title: str,
    events: list[str],
) -> None:
    """Print one screen: a title rule, the rendered view and the last events."""
    console.print(Rule(title))
    console.print(render_view(hooks(), game, view, seat))
    if events:
        console.print("[bold]Last events[/bold]")
        for line in events:
            console.print(line, markup=False)


def result_lines(match: Match, humans: tuple[int, ...] = ()) -> list[str]:
    """How the match ended, in words: scores, winners, and whether it was truncated."""
    result = match.result
    if result is None:
        return ["the match is not over"]
    scores = ", ".join(
        f"seat {seat}{' (you)' if seat in humans else ''}: {score}"
        for seat, score in enumerate(result.scores)
    )
    lines = [f"Match over after {result.moves} actions. Final scores: {scores}"]
    if result.truncated:
        lines.append(f"The move limit ({match.move_limit}) cut the match: nobody wins.")
    else:
        winners = ", ".join(str(seat) for seat in result.winners)
        lines.append(f"Winner{'s' if len(result.winners) > 1 else ''}: seat {winners}")
        if humans and set(result.winners) & set(humans):
            lines.append("You win!")
    return lines
