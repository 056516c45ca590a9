"""Hit!'s scene: the table as players see it (issue 25), built from a seat's view only."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablecards import Match
from tablecards.testing import (
    bot_positions,
    check_game,
    check_scenes_blind,
    check_worded_scenes,
    scene_zone,
    seat_panel,
)
from tablecards_hit import DRAW_AGAIN, NO_STEAL, HeuristicBot, Hit, StackedHit

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


def offer() -> Match:
    """Ann draws a 7 while Bob shows two 7s and a 3, Cleo a 7 and a 5 (HIT-05, HIT-08)."""
    return Match(StackedHit(draws=[7, 2, 9], rows={1: [7, 7, 3], 2: [7, 5]}), players=3, seed=0)


def test_the_steal_offer_states_the_value_and_whose_cards_hit_08() -> None:
    scene = offer().scene(0, NAMES[:3])
    assert scene["prompt"].startswith("You drew a 7: steal Bob's two 7s and Cleo's 7?")
    (group,) = scene["actions"]
    assert [(c["text"], c["act"]) for c in group["choices"]] == [
        ("Steal Bob's two 7s and Cleo's 7", {"type": "Steal"}),
        ("Leave them", {"type": "NoSteal"}),
    ]
    # The others see the same table, and no decision.
    bob = offer().scene(1, NAMES[:3])
    assert bob["prompt"] is None and bob["actions"] == [] and bob["status"] == "Waiting for Ann"


def test_each_player_s_face_up_row_lies_in_front_of_them_in_columns_hit_01() -> None:
    scene = offer().scene(2, NAMES[:3])
    assert [p["name"] for p in scene["seats"]] == ["You", "Ann", "Bob"]  # from the viewer
    row = scene_zone(seat_panel(scene, 1), "row:1")
    assert row["style"] == "row" and [c["rank"] for c in row["cards"]] == ["3", "7", "7"]
    assert row["note"] == "a 3, two 7s (17 points)"
    assert scene_zone(seat_panel(scene, 2), "row:2")["title"] == "Your face-up row"
    counters = {c["label"]: c["value"] for c in seat_panel(scene, 1)["counters"]}
    assert counters == {"score": "0", "loot": "no cards"}
    (middle,) = scene["middle"]
    assert [z["id"] for z in middle["zones"]] == ["deck", "box"]
    assert middle["zones"][0]["style"] == "deck" and middle["zones"][0]["count"] == 84
    assert scene["title"] == "Hit! — round 1 of 1"
    assert [b["text"] for b in seat_panel(scene, 0)["badges"]] == ["drawing"]


def test_draw_again_names_the_values_that_bust_hit_06_hit_09() -> None:
    match = offer()
    match.apply(0, NO_STEAL)
    match.apply(0, DRAW_AGAIN)  # a 2: no one shows a 2, so the next decision is draw or stop
    match.apply(0, DRAW_AGAIN)  # a 9: three cards now
    scene = match.scene(0, NAMES[:3])
    assert scene["prompt"] == (
        "You have three face-up cards (18 points); drawing a 2, 7 or 9 busts you. "
        "Draw again (82 cards left) or end your turn?"
    )


def test_the_scores_and_the_winner_are_told_by_name_hit_13() -> None:
    match = play(2, seed=4)[-1]
    scene = match.scene(None, NAMES[:2])
    scores = [int(s["score"]) for s in scene["scores"]]
    winner = NAMES[scores.index(max(scores))]
    assert scene["status"] == f"{winner} wins with {max(scores)} points"


def play(players: int, seed: int) -> list[Match]:
    return bot_positions(Hit(rounds=2), players, seed, HeuristicBot)


@pytest.mark.parametrize("players", [2, 6])
def test_scenes_are_valid_and_worded_over_a_match(players: int) -> None:
    assert check_worded_scenes(play(players, seed=players)[::5], NAMES) > 0


def test_the_scene_never_depends_on_what_the_viewer_cannot_see() -> None:
    # Only the deck's order is secret in Hit!.
    assert check_scenes_blind(play(3, seed=3)[3::10], deck, NAMES) >= 10


def deck(match: Match, seat: int) -> list[Any]:
    """What no seat sees in Hit!: the deck's order."""
    return match.state.deck.cards  # type: ignore[attr-defined,no-any-return]


def test_the_kit_checks_hit_s_scenes() -> None:
    check_game(Hit(), seeds=3, checks={"scenes"})  # every registered player count


def test_the_log_says_an_8_as_the_prompts_do_hit_05_hit_06() -> None:
    """A draw and a bust of an 8 read "an 8", as the prompts say it (issue 41)."""
    match = Match(StackedHit(draws=[8, 2, 5, 8]), players=2, seed=0)
    for _ in range(3):
        match.apply(0, DRAW_AGAIN)  # an 8, a 2 and a 5 in the row: the next 8 busts it
    lines = [
        line for entry in match.history(1, NAMES[:2]) for line in (entry["text"], *entry["then"])
    ]
    text = "\n".join(lines)
    assert "Ann draws an 8" in text and "Ann draws a 2" in text
    assert "Ann busts on an 8" in text
    assert not re.search(r"\ba (8|11|18)\b", text), text
