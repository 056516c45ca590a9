"""Helpers shared by the commands: consoles, option parsing, error reporting."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from typing import Any

import click
import pluggy
from rich.console import Console

# Results go to stdout, progress and messages to stderr, so that output pipes cleanly.
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def parse_options(pairs: Iterable[str]) -> dict[str, Any]:
    """Turn ``key=value`` pairs into game options; values are read as JSON when they parse."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint="--option")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


@functools.lru_cache(maxsize=1)
def hooks() -> pluggy.PluginManager:
    """The plugin manager of the installed plugins, built once per run of the command line.

    The command line calls the ``tablecards_register_commands`` hook through it.
    """
    from tablecards import plugin_manager

    return plugin_manager()


def split_names(text: str | None) -> list[str] | None:
    """``"heuristic, random"`` -> ``["heuristic", "random"]``; ``None`` stays ``None``."""
    if text is None:
        return None
    return [name.strip() for name in text.split(",") if name.strip()]


def fill_bots(names: list[str], seats: int, whose: str) -> list[str]:
    """One bot name per seat: a single name fills every seat, else one name per seat.

    ``play`` and ``simulate`` read ``--bots`` the same way; ``whose`` names the seats in the
    error ("the seats not played by you").

    Raises:
        ValueError: neither one name nor one per seat.
    """
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise ValueError(
            f"{len(names)} bots for {seats} seats ({whose}): give one name for all of them "
            "or one per seat"
        )
    return names
