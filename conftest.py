"""The test tiers of the whole repository (the engine's tests, the plugins', the examples').

``uv run pytest -m "not slow"`` is the inner loop: it leaves out every test marked ``slow``, and
the conformance kit's blocks (marked ``kit`` by tablecards' pytest plugin) and the browser tests
count as slow wherever they live. A run that names no paths (the whole repository, or a tier of
it) spreads over every core by itself; one that names files or folders runs in one process
unless it asks for ``-n``. See the README's "Development" section.

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
    plugin, whose marking runs first); then run the slow tests first.

    Longest first packs a parallel run best: started last, a minute-long browser test would
    keep one worker busy while the others have nothing left to take. The order is the same
    in every worker (a stable sort of the collection), as pytest-xdist requires.
    """
    for item in items:
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """``-n auto`` for a run that names no paths: the whole suite, or a tier of it with ``-m``.

    Such a run has thousands of tests, worth the workers' start; a run of one file or folder
    starts faster in one process. ``-n`` given on the command line (``-n 0``: one process)
    always wins, and a debugger (``--pdb``) or ``--collect-only`` keeps one process.
    """
    option = config.option
    if hasattr(config, "workerinput") or not config.pluginmanager.hasplugin("xdist"):
        return
    whole = config.args_source is not pytest.Config.ArgsSource.ARGS
    if whole and option.numprocesses is None and not option.usepdb and not option.collectonly:
        option.numprocesses = "auto"


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers per core. Many tests wait on servers, browsers and timers
    rather than compute (a real-time Stop round is 45 s of waiting for 3 s of CPU), and the
    extra workers fill those waits: measured on a quiet 2-core machine, the whole suite took
    14.5 minutes with three workers and 12.3 with four (the cores then idle 3% of the time)."""
    return 2 * (os.cpu_count() or 1)
