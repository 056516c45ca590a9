"""Options of the project's own test suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--tablecards-rl-matches N``: seeded matches per game for the rl round-trip tests."""
    parser.addoption(
        "--tablecards-rl-matches",
        type=int,
        default=30,
        metavar="N",
        help="seeded matches per game for the tablecards.rl catalogue and mask tests (the issue's "
        "full check is 1000)",
    )
