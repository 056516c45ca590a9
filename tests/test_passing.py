"""Passing hands (issue #38): State.rotate, the knowledge it records, and the kit's
``knowledge`` check that fails a game claiming more than a seat can know."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import draft_toys
import pytest
from broken_toys import OverclaimingDraft
from draft_toys import DraftGame, DraftState

from tablecards import Card, Match, MatchRandom, State, Visibility, Zone, determinise
from tablecards.testing import CHECKS, ConformanceFailure, check_game


def _hands(players: int = 3, size: int = 2) -> tuple[State, tuple[Zone[Card], ...]]:
    state = State(players=players, rng=MatchRandom(seed=1))
    state.sink = []
    hands: tuple[Zone[Card], ...] = tuple(
        Zone(f"hand:{s}", Visibility.OWNER, s) for s in range(players)
    )
    for seat, hand in enumerate(hands):
        hand.cards.extend(Card(size * seat + i) for i in range(size))
    return state, hands


def _ids(hands: tuple[Zone[Card], ...]) -> list[list[int]]:
    return [[card.id for card in hand.cards] for hand in hands]


@pytest.mark.parametrize(
    ("by", "expected"),
    [(1, [[4, 5], [0, 1], [2, 3]]), (-1, [[2, 3], [4, 5], [0, 1]]), (2, [[2, 3], [4, 5], [0, 1]])],
)
def test_rotate_passes_every_zone_on_by_k_seats_at_once(by: int, expected: list[list[int]]) -> None:
    state, hands = _hands()
    state.rotate(hands, by)
    assert _ids(hands) == expected
    assert len(state.sink or []) == 3  # one card movement per zone


def test_rotate_records_that_each_seat_knows_the_set_it_passed() -> None:
    state, hands = _hands()
    state.rotate(hands)
    assert state.passed_on == (
        (0, frozenset({0, 1})),
        (1, frozenset({2, 3})),
        (2, frozenset({4, 5})),
    )
    state.rotate(hands)  # seat 0 now passes cards 4 and 5, seen in its hand
    state.rotate(hands)  # and then 2 and 3; cards it sees again are simply seen (not redealt)
    mine = [known for seat, known in state.passed_on if seat == 0]
    assert mine == [frozenset({0, 1}), frozenset({4, 5}), frozenset({2, 3})]
    state.rotate(hands)  # passing 0 and 1 again: the newer fact replaces the older one
    mine = [known for seat, known in state.passed_on if seat == 0]
    assert mine == [frozenset({4, 5}), frozenset({2, 3}), frozenset({0, 1})]


def test_a_public_zone_passed_on_creates_no_knowledge() -> None:
    state = State(players=2, rng=MatchRandom(seed=1))
    rows = tuple(Zone(f"row:{s}", Visibility.PUBLIC, s, cards=[Card(s)]) for s in range(2))
    state.rotate(rows)
    assert state.passed_on == ()


def _after_one_pick(seed: int = 3) -> Match:
    match = Match(DraftGame(), players=3, seed=seed)
    for seat in range(3):
        match.apply(seat, match.legal_actions(seat)[0])
    return match


def test_a_determinisation_deals_the_cards_a_seat_passed_only_among_their_own_places() -> None:
    match = _after_one_pick()
    match.apply(1, match.legal_actions(1)[-1])  # seat 1 picks face down from seat 0's pass
    state = match.state
    assert isinstance(state, DraftState)
    (passed,) = [ids for seat, ids in state.passed_on if seat == 0]
    places = {
        (zone.name, i) for zone in state.zones() for i, c in enumerate(zone.cards) if c.id in passed
    }
    splits = set()
    for seed in range(40):
        drawn = determinise(match, 0, random.Random(seed)).state
        now = {
            (zone.name, i)
            for zone in drawn.zones()
            for i, c in enumerate(zone.cards)
            if c.id in passed
        }
        assert now == places  # the set stays where it went: never in the deck or another hand
        splits.add(tuple(c.id for c in drawn.zone("hand:1").cards))
    assert len(splits) > 1  # which of them lies where is drawn again: the set, not the split


def test_a_save_with_passed_hands_round_trips() -> None:
    match = _after_one_pick()
    text = match.to_json()
    assert json.loads(text)["state"]["passed_on"][0][0] == 0
    for verify in (True, False):
        assert Match.from_json(text, DraftGame(), verify=verify).to_json() == text


PAGE = Path(__file__).resolve().parent.parent / "docs" / "simultaneous.md"


def test_the_draft_checked_here_is_the_one_the_docs_page_writes() -> None:
    # The page's first listing after "Here is a whole one" is the draft, whole; the toy module
    # is that listing after its docstring and its import of annotations, character for
    # character: what the kit passes below is what a reader of the page writes.
    page = PAGE.read_text("utf-8")
    listing = re.search(r"Here is a whole one:.*?^```python\n(.*?)^```$", page, re.S | re.M)
    assert listing is not None, "docs/simultaneous.md no longer shows a whole draft"
    toy = Path(draft_toys.__file__).read_text("utf-8")
    code = toy.split("from __future__ import annotations\n\n", 1)[1]
    assert code == listing[1]
    assert code.count("rotate(") == 1 and "known_cards" not in code and "redeal" not in code


@pytest.mark.slow
def test_a_draft_with_no_knowledge_code_but_the_pass_passes_every_check() -> None:
    report = check_game(DraftGame(), seeds=25, process_seeds=1)
    assert report.determinisations > 0 and report.leak_points > 0


def test_the_knowledge_check_fails_a_draft_that_lists_passed_cards_as_known() -> None:
    assert "knowledge" in CHECKS
    with pytest.raises(ConformanceFailure) as info:
        check_game(OverclaimingDraft(), seeds=25, checks={"knowledge"}, process_seeds=0)
    assert info.value.check == "knowledge" and "the set, not the split" in info.value.detail


def test_only_the_knowledge_check_sees_that_over_claim() -> None:
    others = set(CHECKS) - {"knowledge", "processes", "bots"}
    check_game(OverclaimingDraft(), seeds=15, checks=others)
