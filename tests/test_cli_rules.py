"""``tablecards rules``: the packaged rules text of each game."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from toys import SnapGame

import tablecards
from tablecards import GameInfo
from tablecards.cli import cli

WITH_RULES = [
    name
    for name in tablecards.available_games()
    if tablecards.registry().games[name].cls.rules_text()
]


def test_the_installed_games_ship_rules() -> None:
    assert "hit" in WITH_RULES  # else the next test proves nothing


@pytest.mark.parametrize("game", WITH_RULES)
def test_rules_prints_the_packaged_text_raw_in_a_pipe(game: str) -> None:
    text = tablecards.registry().games[game].cls.rules_text()
    assert text is not None
    result = CliRunner().invoke(cli, ["rules", game])
    assert result.exit_code == 0, result.output
    assert result.stdout == text.rstrip("\n") + "\n"


def test_rules_rendered_shows_the_rules_without_markdown_marks() -> None:
    result = CliRunner().invoke(cli, ["rules", "hit", "--rendered"])
    assert result.exit_code == 0, result.output
    assert "HIT-06" in result.output and "Bust." in result.output
    assert "**Bust.**" not in result.output  # rendered, not the source


def test_unknown_game_names_the_installed_ones() -> None:
    result = CliRunner().invoke(cli, ["rules", "chess"])
    assert result.exit_code == 1
    assert "unknown game 'chess'; installed games:" in result.output
    assert "hit" in result.output


def test_a_game_without_rules_text_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(tablecards.registry().games, "snap", GameInfo("snap", SnapGame, None, "1"))
    result = CliRunner().invoke(cli, ["rules", "snap"])
    assert result.exit_code == 1
    assert "Snap (snap) ships no rules text" in result.output
