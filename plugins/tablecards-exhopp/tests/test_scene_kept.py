"""What Ex & Hopp's scene keeps from one move to the next (issue 25: a scene costs no more than
its view): parts built from unchanged zones are found again, never changed, and the scene is
the scene of a fresh view."""

from __future__ import annotations

import random

import pytest

from tablecards import Match
from tablecards_exhopp import ArrangedExHopp, ExHopp, Lay

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


def table() -> Match:
    """Ann (green) to play; sequence 1 behind a black 5 holds G6 R1 (EXH-06, EXH-08)."""
    game = ArrangedExHopp(
        colours=["green", "red", "yellow", "blue"],
        points=["+5", "-4", "+6", "+4"],
        sequences={0: "G6 R1"},
        hands={0: "G3 B7 Y2 R9", 1: "B4 B5 G1 Y1", 2: "Y3 Y4 R2 R3", 3: "B1 B2 G2 G4"},
    )
    return Match(game, players=4, seed=0)


@pytest.mark.slow
def test_every_seat_s_scene_is_the_scene_of_a_fresh_view_over_whole_matches() -> None:
    for players in (2, 4, 6):
        match = Match(ExHopp(), players=players, seed=players)
        rng = random.Random(players)
        names = NAMES[:players]
        while True:
            for seat in [*range(players), None]:
                legal = match.legal_actions(seat) if seat is not None else ()
                fresh = match.game.scene(match.view(seat), names, legal)
                assert match.scene(seat, names) == fresh, (players, match.moves, seat)
            if match.is_over:
                break
            seat = rng.choice(list(match.waiting_for or match.to_act))
            match.apply(seat, rng.choice(list(match.legal_actions(seat))))


def test_the_middle_is_built_once_for_every_seat_of_a_position_exh_06() -> None:
    match = table()
    scenes = [match.scene(seat, NAMES[:4]) for seat in range(4)]
    assert all(scene["middle"] is scenes[0]["middle"] for scene in scenes)


def test_a_lay_rebuilds_its_sequence_and_the_panels_it_changed_only_exh_08() -> None:
    match = table()
    before = match.scene(2, NAMES[:4])
    match.apply(0, Lay(0, "green", 3))
    after = match.scene(2, NAMES[:4])
    assert after["middle"][0] is not before["middle"][0]  # the green 3 lies in sequence 1
    assert all(after["middle"][i] is before["middle"][i] for i in (1, 2, 3))
    # Cleo's own panel and Dan's: the lay and the turn passing to Bob changed neither.
    assert after["seats"][0] is before["seats"][0]
    assert after["seats"][1] is before["seats"][1]
    assert after["seats"][1]["name"] == "Dan"


def test_a_view_built_by_hand_gets_a_scene_that_shares_nothing() -> None:
    match = table()
    first = match.game.scene(match.view(0), NAMES[:4], match.legal_actions(0))
    again = match.game.scene(match.view(0), NAMES[:4], match.legal_actions(0))
    assert first is not None and again is not None  # the game lays out its own table
    assert first == again
    assert first["seats"][0] is not again["seats"][0]
    assert first["middle"][0]["zones"][1] is not again["middle"][0]["zones"][1]
    choice, other = first["actions"][0]["choices"][0], again["actions"][0]["choices"][0]
    assert choice["then"]["choices"][0]["act"] is not other["then"]["choices"][0]["act"]
