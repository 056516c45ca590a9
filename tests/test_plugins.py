"""Finding plugins: entry points, broken plugins, duplicates, the env switch, the registry."""

from __future__ import annotations

import importlib.metadata as metadata
import subprocess
import sys
import types
from collections.abc import Callable
from typing import Any

import pytest
from toys import SnapGame

import tablecards
from tablecards import PluginError, Registry, UnknownBot, UnknownGame, hookimpl
from tablecards.registry import _plugins


def fake_entry_points(monkeypatch: pytest.MonkeyPatch, extra: list[metadata.EntryPoint]) -> None:
    real = metadata.entry_points

    def entry_points(*, group: str) -> list[metadata.EntryPoint]:
        return [*real(group=group), *extra]

    monkeypatch.setattr(metadata, "entry_points", entry_points)


def module_registering(name: str, game: type[Any]) -> types.ModuleType:
    module = types.ModuleType(name)

    @hookimpl
    def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
        register(game)

    module.tablecards_register_games = tablecards_register_games  # type: ignore[attr-defined]
    return module


def test_a_broken_plugin_is_reported_and_the_others_still_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken = metadata.EntryPoint("broken", "tablecards_no_such_module.plugin", "tablecards")
    fake_entry_points(monkeypatch, [broken])
    with pytest.warns(_plugins.PluginWarning, match="plugin 'broken' failed: ModuleNotFoundError"):
        registry = Registry.from_plugin_manager(tablecards.plugin_manager())
    assert "hit" in registry.games
    assert [failure.name for failure in registry.failures] == ["broken"]
    with pytest.raises(UnknownGame, match=r"plugins that failed to load: broken"):
        registry.load_game("broken")


def test_a_duplicate_game_name_is_an_error_naming_both(monkeypatch: pytest.MonkeyPatch) -> None:
    hit_class = tablecards.registry().games["hit"].cls
    clone = type("OtherHit", (hit_class,), {})
    monkeypatch.setitem(
        sys.modules, "other_hit_plugin", module_registering("other_hit_plugin", clone)
    )
    fake_entry_points(
        monkeypatch, [metadata.EntryPoint("otherhit", "other_hit_plugin", "tablecards")]
    )
    with pytest.raises(PluginError, match="game name 'hit' registered twice.*OtherHit"):
        Registry.from_plugin_manager(tablecards.plugin_manager())


def test_a_registration_hook_that_fails_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("exploding_plugin")

    @hookimpl
    def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
        raise RuntimeError("kaboom")

    module.tablecards_register_games = tablecards_register_games  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "exploding_plugin", module)
    fake_entry_points(monkeypatch, [metadata.EntryPoint("boom", "exploding_plugin", "tablecards")])
    with pytest.raises(PluginError, match="plugin 'boom' failed in tablecards_register_games"):
        Registry.from_plugin_manager(tablecards.plugin_manager())


def test_registering_something_that_is_not_a_game_is_an_error() -> None:
    with pytest.raises(PluginError, match="not a Game class"):
        Registry().add_game(int)  # type: ignore[arg-type]


def test_the_environment_variable_chooses_the_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(_plugins.PLUGINS_ENV, "")
    registry = Registry.from_plugin_manager(tablecards.plugin_manager())
    assert registry.games == {}
    assert registry.bot_names("hit") == ["ismcts", "random"]  # built-in bots still register
    monkeypatch.setenv(_plugins.PLUGINS_ENV, "hit")
    assert list(Registry.from_plugin_manager(tablecards.plugin_manager()).games) == ["hit"]


def test_games_register_with_their_distribution_and_version() -> None:
    info = tablecards.registry().games["hit"]
    assert info.distribution == "tablecards-hit"
    assert info.version == metadata.version("tablecards-hit")
    # The class's version is the rules' (saves record it), not the release's (docs/releasing.md).
    assert info.cls.version == "0.2.0" and info.version == tablecards.__version__


def test_bots_are_looked_up_per_game() -> None:
    registry = Registry()
    registry.add_game(SnapGame)
    registry.add_bot(tablecards.BotInfo("random", tablecards.RandomBot, None, "", "builtin"))
    assert registry.bot_names("snap") == ["random"]
    assert registry.bot("snap", "random").factory is tablecards.RandomBot
    with pytest.raises(UnknownBot, match="unknown bot 'genius' for game 'snap'; available: random"):
        registry.bot("snap", "genius")
    with pytest.raises(PluginError, match="registered twice"):
        registry.add_bot(tablecards.BotInfo("random", tablecards.RandomBot, None, "", "other"))


def test_importing_tablecards_loads_no_plugin() -> None:
    code = "import sys, tablecards; print(any(m.startswith('tablecards_') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
