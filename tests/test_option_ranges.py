"""Every option of every installed game declares its range, and values outside are refused."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from toys import SnapGame

import tablecards
from tablecards import (
    Game,
    Match,
    OptionRange,
    PluginError,
    Registry,
    UnknownOption,
    option_range,
)
from tablecards.testing import ConformanceFailure, check_game

GAMES = tablecards.available_games()


def game_class(name: str) -> type[Game[Any]]:
    cls: type[Game[Any]] = tablecards.registry().games[name].cls
    return cls


def test_the_four_games_and_climb_are_installed() -> None:
    assert {"hit", "stop", "exhopp", "hattrick", "climb"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_every_option_declares_a_bounded_range(name: str) -> None:
    cls = game_class(name)
    ranges = cls.option_ranges()
    assert set(ranges) == {field.name for field in attrs.fields(cls.Options)}
    for option, bounds in ranges.items():
        assert bounds.minimum <= bounds.maximum <= 1000, option
        default = cls.option_defaults()[option]
        assert default in bounds, option


@pytest.mark.parametrize("name", GAMES)
def test_load_game_refuses_every_value_outside_the_range(name: str) -> None:
    cls = game_class(name)
    for option, bounds in cls.option_ranges().items():
        for bad in (bounds.minimum - 1, bounds.maximum + 1, 10**4000, True, "3", 2.0):
            with pytest.raises(UnknownOption, match=option):
                tablecards.load_game(name, **{option: bad})
        if not bounds.allows_none:
            with pytest.raises(UnknownOption, match=option):
                tablecards.load_game(name, **{option: None})
        # Both ends are accepted, and a match can be made with them.
        for good in (bounds.minimum, bounds.maximum):
            game = tablecards.load_game(name, **{option: good})
            assert getattr(game.options, option) == good


@pytest.mark.parametrize("name", GAMES)
def test_match_refuses_an_out_of_range_option_of_a_game_instance(name: str) -> None:
    cls = game_class(name)
    for option, bounds in cls.option_ranges().items():
        with pytest.raises(UnknownOption):
            Match(cls(**{option: bounds.maximum + 1}), cls.default_players, seed=1)


def test_the_games_ranges_are_the_rules_bounds() -> None:
    """STOP-18 (tokens to win), HIT-14 and HAT-11 (rounds) take sane, bounded values."""
    assert game_class("stop").option_ranges()["tokens_to_win"] == OptionRange(1, 100)
    assert game_class("hit").option_ranges()["rounds"] == OptionRange(1, 20, True)
    assert game_class("hattrick").option_ranges()["rounds"] == OptionRange(1, 50, True)
    assert game_class("climb").option_ranges()["hand_size"] == OptionRange(3, 8)
    assert game_class("exhopp").option_ranges()["first_player"] == OptionRange(0, 5)


def test_option_range_declares_and_checks_a_field() -> None:
    @attrs.frozen
    class Options:
        laps: int | None = option_range(3, 1, 9, none=True)

    assert Options(None).laps is None
    with pytest.raises(ValueError, match="from 1 to 9, or left unset, not 10") as refused:
        Options(10)
    assert "None" not in str(refused.value)  # words a person in the lobby reads (issue 41)
    assert OptionRange(1, 9, True).to_json() == {"min": 1, "max": 9, "none": True}
    assert 5 in OptionRange(1, 9) and 0 not in OptionRange(1, 9) and None not in OptionRange(1, 9)


@attrs.frozen
class LooseOptions:
    """An option without a range (the audit's toy: any number of shuffles)."""

    shuffles: int = 1


class LooseSnap(SnapGame):
    """Snap with an unbounded option."""

    name = "loose-snap"
    Options = LooseOptions


def test_attrs_in_range_declares_a_range() -> None:
    assert SnapGame.option_ranges() == {"ranks": OptionRange(2, 13)}


def test_a_game_with_an_option_without_range_is_refused_at_registration() -> None:
    with pytest.raises(PluginError, match="option shuffles declares no range"):
        Registry().add_game(LooseSnap, plugin="toy")


def test_the_kit_says_every_option_needs_a_range() -> None:
    with pytest.raises(ConformanceFailure, match="option shuffles declares no range"):
        check_game(LooseSnap(), players=[2], seeds=1, checks=["structure"])
