"""The ``tablecards`` command line: one module per command, plugins may add their own."""

from __future__ import annotations

import click

from tablecards.cli._list import list_games
from tablecards.cli._simulate import simulate_command

__all__ = ["cli", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tablecards")
def cli() -> None:
    """Play, simulate and inspect the card games installed as tablecards plugins."""


cli.add_command(list_games)
cli.add_command(simulate_command)


def main() -> None:
    """Console-script entry point: add the plugins' commands, then run."""
    from tablecards._plugins import plugin_manager

    plugin_manager().hook.tablecards_register_commands(cli=cli)
    cli()
