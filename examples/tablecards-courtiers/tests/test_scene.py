"""Courtiers' scene: the table as players see it (issue 25), built from a seat's view only."""

from __future__ import annotations

from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

import tablecards
from tablecards import Match
from tablecards.testing import (
    bot_positions,
    check_game,
    check_scenes_blind,
    raw_text_problems,
    scene_problems,
    scene_zone,
    seat_panel,
)
from tablecards.words import names_for
from tablecards_courtiers import DUELIST, GUARDIAN, HEIR, SENTRY, Courtiers, HeuristicBot, Play

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def badges(scene: dict[str, Any], seat: int) -> list[str]:
    return [badge["text"] for badge in seat_panel(scene, seat)["badges"]]


def facts(scene: dict[str, Any]) -> dict[str, str]:
    return {fact["label"]: fact["text"] for fact in scene["facts"]}


def pinned() -> Match:
    """Seed 25, four players: Ann plays a Guardian, Bob's Seer looks at Cleo's Seer, Cleo's
    Sentry misses Bob, Dan's Sentry asks Cleo for a Duelist ("no"), Ann plays her second
    Guardian. Bob (holding the Sentry and the Regent) is to play (COURT-04..COURT-08)."""
    match = Match(Courtiers(), players=4, seed=25)
    for seat, action in [
        (0, Play(GUARDIAN)),
        (1, Play(2, 2)),
        (2, Play(SENTRY, 1, 5)),
        (3, Play(SENTRY, 2, DUELIST)),
        (0, Play(GUARDIAN)),
    ]:
        match.apply(seat, action)
    return match


def test_the_viewer_holds_its_hand_face_up_the_others_a_count_court_04() -> None:
    scene = pinned().scene(1, NAMES)
    assert [p["name"] for p in scene["seats"]] == ["You", "Cleo", "Dan", "Ann"]
    bob = seat_panel(scene, 1)
    hand = scene_zone(bob, "hand:1")
    assert hand["style"] == "hand" and [c["rank"] for c in hand["cards"]] == ["1", "7"]
    assert [c["label"] for c in hand["cards"]] == ["Sentry (1)", "Regent (7)"]
    assert [c["note"] for c in hand["cards"]] == ["Sentry", "Regent"]
    cleo = scene_zone(seat_panel(scene, 2), "hand:2")
    assert cleo["cards"] is None and cleo["count"] == 1 and cleo["style"] == "stack"
    played = scene_zone(seat_panel(scene, 0), "played:0")
    assert played["style"] == "row" and [c["label"] for c in played["cards"]] == [
        "Guardian (4)",
        "Guardian (4)",
    ]
    assert scene["title"] == "Courtiers — round 1" and scene["status"] == "Your turn"
    assert {c["label"]: c["value"] for c in bob["counters"]} == {"tokens": "0 of 3"}


def test_badges_say_who_plays_who_is_protected_court_08() -> None:
    scene = pinned().scene(1, NAMES)
    assert badges(scene, 0) == ["protected by the Guardian"]
    assert badges(scene, 1) == ["playing"] and seat_panel(scene, 1)["active"]
    assert badges(scene, 2) == [] and not seat_panel(scene, 2)["active"]


def test_what_the_viewer_knows_is_said_in_words_court_05_court_06() -> None:
    match = pinned()
    scene = match.scene(1, NAMES)
    known = facts(scene)
    assert known["You saw"] == "Cleo holds the Seer (2)"
    assert known["A Sentry heard no"] == "Cleo does not hold a Duelist (3)"
    assert scene_zone(seat_panel(scene, 2), "hand:2")["note"] == "You saw the Seer (2)"
    # A look is the looker's alone; a Sentry's "no" is everyone's (COURT-05, COURT-06).
    dan = facts(match.scene(3, NAMES))
    assert "You saw" not in dan and dan["A Sentry heard no"] == "Cleo does not hold a Duelist (3)"
    cleo = facts(match.scene(2, NAMES))
    assert cleo["A Sentry heard no"] == "you do not hold a Duelist (3)"
    assert "You saw" not in facts(match.scene(None, NAMES))


def test_the_deck_and_the_card_set_aside_lie_in_the_middle_court_02() -> None:
    (middle,) = pinned().scene(1, NAMES)["middle"]
    assert [(z["id"], z["style"], z["count"], z["cards"]) for z in middle["zones"]] == [
        ("deck", "deck", 5, None),
        ("aside", "stack", 1, None),
    ]
    two = Match(Courtiers(), players=2, seed=3).scene(0, NAMES[:2])
    laid = scene_zone(two["middle"][0], "open")
    assert laid["style"] == "row" and laid["count"] == 3 and len(laid["cards"]) == 3


