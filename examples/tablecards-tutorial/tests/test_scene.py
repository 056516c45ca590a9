"""Climb's scene: what a seat sees, laid out as players know the table (the pile in the middle)."""

from __future__ import annotations

import random

import jsonschema  # type: ignore[import-untyped]
import pytest

import tablecards
from tablecards import Match
from tablecards.testing import check_game, scene_problems
from tablecards_tutorial import Climb, StackedClimb

NAMES = ["Ann", "Bob", "Cleo"]


def test_the_pile_lies_in_the_middle_and_the_prompt_names_its_top_card() -> None:
    match = Match(StackedClimb(hands={0: [3, 9], 1: [5, 7, 7], 2: [2]}, deck=[1, 1]), 3, seed=0)
    match.apply(0, match.parse_action({"type": "Play", "card": 8}))  # card 8 is a 3
    scene = match.scene(1, NAMES)
    pile = scene["middle"][0]
    assert pile["title"] == "The pile" and pile["note"] == "Ann's card on top"
    assert [card["rank"] for card in pile["zones"][0]["cards"]] == ["3"]
    assert scene["prompt"] == "The pile's top card is Ann's 3: play a higher card, or draw a card."
    # Two 7s are one move: the menu offers it once.
    texts = [choice["text"] for choice in scene["actions"][0]["choices"]]
    assert texts == ["play a 5", "play a 7", "draw a card"]
    you, cleo, ann = scene["seats"]
    assert (you["name"], cleo["name"], ann["name"]) == ("You", "Cleo", "Ann")
    assert [card["rank"] for card in you["zones"][0]["cards"]] == ["5", "7", "7"]
    assert cleo["zones"][0]["cards"] is None and cleo["zones"][0]["count"] == 1
    assert [badge["text"] for badge in ann["badges"]] == ["leads the pile"]


@pytest.mark.slow
def test_every_scene_of_a_match_is_valid_and_in_words() -> None:
    match = Match(Climb(), players=3, seed=2)
    rng = random.Random(2)
    while True:
        for seat in (None, 0, 1, 2):
            scene = match.scene(seat, NAMES)
            jsonschema.validate(scene, tablecards.scene_schema())
            assert scene_problems(scene) == []
        if match.is_over:
            break
        (seat,) = match.to_act
        match.apply(seat, rng.choice(list(match.legal_actions(seat))))
    result = match.result
    assert result is not None
    assert match.scene(0, NAMES)["status"].endswith(f"with {max(result.scores)}")


def test_the_kit_checks_climb_s_scenes() -> None:
    check_game(Climb(), seeds=5, checks={"scenes"})
