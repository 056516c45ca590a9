"""Courtiers' rules, one test per rule ID (src/tablecards_courtiers/rules.md)."""

from __future__ import annotations

from collections import Counter

from tablecards import Event, Match, MatchRandom
from tablecards_courtiers import (
    DECK,
    DIPLOMAT,
    DUELIST,
    GUARDIAN,
    HEIR,
    HERALD,
    NAMES,
    REGENT,
    SEER,
    SENTRY,
    Compared,
    Courtiers,
    CourtState,
    Guessed,
    Play,
    Saw,
)

GAME = Courtiers()


def arranged(hands: list[list[int]], deck: list[int], current: int = 0) -> CourtState:
    """A round in progress: each seat holds ``hands[seat]`` (ranks; the current seat two
    cards), the deck's top cards are ``deck`` (top last), the rest below, one card aside."""
    state = GAME.initial_state(len(hands), MatchRandom(1))
    pool = list(state.deck.cards)
    empty_deck(state)

    def take(rank: int) -> object:
        card = next(card for card in pool if card.rank == rank)
        pool.remove(card)
        return card

    for seat, ranks in enumerate(hands):
        state.hands[seat].cards.extend(take(rank) for rank in ranks)  # type: ignore[misc]
    top = [take(rank) for rank in deck]
    state.aside.cards.append(pool.pop())
    state.deck.cards.extend(pool)
    state.deck.cards.extend(top)  # type: ignore[arg-type]
    state.round, state.current, state.to_act = 1, current, (current,)
    state.sink = []
    return state


def empty_deck(state: CourtState) -> None:
    """Lay the deck's cards face up out of play (the deck is empty at the end of the turn)."""
    state.open.cards.extend(state.deck.cards)
    state.deck.cards.clear()


def events(state: CourtState, kind: type[Event]) -> list[Event]:
    return [event for event in state.sink or () if isinstance(event, kind)]


def test_court_01_sixteen_cards_of_eight_ranks() -> None:
    assert len(DECK) == 16
    assert Counter(card.rank for card in DECK) == {1: 5, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1, 7: 1, 8: 1}
    assert NAMES[SENTRY] == "Sentry" and NAMES[HEIR] == "Heir"


def test_court_02_one_card_aside_three_open_with_two_players() -> None:
    for players, opened in ((2, 3), (3, 0), (4, 0)):
        match = Match(GAME, players=players, seed=5)
        state = match.state
        assert isinstance(state, CourtState)
        assert len(state.aside.cards) == 1 and len(state.open.cards) == opened
        first = match.to_act[0]
        assert [len(hand.cards) for hand in state.hands] == [
            2 if seat == first else 1 for seat in range(players)
        ]
        view = match.view((first + 1) % players)
        assert "cards" not in view["zones"]["aside"] and "cards" in view["zones"]["open"]


def test_court_03_the_first_player_option_and_the_round_winner_begins() -> None:
    assert Match(Courtiers(first_player=2), players=3, seed=1).to_act == (2,)
    state = arranged([[HEIR, GUARDIAN], [SENTRY]], [])
    empty_deck(state)  # this turn ends the round (COURT-15)
    GAME.apply(state, 0, Play(GUARDIAN))
    assert state.tokens == (1, 0) and state.round == 2 and state.to_act == (0,)


def test_court_04_draw_then_play_one_of_two() -> None:
    state = arranged([[GUARDIAN, SEER], [SENTRY], [REGENT]], [HERALD])
    GAME.apply(state, 0, Play(GUARDIAN))
    assert [card.rank for card in state.played[0].cards] == [GUARDIAN]
    # The next player drew the top card of the deck.
    assert state.to_act == (1,) and sorted(c.rank for c in state.hands[1].cards) == [1, HERALD]


