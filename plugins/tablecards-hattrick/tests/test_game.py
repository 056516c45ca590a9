"""Hattrick as a tablecards game: registration, options, persistence, views and messages."""

from __future__ import annotations

import json
import random

import pytest

import tablecards
from tablecards import IllegalAction, Match, UnknownOption
from tablecards_hattrick import PASSES, PLAYS, ArrangedHattrick, Hattrick, Pass, Play, card


def random_match(players: int, seed: int, moves: int | None = None) -> Match:
    match = Match(Hattrick(), players=players, seed=seed)
    rng = random.Random(seed)
    while not match.is_over and (moves is None or match.moves < moves):
        seat = match.to_act[0]
        actions = match.legal_actions(seat)
        match.apply(seat, actions[rng.randrange(len(actions))])
    return match


def test_registered_in_the_tablecards_entry_point_group_with_its_bot() -> None:
    assert "hattrick" in tablecards.available_games()
    assert isinstance(tablecards.load_game("hattrick"), Hattrick)
    assert tablecards.registry().bot_names("hattrick") == ["heuristic", "ismcts", "random"]


def test_rules_text_is_the_packaged_rules_file() -> None:
    text = Hattrick.rules_text()
    assert text is not None
    assert text.startswith("# Hattrick\n")
    for rule in range(1, 13):
        assert f"HAT-{rule:02d}" in text


@pytest.mark.parametrize("players", [3, 7])
def test_hat_01_four_to_six_players(players: int) -> None:
    """HAT-01: four to six players."""
    with pytest.raises(UnknownOption, match="4 to 6 players"):
        Match(Hattrick(), players=players)


@pytest.mark.parametrize(
    "options",
    [{"rounds": 0}, {"rounds": "2"}, {"target": 0}, {"first_dealer": -1}, {"first_dealer": True}],
)
def test_bad_option_values_are_rejected(options: dict[str, object]) -> None:
    with pytest.raises(UnknownOption, match="bad option value"):
        Hattrick(**options)


def test_unknown_option_is_rejected() -> None:
    with pytest.raises(UnknownOption, match="trumps"):
        Hattrick(trumps=True)


def test_hat_11_hat_12_round_limit_from_options() -> None:
    """HAT-11, HAT-12: round limit from options."""
    assert Hattrick().round_limit(5) == 10
    assert Hattrick(rounds=3).round_limit(5) == 3
    assert Hattrick(target=40).round_limit(5) is None  # the target alone ends the game
    assert Hattrick(target=40, rounds=6).round_limit(5) == 6  # whichever comes first
    assert Hattrick().option_defaults() == {"first_dealer": 0, "rounds": None, "target": None}


def test_hat_12_rounds_cap_a_target_game() -> None:
    """HAT-12: rounds cap a target game."""
    match = random_match_with(Hattrick(target=200, rounds=2), players=4, seed=1)
    result = match.result
    assert result is not None and result.rounds == 2 and not result.truncated


def random_match_with(game: Hattrick, players: int, seed: int) -> Match:
    match = Match(game, players=players, seed=seed)
    tablecards.play(match, [tablecards.RandomBot()] * players, seed=seed)
    return match


def test_same_seed_and_actions_give_the_same_match_and_json_round_trips() -> None:
    one = random_match(5, 12, moves=150)
    two = random_match(5, 12, moves=150)
    assert one.to_json() == two.to_json()
    again = Match.from_json(one.to_json())
    assert again.to_json() == one.to_json()
    assert again.view(2) == one.view(2)
    finished = random_match(4, 3)
    assert Match.from_json(finished.to_json()).result == finished.result


def test_undo_and_clone_leave_the_original_alone() -> None:
    match = random_match(4, 5, moves=40)
    before = match.to_json()
    copy = match.clone()
    seat = copy.to_act[0]
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert match.to_json() == before
    match.apply(seat, match.legal_actions(seat)[0])
    match.undo()
    assert match.to_json() == before


def test_hat_05_illegal_actions_name_the_rule_and_change_nothing() -> None:
    """HAT-05: illegal actions name the rule and change nothing."""
    match = Match(Hattrick(), players=4, seed=0)
    seat = match.to_act[0]
    hand = {c.id for c in match.state.zone(f"hand:{seat}").cards}
    other = next(i for i in range(60) if i not in hand)
    before = match.to_json()
    for action in (Play(other), Play(60), Play(-1), Pass(other)):
        with pytest.raises(IllegalAction, match="not in your hand") as info:
            match.apply(seat, action)
        assert info.value.rule == "HAT-05"
    with pytest.raises(tablecards.NotYourTurn):
        match.apply((seat + 1) % 4, match.legal_actions(seat)[0])
    assert match.to_json() == before


def test_views_show_piles_won_and_penalties_to_all_but_hands_to_the_owner() -> None:
    match = random_match(4, 9, moves=27)
    state = match.state
    for seat in (0, 1, 2, 3, None):
        view = match.view(seat)
        for name, zone in view["zones"].items():
            if name.startswith("hand:"):
                assert ("cards" in zone) == (name == f"hand:{seat}")
            elif name == "deck":
                assert zone == {"count": 0}
            else:
                assert [c["id"] for c in zone["cards"]] == [c.id for c in state.zone(name).cards]
        assert view["pile_seats"] == [list(seats) for seats in state.pile_seats]  # type: ignore[attr-defined]
        assert set(view) >= {"round", "trick", "leader", "dealer", "totals", "scores"}
    json.dumps(match.view(None))


def test_describe_names_the_card() -> None:
    game = Hattrick()
    assert game.describe(PLAYS[card("R9").id]) == "play red 9"
    assert (
        game.describe(PASSES[card("G20").id])
        == "pass, showing green 20 (a \N{MINUS SIGN}2 penalty card)"
    )


def test_arranged_game_rejects_bad_layouts() -> None:
    with pytest.raises(ValueError, match="named twice"):
        ArrangedHattrick({0: "R1 R2", 1: "R2 R3", 2: "G1 G2", 3: "B1 B2"})
    with pytest.raises(ValueError, match="same number"):
        ArrangedHattrick({0: "R1 R2", 1: "R3", 2: "G1 G2", 3: "B1 B2"})
    with pytest.raises(ValueError, match="not a card name"):
        card("Y7")
    with pytest.raises(ValueError, match="each of the 5 seats"):
        Match(ArrangedHattrick({0: "R1 R2", 1: "R3 R4", 2: "G1 G2", 3: "B1 B2"}), players=5)
