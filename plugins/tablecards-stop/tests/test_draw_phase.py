"""Stop rules of components, setup and the draw phase (STOP-01..STOP-09), one test or more per
rule ID of rules/stop.md."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

import tablecards
from tablecards import EventRecorder, Match, NotYourTurn, UnknownOption
from tablecards.testing import assert_refused
from tablecards_stop import (
    CALL_STOP,
    COLOURS,
    DECLINE,
    PACK_SIZE,
    PASS,
    PLUS,
    ArrangedStop,
    Bid,
    Give,
    Phase,
    Stop,
    StopState,
    make_pack,
)


def asked(match: Match) -> tuple[int, ...]:
    """The seats asked to act (a call, so that checks in a row are not narrowed by mypy)."""
    return match.to_act


def state_of(match: Match) -> StopState:
    state = match.state
    assert isinstance(state, StopState)
    return state


def arranged(players: int = 3, seed: int = 0, **arrangement: Any) -> Match:
    """A match starting from an arranged situation (a Stop moment at once unless wait=True)."""
    return Match(ArrangedStop(**arrangement), players=players, seed=seed)


def refused(match: Match, seat: int, action: Any, rule: str, text: str | None = None) -> None:
    """The action is refused with ``rule``, and the match is left exactly as it was."""
    assert_refused(match, seat, action, rule, text)


# -- components and setup ------------------------------------------------------------------------


def test_stop_01_one_pack_of_21_cards_per_player_nine_2s_six_3s_three_4s_three_plus() -> None:
    """STOP-01: one pack of 21 cards per player nine 2s six 3s three 4s three plus."""
    pack = make_pack(2)
    assert len(pack) == PACK_SIZE == 21
    assert Counter(card.value for card in pack) == {2: 9, 3: 6, 4: 3, PLUS: 3}
    assert {card.colour for card in pack} == {COLOURS[2]}
    assert len(set(COLOURS)) == 6
    for players in (3, 6):
        state = state_of(Match(Stop(), players=players, seed=1))
        cards = [card for zone in (*state.packs, *state.hands) for card in zone.cards]
        assert len(cards) == 21 * players and len({card.id for card in cards}) == 21 * players
        assert len({card.colour for card in cards}) == players  # one pack (colour) per player


def test_stop_02_each_player_shuffles_their_own_pack_with_the_seeded_rng() -> None:
    """STOP-02: each player shuffles their own pack with the seeded rng."""

    def packs(seed: int) -> list[list[int]]:
        state = state_of(Match(Stop(), players=4, seed=seed))
        return [[c.id for c in state.hands[s].cards + state.packs[s].cards] for s in range(4)]

    assert packs(5) == packs(5)
    assert packs(5) != packs(6)
    for seat, ids in enumerate(packs(5)):
        assert sorted(ids) == [card.id for card in make_pack(seat)]  # own pack only
        assert ids != [card.id for card in make_pack(seat)]  # shuffled


@pytest.mark.parametrize("first", [0, 2])
def test_stop_03_the_starting_player_holds_the_red_token(first: int) -> None:
    """STOP-03: the starting player holds the red token."""
    match = Match(Stop(first_player=first), players=3, seed=0)
    state = state_of(match)
    assert state.red == first
    assert match.view(None)["red"] == first
    assert first not in match.to_act


def test_stop_03_first_player_must_be_a_seat_and_3_to_6_players() -> None:
    """STOP-03: first player must be a seat and 3 to 6 players."""
    with pytest.raises(UnknownOption, match="first_player 4"):
        Match(Stop(first_player=4), players=4)
    with pytest.raises(UnknownOption, match="3 to 6 players, not 2"):
        Match(Stop(), players=2)
    with pytest.raises(UnknownOption, match="tokens_to_win"):
        Stop(tokens_to_win=0)


# -- the draw phase ------------------------------------------------------------------------------


def test_stop_04_draws_go_clockwise_from_the_red_token_holder_into_secret_hands() -> None:
    """STOP-04: draws go clockwise from the red token holder into secret hands."""
    recorder = EventRecorder()
    match = Match(Stop(first_player=1), players=4, seed=2, observers=[recorder])
    draws = [e for e in recorder.stream(None) if e["event"] == "CardsMoved"]
    assert [(e["src"], e["dst"]) for e in draws] == [
        (f"pack:{s}", f"hand:{s}") for s in (1, 2, 3, 0, 1)
    ]
    assert all(e["cards"] == [] for e in draws)  # a spectator sees that a card moved, not which
    own = [e for e in recorder.stream(2) if e["event"] == "CardsMoved" and e["dst"] == "hand:2"]
    assert len(own[0]["cards"]) == 1  # the owner sees its card
    view = match.view(2)
    assert "cards" not in view["zones"]["hand:1"] and view["zones"]["hand:1"]["count"] == 2
    assert "cards" in view["zones"]["hand:2"]
    assert all("cards" not in view["zones"][f"pack:{s}"] for s in range(4))


def test_stop_05_a_player_holding_six_cards_skips_their_draw() -> None:
    """STOP-05: a player holding six cards skips their draw."""
    recorder = EventRecorder()
    game = ArrangedStop(hands={1: [2, 2, 2, 2, 3, 3]}, red=0)
    match = Match(game, players=3, seed=0, observers=[recorder])
    state = state_of(match)
    assert asked(match) == (1,)  # seat 2 holds nothing yet: it cannot open
    match.apply(1, DECLINE)  # seat 0 draws
    pack_1 = len(state.packs[1])
    match.apply(1, DECLINE)  # seat 1 skips, seat 2 draws
    assert len(state.hands[1]) == 6 and len(state.packs[1]) == pack_1
    assert len(state.hands[2]) == 1
    skipped = [e for e in recorder.stream(None) if e["event"] == "Skipped"]
    assert skipped == [{"event": "Skipped", "seat": 1}]


def test_stop_06_after_a_draw_anyone_but_the_red_holder_may_call_stop() -> None:
    """STOP-06: after a draw anyone but the red holder may call stop."""
    match = Match(ArrangedStop(draws={2: [3]}, wait=True), players=4, seed=0)
    state = state_of(match)
    assert asked(match) == (1, 2, 3)
    # The red-token holder is not asked, and the refusal says why, with the rule.
    before = match.to_json()
    with pytest.raises(NotYourTurn, match="red-token holder may not call Stop") as info:
        match.apply(0, CALL_STOP)
    assert info.value.rule == "STOP-06"
    assert match.to_json() == before
    # Seat 2 holds one card (whatever the hand sizes): it calls, out of turn.
    packs = [len(pack) for pack in state.packs]
    match.apply(2, CALL_STOP)
    assert state.red == 2 and state.caller == 2 and state.phase is Phase.OPEN
    assert asked(match) == (2,)
    assert [len(pack) for pack in state.packs] == packs  # the draw halts at once
    refused(match, 2, CALL_STOP, "STOP-06", "only during the draw phase")


def test_stop_06_each_asked_seat_declines_once_then_the_next_draw_happens() -> None:
    """STOP-06: each asked seat declines once then the next draw happens."""
    match = Match(Stop(), players=3, seed=4)
    state = state_of(match)
    hands = [len(hand) for hand in state.hands]
    assert asked(match) == (1, 2)
    match.apply(2, DECLINE)
    assert asked(match) == (1,)
    refused(match, 1, Give(2, 1), "STOP-15")
    assert [len(hand) for hand in state.hands] == hands
    match.apply(1, DECLINE)
    assert [len(hand) for hand in state.hands] == [hands[0], hands[1] + 1, hands[2]]
    assert state.drawer == 2


class EagerBot:
    """Calls Stop whenever it may; otherwise takes the first legal action (pass, give...)."""

    def choose(self, view: Any, actions: Any, rng: Any) -> Any:
        return CALL_STOP if CALL_STOP in actions else actions[0]


class CallPriority:
    """Seats in ``order`` speak first in a Stop moment; any of them, at random, in the auction.

    A fixed priority cannot rule the auction: a seat that passed stays asked (STOP-13), so the
    same seat would be asked, and would pass, again and again.
    """

    def __init__(self, match: Match, order: tuple[int, ...]) -> None:
        self.match = match
        self.calls = tablecards.SeatPriority(order)
        self.auction = tablecards.RandomPriority()

    def pick(self, seats: tuple[int, ...], rng: random.Random) -> int:
        phase = state_of(self.match).phase
        return (self.calls if phase is Phase.DRAW else self.auction).pick(seats, rng)


@pytest.mark.parametrize("order", [(2, 1), (1, 2)])
def test_stop_06_when_several_call_at_once_the_runner_decides_who_spoke_first(
    order: tuple[int, int],
) -> None:
    """STOP-06: when several call at once the runner decides who spoke first."""
    recorder = EventRecorder()
    game = ArrangedStop(hands={1: [3], 2: [4]}, red=0)
    match = Match(game, players=3, seed=0, observers=[recorder])
    assert asked(match) == (1, 2)  # an open moment: both may shout
    result = tablecards.play(match, [EagerBot()] * 3, seed=0, arbiter=CallPriority(match, order))
    assert not result.truncated
    calls = [e["seat"] for e in recorder.stream(None) if e["event"] == "StopCalled"]
    assert calls[0] == order[0]
    assert all(a != b for a, b in itertools.pairwise(calls)), calls  # never twice in a row


@pytest.mark.parametrize(("players", "first"), [(3, 0), (5, 3)])
def test_stop_07_no_stop_before_the_red_holder_has_drawn_a_second_card(
    players: int, first: int
) -> None:
    """STOP-07: no stop before the red holder has drawn a second card."""
    match = Match(Stop(first_player=first), players=players, seed=9)
    state = state_of(match)
    # The first moment anyone is asked comes right after the red holder's second card.
    assert [len(hand) for hand in state.hands] == [
        2 if seat == first else 1 for seat in range(players)
    ]
    assert match.view(None)["calls_open"] is True
    waiting = state.clone()
    assert isinstance(waiting, StopState)
    waiting.wait_draws = 1
    why = match.game.why_illegal(waiting, (first + 1) % players, CALL_STOP)
    assert why is not None and why.rule == "STOP-07"


def test_stop_08_a_hand_without_a_value_card_cannot_call_but_is_still_asked() -> None:
    """STOP-08: a hand without a value card cannot call but is still asked."""
    only_plus = arranged(hands={1: ["+1"], 2: [2]}, red=0)
    assert asked(only_plus) == (1, 2)
    assert only_plus.legal_actions(1) == (DECLINE,)
    refused(only_plus, 1, CALL_STOP, "STOP-08", "no value card")
    # Being asked does not depend on the hand: the others cannot tell it holds only a +1.
    with_value = arranged(hands={1: [4], 2: [2]}, red=0)
    assert asked(with_value) == only_plus.to_act
    assert with_value.view(2) == only_plus.view(2)


def test_stop_09_drawing_from_an_empty_pack_eliminates_and_sets_the_hand_aside() -> None:
    """STOP-09: drawing from an empty pack eliminates and sets the hand aside."""
    recorder = EventRecorder()
    game = ArrangedStop(hands={1: [2, 3]}, pack_sizes={1: 0}, tokens={1: 4}, red=0)
    match = Match(game, players=3, seed=0, observers=[recorder])
    state = state_of(match)
    assert match.game.scores(state) == (0, 4, 0)
    match.apply(1, DECLINE)  # seat 0 draws; seat 2 still holds nothing
    match.apply(1, DECLINE)  # seat 1 must draw from an empty pack: out
    assert state.eliminated == (False, True, False)
    assert len(state.hands[1]) == 0 and len(state.asides[1]) == 2  # its hand, set aside
    assert match.view(1)["zones"]["cut:1"] == {"count": PACK_SIZE - 2, "owner": 1}  # the cut
    assert match.game.scores(state) == (0, 0, 0)  # its tokens no longer count
    assert asked(match) == (2,)  # seat 2 drew; seat 1 is no longer asked
    assert [e for e in recorder.stream(0) if e["event"] == "Eliminated"] == [
        {"event": "Eliminated", "seat": 1, "set_aside": 2}
    ]
    # It no longer draws, calls or bids: seat 2 calls, and the auction never asks seat 1.
    while CALL_STOP not in match.legal_actions(2):
        match.apply(2, DECLINE)
        assert 1 not in match.to_act
    match.apply(2, CALL_STOP)
    bid = next(a for a in match.legal_actions(2) if isinstance(a, Bid))
    match.apply(2, bid)
    assert 1 not in match.to_act and len(state.hands[1]) == 0


def test_stop_09_stop_19_an_eliminated_red_holder_hands_the_draw_on_and_bars_nobody() -> None:
    """STOP-09, STOP-19, STOP-07: the red-token holder's empty pack eliminates it at its first
    draw; the next seat clockwise draws, the pending second-card wait is cancelled, nobody is
    barred from calling, and the game goes on with two players."""
    game = ArrangedStop(hands={1: [2], 2: [3]}, pack_sizes={0: 0}, red=0, wait=True)
    match = Match(game, players=3, seed=0)
    state = state_of(match)
    assert state.eliminated == (True, False, False) and not match.is_over
    assert state.wait_draws == 0 and match.view(1)["calls_open"]
    assert [len(hand) for hand in state.hands] == [0, 2, 1]  # seat 1 drew after the elimination
    assert asked(match) == (1, 2) and state.red == 0  # the red token bars no one left
    match.apply(2, CALL_STOP)
    match.apply(2, Bid(3, 1))
    assert asked(match) == (1,)  # seat 2 played its last card; seat 0 is out
    match.apply(1, PASS)
    assert state.tokens == (0, 0, 1) and not match.is_over


def test_stop_21_endless_restarts_are_cut_by_the_move_limit_and_truncated_not_won() -> None:
    """STOP-21: players who never call restart the draws until the engine's move limit."""
    match = Match(Stop(), players=3, seed=1, move_limit=200)
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, DECLINE)
    result = match.result
    assert result is not None and result.truncated and result.winners == ()
    assert result.moves == 200
