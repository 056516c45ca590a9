"""``bench/strength.py`` runs at a tiny budget: the command that records ``docs/strength.md``
cannot rot between its long runs (CI also runs it with ``--games 6``).

It plays Goofspiel's two trials (ISMCTS against the heuristic bot and against the random
bot, issue #38) for one match each and writes its results and its page into a temporary
folder, never into the checkout.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _strength() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength", ROOT / "bench" / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # two matches of the search bot: 4-5 s at a load average of 10
def test_the_strength_command_plays_goofspiel_against_both_bots_and_records_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    strength = _strength()
    monkeypatch.setattr(strength, "RESULTS", tmp_path / "strength.json")
    monkeypatch.setattr(strength, "PAGE", tmp_path / "strength.md")
    argv = ["strength.py", "--games", "1", "--only", "goofspiel", "--workers", "1", "--write"]
    monkeypatch.setattr(sys, "argv", argv)
    strength.main()
    printed = capsys.readouterr().out
    assert "goofspiel: 1 matches against heuristic" in printed
    assert "goofspiel-random: 1 matches against random" in printed
    recorded = json.loads((tmp_path / "strength.json").read_text())["games"]
    assert set(recorded) == {"goofspiel", "goofspiel-random"}
    for key, opponent in (("goofspiel", "heuristic"), ("goofspiel-random", "random")):
        entry = recorded[key]
        assert (entry["game"], entry["opponent"], entry["players"]) == ("goofspiel", opponent, 2)
        assert entry["games"] == 1 and 0 <= entry["wins"] <= 1
        assert entry["load_games"] == 1 and entry["load_sum"] >= 0
    page = (tmp_path / "strength.md").read_text()
    assert "| goofspiel | heuristic | 2 | 1 |" in page
    assert "| goofspiel | random | 2 | 1 |" in page
    assert "| hit | heuristic | 3 | 0 | pending |" in page  # not played by this run


def test_a_trial_or_game_that_does_not_exist_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    strength = _strength()
    monkeypatch.setattr(sys, "argv", ["strength.py", "--only", "goofy"])
    with pytest.raises(SystemExit, match="unknown trials \\['goofy'\\]"):
        strength.main()
