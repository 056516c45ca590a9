"""Public outcomes of hidden cards (Game.reveals) and ruled-out knowledge (Game.ruled_out) in
the conformance kit and the determinisation: both sides of each promise, on the Duel toys."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from duel_toys import (
    Challenge,
    Compared,
    DuelCard,
    DuelGame,
    ForgetfulDuel,
    Guess,
    IgnorantDuel,
    LeakyDuel,
    UnmarkedDuel,
    WhisperedDuel,
)

import tablecards
from tablecards import Card, Match, Visibility, Zone, redeal
from tablecards.testing import ConformanceFailure, check_game

SEEDS = 30


def failure_of(game: tablecards.Game[Any], **kwargs: Any) -> ConformanceFailure:
    with pytest.raises(ConformanceFailure) as info:
        check_game(game, seeds=SEEDS, process_seeds=0, **kwargs)
    return info.value


@pytest.mark.slow
def test_a_comparison_declared_as_a_public_outcome_passes_every_check() -> None:
    report = check_game(DuelGame(), seeds=SEEDS, process_seeds=1)
    assert report.leak_points > 0 and report.determinisations > 0


def test_the_same_comparison_undeclared_fails_leaks() -> None:
    # Without Game.reveals the check cannot tell the rules' announcement from a leak: the
    # outcome of a twin differs, and the spectator sees it.
    failure = failure_of(UnmarkedDuel(), checks={"leaks"})
    assert failure.check == "leaks" and "changed the events" in failure.detail


def test_a_view_telling_more_than_the_outcome_still_fails_leaks() -> None:
    # The winner's card value is not part of the announced outcome.
    failure = failure_of(LeakyDuel(), checks={"leaks"})
    assert failure.check == "leaks" and "'winner_value'" in failure.detail


def test_a_public_outcome_must_reach_every_seat() -> None:
    failure = failure_of(WhisperedDuel(), checks={"leaks"})
    assert "Compared" in failure.detail and "must reach every seat" in failure.detail


def test_determinisations_respect_what_a_seat_rules_out() -> None:
    failure = failure_of(IgnorantDuel(), checks={"determinisation"})
    assert failure.check == "determinisation"
    assert "where the seat knows they are not" in failure.detail


def test_ruled_out_knowledge_must_be_true_of_the_real_match() -> None:
    failure = failure_of(ForgetfulDuel(), checks={"determinisation"})
    assert "but they are" in failure.detail


def wrong_guess_match() -> tuple[Match, int]:
    """A 3-seat Duel after seat 0 guessed seat 1's value wrong; returns the value guessed."""
    match = Match(DuelGame(), players=3, seed=4)
    held = match.state.hands[1].cards[0].value  # type: ignore[attr-defined]
    value = 1 if held != 1 else 2
    match.apply(0, Guess(1, value))
    return match, value


def test_a_wrong_guess_is_never_dealt_into_the_hand_it_was_ruled_out_of() -> None:
    match, value = wrong_guess_match()
    assert match.state.wrong == ((1, value),)  # type: ignore[attr-defined]
    dealt: Counter[int] = Counter()
    for seed in range(400):
        drawn = tablecards.determinise(match, 2, random.Random(seed))
        card = drawn.state.hands[1].cards[0]  # type: ignore[attr-defined]
        assert card.value != value
        dealt[card.value] += 1
    # Every other value still turns up (the redeal is not frozen by the constraint).
    assert set(dealt) == set(range(1, 7)) - {value}


def test_the_search_bot_respects_a_wrong_guess() -> None:
    match, value = wrong_guess_match()
    info = tablecards.InformationSet(match, 2)
    for seed in range(100):
        drawn = info.determinise(random.Random(seed))
        assert drawn.state.hands[1].cards[0].value != value  # type: ignore[attr-defined]


def test_redeal_keeps_every_respecting_deal_equally_likely() -> None:
    # Three cards over three one-card zones; card 0 is ruled out of zone a: of the 6 deals,
    # the 4 that respect it must come out about equally often.
    cards = [Card(i) for i in range(3)]
    counts: Counter[tuple[int, ...]] = Counter()
    for seed in range(4000):
        zones = [
            Zone(name, Visibility.HIDDEN, None, [card])
            for name, card in zip("abc", cards, strict=True)
        ]
        state = tablecards.State(players=2, rng=tablecards.MatchRandom(1))
        redeal(state, zones, random.Random(seed), ruled_out={"a": [cards[0]]})
        counts[tuple(zone.cards[0].id for zone in zones)] += 1
    assert all(deal[0] != 0 for deal in counts)
    assert len(counts) == 4 and min(counts.values()) > 800


def test_redeal_mends_a_deal_that_knowledge_leaves_almost_no_room_for() -> None:
    # Every card but one is ruled out of zone a: only one deal of zone a is possible.
    cards = [Card(i) for i in range(40)]
    zones = [
        Zone("a", Visibility.HIDDEN, None, cards[:1]),
        Zone("b", Visibility.HIDDEN, None, cards[1:]),
    ]
    state = tablecards.State(players=2, rng=tablecards.MatchRandom(1))
    redeal(state, zones, random.Random(3), ruled_out={"a": cards[:39]})
    assert [card.id for card in zones[0].cards] == [39]
    assert sorted(card.id for card in zones[1].cards) == list(range(39))


def test_redeal_refuses_knowledge_that_leaves_no_deal() -> None:
    cards = [Card(i) for i in range(2)]
    zones = [Zone(n, Visibility.HIDDEN, None, [c]) for n, c in zip("ab", cards, strict=True)]
    state = tablecards.State(players=2, rng=tablecards.MatchRandom(1))
    with pytest.raises(ValueError, match="ruled out of every place"):
        redeal(state, zones, random.Random(1), ruled_out={"a": cards, "b": cards})


def test_a_comparison_is_announced_to_every_seat() -> None:
    match = Match(DuelGame(), players=3, seed=2)
    match.apply(0, Challenge(1))
    compared = [event for _, event in match.events_for(2) if isinstance(event, Compared)]
    assert len(compared) == 1 and compared[0].to is None
    assert DuelGame().reveals(compared[0]) and not DuelGame().reveals(match.events_for(2)[0][1])
    assert isinstance(match.state.deck.cards[0], DuelCard)  # type: ignore[attr-defined]
