"""``tablecards replay``: step through a saved match, or ``--verify`` it.

Loading a save replays its log and compares the replayed state with the saved snapshot
(:meth:`tablecards.Match.from_json`); ``--verify`` reports each check, adds the comparison of the
plugin version that saved the match with the installed one, and exits 1 when any check fails.
With ``--seat``, ``--every`` or ``--step`` the replay follows the checks.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import click

from tablecards import Match, SaveError, SaveWarning, TablecardsError
from tablecards.cli._common import out
from tablecards.cli._screen import draw_screen, history_lines, player_names, result_lines
from tablecards.play._match import SAVE_FORMAT
from tablecards.table._render import open_view
from tablecards.table._scene import scene_of

__all__ = ["replay_command"]


@click.command("replay")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--seat",
    type=click.IntRange(min=0),
    help="Show only what this seat saw (default: everything, all cards face up).",
)
@click.option(
    "--verify",
    is_flag=True,
    help="Check the save against the installed plugin first; alone, only check.",
)
@click.option("--step", is_flag=True, help="Wait for Enter after each action (q stops).")
@click.option(
    "--every", "every", is_flag=True, help="Draw the table after every action, not only at the end."
)
def replay_command(file: Path, seat: int | None, verify: bool, step: bool, every: bool) -> None:
    """Step through the match saved in FILE, from everyone's or one seat's view."""
    text = file.read_text(encoding="utf-8")
    if verify:
        _verify(text)
        if seat is None and not step and not every:
            return
    try:
        saved = Match.from_json(text)
    except TablecardsError as error:
        raise click.ClickException(str(error)) from None
    if seat is not None and seat >= saved.players:
        raise click.BadParameter(
            f"seat {seat} is not a seat of {saved.players}", param_hint="--seat"
        )
    _step_through(saved, seat, step, every or step)


def _step_through(saved: Match, seat: int | None, step: bool, every: bool) -> None:
    game = saved.game
    match = Match(game, saved.players, saved.seed, move_limit=saved.move_limit)
    names = player_names(match.players)
    who = "everyone (all cards shown)" if seat is None else names[seat]
    setup = history_lines(match, seat, names)
    title = f"{game.title}: start, seen by {who}"
    draw_screen(out, _scene(match, seat, names), title, setup, "The deal")
    for number, (actor, action) in enumerate(saved.log, start=1):
        match.apply(actor, action)
        lines = history_lines(match, seat, names, since=number)
        if every:
            draw_screen(out, _scene(match, seat, names), f"move {number}", lines)
        else:
            out.print(f"[dim]move {number}[/dim]")
            for line in lines:
                out.print(line, markup=False)
        if step and click.prompt("", default="", show_default=False, prompt_suffix="") in {"q"}:
            return
    if not every:
        draw_screen(out, _scene(match, seat, names), "Final table", [])
    if match.is_over:
        for line in result_lines(match, names):
            out.print(line, markup=False)
    else:
        out.print(f"The match was saved unfinished after {match.moves} actions.")


def _scene(match: Match, seat: int | None, names: list[str]) -> dict[str, Any]:
    """The scene of ``seat``; for everyone, the scene of a view with every card shown."""
    if seat is not None:
        return match.scene(seat, names)
    return scene_of(match.game, open_view(match), names)


def _verify(text: str) -> None:
    """Print one line per check; exit 1 when a check fails."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    ok = True
    try:
        with warnings.catch_warnings():
            # The version check is one of the lines printed below.
            warnings.simplefilter("ignore", SaveWarning)
            match = Match.from_json(text)
    except SaveError as error:
        out.print(f"FAIL  {error}", markup=False)
        ok = False
    else:
        out.print(f"ok    format {SAVE_FORMAT}, game {match.game.name}", markup=False)
        out.print(f"ok    the log replays: {match.moves} legal actions", markup=False)
        out.print("ok    the saved state matches the replayed log", markup=False)
        saved_version, installed = data.get("game_version"), match.game.version
        if saved_version == installed:
            out.print(f"ok    plugin version {installed} (saved and installed)", markup=False)
        else:
            out.print(
                f"FAIL  saved by {match.game.name} {saved_version}, installed {installed}: "
                "the match replays, but rulings may differ between versions",
                markup=False,
            )
            ok = False
    if not ok:
        raise SystemExit(1)
    out.print("verified", markup=False)
