"""Hit! rules, one test (or more) per rule ID of rules/hit.md."""

from __future__ import annotations

from collections import Counter

import pytest

import tablecards
from tablecards import IllegalAction, Match
from tablecards_hit import (
    DECK_VALUES,
    DRAW_AGAIN,
    END_TURN,
    NO_STEAL,
    STEAL,
    Hit,
    HitCard,
    HitState,
    StackedHit,
)
from tablecards_hit._state import DECK


def values(zone: tablecards.Zone[HitCard]) -> list[int]:
    return [card.value for card in zone.cards]


def state_of(match: Match) -> HitState:
    state = match.state
    assert isinstance(state, HitState)
    return state


def test_hit_01_deck_has_90_cards_eleven_of_1_to_5_seven_of_6_to_10() -> None:
    """HIT-01: deck has 90 cards eleven of 1 to 5 seven of 6 to 10."""
    counts = Counter(card.value for card in DECK)
    assert len(DECK) == 90
    assert counts == dict.fromkeys(range(1, 6), 11) | dict.fromkeys(range(6, 11), 7)
    assert counts == DECK_VALUES
    assert sum(card.value for card in DECK) == 445
    assert len({card.id for card in DECK}) == 90  # two identical values are still two cards


def test_hit_02_deck_is_shuffled_with_the_seeded_rng() -> None:
    """HIT-02: deck is shuffled with the seeded rng."""

    def order(seed: int) -> list[int]:
        match = Match(Hit(), players=3, seed=seed)
        state = state_of(match)
        return [card.id for card in state.deck.cards + state.rows[0].cards + state.box.cards]

    assert order(1) == order(1)
    assert order(1) != order(2)
    unshuffled = [card.id for card in DECK]
    assert sorted(order(1)) == sorted(unshuffled)
    assert order(1) != unshuffled
    # HIT-02: no cards are dealt: only the first player's first draw left the deck.
    state = state_of(Match(Hit(), players=4, seed=3))
    assert all(len(row) == 0 for row in state.rows[1:])
    assert all(len(loot) == 0 for loot in state.loots)


@pytest.mark.parametrize("first", [0, 2])
def test_hit_03_first_player_option_then_clockwise(first: int) -> None:
    """HIT-03: first player option then clockwise."""
    match = Match(StackedHit(draws=[1, 2, 3], first_player=first), players=3, seed=0)
    assert match.to_act == (first,)
    match.apply(first, END_TURN)
    assert match.to_act == ((first + 1) % 3,)
    match.apply((first + 1) % 3, END_TURN)
    assert match.to_act == ((first + 2) % 3,)


def test_hit_03_first_player_must_be_a_seat() -> None:
    """HIT-03: first player must be a seat."""
    with pytest.raises(tablecards.UnknownOption, match="first_player 3"):
        Match(Hit(first_player=3), players=3)


def test_hit_04_bank_face_up_cards_at_start_of_turn() -> None:
    """HIT-04: bank face up cards at start of turn."""
    # Seat 0 draws 4 and 7 and ends; seats 1 and 2 draw 1 and 2; seat 0's next turn banks 4, 7.
    match = Match(StackedHit(draws=[4, 7, 1, 2, 9]), players=3, seed=0)
    match.apply(0, DRAW_AGAIN)
    match.apply(0, END_TURN)
    state = state_of(match)
    assert values(state.rows[0]) == [4, 7]  # still face up during the others' turns (HIT-09)
    match.apply(1, END_TURN)
    match.apply(2, END_TURN)
    assert values(state.loots[0]) == [4, 7]
    assert values(state.rows[0]) == [9]


def test_hit_05_a_turn_starts_by_drawing() -> None:
    """HIT-05: a turn starts by drawing."""
    match = Match(StackedHit(draws=[3, 8]), players=2, seed=0)
    state = state_of(match)
    # Seat 0 has already drawn: there is no way to end the turn without a card.
    assert values(state.rows[0]) == [3]
    match.apply(0, END_TURN)
    assert values(state.rows[1]) == [8]
    assert match.legal_actions(1) == (DRAW_AGAIN, END_TURN)


def test_hit_06_bust_with_three_cards_and_a_matching_value() -> None:
    """HIT-06: bust with three cards and a matching value."""
    match = Match(StackedHit(draws=[2, 4, 6, 4, 9]), players=2, seed=0)
    for _ in range(3):
        match.apply(0, DRAW_AGAIN)
    state = state_of(match)
    # 2, 4, 6 then a 4 with three cards face up: bust, everything to the box, turn over.
    assert values(state.rows[0]) == []
    assert sorted(values(state.box)) == [2, 4, 4, 6]
    assert match.to_act == (1,)
    assert values(state.rows[1]) == [9]


