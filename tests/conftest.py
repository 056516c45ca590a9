"""Options of the project's own test suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--tablecards-rl-matches N`` and ``--tablecards-schema-matches N``: how many seeded
    matches per game the slow property tests play (small defaults; the issues' full checks
    are 1000)."""
    parser.addoption(
        "--tablecards-rl-matches",
        type=int,
        default=30,
        metavar="N",
        help="seeded matches per game for the tablecards.rl catalogue and mask tests (the issue's "
        "full check is 1000)",
    )
    parser.addoption(
        "--tablecards-schema-matches",
        type=int,
        default=2,
        metavar="N",
        help="seeded matches per game whose every view (each seat and the spectator, at every "
        "moment) is validated against tablecards.view_schema() (the issue's full check is 1000)",
    )
