"""The ``tablecards`` command line: one module per command, plugins may add their own."""

from __future__ import annotations

from collections.abc import Sequence

try:
    import click
    import rich as _rich  # noqa: F401
except ImportError as _error:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        f"tablecards.cli needs the optional extra 'cli' ({_error.name} is not installed): "
        "pip install 'tablecards[cli]'"
    ) from _error

from tablecards.cli._backup import backup_command
from tablecards.cli._list import list_games
from tablecards.cli._play import play_command
from tablecards.cli._replay import replay_command
from tablecards.cli._rules import rules_command
from tablecards.cli._serve import serve_command
from tablecards.cli._simulate import simulate_command

__all__ = ["cli", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tablecards")
def cli() -> None:
    """Play, simulate and inspect the card games installed as tablecards plugins."""


cli.add_command(backup_command)
cli.add_command(list_games)
cli.add_command(play_command)
cli.add_command(replay_command)
cli.add_command(rules_command)
cli.add_command(serve_command)
cli.add_command(simulate_command)


def main(args: Sequence[str] | None = None) -> None:
    """Console-script entry point: add the plugins' commands, then run.

    ``args`` defaults to the process's command-line arguments.
    """
    from tablecards.cli._common import hooks

    hooks().hook.tablecards_register_commands(cli=cli)
    cli.main(args=list(args) if args is not None else None, prog_name="tablecards")