def test_hit_06_no_bust_without_a_matching_value() -> None:
    """HIT-06: no bust without a matching value."""
    match = Match(StackedHit(draws=[2, 4, 6, 5]), players=2, seed=0)
    for _ in range(3):
        match.apply(0, DRAW_AGAIN)
    assert values(state_of(match).rows[0]) == [2, 4, 6, 5]
    assert match.to_act == (0,)


def test_hit_07_safe_under_three_cards() -> None:
    """HIT-07: safe under three cards."""
    match = Match(StackedHit(draws=[5, 5, 7, 5]), players=2, seed=0)
    match.apply(0, DRAW_AGAIN)  # one card held: the pair is safe
    match.apply(0, DRAW_AGAIN)  # two cards held: the 7 is added
    state = state_of(match)
    assert values(state.rows[0]) == [5, 5, 7]
    match.apply(0, DRAW_AGAIN)  # three cards held and a 5: now it busts (HIT-06)
    assert values(state.rows[0]) == []
    match2 = Match(StackedHit(draws=[5, 7, 5]), players=2, seed=0)
    match2.apply(0, DRAW_AGAIN)
    match2.apply(0, DRAW_AGAIN)  # 5, 7 then 5 with two cards face up: added, no bust
    assert values(state_of(match2).rows[0]) == [5, 7, 5]


def test_hit_08_steal_takes_all_of_that_value_from_all_opponents() -> None:
    """HIT-08: steal takes all of that value from all opponents."""
    game = StackedHit(draws=[3], rows={1: [3, 3, 8], 2: [3, 9]})
    match = Match(game, players=3, seed=0)
    assert match.legal_actions(0) == (STEAL, NO_STEAL)
    match.apply(0, STEAL)
    state = state_of(match)
    assert sorted(values(state.rows[0])) == [3, 3, 3, 3]
    assert values(state.rows[1]) == [8]
    assert values(state.rows[2]) == [9]
    assert match.legal_actions(0) == (DRAW_AGAIN, END_TURN)


def test_hit_08_declining_leaves_the_cards() -> None:
    """HIT-08: declining leaves the cards."""
    match = Match(StackedHit(draws=[3], rows={1: [3, 8]}), players=2, seed=0)
    match.apply(0, NO_STEAL)
    state = state_of(match)
    assert values(state.rows[0]) == [3]
    assert values(state.rows[1]) == [3, 8]


def test_hit_08_no_steal_offered_when_no_opponent_has_the_value() -> None:
    """HIT-08: no steal offered when no opponent has the value."""
    match = Match(StackedHit(draws=[4], rows={1: [3, 8]}), players=2, seed=0)
    assert match.legal_actions(0) == (DRAW_AGAIN, END_TURN)
    with pytest.raises(IllegalAction, match="HIT-09") as info:
        match.apply(0, STEAL)
    assert info.value.seat == 0 and info.value.action == STEAL


def test_hit_08_the_steal_choice_comes_first() -> None:
    match = Match(StackedHit(draws=[3], rows={1: [3]}), players=2, seed=0)
    before = match.to_json()
    with pytest.raises(IllegalAction, match="HIT-08"):
        match.apply(0, DRAW_AGAIN)
    assert match.to_json() == before


def test_hit_09_cards_left_face_up_can_be_stolen_before_the_next_bank() -> None:
    """HIT-09: cards left face up can be stolen before the next bank."""
    match = Match(StackedHit(draws=[6, 2, 6]), players=2, seed=0)
    match.apply(0, DRAW_AGAIN)
    match.apply(0, END_TURN)  # seat 0 leaves 6, 2 face up
    # Seat 1 drew a 6: it may steal seat 0's 6 before seat 0 banks it.
    assert match.legal_actions(1) == (STEAL, NO_STEAL)
    match.apply(1, STEAL)
    state = state_of(match)
    assert values(state.rows[0]) == [2]
    assert values(state.rows[1]) == [6, 6]


def test_hit_10_a_bust_leaves_the_opponents_rows_alone() -> None:
    """HIT-10: a bust leaves the opponents rows alone."""
    match = Match(StackedHit(draws=[1, 2, 3, 2], rows={1: [7, 8], 2: [9]}), players=3, seed=0)
    for _ in range(3):
        match.apply(0, DRAW_AGAIN)
    state = state_of(match)
    assert values(state.rows[0]) == []
    assert sorted(values(state.box)) == [1, 2, 2, 3]  # only the buster's cards are lost
    assert values(state.loots[1]) == [7, 8]  # banked by seat 1's own turn, which began
    assert values(state.rows[2]) == [9]


