"""Climb rules, one test (or more) per rule ID of ``rules.md``."""

from __future__ import annotations

from collections import Counter

import pytest

import tablecards
from tablecards import EventRecorder, IllegalAction, Match, UnknownOption, Visibility
from tablecards_tutorial import (
    DECK,
    DRAW,
    PASS,
    PLAYS,
    Climb,
    ClimbCard,
    ClimbState,
    PileWon,
    StackedClimb,
)


def state_of(match: Match) -> ClimbState:
    state = match.state
    assert isinstance(state, ClimbState)
    return state


def values(zone: tablecards.Zone[ClimbCard]) -> list[int]:
    return [card.value for card in zone.cards]


def play(match: Match, seat: int, value: int) -> None:
    """Play the first card of ``value`` in ``seat``'s hand, through the public API."""
    card = next(c for c in state_of(match).hands[seat].cards if c.value == value)
    match.apply(seat, PLAYS[card.id])


def test_climb_01_forty_cards_four_of_each_value() -> None:
    assert Counter(card.value for card in DECK) == dict.fromkeys(range(1, 11), 4)
    assert len({card.id for card in DECK}) == 40  # two 7s are still two cards
    state = state_of(Match(Climb(), players=4, seed=5))
    assert sorted(card.id for card in state.cards()) == list(range(40))


@pytest.mark.parametrize(("players", "hand_size"), [(2, 3), (3, 5), (4, 8)])
def test_climb_02_deal_hand_size_cards_each_pile_empty(players: int, hand_size: int) -> None:
    state = state_of(Match(Climb(hand_size=hand_size), players=players, seed=1))
    assert [len(hand) for hand in state.hands] == [hand_size] * players
    assert len(state.deck) == 40 - players * hand_size
    assert len(state.pile) == 0


def test_climb_02_deck_is_shuffled_with_the_seed() -> None:
    def deck(seed: int) -> list[int]:
        return [card.id for card in state_of(Match(Climb(), players=3, seed=seed)).deck.cards]

    assert deck(1) == deck(1)
    assert deck(1) != deck(2)


def test_climb_02_hands_are_secret_the_deck_hidden() -> None:
    state = state_of(Match(Climb(), players=3, seed=1))
    assert state.deck.visibility is Visibility.HIDDEN
    view = Match(Climb(), players=3, seed=1).view(0)
    assert view["zones"]["hand:0"]["cards"]  # my hand: I see my cards
    assert view["zones"]["hand:1"] == {"count": 5, "owner": 1}  # theirs: only how many
    assert view["zones"]["deck"] == {"count": 25}


@pytest.mark.parametrize("bad", [2, 9, "5"])
def test_climb_02_hand_size_option_is_validated(bad: object) -> None:
    with pytest.raises(UnknownOption, match="hand_size"):
        Climb(hand_size=bad)


@pytest.mark.parametrize("first", [0, 2])
def test_climb_03_first_player_then_clockwise(first: int) -> None:
    match = Match(Climb(first_player=first), players=3, seed=3)
    order = []
    for _ in range(4):
        (seat,) = match.to_act
        order.append(seat)
        match.apply(seat, DRAW)
    assert order == [first, (first + 1) % 3, (first + 2) % 3, first]


def test_climb_03_first_player_must_be_a_seat() -> None:
    with pytest.raises(UnknownOption, match="first_player 3"):
        Match(Climb(first_player=3), players=3)


def test_climb_04_play_a_higher_card_any_card_on_an_empty_pile() -> None:
    match = Match(StackedClimb({0: [1, 9], 1: [2, 5]}, deck=[4]), players=2)
    play(match, 0, 1)  # anything starts an empty pile, even a 1
    play(match, 1, 5)
    assert values(state_of(match).pile) == [1, 5]
    assert match.to_act == (0,)


@pytest.mark.parametrize("value", [3, 5])
def test_climb_04_equal_or_lower_is_refused_and_changes_nothing(value: int) -> None:
    match = Match(StackedClimb({0: [5, 9], 1: [3, 5, 8]}, deck=[4]), players=2)
    play(match, 0, 5)
    before = match.to_json()
    with pytest.raises(IllegalAction) as info:
        play(match, 1, value)
    assert info.value.rule == "CLIMB-04"
    assert f"a {value} is not higher than the 5" in info.value.reason
    assert match.to_json() == before


def test_climb_04_a_card_not_in_your_hand_is_refused() -> None:
    match = Match(StackedClimb({0: [5], 1: [7]}, deck=[4]), players=2)
    other = state_of(match).hands[1].cards[0]
    with pytest.raises(IllegalAction, match="not in your hand") as info:
        match.apply(0, PLAYS[other.id])
    assert info.value.rule == "CLIMB-04"


def test_climb_05_draw_even_when_you_could_play() -> None:
    match = Match(StackedClimb({0: [5, 9], 1: [3]}, deck=[6, 2]), players=2)
    assert DRAW in match.legal_actions(0)
    match.apply(0, DRAW)
    assert values(state_of(match).hands[0]) == [5, 9, 6]  # the top card
    assert values(state_of(match).deck) == [2]
    assert match.to_act == (1,)


