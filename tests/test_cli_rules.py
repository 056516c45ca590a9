"""``tablecards rules``: the packaged rules of each game, written for players.

Every game's rules text has the sections a player looks for (the goal, setup, a turn, the end
and scoring, the variants, the unclear points), its variants name every option with its true
default, and nothing shipped in a plugin's package is a developers' note (issue 19).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from toys import SnapGame

import tablecards
from tablecards import GameInfo
from tablecards.cli import cli

ROOT = Path(__file__).resolve().parent.parent
WITH_RULES = [
    name
    for name in tablecards.available_games()
    if tablecards.registry().games[name].cls.rules_text()
]
#: The sections a player needs, as a heading pattern each (one heading may serve two).
SECTIONS = {
    "what is in the box": r"What is in the box",
    "the goal": r"The goal",
    "setup": r"Setup",
    "a turn": r"(A turn|A trick|The draw|The auction).*",
    "the end and scoring": r"The end and scoring|The end of the game",
    "variants": r"Variants",
    "the unclear points": r"How tablecards reads the unclear points",
}
#: Words of a developers' document that a player's rules must not contain (issue 19).
DEVELOPER_WORDS = ["seeds", "scripted test", "tests cite"]
#: How a path to the developers' specification would look.
SPEC_PATH = re.compile(r"shared/rules|\.\./rules/|rules/(hit|stop|exhopp|hattrick)\.md")


def rules_output(game: str, *args: str) -> str:
    result = CliRunner().invoke(cli, ["rules", game, *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def section(text: str, heading: str) -> str:
    """The text of the ``## heading`` section of ``text`` (up to the next ``##`` heading)."""
    match = re.search(rf"^## {heading}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, f"no section {heading!r}"
    return match.group(1)


def test_the_shipped_games_ship_rules() -> None:
    # Else the parametrized tests below prove nothing.
    assert {"hit", "stop", "exhopp", "hattrick"} <= set(WITH_RULES)


@pytest.mark.parametrize("game", WITH_RULES)
def test_rules_prints_the_packaged_text_raw_in_a_pipe(game: str) -> None:
    text = tablecards.registry().games[game].cls.rules_text()
    assert text is not None
    assert rules_output(game) == text.rstrip("\n") + "\n"


@pytest.mark.parametrize("game", WITH_RULES)
def test_the_rules_have_every_section_a_player_needs(game: str) -> None:
    text = rules_output(game)
    headings = re.findall(r"^##+ (.+)$", text, re.MULTILINE)
    for name, pattern in SECTIONS.items():
        assert any(re.fullmatch(pattern, heading) for heading in headings), (
            f"`tablecards rules {game}` has no section for {name}; its headings: {headings}"
        )
    # The rulings are listed one by one, in plain words.
    assert section(text, "How tablecards reads the unclear points").count("\n- ") >= 2


@pytest.mark.parametrize("game", WITH_RULES)
def test_the_variants_name_every_option_with_its_default(game: str) -> None:
    variants = section(rules_output(game), "Variants")
    defaults = tablecards.registry().games[game].cls.option_defaults()
    assert defaults, "a game without options proves nothing here"
    for option, default in defaults.items():
        assert f"`{option}`" in variants, f"the variants of {game} do not name `{option}`"
        stated = re.search(rf"`{option}` \(default `([^`]*)`", variants)
        if stated:  # a default given as a value must be the real one
            assert stated.group(1) == str(default), (game, option, default)


@pytest.mark.parametrize("game", ["hit", "stop", "exhopp", "hattrick"])
def test_every_rule_id_stays_as_an_anchor(game: str) -> None:
    text = rules_output(game)
    prefix = {"hit": "HIT", "stop": "STOP", "exhopp": "EXH", "hattrick": "HAT"}[game]
    last = {"hit": 14, "stop": 21, "exhopp": 18, "hattrick": 12}[game]
    missing = [n for n in range(1, last + 1) if f"{prefix}-{n:02d}" not in text]
    assert not missing, f"{game}'s rules lost the anchors {missing}"


def test_no_shipped_plugin_file_is_a_developers_note() -> None:
    files = [path for path in ROOT.glob("plugins/*/src/**/*") if path.is_file()]
    assert any(path.name == "rules.md" for path in files)
    for path in files:
        if path.suffix in {".pyc"}:
            continue
        text = path.read_text("utf-8").lower()
        for word in DEVELOPER_WORDS:
            assert word not in text, f"{path.relative_to(ROOT)} contains {word!r}"
        assert not SPEC_PATH.search(text), f"{path.relative_to(ROOT)} points at the specification"


def test_rules_rendered_shows_the_rules_without_markdown_marks() -> None:
    output = rules_output("hit", "--rendered")
    assert "HIT-06" in output and "Bust" in output
    assert "**Bust**" not in output and "## The goal" not in output  # rendered, not the source
    assert "The goal" in output and "How tablecards reads the unclear points" in output


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
