"""Ex & Hopp's scene: the table as players see it (issue 25), built from a seat's view only."""

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
from tablecards_exhopp import ACCEPT, ArrangedExHopp, ExHopp, Give, HeuristicBot, Lay, Propose

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


MINUS = "\N{MINUS SIGN}"


def table() -> Match:
    """Ann (green) to play; sequence 1 behind a black 5 holds G6 R1 (EXH-06, EXH-08)."""
    game = ArrangedExHopp(
        colours=["green", "red", "yellow", "blue"],
        points=["+5", "-4", "+6", "+4"],
        sequences={0: "G6 R1"},
        hands={0: "G3 B7 Y2 R9", 1: "B4 B5 G1 Y1", 2: "Y3 Y4 R2 R3", 3: "B1 B2 G2 G4"},
    )
    return Match(game, players=4, seed=0)


def test_the_four_sequences_lie_in_the_middle_behind_their_point_cards_exh_06() -> None:
    scene = table().scene(2, NAMES[:4])
    titles = [group["title"] for group in scene["middle"][:4]]
    assert titles == [
        "Sequence 1 — black 5: +5 to its winner, three cards to go",
        f"Sequence 2 — red 4: {MINUS}4 for its winner, four cards to go",
        "Sequence 3 — black 6: +6 to its winner, six cards to go",
        "Sequence 4 — black 4: +4 to its winner, four cards to go",
    ]
    first = scene["middle"][0]
    point, laid = first["zones"]
    assert point["cards"][0] == {
        "id": point["cards"][0]["id"],
        "rank": "+5",
        "colour": "black",
        "label": "black point card +5",
        "note": None,
        "kind": "point",
    }
    assert [(c["label"], c["colour"]) for c in laid["cards"]] == [
        ("green 6", "green"),
        ("red 1", "red"),
    ]
    assert first["note"] == "so far: green 6, red 1"
    # The sequences are nobody's: no panel holds one.
    assert not any(
        z["id"].startswith(("sequence", "point:")) for p in scene["seats"] for z in p["zones"]
    )


def test_each_panel_shows_the_colour_played_and_the_point_cards_won_exh_04() -> None:
    scene = table().scene(0, NAMES[:4])
    you = seat_panel(scene, 0)
    assert [b["text"] for b in you["badges"]] == ["plays green"]
    assert you["badges"][0]["tone"] == "info"  # not "mark", which a table paints red
    assert scene_zone(you, "colour:0")["cards"][0]["label"] == "green colour card"
    hand = scene_zone(you, "hand:0")
    assert [c["label"] for c in hand["cards"]] == ["blue 7", "green 3", "red 9", "yellow 2"]
    assert scene_zone(seat_panel(scene, 1), "hand:1")["cards"] is None


def test_the_turn_groups_lays_by_card_and_offers_by_colour_exh_08_exh_10() -> None:
    scene = table().scene(0, NAMES[:4])
    (group,) = scene["actions"]
    texts = [c["text"] for c in group["choices"]]
    assert texts[:4] == [
        "Lay your blue 7",
        "Lay your green 3",
        "Lay your red 9",
        "Lay your yellow 2",
    ]
    assert texts[4:] == [
        "Offer a blue card",
        "Offer a green card",
        "Offer a red card",
        "Offer a yellow card",
    ]
    lay = group["choices"][1]["then"]["choices"]
    assert lay[0] == {
        "text": "on sequence 1 (+5, three cards to go)",
        "act": {"type": "Lay", "sequence": 0, "colour": "green", "value": 3},
    }
    offers = [c["text"] for c in group["choices"][5]["then"]["choices"]]
    assert offers == ["for a red card", "for a yellow card", "for a blue card"]


def test_the_exchange_offer_is_told_in_words_exh_10() -> None:
    match = table()
    match.apply(0, Propose("green", "blue"))
    scene = match.scene(1, NAMES[:4])
    assert scene["prompt"] == "Ann offers a green card for a blue one: accept?"
    assert [c["text"] for c in scene["actions"][0]["choices"]] == [
        "Accept: give a blue card, get a green one",
        "Decline",
    ]
    cleo = match.scene(2, NAMES[:4])
    assert "Ann offers a green card for a blue one; Bob answers now" in cleo["lines"][1]
    assert cleo["status"] == "Waiting for Bob"


def test_the_blind_choice_is_a_secret_simultaneous_choice_exh_10() -> None:
    match = table()
    match.apply(0, Propose("green", "blue"))
    match.apply(1, ACCEPT)
    scene = match.scene(0, NAMES[:4])
    assert scene["prompt"] == (
        "Choose the green card you give Bob. Bob chooses a card at the same time; "
        "neither of you sees the other's until both have chosen."
    )
    assert [c["text"] for c in scene["actions"][0]["choices"]] == ["Give your green 3"]
    cleo = match.scene(2, NAMES[:4])
    assert cleo["status"] == "Waiting for Ann and Bob"
    assert "each choose the card they give, at the same time and in secret" in cleo["lines"][1]
    for text in (cleo["lines"][1], scene["prompt"], cleo["status"]):
        assert "race" not in text and "first" not in text
    match.apply(0, Give(3))
    assert match.scene(0, NAMES[:4])["facts"] == [
        {"label": "Your card in this exchange", "text": "your green 3"}
    ]
    assert match.scene(2, NAMES[:4])["facts"] == []  # the value is Ann's and Bob's only


def test_sequences_are_counted_from_one_in_every_text() -> None:
    game = ExHopp()
    assert game.describe(Lay(0, "green", 3)) == "lay your green 3 on sequence 1"
    assert game.describe_play(0, Lay(3, "red", 9), NAMES[:4]) == "Ann lays the red 9 on sequence 4"


def hidden(match: Match, seat: int) -> list[Any]:
    state = match.state
    hands = [state.hands[s].cards for s in range(match.players) if s != seat]  # type: ignore[attr-defined]
    return [*hands, state.stock.cards]  # type: ignore[attr-defined]


def play(players: int, seed: int) -> list[Match]:
    return bot_positions(ExHopp(), players, seed, HeuristicBot)


@pytest.mark.parametrize("players", [2, 6])
def test_scenes_are_valid_and_worded_over_a_match(players: int) -> None:
    assert check_worded_scenes(play(players, seed=players)[::7], NAMES) > 0


def test_the_scene_never_depends_on_what_the_viewer_cannot_see() -> None:
    assert check_scenes_blind(play(4, seed=3)[5::12], hidden, NAMES) >= 10


@pytest.mark.slow
def test_the_kit_checks_ex_hopp_s_scenes() -> None:
    check_game(ExHopp(), seeds=3, checks={"scenes"})  # every registered player count
