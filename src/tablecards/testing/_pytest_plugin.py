"""The pytest plugin of tablecards (registered in the ``pytest11`` entry-point group).

It adds ``--tablecards-seeds N`` to run every :func:`tablecards.testing.check_game` of the
session with ``N`` seeds per seat count (a quick local run, or a deep nightly one), and the
``tablecards_check`` fixture, :func:`~tablecards.testing.check_game` itself. Loading it costs
nothing: no game, no plugin registry.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

_SEEDS_ENV = "TABLECARDS_CONFORMANCE_SEEDS"  # tablecards.testing.SEEDS_ENV, without the import


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--tablecards-seeds``."""
    group = parser.getgroup("tablecards", "tablecards conformance kit")
    group.addoption(
        "--tablecards-seeds",
        type=int,
        default=None,
        metavar="N",
        help="seeds per seat count for tablecards.testing.check_game (default 200)",
    )


@pytest.fixture(scope="session", autouse=True)
def _tablecards_seeds(request: pytest.FixtureRequest) -> Iterator[None]:
    # Through the environment, so check_game called from any helper sees it; restored after.
    seeds = request.config.getoption("--tablecards-seeds", default=None)
    if seeds is None:
        yield
        return
    before = os.environ.get(_SEEDS_ENV)
    os.environ[_SEEDS_ENV] = str(seeds)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(_SEEDS_ENV, None)
        else:
            os.environ[_SEEDS_ENV] = before


@pytest.fixture
def tablecards_check() -> Callable[..., Any]:
    """:func:`tablecards.testing.check_game`, for suites that prefer a fixture to an import."""
    from tablecards.testing import check_game

    return check_game