def test_a_play_is_which_card_then_whom_then_which_guess_court_05_court_13() -> None:
    match = pinned()
    scene = match.scene(1, NAMES)
    assert scene["prompt"] == (
        "You hold the Sentry (1) and the Regent (7): play one of them. "
        "The Guardian protects Ann: nobody can choose them."
    )
    (group,) = scene["actions"]
    sentry, regent = group["choices"]
    assert sentry["text"] == "Play the Sentry (1)" and regent["text"] == "Play the Regent (7)"
    assert regent["act"] == match.action_json(Play(7))
    whom = sentry["then"]
    assert [c["text"] for c in whom["choices"]] == ["Cleo", "Dan"]  # Ann is protected
    guess = whom["choices"][0]["then"]
    assert whom["title"] == "Sentry: guess whose card"
    assert guess["title"] == "Name a card Cleo might hold"
    texts = [c["text"] for c in guess["choices"]]
    assert texts[:2] == ["a Seer (2) (you saw it)", "a Duelist (3) (a Sentry heard no)"]
    assert texts[-1] == "an Heir (8)"
    assert guess["choices"][0]["act"] == match.action_json(Play(SENTRY, 2, 2))
    # Every legal action is reachable, exactly once.
    acts = [regent["act"]] + [
        c["act"] for target in whom["choices"] for c in target["then"]["choices"]
    ]
    assert sorted(map(str, acts)) == sorted(
        str(match.action_json(a)) for a in match.legal_actions(1)
    )


def test_the_regent_with_the_herald_is_forced_and_said_so_court_11() -> None:
    match = Match(Courtiers(), players=3, seed=117)  # Ann is dealt the Herald, draws the Regent
    seat = 0
    hand = match.view(seat)["zones"]["hand:0"]["cards"]
    assert sorted(card["rank"] for card in hand) == [5, 7]
    scene = match.scene(seat, NAMES[:3])
    assert "you must play the Regent (COURT-11)" in scene["prompt"]
    assert [c["text"] for c in scene["actions"][0]["choices"]] == ["Play the Regent (7)"]


def test_names_everywhere_and_player_n_without_names() -> None:
    game = Courtiers()
    assert game.describe(Play(SENTRY, 2, HEIR)) == "Sentry: does player 3 hold an Heir?"
    assert game.describe(Play(5, 0)) == "Herald: player 1 discards and draws"
    you = names_for(NAMES[:3], 0)
    assert game.describe(Play(5, 0), you) == "Herald: you discard and draw"
    assert game.card_label({"id": 9, "rank": 5}) == "Herald (5)"


def play(players: int, seed: int) -> list[Match]:
    """A match played by heuristic bots, one snapshot (clone) per move."""
    return bot_positions(Courtiers(), players, seed, HeuristicBot)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_scenes_are_valid_and_worded_over_a_match(players: int) -> None:
    schema = tablecards.scene_schema()
    for match in play(players, seed=players):
        for seat in [None, *range(players)]:
            scene = match.scene(seat, NAMES[:players])
            jsonschema.validate(scene, schema)
            assert scene_problems(scene) == [], (seat, match.moves)
            for entry in match.history(seat, NAMES[:players]):
                for text in [entry["text"], *entry["then"]]:
                    assert raw_text_problems(text) == [], text
    final = match.scene(0, NAMES[:players])
    assert final["status"].endswith("the match") and final["actions"] == []


def hidden(match: Match, seat: int) -> list[Any]:
    """What ``seat`` cannot see: the other hands, the deck, the card set aside."""
    state = match.state
    hands = [state.hands[s].cards for s in range(match.players) if s != seat]  # type: ignore[attr-defined]
    return [*hands, state.deck.cards, state.aside.cards]  # type: ignore[attr-defined]


def test_the_scene_never_depends_on_what_the_viewer_cannot_see() -> None:
    # Two states that differ only in what the seat cannot see: the same scene (a card the seat
    # saw follows its place, so what it remembers stays as it was).
    assert check_scenes_blind(play(4, seed=11)[2::3], hidden, NAMES) >= 10  # they differed


def test_the_kit_checks_courtiers_scenes() -> None:
    check_game(Courtiers(), seeds=5, checks={"scenes"})  # every registered player count
