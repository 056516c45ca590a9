"""``tablecards simulate``: many matches between bots, with win rates and scores.

The progress bar goes to stderr (only on a terminal), the results to stdout, so that
``tablecards simulate hit --json > report.json`` pipes cleanly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click
from rich.table import Table

from tablecards import SeatPriority, SimulationReport, TablecardsError, load_game, simulate
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
    help="Comma-separated bot names, one per seat; one name fills every seat (default: random).",
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
    seed: int,
    options: tuple[str, ...],
    workers: int,
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
    with a 95% confidence interval (Wilson), per bot and per seat.
    """
    bot_names = split_names(bots) or ["random"]
    try:
        loaded = load_game(game, **parse_options(options))
        if players is None:
            # Several names give one bot per seat; one name (or none) leaves the game's default.
            players = len(bot_names) if len(bot_names) > 1 else loaded.default_players
        bot_names = fill_bots(bot_names, players, "every seat of the simulation")
        with _progress(games) as advance:
            report = simulate(
                loaded,
                players,
                bot_names,
                games,
                seed,
                workers=workers,
                batch_size=batch_size,
                move_limit=move_limit,
                progress=advance,
                bot_seed=bot_seed,
                permute_seats=permute_seats,
                arbiter=SeatPriority(tuple(range(players))) if arbiter == "seats" else None,
            )
    except (TablecardsError, ValueError) as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(json.dumps(report.to_json()))
    else:
        _print(report)


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


def _print(report: SimulationReport) -> None:
    table = Table(
        title=f"{report.game}: {report.games} matches, {report.players} players, seed {report.seed}"
    )
    table.add_column("#", justify="right")
    table.add_column("bot", no_wrap=True)
    for column in ("win rate", "95% CI", "score", "sd", "min", "median", "max"):
        table.add_column(column, justify="right", no_wrap=True)
    for entry, stats in enumerate(report.by_bot):
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
    out.print(table)
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
