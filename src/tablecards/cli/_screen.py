"""The screen of ``play`` and ``replay``: a seat's view, what happened, and who acts.

A :class:`Journal` watches the match as an observer and keeps every event and action in order;
:meth:`Journal.lines` puts them into the game's words as one seat may see them
(``event.seen_by(seat)``, ``game.redact_action``), so the screen of a seat holds nothing that
seat may not see. :func:`summarise` folds a long stretch (a round of automatic draws) into a
short account.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from rich.console import Console
from rich.rule import Rule

from tablecards._actions import Action
from tablecards._events import Event
from tablecards._game import Game
from tablecards._hookspecs import hookimpl
from tablecards._match import Match
from tablecards._render import render_view
from tablecards.cli._common import hooks
from tablecards.words import listing

__all__ = ["Journal", "draw_screen", "result_lines", "seat_names", "summarise"]

#: How many lines the account of what happened since a seat's last decision may take.
SUMMARY_LINES = 16


def seat_names(players: int, seat: int | None) -> list[str]:
    """How the screen of ``seat`` calls each seat: "you" for itself, "seat N" for the others."""
    return ["you" if other == seat else f"seat {other}" for other in range(players)]


def sentence(text: str) -> str:
    """A line of the log starts with a capital: "You steal...", "Seat 2 passes"."""
    return text[:1].upper() + text[1:]


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

    def lines(
        self, game: Game[Any], seat: int | None, names: Sequence[str], start: int = 0
    ) -> list[str]:
        """Every entry from ``start`` on in the game's words, as ``seat`` may see it.

        ``seat=None`` reads everything (a replay seen by everyone).
        """
        out: list[str] = []
        for entry in self.entries[start:]:
            if isinstance(entry, tuple):
                who, action = entry
                seen_action = action if seat is None else game.redact_action(action, who, seat)
                out.append(sentence(game.describe_play(who, seen_action, names)))
                continue
            seen = entry if seat is None else entry.seen_by(seat)
            if seen is not None:
                text = game.describe_event(seen, seat, names)
                if text:
                    out.append("  " + sentence(text))
        return out


def summarise(lines: Sequence[str], limit: int = SUMMARY_LINES) -> list[str]:
    """A short account of ``lines``: repeats counted, routine lines folded, the oldest cut.

    Lines in a row where several seats do the same become one ("Draws a card: seats 1, 2 and
    3"); lines that follow each other unchanged become one ("Seat 2 draws a card (x3)"). When that
    is still longer than ``limit``, a line that comes back is told once, where it last
    happened, with its count; then only the latest ``limit`` lines are kept,
    under a note saying how many came before (``log`` shows them all).
    """
    runs: list[tuple[str, int]] = []
    for line in _same_deed(lines):
        if runs and runs[-1][0] == line:
            runs[-1] = (line, runs[-1][1] + 1)
        else:
            runs.append((line, 1))
    if len(runs) > limit:
        totals: Counter[str] = Counter()
        for line, times in runs:
            totals[line] += times
        seen_runs = Counter(line for line, _ in runs)
        last = {line: index for index, (line, _) in enumerate(runs)}
        runs = [
            (line, totals[line] if seen_runs[line] >= 2 else times)
            for index, (line, times) in enumerate(runs)
            if seen_runs[line] < 2 or last[line] == index
        ]
    out = [line if times == 1 else f"{line} (x{times})" for line, times in runs]
    if len(out) > limit:
        earlier = len(out) - limit
        out = [f"... {earlier} earlier lines (type log to read everything)", *out[-limit:]]
    return out


_SEAT_LINE = re.compile(r"^(\s*)Seat (\d+) (.+)$")


def _same_deed(lines: Sequence[str]) -> list[str]:
    """Consecutive lines where different seats do the same thing, told once for all of them."""
    out: list[str] = []
    group: list[tuple[str, str, str]] = []  # (indent, seat, what) of the run in progress

    def flush() -> None:
        if len(group) > 1 and len({seat for _, seat, _ in group}) == len(group):
            indent, _, what = group[0]
            seats = listing([seat for _, seat, _ in group])
            out.append(f"{indent}{sentence(what)}: seats {seats}")
        else:
            out.extend(f"{indent}Seat {seat} {what}" for indent, seat, what in group)
        group.clear()

    for line in lines:
        found = _SEAT_LINE.match(line)
        if found is None:
            flush()
            out.append(line)
            continue
        indent, seat, what = found.groups()
        if group and (group[0][0], group[0][2]) != (indent, what):
            flush()
        group.append((indent, seat, what))
    flush()
    return out


def draw_screen(
    console: Console,
    game: Game[Any],
    view: Mapping[str, Any],
    seat: int | None,
    title: str,
    events: Sequence[str],
    heading: str = "What happened",
) -> None:
    """Print one screen: a title rule, what happened (under ``heading``), the rendered view."""
    console.print(Rule(title))
    if events:
        console.print(f"[bold]{heading}[/bold]")
        for line in events:
            console.print(line, markup=False)
    console.print(render_view(hooks(), game, view, seat))


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
