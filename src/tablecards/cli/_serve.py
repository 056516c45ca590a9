"""``tablecards serve``: the networked table (needs the extra ``tablecards[server]``)."""

from __future__ import annotations

from typing import Literal

import click

from tablecards import Clock
from tablecards.cli._common import err

__all__ = ["serve_command"]


_KINDS = Clock.KINDS


def _read_clocks(
    context: click.Context, parameter: click.Parameter, values: tuple[str, ...]
) -> dict[str, float | None]:
    """``--clock reaction=1.5 --clock turn=off`` as ``{"reaction": 1.5, "turn": None}``."""
    clocks: dict[str, float | None] = {}
    for value in values:
        kind, _, factor = value.partition("=")
        kind, factor = kind.strip().lower(), factor.strip().lower()
        if kind not in _KINDS or not factor:
            raise click.BadParameter(
                f"{value!r}: write KIND=FACTOR or KIND=off, KIND one of {', '.join(_KINDS)}",
                context,
                parameter,
            )
        if factor == "off":
            clocks[kind] = None
            continue
        try:
            number = float(factor)
        except ValueError:
            number = -1.0
        if not number >= 0 or number == float("inf"):
            raise click.BadParameter(
                f"{value!r}: the factor is a number from 0 (2: twice as long) or off",
                context,
                parameter,
            )
        clocks[kind] = number
    return clocks


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port to listen on (0: any free port).",
)
@click.option(
    "--db",
    default="tablecards.db",
    show_default=True,
    help="SQLite file holding the matches (created when missing), or a postgresql://… URL of a "
    "database that several server processes share (extra tablecards[postgres]).",
)
@click.option(
    "--clock",
    "clocks",
    multiple=True,
    metavar="KIND=FACTOR|off",
    callback=_read_clocks,
    help="Scale one kind of the games' clocks (reaction, decision, turn): 2 waits twice as "
    "long, 0 closes at once, off waits for ever. Default: reaction=1 decision=1 turn=1 "
    "(each match's pace scales turns and decisions again). "
    "Repeat for several kinds.",
)
@click.option(
    "--bot-think",
    default=0.8,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Average seconds a bot thinks before acting.",
)
@click.option("--no-chat", is_flag=True, help="Switch the table chat off.")
@click.option(
    "--spectator-chat",
    type=click.Choice(["off", "apart", "together"]),
    default="apart",
    show_default=True,
    help="Spectators may not write (off), talk among themselves (apart) or with the players.",
)
@click.option(
    "--allowed-hosts",
    default="",
    metavar="NAMES",
    help="Comma-separated host names the server answers to (wildcards: see the docs, "
    "'Exposing it beyond your machine'). Default: localhost and the --host address.",
)
@click.option(
    "--creates-per-minute",
    default=20,
    show_default=True,
    type=click.IntRange(min=1),
    help="Matches one client address may create a minute.",
)
@click.option(
    "--live-matches",
    default=200,
    show_default=True,
    type=click.IntRange(min=1),
    help="Unfinished matches held at once; beyond that, creating one is refused.",
)
@click.option(
    "--live-per-client",
    default=None,
    type=click.IntRange(min=1),
    help="Unfinished matches one client address may hold at once. Default: a tenth of "
    "--live-matches.",
)
@click.option(
    "--connections",
    default=400,
    show_default=True,
    type=click.IntRange(min=1),
    help="Open connections at once (websockets).",
)
@click.option(
    "--connections-per-client",
    default=24,
    show_default=True,
    type=click.IntRange(min=1),
    help="Open connections from one client address (behind a shared address, raise it).",
)
@click.option(
    "--abandon-after",
    default=900.0,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds after which a match nobody is connected to stops (it stays stored; the next "
    "visit resumes it). 0: never.",
)
@click.option(
    "--time-scale",
    default=1.0,
    show_default=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Multiply every time a table keeps (clocks, time banks, --away-after, ...): 0.1 plays "
    "a minute in 6 s, for demonstrations and tests.",
)
@click.option(
    "--away-after",
    default=60.0,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds a moment waits for a player who left before the others may hand the seat to "
    "a bot (a clock running out offers it at once). 0: only clocks offer it.",
)
@click.option(
    "--stand-in-after",
    default=120.0,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds after that offer when a bot takes the seat by itself. 0: only people hand "
    "seats to bots.",
)
@click.option(
    "--bot-workers",
    default=2,
    show_default=True,
    type=click.IntRange(min=0),
    help="Processes in which search bots think (0: in threads, slowing everyone).",
)
@click.option(
    "--stats",
    is_flag=True,
    help="Answer GET /debug/stats: this process's matches, memory and replayed actions.",
)
def serve_command(
    host: str,
    port: int,
    db: str,
    clocks: dict[str, float | None],
    bot_think: float,
    no_chat: bool,
    spectator_chat: Literal["off", "apart", "together"],
    allowed_hosts: str,
    creates_per_minute: int,
    live_matches: int,
    live_per_client: int | None,
    connections: int,
    connections_per_client: int,
    abandon_after: float,
    time_scale: float,
    away_after: float,
    stand_in_after: float,
    bot_workers: int,
    stats: bool,
) -> None:
    """Serve the games in the browser: open the printed address, create a match, share links.

    Every action is stored in DB before anyone sees it; unfinished matches resume when the
    server starts again. Ctrl-C stops it. See docs/play-together.md before exposing it
    beyond your machine.
    """
    try:
        from tablecards.server import ServeError, Settings, serve
    except ImportError as missing:
        raise click.ClickException(
            f"the server needs the extra 'tablecards[server]' ({missing.name} is not installed): "
            "pip install 'tablecards[server]'"
        ) from None
    if db.startswith(("postgresql://", "postgres://")):
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise click.ClickException(
                "a postgresql:// store needs the extra 'tablecards[postgres]': "
                "pip install 'tablecards[postgres]'"
            ) from None
        shown = "the PostgreSQL database"  # the URL may hold a password: never print it
    else:
        shown = db
    settings = Settings(
        bot_think=(bot_think / 2, bot_think * 1.5),
        clocks=clocks,
        chat=not no_chat,
        spectator_chat=spectator_chat,
        allowed_hosts=frozenset(name.strip() for name in allowed_hosts.split(",") if name.strip()),
        creates_per_client=creates_per_minute,
        creates_per_server=max(creates_per_minute, 10 * creates_per_minute),
        live_matches=live_matches,
        live_per_client=live_per_client,
        connections=connections,
        connections_per_client=connections_per_client,
        abandon_after=abandon_after or None,
        time_scale=time_scale,
        away_after=away_after or None,
        stand_in_after=stand_in_after or None,
        bot_workers=bot_workers,
        stats=stats,
    )

    def ready(url: str) -> None:
        err.print(f"tablecards is serving on {url}  (matches stored in {shown}; Ctrl-C stops)")
        click.echo(url)

    try:
        serve(host, port, db, settings=settings, ready=ready)
    except ServeError as failure:
        raise click.ClickException(str(failure)) from None
