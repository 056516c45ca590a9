"""The test tiers of the whole repository (the engine's tests, the plugins', the examples').

``uv run pytest -m "not slow"`` is the inner loop: it leaves out every test marked ``slow``, and
the conformance kit's blocks (marked ``kit`` by tablecards' pytest plugin) and the browser tests
count as slow wherever they live. See the README's "Development" section.

A test run writes nothing into the checkout: Hypothesis keeps its examples in the temporary
folder (``$HYPOTHESIS_STORAGE_DIRECTORY`` wins), and the browser tests their screenshots in
``$TABLECARDS_ARTIFACTS`` (``tests/pages.py``).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Read by Hypothesis when it first stores an example, after this file is loaded.
os.environ.setdefault(
    "HYPOTHESIS_STORAGE_DIRECTORY", str(Path(tempfile.gettempdir(), "tablecards-hypothesis"))
)

#: Markers that make a test slow wherever it is.
SLOW_KINDS = ("kit", "browser")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test of a slow kind, before ``-m`` selects (after tablecards'
    plugin, whose marking runs first)."""
    for item in items:
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker(pytest.mark.slow)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the cores. Many tests wait on servers, browsers and
    timers rather than compute, and a third worker fills those waits (measured on 2 cores: the
    whole suite in 12.0 minutes with three workers, 13.7 with two)."""
    return (os.cpu_count() or 1) + 1
