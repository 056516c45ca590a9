"""``tablecards list``: the installed games, their distribution and version."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.table import Table

from tablecards import registry
from tablecards.cli._common import err, out

# Distributions that are examples to learn from, not games shipped with tablecards.
EXAMPLES = {"tablecards-tutorial": "the tutorial's example game"}


@click.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def list_games(as_json: bool) -> None:
    """List the installed games and the plugins that failed to load.

    Games from an example distribution (the tutorial's Climb) are marked as such.
    """
    reg = registry()
    rows: list[dict[str, Any]] = [
        {
            "name": info.name,
            "title": info.cls.title,
            "players": f"{info.cls.min_players}-{info.cls.max_players}",
            "distribution": info.distribution,
            "version": info.version,
            "bots": reg.bot_names(info.name),
            "example": info.distribution in EXAMPLES,
        }
        for info in sorted(reg.games.values(), key=lambda i: i.name)
    ]
    if as_json:
        click.echo(json.dumps({"games": rows, "failures": [str(f) for f in reg.failures]}))
        return
    table = Table(title="Installed games")
    for column in ("name", "title", "players", "distribution", "version", "bots"):
        table.add_column(column, no_wrap=column in {"name", "distribution"})
    for row in rows:
        table.add_row(
            row["name"],
            row["title"] + (" *" if row["example"] else ""),
            row["players"],
            row["distribution"] or "-",
            row["version"] or "-",
            ", ".join(row["bots"]),
        )
    out.print(table)
    for info in sorted(reg.games.values(), key=lambda i: i.name):
        if info.distribution in EXAMPLES:
            out.print(
                f"* {info.name}: {EXAMPLES[info.distribution]} (from {info.distribution}, "
                "installed with the source tree), not a game shipped with tablecards",
                markup=False,
            )
    for failure in reg.failures:
        err.print(f"[red]{failure}[/red]")
