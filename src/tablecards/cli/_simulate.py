"""``tablecards simulate``: many matches between bots, with win rates and scores."""

from __future__ import annotations

import json

import click
from rich.table import Table

from tablecards._errors import TablecardsError
from tablecards._plugins import load_game
from tablecards._simulate import SimulationReport, simulate
from tablecards.cli._common import out, parse_options


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
@click.option("--bots", help="Comma-separated bot names, one per seat (default: random).")
@click.option("--seed", type=int, default=0, show_default=True, help="Simulation seed.")
@click.option(
    "-o",
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option (repeatable), e.g. -o rounds=2.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def simulate_command(
    game: str,
    players: int | None,
    games: int,
    bots: str | None,
    seed: int,
    options: tuple[str, ...],
    as_json: bool,
) -> None:
    """Simulate GAMES matches of GAME between bots; print win rates and scores.

    Seats rotate between matches, so each bot plays every seat equally often.
    """
    bot_names = [name.strip() for name in bots.split(",")] if bots else None
    try:
        loaded = load_game(game, **parse_options(options))
        if players is None:
            players = len(bot_names) if bot_names else loaded.default_players
        if bot_names is None:
            bot_names = ["random"] * players
        report = simulate(loaded, players, bot_names, games, seed)
    except (TablecardsError, ValueError) as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(json.dumps(report.to_json()))
    else:
        _print(report)


def _print(report: SimulationReport) -> None:
    table = Table(
        title=f"{report.game}: {report.games} matches, {report.players} players, seed {report.seed}"
    )
    for column in ("seat in list", "bot", "win rate", "95% CI", "mean score", "score sd"):
        table.add_column(column, justify="right")
    for entry, stats in enumerate(report.by_bot):
        low, high = stats.ci95
        table.add_row(
            str(entry),
            stats.bot,
            f"{stats.win_rate:.3f}",
            f"{low:.3f}-{high:.3f}",
            f"{stats.mean_score:.2f}",
            f"{stats.score_sd:.2f}",
        )
    out.print(table)
    out.print(
        f"mean match length: {report.mean_moves:.1f} actions (sd {report.moves_sd:.1f}); "
        f"truncated: {report.truncated}; win rate by seat: "
        + ", ".join(f"{rate:.3f}" for rate in report.seat_win_rates)
    )
