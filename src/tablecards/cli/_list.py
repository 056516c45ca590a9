"""``tablecards list``: the installed games, their distribution and version."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.table import Table

from tablecards._plugins import registry
from tablecards.cli._common import err, out


@click.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def list_games(as_json: bool) -> None:
    """List the installed games and the plugins that failed to load."""
    reg = registry()
    rows: list[dict[str, Any]] = [
        {
            "name": info.name,
            "title": info.cls.title,
            "players": f"{info.cls.min_players}-{info.cls.max_players}",
            "distribution": info.distribution,
            "version": info.version,
            "bots": reg.bot_names(info.name),
        }
        for info in sorted(reg.games.values(), key=lambda i: i.name)
    ]
    if as_json:
        click.echo(json.dumps({"games": rows, "failures": [str(f) for f in reg.failures]}))
        return
    table = Table(title="Installed games")
    for column in ("name", "title", "players", "distribution", "version", "bots"):
        table.add_column(column)
    for row in rows:
        table.add_row(
            row["name"],
            row["title"],
            row["players"],
            row["distribution"] or "-",
            row["version"] or "-",
            ", ".join(row["bots"]),
        )
    out.print(table)
    for failure in reg.failures:
        err.print(f"[red]{failure}[/red]")
