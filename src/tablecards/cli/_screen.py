"""The screen of ``play`` and ``replay``: a seat's scene, what happened, and the menu.

The table is the game's scene (:meth:`tablecards.Match.scene`), drawn with rich
(:func:`tablecards.table._render.render_scene`); what happened is the match's history as the
seat may read it (:meth:`tablecards.Match.history`), each move's action then its consequences;
:func:`summarise` folds a long stretch (a round of automatic draws) into a short account.
Players are named "Player 1", "Player 2"... (the scene calls the reader "You"): a player never
reads a 0-based seat number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule

from tablecards import Match
from tablecards.table._render import render_scene

__all__ = [
    "draw_screen",
    "history_lines",
    "player_names",
    "result_lines",
    "summarise",
]

#: How many lines the account of what happened since a seat's last decision may take.
SUMMARY_LINES = 16


def player_names(players: int) -> list[str]:
    """How the terminal calls the seats: "Player 1", "Player 2", ... (from 1)."""
    return [f"Player {seat + 1}" for seat in range(players)]


def history_lines(
    match: Match, seat: int | None, names: Sequence[str], since: int = 0
) -> list[str]:
    """The match's history from move ``since`` on, as ``seat`` may read it, one line each:
    an action, then its consequences indented under it. A quiet move (no text of its own,
    :meth:`Game.quiet_play <tablecards.Game.quiet_play>`) reads as its first consequence, the
    others under it, or not at all."""
    out: list[str] = []
    for entry in match.history(seat, names, since):
        then = entry["then"]
        text = entry["text"]
        if not text and then:
            text, then = then[0], then[1:]
        if text and (entry["move"] > 0 or then):
            out.append(text)
        out.extend(f"  {line}" for line in then)
    return out


def summarise(lines: Sequence[str], limit: int = SUMMARY_LINES) -> list[str]:
    """A short account of ``lines``: repeats counted, routine lines folded, the oldest cut.

    Lines that follow each other unchanged become one ("Player 2 draws a card (x3)"). When
    that is still longer than ``limit``, a line that comes back is told once, where it last
    happened, with its count; then only the latest ``limit`` lines are kept, under a note
    saying how many came before (``log`` shows them all).
    """
    runs: list[tuple[str, int]] = []
    for line in lines:
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


def draw_screen(
    console: Console,
    scene: Mapping[str, Any],
    title: str,
    events: Sequence[str],
    heading: str = "What happened",
) -> None:
    """Print one screen: a title rule, what happened (under ``heading``), the scene's table."""
    console.print(Rule(title))
    if events:
        console.print(f"[bold]{heading}[/bold]")
        for line in events:
            console.print(line, markup=False)
    console.print(render_scene(scene))


def result_lines(
    match: Match, names: Sequence[str] | None = None, humans: tuple[int, ...] = ()
) -> list[str]:
    """How the match ended, in words: scores and winners by name, or that it was cut."""
    result = match.result
    if result is None:
        return ["The match is not over."]
    called = list(names) if names is not None else player_names(match.players)
    for seat in humans if len(humans) == 1 else ():
        called[seat] = "You"
    scores = ", ".join(f"{called[seat]} {score}" for seat, score in enumerate(result.scores))
    lines = [f"Match over after {result.moves} actions. Final scores: {scores}"]
    if result.truncated:
        lines.append(f"The move limit ({match.move_limit}) cut the match: nobody wins.")
    else:
        winners = [called[seat] for seat in result.winners]
        if len(humans) == 1 and humans[0] in result.winners:
            others = [name for name in winners if name != "You"]
            lines.append("You win!" if not others else f"You win, with {', '.join(others)}!")
        else:
            plural = "s" if len(winners) > 1 else ""
            lines.append(f"Winner{plural}: {', '.join(winners)}")
            if humans and set(result.winners) & set(humans):
                lines.append("You win!")
    return lines
