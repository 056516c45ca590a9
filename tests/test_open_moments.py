"""Open moments: several seats may act, explicit passes, and seeded arbitration among bots."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from toys import FLIP, PASS, SNAP, SnapGame, SnapState

import tablecards
from tablecards import Action, Match, NotYourTurn, RandomPriority, SeatPriority


def until_pair(match: Match) -> None:
    while len(match.to_act) == 1:
        match.apply(match.to_act[0], FLIP)


def test_a_pair_opens_the_moment_to_every_seat() -> None:
    match = Match(SnapGame(), players=3, seed=1)
    until_pair(match)
    assert match.to_act == (0, 1, 2)
    for seat in range(3):
        assert set(match.legal_actions(seat)) == {SNAP, PASS}


def test_any_seat_may_take_the_moment_even_out_of_turn() -> None:
    match = Match(SnapGame(), players=3, seed=1)
    until_pair(match)
    state = match.state
    assert isinstance(state, SnapState)
    flipper = state.current
    taker = (flipper + 2) % 3
    pile = len(state.pile)
    match.apply(taker, SNAP)
    assert len(state.won[taker]) == pile
    assert match.to_act == ((flipper + 1) % 3,)  # the turn order goes on from the flipper


def test_explicit_passes_close_the_moment_and_a_passed_seat_may_not_act_again() -> None:
    match = Match(SnapGame(), players=3, seed=1)
    until_pair(match)
    match.apply(1, PASS)
    assert match.to_act == (0, 2)
    before = match.to_json()
    with pytest.raises(NotYourTurn):
        match.apply(1, SNAP)
    assert match.to_json() == before
    match.apply(0, PASS)
    match.apply(2, PASS)
    assert len(match.to_act) == 1  # everyone passed: the flips go on


class Greedy:
    """Always snaps when it can (so the arbiter decides who gets the pile)."""

    uses_view = False

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return SNAP if SNAP in actions else actions[0]


def test_seat_priority_gives_every_contested_pile_to_the_first_seat_in_order() -> None:
    match = Match(SnapGame(), players=3, seed=4)
    result = tablecards.play(match, [Greedy()] * 3, seed=0, arbiter=SeatPriority((2, 0, 1)))
    assert result.scores[2] > 0 and result.scores[0] == result.scores[1] == 0


def test_random_priority_is_seeded_and_spreads_the_moments() -> None:
    def scores(seed: int) -> tuple[int, ...]:
        match = Match(SnapGame(ranks=13), players=3, seed=4)
        return tablecards.play(match, [Greedy()] * 3, seed=seed, arbiter=RandomPriority()).scores

    assert scores(1) == scores(1)
    # The same deal, arbitrated with other seeds, gives the contested piles to other seats.
    outcomes = {scores(seed) for seed in range(8)}
    assert len(outcomes) > 1
    assert len({sum(outcome) for outcome in outcomes}) == 1


def test_random_bots_play_snap_to_the_end_with_every_card_accounted_for() -> None:
    for seed in range(50):
        match = Match(SnapGame(), players=2 + seed % 4, seed=seed)
        result = tablecards.play(match, [tablecards.RandomBot()] * match.players, seed=seed)
        state = match.state
        assert isinstance(state, SnapState)
        assert sum(result.scores) + len(state.pile) == 24