def test_court_05_a_right_guess_puts_out_a_wrong_one_is_heard_by_everyone() -> None:
    state = arranged([[SENTRY, GUARDIAN], [SEER], [REGENT]], [HERALD, SENTRY])
    assert Play(SENTRY, 1, SENTRY) not in GAME.legal_actions(state, 0)
    GAME.apply(state, 0, Play(SENTRY, 2, DUELIST))
    (answer,) = events(state, Guessed)
    assert answer.to is None and not answer.right  # type: ignore[attr-defined]
    assert state.misses == ((2, DUELIST),)
    assert GAME.ruled_out(state, 1) == {"hand:2": [c for c in DECK if c.rank == DUELIST]}
    state = arranged([[SENTRY, GUARDIAN], [SEER], [REGENT]], [HERALD, SENTRY])
    GAME.apply(state, 0, Play(SENTRY, 1, SEER))
    assert not state.live[1] and [c.rank for c in state.played[1].cards] == [SEER]


def test_court_05_a_no_is_forgotten_when_that_hand_changes() -> None:
    state = arranged([[SENTRY, GUARDIAN], [SEER], [REGENT]], [HERALD, SENTRY])
    GAME.apply(state, 0, Play(SENTRY, 2, DUELIST))
    assert state.misses == ((2, DUELIST),) and state.to_act == (1,)
    GAME.apply(state, 1, Play(SEER, 0))
    assert state.to_act == (2,)  # seat 2 drew: its hand changed, the "no" no longer holds
    assert not state.misses


def test_court_06_the_seer_shows_the_card_to_the_looker_only() -> None:
    state = arranged([[SEER, GUARDIAN], [HERALD], [REGENT]], [SENTRY, SENTRY])
    GAME.apply(state, 0, Play(SEER, 2))
    (saw,) = events(state, Saw)
    assert saw.to == frozenset({0}) and saw.card.rank == REGENT  # type: ignore[attr-defined]
    assert [DECK[card.id].rank for card in GAME.known_cards(state, 0)] == [REGENT]
    assert list(GAME.known_cards(state, 1)) == []
    match_view = GAME.view(state, 0)
    assert match_view["knowledge"] == [{"seat": 2, "card": {"id": 14, "rank": REGENT}}]
    assert GAME.view(state, 1)["knowledge"] == []


def test_court_07_the_lower_card_is_out_and_only_the_outcome_is_public() -> None:
    state = arranged([[DUELIST, HERALD], [SEER], [REGENT]], [SENTRY, SENTRY])
    GAME.apply(state, 0, Play(DUELIST, 1))
    (outcome,) = events(state, Compared)
    assert outcome.to is None and outcome.loser == 1  # type: ignore[attr-defined]
    assert GAME.reveals(outcome) and not state.live[1]
    assert [c.rank for c in state.hands[0].cards] == [HERALD]  # the winner's card stays hidden
    assert "cards" not in GAME.view(state, 2)["zones"]["hand:0"]
    state = arranged([[DUELIST, SEER], [SEER], [REGENT]], [SENTRY, SENTRY])
    GAME.apply(state, 0, Play(DUELIST, 1))
    assert events(state, Compared)[0].loser is None and all(state.live)  # type: ignore[attr-defined]


def test_court_08_a_guardian_protects_until_the_next_turn() -> None:
    state = arranged([[GUARDIAN, SENTRY], [SEER], [SENTRY]], [SENTRY, SENTRY, SENTRY])
    GAME.apply(state, 0, Play(GUARDIAN))
    assert state.guarded == (True, False, False)
    assert all(action.target != 0 for action in GAME.legal_actions(state, 1))  # type: ignore[attr-defined]
    refusal = GAME.why_illegal(state, 1, Play(SEER, 0))
    assert refusal is not None and refusal.rule == "COURT-08"


def test_court_09_the_herald_discards_and_draws_and_may_choose_yourself() -> None:
    state = arranged([[HERALD, GUARDIAN], [SEER], [REGENT]], [SENTRY, DUELIST])
    assert Play(HERALD, 0) in GAME.legal_actions(state, 0)
    GAME.apply(state, 0, Play(HERALD, 2))
    assert [c.rank for c in state.played[2].cards] == [REGENT]
    assert [c.rank for c in state.hands[2].cards] == [DUELIST]


