"""The server suite runs on both stores: a SQLite file and a real PostgreSQL.

The PostgreSQL cluster is started by the test run itself (Debian's ``postgresql`` package, see
``pgcluster.py``), once per session, with a fresh database per test (or per module for the
module-scoped servers). Without PostgreSQL installed its tests are skipped, except under
``CI=true``, where that is a failure.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import launch
from pgcluster import Cluster, find_bin

STORES = ["sqlite", "postgresql"]
HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the server suite's tiers: every test here ``server``, those on PostgreSQL
    ``postgres`` (its cluster takes seconds to start, so they are ``slow`` too)."""
    for item in items:
        if HERE not in item.path.parents:
            continue  # the hook sees the whole session's items
        item.add_marker(pytest.mark.server)
        callspec = getattr(item, "callspec", None)
        stores = callspec.params.values() if callspec is not None else ()
        fixtures = getattr(item, "fixturenames", ())
        if "pg_cluster" in fixtures or "postgresql" in stores:
            item.add_marker(pytest.mark.postgres)
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster for the whole run."""
    bindir = find_bin()
    if bindir is None:
        message = "PostgreSQL is not installed: apt-get install postgresql"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    cluster = Cluster(bindir)
    try:
        yield cluster
    finally:
        cluster.stop()


def _db(kind: str, request: pytest.FixtureRequest, folder: os.PathLike[str]) -> str:
    if kind == "sqlite":
        return os.path.join(folder, "t.db")
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()


@pytest.fixture(params=STORES)
def db(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> str:
    """A fresh store for one test: a SQLite file's path or a PostgreSQL URL."""
    return _db(request.param, request, tmp_path)


@pytest.fixture(scope="module", params=STORES)
def module_db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A fresh store shared by the tests of a module."""
    return _db(request.param, request, tmp_path_factory.mktemp("store"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless chromium for the browser tests of one module (``pages.launch``)."""
    yield from launch()