def test_climb_05_no_draw_from_an_empty_deck() -> None:
    match = Match(StackedClimb({0: [5, 9], 1: [3]}), players=2)
    assert DRAW not in match.legal_actions(0)
    with pytest.raises(IllegalAction, match="the deck is empty") as info:
        match.apply(0, DRAW)
    assert info.value.rule == "CLIMB-05"


def test_climb_06_must_draw_while_the_deck_has_cards() -> None:
    match = Match(StackedClimb({0: [9, 1], 1: [3]}, deck=[2]), players=2)
    play(match, 0, 9)
    assert match.legal_actions(1) == [DRAW]
    with pytest.raises(IllegalAction, match="draw instead") as info:
        match.apply(1, PASS)
    assert info.value.rule == "CLIMB-06"


def test_climb_06_pass_only_when_you_cannot_play() -> None:
    match = Match(StackedClimb({0: [4, 1], 1: [3, 8], 2: [2]}), players=3)
    play(match, 0, 4)
    assert PASS not in match.legal_actions(1)
    with pytest.raises(IllegalAction, match="play it") as info:
        match.apply(1, PASS)
    assert info.value.rule == "CLIMB-06"
    play(match, 1, 8)
    assert match.legal_actions(2) == [PASS]
    match.apply(2, PASS)
    assert state_of(match).passes == 1


def test_climb_07_everyone_else_passes_the_leader_wins_the_pile() -> None:
    recorder = EventRecorder()
    match = Match(StackedClimb({0: [5, 2], 1: [3, 4], 2: [1, 2]}), players=3, observers=[recorder])
    play(match, 0, 5)
    match.apply(1, PASS)
    assert values(state_of(match).pile) == [5]  # one pass is not enough with three players
    match.apply(2, PASS)
    state = state_of(match)
    assert values(state.won[0]) == [5]
    assert len(state.pile) == 0
    assert match.to_act == (0,)  # the winner begins on an empty pile
    assert state.won[0].visibility is Visibility.KNOWN
    assert match.view(1)["zones"]["won:0"]["cards"] == [{"id": 16, "value": 5}]
    assert [e for e in recorder.events if isinstance(e, PileWon)] == [PileWon(0, 1)]


def test_climb_07_a_ten_wins_the_pile_at_once() -> None:
    match = Match(StackedClimb({0: [3, 10, 1], 1: [4, 2]}, deck=[6]), players=2)
    play(match, 0, 3)
    play(match, 1, 4)
    play(match, 0, 10)
    state = state_of(match)
    assert sorted(values(state.won[0])) == [3, 4, 10]
    assert len(state.pile) == 0
    assert match.to_act == (0,)  # and plays again
    assert PileWon(0, 3).seen_by(1) == PileWon(0, 3)  # a public event


def test_climb_08_playing_your_last_card_ends_the_game() -> None:
    match = Match(StackedClimb({0: [2, 6], 1: [3, 9]}, deck=[1]), players=2)
    play(match, 0, 2)
    play(match, 1, 3)
    play(match, 0, 6)
    assert match.is_over
    assert match.to_act == ()
    state = state_of(match)
    assert values(state.won[0]) == [2, 3, 6]
    assert values(state.deck) == [1]  # the deck need not be empty


def test_climb_09_cards_won_minus_cards_in_hand() -> None:
    match = Match(StackedClimb({0: [5, 2], 1: [3, 4], 2: [1, 2, 3]}), players=3)
    play(match, 0, 5)
    match.apply(1, PASS)
    match.apply(2, PASS)
    play(match, 0, 2)
    result = match.result
    assert result is not None
    assert result.scores == (2, -2, -3)
    assert result.winners == (0,)


def test_climb_09_tied_players_share_the_win() -> None:
    ties = 0
    for seed in range(200):
        match = Match(Climb(), players=3, seed=seed)
        result = tablecards.play(match, [tablecards.RandomBot()] * 3, seed=seed)
        best = max(result.scores)
        assert result.winners == tuple(s for s, x in enumerate(result.scores) if x == best)
        ties += len(result.winners) > 1
    assert ties > 0  # the seeds above do include ties, so the sharing was exercised


def test_climb_10_the_hands_are_shown_at_the_end() -> None:
    recorder = EventRecorder()
    match = Match(StackedClimb({0: [2], 1: [3, 9]}, deck=[1]), players=2, observers=[recorder])
    assert "cards" not in match.view(0)["zones"]["hand:1"]  # secret during the game
    play(match, 0, 2)
    assert match.is_over
    view = match.view(0)
    assert view["zones"]["hand:1"] == {"count": 0, "owner": 1}
    assert [card["value"] for card in view["zones"]["shown:1"]["cards"]] == [3, 9]
    assert recorder.stream(0)[-1]["cards"] == view["zones"]["shown:1"]["cards"]
    result = match.result
    assert result is not None
    assert result.scores == (1, -2)  # shown cards still count against their owner
