"""Scenes keep what they built from unchanged zones: shared zone views and tablecards.remember.

The table builds a scene for every seat after every move; Match.scene builds it from a view
whose zones stay the same objects while unchanged (ZoneView), so that a game's scene finds again
what it built from them (tablecards.remember). These tests hold the parts to their promise: the
shared view equals the fresh one, a zone's object changes exactly when what its viewer sees
changes, a remembered part is found again only for the same zones and key, and the kit catches a
scene that keeps a part under too narrow a key or changes a shared part in place.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from broken_toys import HandsGame, RepaintingHands, StaleKeyHands
from test_testing import SEEDS, failure_of

import tablecards
from tablecards import Action, Match, ZoneView, generic_scene, remember
from tablecards.testing import check_game

GAMES = ("hit", "stop", "exhopp", "hattrick")


def played(match: Match, rng: random.Random) -> bool:
    """One random move; False when the match is over."""
    if match.is_over:
        return False
    to_act = match.waiting_for or match.to_act
    seat = to_act[rng.randrange(len(to_act))]
    legal = match.legal_actions(seat)
    match.apply(seat, legal[rng.randrange(len(legal))])
    return True


@pytest.mark.parametrize("game", GAMES)
def test_the_scene_view_is_the_view_and_a_zone_is_a_new_object_exactly_when_it_shows_more(
    game: str,
) -> None:
    match = Match(game, players=tablecards.load_game(game).default_players, seed=7)
    rng = random.Random(7)
    watchers = [*range(match.players), None]
    before = {w: (match.view(w), match.scene_view(w)) for w in watchers}
    moves = 0
    while played(match, rng) and moves < 60:
        moves += 1
        for watcher in watchers:
            view, shared = match.view(watcher), match.scene_view(watcher)
            assert shared == view
            assert all(type(zone) is ZoneView for zone in shared["zones"].values())
            old_view, old_shared = before[watcher]
            for name, zone in shared["zones"].items():
                unchanged = view["zones"][name] == old_view["zones"][name]
                assert (zone is old_shared["zones"][name]) == unchanged, (watcher, name)
            before[watcher] = (view, shared)
    assert moves == 60


@pytest.mark.parametrize("game", GAMES)
def test_the_scene_view_follows_undo_copies_and_reloads(game: str) -> None:
    """Match.scene_view works out the zones once per move for every seat: after an undo, on a
    copy and on a reloaded match, every seat's scene view is still its view."""
    match = Match(game, players=tablecards.load_game(game).default_players, seed=5)
    rng = random.Random(5)
    watchers = [*range(match.players), None]
    for step in range(40):
        if not played(match, rng):
            break
        if step % 7 == 6:
            assert all(match.scene_view(w) == match.view(w) for w in watchers)
            # Back to the same move number with another action: the zones were made anew.
            match.undo(1)
            played(match, rng)
        for other in (match, match.clone(), Match.from_json(match.to_json())):
            for watcher in watchers:
                assert other.scene_view(watcher) == other.view(watcher), (step, watcher)


def test_a_spectator_and_the_seats_that_cannot_see_a_hand_share_its_face_down_zone() -> None:
    match = Match(HandsGame(), players=3, seed=1)
    hand = {w: match.scene_view(w)["zones"]["hand:0"] for w in (0, 1, 2, None)}
    assert hand[1] is hand[2] is hand[None]
    assert "cards" not in hand[1] and "cards" in hand[0]


def test_a_face_down_zone_back_at_a_count_it_had_is_the_zone_view_it_was_then() -> None:
    """A hand that draws and plays shows the others five cards, six, then five again: the
    same five-card zone view comes back, and with it what scenes kept there."""
    from tablecards import Card, Visibility, Zone
    from tablecards.core._cards import shared_zone_views

    hand = Zone("hand:0", Visibility.OWNER, owner=0, cards=[Card(n) for n in range(5)])
    five = shared_zone_views([hand], 1)["hand:0"]
    hand.cards.append(Card(9))
    six = shared_zone_views([hand], 1)["hand:0"]
    hand.cards.pop(0)
    again = shared_zone_views([hand], 1)["hand:0"]
    assert six is not five and dict(six) == {"count": 6, "owner": 0}
    assert again is five and dict(again) == {"count": 5, "owner": 0}
    # The owner sees the cards, which changed: a new zone view.
    assert shared_zone_views([hand], 0)["hand:0"]["cards"][0] == {"id": 1}
    # A bounded number of counts is kept.
    for size in range(40):
        hand.cards[:] = [Card(n) for n in range(size)]
        shared_zone_views([hand], 1)
    assert hand._hidden is not None and len(hand._hidden) <= 8


