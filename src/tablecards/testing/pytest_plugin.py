"""The pytest plugin of tablecards: ``--tablecards-seeds`` and the ``tablecards_check`` fixture.

It is opt-in: installing tablecards does not load it into anyone's test runs. A suite that
wants it asks for it, on the command line (``pytest -p tablecards.testing.pytest_plugin``), in
its configuration (``addopts = ["-p", "tablecards.testing.pytest_plugin"]``) or in its
top-level ``conftest.py`` (``pytest_plugins = ["tablecards.testing.pytest_plugin"]``).

Every test parametrized with a :class:`tablecards.testing.KitBlock` (see
:func:`tablecards.testing.kit_blocks`) is marked ``kit``, so ``-m kit`` runs the conformance
kit alone and ``-m "not kit"`` leaves it out.

``--tablecards-seeds N`` makes every :func:`tablecards.testing.check_game` and
:func:`tablecards.testing.kit_blocks` of the run use ``N`` seeds per seat count (a quick local
run, or a deep nightly one). It is in force from the start of the run, before collection, so
the blocks of a kit run are cut with it, in every worker of pytest-xdist. Loading the plugin
costs nothing: no game, no plugin registry.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

_SEEDS_ENV = "TABLECARDS_CONFORMANCE_SEEDS"  # tablecards.testing.SEEDS_ENV, without the import
_BEFORE = pytest.StashKey[tuple[bool, str | None]]()

__all__ = [
    "pytest_addoption",
    "pytest_collection_modifyitems",
    "pytest_configure",
    "pytest_unconfigure",
    "tablecards_check",
]


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--tablecards-seeds``."""
    group = parser.getgroup("tablecards", "tablecards conformance kit")
    group.addoption(
        "--tablecards-seeds",
        type=int,
        default=None,
        metavar="N",
        help="seeds per seat count for tablecards.testing.check_game and kit_blocks (default 200)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``kit`` marker; put ``--tablecards-seeds`` in force for the whole run
    (collection included)."""
    config.addinivalue_line("markers", "kit: one block of a game's conformance-kit run")
    seeds = config.getoption("--tablecards-seeds", default=None)
    if seeds is None:
        return
    # Through the environment, so check_game called from any helper sees it; restored after.
    config.stash[_BEFORE] = (True, os.environ.get(_SEEDS_ENV))
    os.environ[_SEEDS_ENV] = str(seeds)


# First, so that ``-m kit`` and the suites' own hooks see the marks.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``kit`` every test that runs a block of the conformance kit."""
    from tablecards.testing import KitBlock

    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and any(isinstance(v, KitBlock) for v in callspec.params.values()):
            item.add_marker(pytest.mark.kit)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Give the environment back as it was."""
    changed, before = config.stash.get(_BEFORE, (False, None))
    if not changed:
        return
    if before is None:
        os.environ.pop(_SEEDS_ENV, None)
    else:
        os.environ[_SEEDS_ENV] = before


@pytest.fixture
def tablecards_check() -> Callable[..., Any]:
    """:func:`tablecards.testing.check_game`, for suites that prefer a fixture to an import."""
    from tablecards.testing import check_game

    return check_game