def test_court_09_with_an_empty_deck_the_herald_gives_the_card_set_aside() -> None:
    state = arranged([[HERALD, GUARDIAN], [SEER]], [])
    empty_deck(state)
    aside = state.aside.cards[0]
    GAME.apply(state, 0, Play(HERALD, 1))
    # The card set aside was drawn and shown in the showdown that ended the round (COURT-15).
    moves = [e for e in state.sink or () if type(e).__name__ == "CardsMoved"]
    assert any(e.src == "aside" and e.dst == "hand:1" for e in moves)  # type: ignore[attr-defined]
    assert any(e.dst == "played:1" and aside in e.cards for e in moves)  # type: ignore[attr-defined]
    assert state.round == 2


def test_court_10_the_diplomat_trades_hands_and_both_remember() -> None:
    state = arranged([[DIPLOMAT, SENTRY], [REGENT], [SEER]], [GUARDIAN, GUARDIAN])
    GAME.apply(state, 0, Play(DIPLOMAT, 1))
    assert [c.rank for c in state.hands[0].cards] == [REGENT]
    assert [c.rank for c in state.hands[1].cards] == [SENTRY, GUARDIAN]
    assert [DECK[c.id].rank for c in GAME.known_cards(state, 0)] == [SENTRY]


def test_court_11_the_regent_must_be_played_beside_the_herald_or_the_diplomat() -> None:
    for other in (HERALD, DIPLOMAT):
        state = arranged([[REGENT, other], [SEER]], [SENTRY])
        assert GAME.legal_actions(state, 0) == (Play(REGENT),)
        refusal = GAME.why_illegal(state, 0, Play(other, 1))
        assert refusal is not None and refusal.rule == "COURT-11"


def test_court_12_playing_or_discarding_the_heir_puts_you_out() -> None:
    state = arranged([[HEIR, SENTRY], [SEER], [REGENT]], [GUARDIAN, GUARDIAN])
    GAME.apply(state, 0, Play(HEIR))
    assert not state.live[0]
    state = arranged([[HERALD, SENTRY], [HEIR], [REGENT]], [GUARDIAN, GUARDIAN])
    GAME.apply(state, 0, Play(HERALD, 1))
    assert not state.live[1]


def test_court_13_with_nobody_to_choose_the_card_does_nothing() -> None:
    state = arranged([[SEER, HERALD], [SENTRY]], [GUARDIAN])
    state.guarded = (False, True)
    legal = GAME.legal_actions(state, 0)
    assert Play(SEER) in legal and Play(HERALD, 0) in legal and Play(HERALD, 1) not in legal


def test_court_14_out_players_show_their_hand_and_cannot_be_chosen() -> None:
    state = arranged([[SENTRY, GUARDIAN], [SEER], [REGENT]], [HERALD, SENTRY])
    GAME.apply(state, 0, Play(SENTRY, 1, SEER))
    assert "cards" in GAME.view(state, 2)["zones"]["played:1"]
    refusal = GAME.why_illegal(state, 2, Play(SEER, 1))
    assert state.to_act == (2,) and refusal is not None


def test_court_15_the_showdown_highest_card_wins_ties_share() -> None:
    state = arranged([[GUARDIAN, SENTRY], [HEIR], [REGENT]], [])
    empty_deck(state)
    GAME.apply(state, 0, Play(SENTRY, 2, SEER))
    assert state.tokens == (0, 1, 0)
    state = arranged([[SENTRY, SENTRY], [SEER], [SEER]], [])
    empty_deck(state)
    GAME.apply(state, 0, Play(SENTRY, 2, HEIR))
    assert state.tokens == (0, 1, 1)


def test_court_16_17_tokens_and_the_goal() -> None:
    state = arranged([[HEIR, GUARDIAN], [SENTRY]], [])
    empty_deck(state)
    state.tokens = (4, 0)
    GAME.apply(state, 0, Play(GUARDIAN))
    assert state.over and state.tokens == (5, 0) and GAME.winners(state) == (0,)
    assert Courtiers(goal=2).goal(3) == 2 and GAME.goal(4) == 3
