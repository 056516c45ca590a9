"""``tablecards rules``: a game's rules for players, from the plugin's packaged rules text."""

from __future__ import annotations

import click

from tablecards import TablecardsError, registry
from tablecards.cli._common import out

__all__ = ["rules_command"]


@click.command("rules")
@click.argument("game")
@click.option(
    "--raw/--rendered",
    default=None,
    help="Print the Markdown source, or render it. Default: rendered on a terminal, raw in a pipe.",
)
def rules_command(game: str, raw: bool | None) -> None:
    """Print the rules of GAME, written for players.

    What is in the box, the goal, setup, a turn, the end and scoring, the variants that the
    game's options give, and how tablecards reads the points the original rules leave open.
    Tags such as HIT-06 name each rule, so that messages and rulings can point at it.
    """
    reg = registry()
    info = reg.games.get(game)
    if info is None:
        try:
            reg.load_game(game)  # raises UnknownGame, naming the installed games
        except TablecardsError as error:
            raise click.ClickException(str(error)) from None
        raise click.ClickException(f"unknown game {game!r}")  # pragma: no cover
    text = info.cls.rules_text()
    if not text:
        raise click.ClickException(f"{info.cls.title} ({game}) ships no rules text")
    if raw is None:
        raw = not out.is_terminal
    if raw:
        click.echo(text.rstrip("\n"))
        return
    from rich.markdown import Markdown

    out.print(Markdown(text))