def play_to_the_end(match: Match) -> None:
    while not match.is_over:
        seat = match.to_act[0]
        actions = match.legal_actions(seat)
        match.apply(seat, END_TURN if END_TURN in actions else NO_STEAL)


def test_hit_11_last_card_is_resolved_with_its_steal_and_no_go_on_choice() -> None:
    """HIT-11: last card is resolved with its steal and no go on choice."""
    match = Match(Hit(), players=2, seed=5)
    state = state_of(match)
    while len(state.deck) > 1 or match.is_over:
        seat = match.to_act[0]
        actions = match.legal_actions(seat)
        match.apply(seat, END_TURN if END_TURN in actions else NO_STEAL)
    # One card left: make sure the opponent shows its value, to see the steal offered.
    last = state.deck.cards[0]
    seat = state.current
    other = 1 - seat
    if match.legal_actions(seat) == (STEAL, NO_STEAL):
        match.apply(seat, NO_STEAL)
    seat = state.current
    other = 1 - seat
    state.rows[other].cards[:] = [c for c in state.rows[other].cards if c.value != last.value]
    state.rows[seat].cards[:] = [c for c in state.rows[seat].cards if c.value != last.value]
    donor = next(c for c in state.box.cards + state.loots[seat].cards if c.value == last.value)
    for zone in (state.box, state.loots[seat]):
        if donor in zone.cards:
            state.move([donor], zone, state.rows[other])
    match.apply(seat, DRAW_AGAIN)
    assert len(state.deck) == 0
    assert not match.is_over  # the last card is resolved first: its steal is offered
    assert match.legal_actions(seat) == (STEAL, NO_STEAL)
    match.apply(seat, STEAL)
    assert match.is_over  # and then the game ends at once: no go-on choice
    assert match.to_act == ()


def test_hit_11_game_ends_right_after_the_last_card_without_steal() -> None:
    """HIT-11: game ends right after the last card without steal."""
    match = Match(Hit(), players=3, seed=11)
    play_to_the_end(match)
    state = state_of(match)
    assert len(state.deck) == 0
    assert match.result is not None and match.result.rounds == 1


def test_hit_12_rows_go_to_the_loots_at_the_end() -> None:
    """HIT-12: rows go to the loots at the end."""
    match = Match(Hit(), players=4, seed=2)
    play_to_the_end(match)
    state = state_of(match)
    assert all(len(row) == 0 for row in state.rows)
    assert sum(len(loot) for loot in state.loots) + len(state.box) == 90


def test_hit_13_score_is_the_sum_of_the_loot_and_ties_share_the_win() -> None:
    """HIT-13: score is the sum of the loot and ties share the win."""
    match = Match(Hit(), players=3, seed=4)
    play_to_the_end(match)
    state = state_of(match)
    result = match.result
    assert result is not None
    assert result.scores == tuple(sum(values(loot)) for loot in state.loots)
    best = max(result.scores)
    assert result.winners == tuple(s for s, v in enumerate(result.scores) if v == best)
    # A tie shares the win.
    game = Hit()
    state.loots[0].cards[:], state.loots[1].cards[:] = [DECK[0]], [DECK[1]]
    state.loots[2].cards[:] = []
    state.totals = (0, 0, 0)
    state.over = False
    assert game.scores(state) == (1, 1, 0)
    assert game.winners(state) == (0, 1)


def test_hit_14_several_rounds_rotate_the_first_player_and_add_up() -> None:
    """HIT-14: several rounds rotate the first player and add up."""
    game = Hit(rounds=None)  # as many rounds as players
    match = Match(game, players=3, seed=9)
    recorder_rounds = []
    state = state_of(match)
    first_players = [match.to_act[0]]
    last_round = 1
    while not match.is_over:
        seat = match.to_act[0]
        actions = match.legal_actions(seat)
        match.apply(seat, END_TURN if END_TURN in actions else STEAL)
        if state.round != last_round:
            last_round = state.round
            first_players.append(state.current)
            # A fresh deck: every card is back (bar the first player's first draw).
            assert len(state.deck) + len(state.rows[state.current]) + len(state.box) == 90
            recorder_rounds.append(state.totals)
    assert first_players == [0, 1, 2]
    result = match.result
    assert result is not None and result.rounds == 3
    assert result.scores == state.totals
    assert sum(result.scores) > max(recorder_rounds[-1])
