"""``bench/capacity.py`` runs at a tiny size: the command behind docs/performance.md's "How many
tables fit on one core" cannot rot between its long runs (issue 43).

Four matches on ``tablecards serve`` and on the floor, for two seconds each, clients in one
process of their own, and the memory of four live matches; nothing is written.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _capacity() -> ModuleType:
    sys.path.insert(0, str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location("capacity", ROOT / "bench" / "capacity.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # two servers and their clients started: 20-40 s on a busy machine
@pytest.mark.server
def test_the_capacity_command_measures_both_servers_and_a_matchs_memory(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    capacity = _capacity()
    argv = [
        *("capacity.py", "--levels", "4", "--seconds", "2", "--warmup", "1"),
        *("--think", "0.2", "--clients", "1", "--configs", "serve,floor", "--memory", "4"),
        "--side-by-side",
    ]
    monkeypatch.setattr(sys, "argv", argv)
    capacity.main()
    printed = capsys.readouterr().out
    assert "| 4 | tablecards serve |" in printed
    assert "| 4 | floor (bench/floor.py) |" in printed
    assert "memory per live match (4 matches" in printed
    assert " NO " not in printed  # every acknowledged action stored
