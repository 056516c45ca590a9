"""The game pages' text captures of the screens are the screens the code draws now."""

from __future__ import annotations

import re

import pytest
from screens import SCREENS, SHOTS, capture


@pytest.mark.parametrize("game", sorted(SHOTS))
def test_the_committed_capture_is_what_the_screen_draws(game: str) -> None:
    committed = (SCREENS / f"{game}.txt").read_text("utf-8")
    assert capture(game) == committed, (
        f"docs/games/_screens/{game}.txt is out of date: run `uv run python tests/screens.py`"
    )


@pytest.mark.parametrize("game", sorted(SHOTS))
def test_each_game_page_shows_its_capture_in_its_last_section(game: str) -> None:
    page = (SCREENS.parent / f"{game}.md").read_text("utf-8")
    last = page[page.rindex("\n## ") :]
    assert last.startswith("\n## What the screen looks like")
    assert f"_screens/{game}.txt" in last


@pytest.mark.parametrize("game", sorted(SHOTS))
def test_a_capture_speaks_words_not_internals(game: str) -> None:
    text = capture(game)
    assert not re.search(r"\b[a-z_]+:\d", text), "a zone id on the screen"
    assert not re.search(r"\b1 cards\b|\(s\)|\b[A-Z]{3,5}-\d\d", text)  # plurals, rule IDs
    assert not re.search(r"\bseat \d", text, re.IGNORECASE), "a seat number on the screen"
