"""The workspace and the installed games agree: a forgotten plugin fails loudly.

A workspace member that is not a dependency of the root is not installed, and its entry points
silently vanish (TOOLING.md); these tests compare the folders with what is installed.
"""

from __future__ import annotations

import importlib.metadata as metadata
import sys
from pathlib import Path

import pytest

import tablecards

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the CI machine runs 3.11
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
MEMBERS = sorted([*ROOT.glob("plugins/*/pyproject.toml"), *ROOT.glob("examples/*/pyproject.toml")])


def project(path: Path) -> dict[str, object]:
    data = tomllib.loads(path.read_text("utf-8"))
    result: dict[str, object] = data["project"]
    return result


@pytest.mark.parametrize("path", MEMBERS, ids=lambda p: p.parent.name)
def test_every_plugin_folder_is_installed_and_registers_its_games(path: Path) -> None:
    meta = project(path)
    name = str(meta["name"])
    root = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert name in root["dependency-groups"]["dev"], f"{name} is not in the root dev group"
    assert root["tool"]["uv"]["sources"][name] == {"workspace": True}
    entry_points = meta["entry-points"]["tablecards"]  # type: ignore[index]
    installed = {ep.name for ep in metadata.distribution(name).entry_points}
    assert set(entry_points) <= installed
    for game in entry_points:
        assert game in tablecards.available_games(), f"{name} does not register game {game!r}"
        info = tablecards.registry().games[game]
        assert info.distribution == name
        assert info.version == meta["version"]


def test_every_installed_game_comes_from_a_folder_of_this_repository() -> None:
    declared = set()
    for path in MEMBERS:
        declared |= set(project(path)["entry-points"]["tablecards"])  # type: ignore[index]
    assert set(tablecards.available_games()) == declared
    assert tablecards.registry().failures == []


def test_plugins_depend_on_a_bounded_engine_version() -> None:
    for path in MEMBERS:
        dependencies = project(path)["dependencies"]
        assert any(
            str(dep).startswith("tablecards>=") and "<" in str(dep)
            for dep in dependencies  # type: ignore[attr-defined]
        ), path
