"""Goofspiel's rules, GOPS-01 to GOPS-09 (src/tablecards_goofspiel/rules.md)."""

from __future__ import annotations

import pytest

import tablecards
from tablecards import IllegalAction, Match
from tablecards_goofspiel import PRIZE_SUIT, Bid, Goofspiel, GopsState, PrizeDiscarded, PrizeWon


def _state(match: Match) -> GopsState:
    state = match.state
    assert isinstance(state, GopsState)
    return state


def test_gops_01_02_each_player_holds_a_suit_face_up_and_the_prizes_lie_face_down() -> None:
    match = Match(Goofspiel(), players=4, seed=1)
    state = _state(match)
    assert [sorted(c.value for c in hand.cards) for hand in state.hands] == [list(range(1, 14))] * 4
    assert len({hand.cards[0].suit for hand in state.hands}) == 4
    view = match.view(1)
    assert view["zones"]["hand:0"]["cards"]  # every hand is seen by everyone
    assert "cards" not in view["zones"]["prizes"] and view["zones"]["prizes"]["count"] == 12


def test_gops_03_a_prize_of_the_prize_suit_is_turned_up_each_round() -> None:
    match = Match(Goofspiel(), players=2, seed=2)
    (prize,) = _state(match).prize.cards
    assert prize.suit == PRIZE_SUIT and _state(match).round == 1


def test_gops_04_everyone_bids_a_card_of_their_hand_on_their_own() -> None:
    match = Match(Goofspiel(), players=3, seed=1)
    assert match.waiting_for == (0, 1, 2)
    assert match.legal_actions(2) == tuple(Bid(v) for v in range(1, 14))
    match.apply(2, Bid(4))
    match.apply(0, Bid(4))  # the same value in another suit: each player bids on their own
    with pytest.raises(IllegalAction, match="GOPS-04"):
        match.apply(1, Bid(14))


def test_gops_05_06_the_one_highest_bid_wins_the_prize_a_shared_one_discards_it() -> None:
    match = Match(Goofspiel(), players=3, seed=1, observers=[])
    prize = _state(match).prize.cards[-1]
    for seat, value in enumerate((5, 12, 7)):
        match.apply(seat, Bid(value))
    assert _state(match).won[1].cards == [prize]
    assert match.game.scores(match.state) == (0, prize.value, 0)
    second = _state(match).prize.cards[-1]
    for seat, value in enumerate((9, 3, 9)):
        match.apply(seat, Bid(value))
    assert _state(match).discard.cards == [second]
    kinds = [type(event) for _, event in match.events_for(None)]
    assert PrizeWon in kinds and PrizeDiscarded in kinds


def test_gops_07_bids_are_spent_face_up() -> None:
    match = Match(Goofspiel(), players=2, seed=1)
    match.apply(0, Bid(6))
    match.apply(1, Bid(8))
    state = _state(match)
    assert [c.value for c in state.spent[0].cards] == [6]
    assert Bid(6) not in match.legal_actions(0)


def test_gops_08_thirteen_rounds_then_the_most_points_wins() -> None:
    result = tablecards.play(
        Match(Goofspiel(), players=3, seed=3), [tablecards.RandomBot()] * 3, seed=1
    )
    assert result.rounds == 13 and result.moves == 39
    assert sum(result.scores) <= sum(range(1, 14))
    assert result.winners == tuple(
        s for s, v in enumerate(result.scores) if v == max(result.scores)
    )


def test_gops_09_a_silent_player_bids_their_lowest_card() -> None:
    match = Match(Goofspiel(), players=2, seed=1)
    match.apply(1, Bid(13))
    assert match.clock is not None and match.clock.kind == "decision"
    assert match.default_action(0) == Bid(1)


def test_a_smaller_suit_plays_fewer_rounds() -> None:
    result = tablecards.play(
        Match(Goofspiel(cards=4), players=2, seed=3), [tablecards.RandomBot()] * 2, seed=1
    )
    assert result.rounds == 4


def test_the_rules_page_is_the_games_own() -> None:
    text = Goofspiel.rules_text()
    assert text is not None and "GOPS-06" in text and "face down" in text


def test_the_heuristic_bot_beats_random_bidders() -> None:
    report = tablecards.simulate(
        Goofspiel(), players=2, bots=["heuristic", "random"], games=200, seed=1, workers=1
    )
    heuristic = next(stats for stats in report.by_bot if stats.bot == "heuristic")
    assert heuristic.win_rate > 0.8, report
