"""Options of the project's own test suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    """Sizes of the slow checks: small defaults for every run, a flag each for the full check.

    ``--tablecards-corpus-share F``: the share of the scene corpus checked (1 for all of it);
    ``--tablecards-rl-matches N`` and ``--tablecards-schema-matches N``: seeded matches per game
    (the issues' full checks are 1000); ``--tablecards-thread-seconds S``: how long the threads
    stress test runs (the issue's full check is 30); ``--tablecards-gops-matches N``: Goofspiel
    matches compared with OpenSpiel (the issue's full check is 1000).
    """
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
    parser.addoption(
        "--tablecards-corpus-share",
        type=float,
        default=0.25,
        metavar="F",
        help="share of the scene corpus's matches checked per game and player count (1 checks "
        "every one: run it when scene code changes)",
    )
    parser.addoption(
        "--tablecards-gops-matches",
        type=int,
        default=100,
        metavar="N",
        help="random Goofspiel matches at 2 players compared with OpenSpiel's goofspiel "
        "(a quarter as many at 3 and 4; the issue's full check is 1000)",
    )
    parser.addoption(
        "--tablecards-thread-seconds",
        type=float,
        default=5.0,
        metavar="S",
        help="how long four threads create matches with observers (the issue's full check is 30)",
    )
