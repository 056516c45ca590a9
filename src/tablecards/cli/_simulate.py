"""``tablecards simulate``: many matches between bots, with win rates and scores.

The progress bar goes to stderr (only on a terminal), the results to stdout, so that
``tablecards simulate hit --json > report.json`` pipes cleanly. ``--compare A,B`` plays the
same deals with each of two bots and prints their paired difference instead.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
from rich.table import Table

from tablecards import (
    BotStats,
    ComparisonReport,
    SeatPriority,
    SimulationReport,
    TablecardsError,
    compare,
    load_game,
    simulate,
)
from tablecards.cli._common import err, fill_bots, out, parse_options, split_names


@click.command("simulate")
@click.argument("game")
@click.option("-p", "--players", type=click.IntRange(min=1), help="Number of seats.")
@click.option(
    "-n",
    "--games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Number of matches.",
)
@click.option(
    "--bots",
    help="Comma-separated bots, one per seat: registered names or module:factory references "
    "(looked for in the current directory first); one fills every seat (default: random). "
    "With --compare: the bots of the other seats.",
)
@click.option(
    "--compare",
    "pair",
    metavar="A,B",
    help="Compare two bots (names or module:factory references) on the same deals: each plays "
    "the same matches in the same seat against the same --bots; prints the paired difference "
    "A - B with its 95% interval.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Simulation seed.")
@click.option(
    "-o",
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option (repeatable), e.g. -o rounds=2.",
)
@click.option(
    "-w",
    "--workers",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Local worker processes; the results do not depend on it.",
)
@click.option(
    "--start-method",
    type=click.Choice(["fork", "spawn", "forkserver"]),
    help="How the --workers start (default: the platform's); spawn imports the bots afresh.",
)
@click.option(
    "--batch-size",
    type=click.IntRange(min=1),
    default=50,
    show_default=True,
    help="Matches per task sent to a worker.",
)
@click.option("--move-limit", type=click.IntRange(min=1), help="Override the game's move limit.")
@click.option(
    "--bot-seed",
    type=int,
    help="Seed of the bots' generators (default: fresh; the JSON report records it).",
)
@click.option(
    "--permute-seats",
    is_flag=True,
    help="Seat the bots in every order in turn (not only in rotation), so that no bot keeps "
    "its neighbours: fair bot-against-bot comparisons. Use a multiple of players! games.",
)
@click.option(
    "--arbiter",
    type=click.Choice(["random", "seats"]),
    default="random",
    show_default=True,
    help="Who speaks first when a moment waits for several seats: a random one, or the lowest "
    "seat (a fixed priority).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def simulate_command(
    game: str,
    players: int | None,
    games: int,
    bots: str | None,
    pair: str | None,
    seed: int,
    options: tuple[str, ...],
    workers: int,
    start_method: str | None,
    batch_size: int,
    move_limit: int | None,
    bot_seed: int | None,
    permute_seats: bool,
    arbiter: str,
    as_json: bool,
) -> None:
    """Simulate GAMES matches of GAME between bots; print win rates and scores.

    Seats rotate between matches, so each bot plays every seat equally often
    (--permute-seats: every order of the bots around the table in turn). Win rates come
    with a 95% confidence interval (Wilson), per bot and per seat. With --compare A,B each
    of GAMES deals is played twice, with A and with B in the same seat, and the difference
    A - B of score and win rate comes with its paired 95% interval.
    """
    bot_names = split_names(bots) or ["random"]
    compared = split_names(pair)
    _search_here([*bot_names, *(compared or [])])
    report: SimulationReport | ComparisonReport
    try:
        loaded = load_game(game, **parse_options(options))
        # Several names give one bot per seat; one name (or none) leaves the game's default.
        taken = 0 if compared is None else 1  # the compared bots' seat
        if players is None:
            several = len(bot_names) > 1
            players = len(bot_names) + taken if several else loaded.default_players
        if compared is not None and len(compared) != 2:
            raise ValueError(f"--compare takes two bots, A,B: {len(compared)} given")
        whose = "every seat of the simulation" if compared is None else "the other seats"
        bot_names = fill_bots(bot_names, players - taken, whose)
        run: dict[str, Any] = {
            "games": games,
            "seed": seed,
            "workers": workers,
            "start_method": start_method,
            "batch_size": batch_size,
            "move_limit": move_limit,
            "bot_seed": bot_seed,
            "permute_seats": permute_seats,
            "arbiter": SeatPriority(tuple(range(players))) if arbiter == "seats" else None,
        }
        if compared is None:
            with _progress(games) as advance:
                report = simulate(loaded, players, bot_names, progress=advance, **run)
        else:
            with _progress(2 * games) as advance:
                report = compare(
                    loaded, players, bots=compared, others=bot_names, progress=advance, **run
                )
    except (TablecardsError, ValueError) as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(json.dumps(report.to_json()))
    elif isinstance(report, ComparisonReport):
        _print_comparison(report)
    else:
        _print(report)


def _search_here(names: list[str]) -> None:
    # A 'module:factory' reference to the user's own file next to them, as `python -m` would
    # find it: the console script does not put the current directory on the path by itself.
    # Workers inherit the path (spawned ones are handed it), so they find the module too.
    here = os.getcwd()
    if any(":" in name for name in names) and here not in sys.path:
        sys.path.insert(0, here)


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    # A progress bar on stderr when it is a terminal; nothing when stderr is piped or captured,
    # so that logs and tests see only the results.
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        task = bar.add_task("simulate", total=total)
        yield lambda done: bar.update(task, completed=done)


def _bot_table(title: str, by_bot: tuple[BotStats, ...]) -> Table:
    table = Table(title=title)
    table.add_column("#", justify="right")
    table.add_column("bot", no_wrap=True)
    for column in ("win rate", "95% CI", "score", "sd", "min", "median", "max"):
        table.add_column(column, justify="right", no_wrap=True)
    for entry, stats in enumerate(by_bot):
        low, high = stats.ci95
        table.add_row(
            str(entry),
            stats.bot,
            f"{stats.win_rate:.3f}",
            f"{low:.3f}-{high:.3f}",
            f"{stats.mean_score:.2f}",
            f"{stats.score_sd:.2f}",
            str(stats.score_min),
            f"{stats.score_median:g}",
            str(stats.score_max),
        )
    return table


def _print(report: SimulationReport) -> None:
    title = f"{report.game}: {report.games} matches, {report.players} players, seed {report.seed}"
    out.print(_bot_table(title, report.by_bot))
    seats = Table(title="by seat (whoever sat there)")
    for column in ("seat", "win rate", "95% CI", "score", "sd"):
        seats.add_column(column, justify="right")
    for seat in report.by_seat:
        low, high = seat.ci95
        seats.add_row(
            str(seat.seat),
            f"{seat.win_rate:.3f}",
            f"{low:.3f}-{high:.3f}",
            f"{seat.mean_score:.2f}",
            f"{seat.score_sd:.2f}",
        )
    out.print(seats)
    out.print(
        f"match length: {report.mean_moves:.1f} actions (sd {report.moves_sd:.1f}, "
        f"{report.moves_min}-{report.moves_max}), {report.mean_rounds:.2f} rounds; "
        f"truncated: {report.truncated} of {report.games}"
    )


def _print_comparison(report: ComparisonReport) -> None:
    first, second = report.bots
    title = (
        f"{report.game}: the same {report.games} deals for each, {report.players} players, "
        f"seed {report.seed}"
    )
    out.print(_bot_table(title, report.by_bot))
    out.print(f"against: {', '.join(report.others)} (the same bots and seeds for both)")
    out.print(f"difference {first} - {second}, paired over {report.games} deals (95% CI):")
    for what, difference, digits in (
        ("win rate", report.win_difference, 3),
        ("score", report.score_difference, 2),
    ):
        low, high = difference.ci95
        verdict = "no difference shown"
        if low > 0 or high < 0:
            verdict = f"{first if low > 0 else second} higher"
        out.print(
            f"  {what}: {difference.mean:+.{digits}f} ({low:+.{digits}f} to {high:+.{digits}f}): "
            f"{verdict}"
        )
    out.print(f"truncated: {report.truncated} of {2 * report.games}")
