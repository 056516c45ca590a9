"""What Hattrick's scene keeps from one move to the next (issue 25: a scene costs no more than
its view): parts built from unchanged zones are found again, never changed, and the scene is
the scene of a fresh view."""

from __future__ import annotations

import random
from typing import Any

from tablecards import Match
from tablecards_hattrick import Hattrick

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


def test_every_seat_s_scene_is_the_scene_of_a_fresh_view_over_whole_matches() -> None:
    for players in (4, 5, 6):
        match = Match(Hattrick(), players=players, seed=players)
        rng = random.Random(players)
        names = NAMES[:players]
        while not match.is_over and match.moves < 150:
            for seat in [*range(players), None]:
                legal = match.legal_actions(seat) if seat is not None else ()
                fresh = match.game.scene(match.view(seat), names, legal)
                assert match.scene(seat, names) == fresh, (players, match.moves, seat)
            seat = rng.choice(list(match.waiting_for or match.to_act))
            match.apply(seat, rng.choice(list(match.legal_actions(seat))))


def test_a_card_played_rebuilds_its_pile_and_the_mover_s_panel_only_hat_04() -> None:
    match = Match(Hattrick(), players=4, seed=1)
    (mover,) = match.to_act
    watcher = next(s for s in range(4) if s != mover and s != (mover + 1) % 4)
    before = match.scene(watcher, NAMES[:4])
    match.apply(mover, match.legal_actions(mover)[0])
    (following,) = match.to_act
    after = match.scene(watcher, NAMES[:4])
    first, second = after["middle"][0]["zones"]
    assert first is not before["middle"][0]["zones"][0]  # the lead opened the first pile
    assert second is before["middle"][0]["zones"][1]
    for old, new in zip(before["seats"], after["seats"], strict=True):
        if new["seat"] not in (mover, following):
            assert new is old
    assert after["seats"][0]["zones"][0] is before["seats"][0]["zones"][0]  # the watcher's hand


def test_a_view_built_by_hand_gets_a_scene_that_shares_nothing() -> None:
    match = Match(Hattrick(), players=4, seed=1)
    (seat,) = match.to_act
    first = match.game.scene(match.view(seat), NAMES[:4], match.legal_actions(seat))
    again = match.game.scene(match.view(seat), NAMES[:4], match.legal_actions(seat))
    assert first is not None and again is not None  # the game lays out its own table
    assert first == again
    assert first["seats"][0]["zones"][0] is not again["seats"][0]["zones"][0]
    assert (
        first["seats"][0]["zones"][0]["cards"][0] is not again["seats"][0]["zones"][0]["cards"][0]
    )
    assert first["actions"][0]["choices"][0] is not again["actions"][0]["choices"][0]


def test_what_viewers_see_alike_is_built_once_for_them_all_hat_04_hat_09() -> None:
    match = Match(Hattrick(), players=4, seed=2)
    (leader,) = match.to_act
    match.apply(leader, match.legal_actions(leader)[0])
    others = [seat for seat in range(4) if seat != leader]
    scenes = {seat: match.scene(seat, NAMES[:4]) for seat in range(4)}
    first, second = (scenes[seat] for seat in others[:2])
    # The leader's panel, face down for both, and its name: one object.
    assert panel(first, leader) is panel(second, leader)
    assert panel(scenes[leader], leader) is not panel(first, leader)  # "You", its cards shown
    # The trick: one part for the viewers who did not play on it, the leader's its own.
    assert first["middle"] is second["middle"]
    assert scenes[leader]["middle"] is not first["middle"]
    assert "you" in scenes[leader]["middle"][0]["note"]


def panel(scene: dict[str, Any], seat: int) -> dict[str, Any]:
    return next(p for p in scene["seats"] if p["seat"] == seat)


def test_a_decision_over_other_actions_than_the_game_s_is_built_from_them_hat_04_hat_05() -> None:
    # The turn's choices are sliced from what the hand's box kept only when the legal actions
    # are the ones the game lists for that hand: any other list is read as given.
    match = Match(Hattrick(), players=4, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        (seat,) = match.to_act
        legal = list(match.legal_actions(seat))
        for given in (legal, legal[:2], legal[::-1], legal[1:]):
            kept = match.game.scene(match.scene_view(seat), NAMES[:4], given)
            assert kept == match.game.scene(match.view(seat), NAMES[:4], given), given
        match.apply(seat, rng.choice(legal))


def test_one_position_s_shared_parts_are_made_once_for_every_viewer() -> None:
    match = Match(Hattrick(), players=4, seed=4)
    (leader,) = match.to_act
    match.apply(leader, match.legal_actions(leader)[0])
    (mover,) = match.to_act
    watchers = [seat for seat in range(4) if seat not in (leader, mover)]
    first, second = (match.scene(seat, NAMES[:4]) for seat in watchers)
    acting = match.scene(mover, NAMES[:4])
    # The trick, read by every viewer who did not play on it (the seat to act among them).
    assert acting["middle"] is first["middle"] is second["middle"]
    assert panel(acting, leader) is panel(first, leader) is panel(second, leader)
    # A new position: the parts of the last are not found for it.
    match.apply(mover, match.legal_actions(mover)[0])
    after = match.scene(watchers[0], NAMES[:4])
    assert after["middle"] is not first["middle"]
    assert after == match.game.scene(match.view(watchers[0]), NAMES[:4])
