"""Saves written by another version of a game: Game.upgrade_snapshot reads them, or refuses them
with a SaveError naming both versions and the rule that changed."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest
from toys import FLIP, SnapGame

from tablecards import Match, SaveError, SaveWarning


def saved_by(version: str) -> str:
    """A Snap match of a few flips, as if version ``version`` of Snap had saved it."""
    match = Match(SnapGame(), players=2, seed=1)
    for _ in range(3):
        match.apply(match.to_act[0], FLIP)
    data = json.loads(match.to_json())
    data["game_version"] = version
    if version == "1.0":
        data["state"]["turn"] = data["state"].pop("current")  # 1.0's name for the field
    return json.dumps(data)


class SnapTwo(SnapGame):
    """Snap 2.0: 1.0 called the field ``current`` ``turn``; saves of 0.9 are refused."""

    version: ClassVar[str] = "2.0"
    calls: ClassVar[list[str]] = []

    def upgrade_snapshot(self, version: str, snapshot: dict[str, Any]) -> dict[str, Any]:
        self.calls.append(version)
        if version == "0.9":
            raise SaveError(f"Snap {version} saves are refused by Snap {self.version}: SNAP-1")
        if version == "1.0":
            upgraded = {**snapshot, "current": snapshot["turn"]}
            del upgraded["turn"]
            return upgraded
        return {**snapshot, "streak": snapshot["streak"]}  # KeyError: an unreadable snapshot


def test_a_save_of_another_version_loads_by_default_when_its_snapshot_is_the_same() -> None:
    with pytest.warns(SaveWarning, match="version '0.1' of snap"):
        loaded = Match.from_json(saved_by("0.1"), SnapGame())
    assert loaded.moves == 3
    assert json.loads(loaded.to_json())["game_version"] == SnapGame.version  # saved anew as 1.0


def test_upgrade_snapshot_reads_an_old_save_and_is_asked_only_for_other_versions() -> None:
    SnapTwo.calls.clear()
    with pytest.warns(SaveWarning, match="version '1.0' of snap"):
        loaded = Match.from_json(saved_by("1.0"), SnapTwo())
    assert loaded.moves == 3 and SnapTwo.calls == ["1.0"]
    Match.from_json(saved_by("2.0"), SnapTwo())
    assert SnapTwo.calls == ["1.0"]  # the installed version's saves are not upgraded


def test_upgrade_snapshot_refuses_a_save_with_its_own_reason() -> None:
    with pytest.raises(SaveError, match="Snap 0.9 saves are refused by Snap 2.0: SNAP-1"):
        Match.from_json(saved_by("0.9"), SnapTwo())


def test_an_unreadable_old_snapshot_is_a_save_error_naming_both_versions() -> None:
    with pytest.raises(SaveError, match="state saved by snap 0.5 \\(installed 2.0\\).*streak"):
        Match.from_json(saved_by("0.5"), SnapTwo())


def test_an_upgraded_snapshot_still_has_to_match_the_replayed_log() -> None:
    data = json.loads(saved_by("1.0"))
    data["state"]["turn"] = 1 - data["state"]["turn"]  # tampered
    with pytest.raises(SaveError, match="saved with 1.0, installed 2.0"):
        Match.from_json(json.dumps(data), SnapTwo())


def test_a_field_the_installed_version_added_is_taken_from_the_replay() -> None:
    """An older save cannot hold a field its version did not have: the replay fills it in,
    and every other field must still match."""
    data = json.loads(saved_by("0.1"))
    del data["state"]["current"]  # as if 0.1 had no such field
    with pytest.warns(SaveWarning, match="version '0.1' of snap"):
        loaded = Match.from_json(json.dumps(data), SnapGame())
    assert loaded.moves == 3
    same = json.loads(saved_by("1.1"))
    del same["state"]["current"]
    same["game_version"] = SnapGame.version
    with pytest.raises(SaveError):  # a save of the installed version must hold every field
        Match.from_json(json.dumps(same), SnapGame())
