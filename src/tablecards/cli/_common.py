"""Helpers shared by the commands: consoles, option parsing, error reporting."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import click
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
