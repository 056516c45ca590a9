"""Goofspiel checked against OpenSpiel's ``goofspiel`` (issue #38, item 6).

Each match plays the same prize order (OpenSpiel's chance outcomes are forced to our prizes)
and the same random bids in both, and compares every seat's legal bids and points at every
round and the final scores. ``--tablecards-gops-matches N`` sets the matches at 2 players (a
quarter as many at 3 and 4), registered in ``tests/conftest.py``; the full check (1,000):

    uv run pytest examples/tablecards-goofspiel/tests/test_openspiel.py tests/conftest.py \
        --tablecards-gops-matches 1000
"""

from __future__ import annotations

import random

import pyspiel
import pytest

from tablecards import Match
from tablecards_goofspiel import Bid, Goofspiel, GopsState


def _points(state: pyspiel.State) -> list[int]:
    """OpenSpiel's running points, from its state's text ("Points: 3 0")."""
    for line in str(state).splitlines():
        if line.startswith("Points:"):
            return [int(word) for word in line.split()[1:]]
    raise AssertionError(f"no points in OpenSpiel's state:\n{state}")


def _ours(match: Match) -> GopsState:
    state = match.state
    assert isinstance(state, GopsState)
    return state


def play_both(players: int, seed: int) -> tuple[tuple[int, ...], list[float]]:
    """One match played in both engines; every round compared. Returns both final scores."""
    rng = random.Random(f"gops/{players}/{seed}")
    match = Match(Goofspiel(), players=players, seed=seed)
    game = pyspiel.load_game(
        "goofspiel",
        {
            "num_cards": 13,
            "players": players,
            "points_order": "random",
            "returns_type": "total_points",
        },
    )
    theirs = game.new_initial_state()
    while not theirs.is_terminal():
        prize = _ours(match).prize.cards[-1].value
        assert theirs.is_chance_node()
        assert prize - 1 in dict(theirs.chance_outcomes())  # a prize not yet turned
        theirs.apply_action(prize - 1)  # force OpenSpiel's prize to ours (GOPS-03)
        if theirs.is_terminal():  # one card left: OpenSpiel plays the last round itself
            break
        for seat in range(players):
            ours = sorted(a.value for a in match.legal_actions(seat) if isinstance(a, Bid))
            assert ours == sorted(bid + 1 for bid in theirs.legal_actions(seat))  # GOPS-04
        bids = [rng.choice(match.legal_actions(seat)) for seat in range(players)]
        theirs.apply_actions([bid.value - 1 for bid in bids if isinstance(bid, Bid)])
        for seat in rng.sample(range(players), players):  # answers in any order (GOPS-04)
            match.apply(seat, bids[seat])
        if not theirs.is_terminal():
            assert list(match.game.scores(match.state)) == _points(theirs)  # GOPS-06
    while not match.is_over:  # the last round: one card each, forced (GOPS-08)
        for seat in range(players):
            (only,) = match.legal_actions(seat)
            match.apply(seat, only)
    result = match.result
    assert result is not None
    return result.scores, theirs.returns()


@pytest.fixture
def matches(request: pytest.FixtureRequest) -> int:
    count: int = request.config.getoption("--tablecards-gops-matches", default=100)
    return count


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_prizes_and_bids_give_the_same_points_as_openspiel(
    players: int, matches: int
) -> None:
    count = matches if players == 2 else max(1, matches // 4)
    for seed in range(count):
        ours, theirs = play_both(players, seed)
        assert list(ours) == [int(value) for value in theirs], f"seed {seed}"


def test_ties_discard_the_prize_in_both() -> None:
    # Seeds whose random bids tie at the top at least once: both discard the prize (GOPS-06).
    ties = 0
    for seed in range(40):
        match_points = play_both(3, seed)
        ours, theirs = match_points
        ties += sum(ours) < sum(range(1, 14))
        assert list(ours) == [int(value) for value in theirs]
    assert ties > 0