def test_remember_builds_once_per_zone_and_key_and_every_time_from_a_plain_view() -> None:
    match = Match("hit", players=3, seed=1)
    zones = match.scene_view(0)["zones"]
    deck, row = zones["deck"], zones["row:0"]
    built: list[tuple[str, int]] = []

    def box(title: str, count: int) -> dict[str, Any]:
        built.append((title, count))
        return {"title": title, "count": count}

    first = remember(deck, "Deck", box, "Deck", deck["count"])
    assert remember(deck, "Deck", box, "Deck", deck["count"]) is first
    assert remember(deck, "Draw pile", box, "Draw pile", deck["count"]) is not first
    both = remember((deck, row), "Both", box, "Both", 0)
    assert remember((deck, row), "Both", box, "Both", 0) is both
    assert remember((deck, zones["row:1"]), "Both", box, "Both", 0) is not both
    assert len(built) == 3 + 1
    plain = match.view(0)["zones"]["deck"]
    assert remember(plain, "Deck", box, "Deck", 1) == {"title": "Deck", "count": 1}
    assert remember(plain, "Deck", box, "Deck", 1) is not remember(plain, "Deck", box, "Deck", 1)
    assert remember((deck, plain), "x", box, "x", 2) is not remember(
        (deck, plain), "x", box, "x", 2
    )


def test_a_zone_keeps_a_bounded_number_of_parts() -> None:
    deck = Match("hit", players=3, seed=1).scene_view(0)["zones"]["deck"]
    for key in range(1000):
        remember(deck, key, dict)
    assert 0 < len(deck.parts) <= 64


def test_a_game_that_builds_its_own_view_gets_it_in_scenes_unshared() -> None:
    class OwnView(HandsGame):
        def view(self, state: Any, seat: int | None) -> dict[str, Any]:
            out = super().view(state, seat)
            out["zones"] = {name: dict(zone) for name, zone in out["zones"].items()}
            return out

    match = Match(OwnView(), players=3, seed=1)
    shared = match.scene_view(0)
    assert shared == match.view(0)
    assert not any(type(zone) is ZoneView for zone in shared["zones"].values())


def test_match_scene_equals_the_scene_of_a_fresh_view_move_after_move() -> None:
    names = ["Ann", "Bob", "Cleo"]
    match = Match("hit", players=3, seed=5)
    rng = random.Random(5)
    while played(match, rng):
        for watcher in (0, 1, 2, None):
            legal = () if watcher is None else match.legal_actions(watcher)
            fresh = match.game.scene(match.view(watcher), names, legal)
            assert match.scene(watcher, names) == fresh


def test_the_kit_catches_a_part_kept_under_a_key_that_leaves_an_input_out() -> None:
    failure = failure_of(StaleKeyHands(), checks={"scenes"})
    assert failure.check == "scenes"
    assert "differs from the scene of a fresh copy of its view" in failure.detail


def test_the_kit_catches_a_scene_that_changes_a_shared_part_in_place() -> None:
    failure = failure_of(RepaintingHands(), checks={"scenes"})
    assert failure.check == "scenes"
    assert "changed after it was returned" in failure.detail
    check_game(HandsGame(), seeds=SEEDS, checks={"scenes"})  # the generic scene: passes


@pytest.mark.slow
def test_a_scene_may_replace_the_generic_parts_it_starts_from() -> None:
    class ReplacingHands(HandsGame):
        def scene(
            self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
        ) -> dict[str, Any]:
            scene = generic_scene(self, view, names, legal)
            turn = view["to_act"][0] if view["to_act"] else None
            scene["middle"] = [
                {**group, "note": f"{names[turn]} plays next"} if turn is not None else group
                for group in scene["middle"]
            ]
            return scene

    check_game(ReplacingHands(), seeds=SEEDS, checks={"scenes"})
