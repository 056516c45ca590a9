"""Hattrick's scene: the table as players see it (issue 25), built from a seat's view only."""

from __future__ import annotations

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
from tablecards_hattrick import ArrangedHattrick, Hattrick, HeuristicBot, Play
from tablecards_hattrick._scenario import card

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


def trick() -> Match:
    """Round 2, trick 1: Bob leads the red 9, Cleo opens the blue pile with the blue 5 (HAT-05)."""
    game = ArrangedHattrick(
        hands={0: "R1 R5 B3 G7", 1: "R9 B20 G1 G2", 2: "B5 B6 R2 G3", 3: "G10 R3 B1 B2"},
        won={0: "R10 R11 R12 B9", 1: "G19"},
        penalties={2: "G20"},
        leader=1,
        totals=[3, -2, 0, 1],
        round=2,
    )
    match = Match(game, players=4, seed=0)
    match.apply(1, Play(card("R9").id))
    match.apply(2, Play(card("B5").id))
    return match


def test_the_trick_s_two_piles_lie_in_the_middle_hat_04_hat_05() -> None:
    scene = trick().scene(3, NAMES[:4])
    (group,) = scene["middle"]
    assert group["title"] == "Trick 1: red pile, blue pile"
    red, blue = group["zones"]
    assert (red["title"], red["note"]) == ("Red pile", "highest 9 (Bob's)")
    assert (blue["title"], blue["note"]) == ("Blue pile", "highest 5 (Cleo's)")
    assert [(c["label"], c["colour"], c["note"]) for c in red["cards"]] == [("red 9", "red", "Bob")]
    # No pile is anybody's: no panel holds a pile.
    assert not any(z["id"].startswith("pile") for p in scene["seats"] for z in p["zones"])


def test_won_cards_by_colour_with_counts_and_penalties_hat_06_hat_09() -> None:
    scene = trick().scene(3, NAMES[:4])
    ann = seat_panel(scene, 0)
    titles = [z["title"] for z in ann["zones"][1:4]]
    assert titles == ["red (3)", "blue (1)", "green (0)"]
    assert [c["label"] for c in scene_zone(ann, "won:0:red")["cards"]] == [
        "red 10",
        "red 11",
        "red 12",
    ]
    cleo = scene_zone(seat_panel(scene, 2), "penalty:2")
    assert cleo["title"] == "Penalty cards (1)" and cleo["note"] == "\N{MINUS SIGN}2"
    assert [c["label"] for c in cleo["cards"]] == ["green 20"]


def test_totals_by_name_dealer_and_sorted_hand_hat_03_hat_10() -> None:
    scene = trick().scene(3, NAMES[:4])
    assert scene["title"] == "Hattrick — round 2 of 8"
    assert [(s["name"], s["score"]) for s in scene["scores"]] == [
        ("Ann", "5"),  # 3 before, +3 red -1 blue now
        ("Bob", "\N{MINUS SIGN}1"),
        ("Cleo", "\N{MINUS SIGN}2"),
        ("You", "1"),
    ]
    # A total is written as every table writes standings (no plus, a true minus: issue 41);
    # the round's change keeps its sign.
    counters = {c["label"]: c["value"] for c in seat_panel(scene, 0)["counters"]}
    assert counters["total"] == "5" and counters["this round"].startswith("+")
    assert [b["text"] for b in seat_panel(scene, 0)["badges"]] == ["dealer"]
    assert [b["text"] for b in seat_panel(scene, 1)["badges"]] == ["leads this trick"]
    hand = scene_zone(seat_panel(scene, 3), "hand:3")
    assert [c["label"] for c in hand["cards"]] == ["red 3", "blue 1", "blue 2", "green 10"]


def test_the_choices_are_grouped_by_pile_with_the_pass_apart_hat_05() -> None:
    scene = trick().scene(3, NAMES[:4])
    assert scene["prompt"] == (
        "Trick 1: play on the red or the blue pile, or pass by showing a green card "
        "(\N{MINUS SIGN}2 at the end of the round)."
    )
    groups = [(g["title"], [c["text"] for c in g["choices"]]) for g in scene["actions"]]
    assert groups == [
        ("Play on the red pile", ["Play red 3"]),
        ("Play on the blue pile", ["Play blue 1", "Play blue 2"]),
        ("Pass, showing a card of the third colour (\N{MINUS SIGN}2)", ["Pass, showing green 10"]),
    ]
    assert trick().scene(0, NAMES[:4])["actions"] == []  # not Ann's turn


def hidden(match: Match, seat: int) -> list[Any]:
    state = match.state
    return [state.hands[s].cards for s in range(match.players) if s != seat]  # type: ignore[attr-defined]


def play(players: int, seed: int) -> list[Match]:
    return bot_positions(Hattrick(rounds=1), players, seed, HeuristicBot)


@pytest.mark.parametrize("players", [4, 6])
def test_scenes_are_valid_and_worded_over_a_match(players: int) -> None:
    assert check_worded_scenes(play(players, seed=players)[::4], NAMES) > 0


def test_the_scene_never_depends_on_what_the_viewer_cannot_see() -> None:
    assert check_scenes_blind(play(5, seed=3)[5::10], hidden, NAMES) >= 10


def test_the_kit_checks_hattrick_s_scenes() -> None:
    check_game(Hattrick(rounds=1), seeds=3, checks={"scenes"})  # every registered player count


def test_the_target_is_on_the_table_hat_12() -> None:
    scene = Match(Hattrick(target=20), players=4, seed=1).scene(0, NAMES[:4])
    assert scene["title"] == "Hattrick — round 1"  # no round limit with a target alone
    assert "The game ends after the round in which a total reaches 20" in scene["lines"]
