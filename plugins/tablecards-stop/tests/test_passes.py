"""The rulings added after the first implementation on passes and declines:

- STOP-13: a player who passed may still play (a new bid or a raise, within the golden rule)
  until the last player passes; a card played reopens the round and everyone must pass again;
  players with no card in hand cannot play and count as passing.
- STOP-06: within one moment (between two draws) a declined call cannot be taken back.

And what a real-time table applies to a seat that does not speak (``Stop.default_action``).
"""

from __future__ import annotations

import random
from typing import Any

from tablecards import Clock, EventRecorder, IllegalAction, Match, NotYourTurn
from tablecards.testing import assert_refused
from tablecards_stop import (
    CALL_STOP,
    DECLINE,
    PASS,
    ArrangedStop,
    Bid,
    Give,
    Phase,
    Raise,
    Stop,
    StopState,
)


def state_of(match: Match) -> StopState:
    state = match.state
    assert isinstance(state, StopState)
    return state


def asked(match: Match) -> tuple[int, ...]:
    """The seats asked to act (a call, so that checks in a row are not narrowed by mypy)."""
    return match.to_act


def passed(match: Match, seat: int | None = None) -> list[int]:
    """Who has passed since the last card, as ``seat``'s view shows it."""
    seen: list[int] = match.view(seat)["passed"]
    return seen


def refused(
    match: Match, seat: int, action: Any, rule: str, text: str, expected: Any = NotYourTurn
) -> None:
    assert_refused(match, seat, action, rule, text, expected=expected)


def the_issue(recorder: EventRecorder | None = None) -> Match:
    """The reproduction of the issue: seat 0 calls and bids 4, seat 1 passes."""
    game = ArrangedStop(hands={0: [4, 2], 1: [3, 3, 2], 2: [2, 2, "+1"]}, red=2)
    match = Match(game, players=3, seed=40, observers=[recorder] if recorder else [])
    match.apply(0, CALL_STOP)
    match.apply(0, Bid(4, 1))
    match.apply(1, PASS)
    return match


def test_stop_13_a_seat_that_passed_takes_it_back_by_playing_which_reopens_the_round() -> None:
    """STOP-13: the issue's reproduction is accepted, and everyone must pass again."""
    recorder = EventRecorder()
    match = the_issue(recorder)
    assert asked(match) == (0, 1, 2) and passed(match) == [1]  # seat 1 passed, still asked
    match.apply(1, Bid(3, 2))  # seat 1 takes its pass back: 6 >= 4 (STOP-12)
    assert passed(match) == [] and asked(match) == (0, 1, 2)  # the round is open again
    match.apply(2, PASS)
    match.apply(0, PASS)
    assert state_of(match).phase is Phase.AUCTION  # seat 1 has not passed again yet
    match.apply(1, PASS)
    state = state_of(match)
    assert state.tokens == (0, 2, 0) and state.winner == 1  # 6 beats 4; two bidders
    kinds = [(e["event"], e.get("seat")) for e in recorder.stream(2) if "seat" in e]
    assert kinds[-6:] == [
        ("Passed", 1),
        ("BidPlaced", 1),
        ("Passed", 2),
        ("Passed", 0),
        ("Passed", 1),
        ("RoundWon", 1),
    ]


def test_stop_13_a_seat_may_take_its_pass_back_after_others_passed_too() -> None:
    """STOP-13: two of three have passed; the one who passed first still plays."""
    match = the_issue()
    match.apply(0, PASS)
    assert passed(match) == [0, 1] and asked(match) == (0, 1, 2)
    match.apply(1, Bid(3, 2))
    assert passed(match) == []


def test_stop_13_a_raise_also_takes_a_pass_back_and_the_golden_rule_still_holds() -> None:
    """STOP-13, STOP-12: a seat that passed may raise any bid, but not below the highest."""
    match = the_issue()
    match.apply(2, PASS)
    assert passed(match) == [1, 2]
    refused(match, 2, Bid(2, 1), "STOP-12", "below the highest bid", expected=Exception)
    assert passed(match) == [1, 2]  # a refused play leaves the passes as they were
    match.apply(2, Raise(0, 0, 1))  # a +1 on seat 0's bid: 5
    assert passed(match) == [] and asked(match) == (0, 1, 2)


def test_stop_13_the_round_ends_only_when_the_last_seat_that_can_play_passes() -> None:
    """STOP-13: passes in any order; passing again is not a move; the last pass ends it."""
    for order in [(1, 2, 0), (2, 0, 1), (0, 1, 2)]:
        match = the_issue()
        refused(match, 1, PASS, "STOP-13", "passed already", expected=IllegalAction)
        assert passed(match) == [1] and state_of(match).phase is Phase.AUCTION
        for seat in order:
            if seat != 1:
                assert state_of(match).phase is Phase.AUCTION
                match.apply(seat, PASS)
        state = state_of(match)
        assert state.phase is not Phase.AUCTION and state.tokens == (1, 0, 0), order
        assert state.passed == ()  # nothing carries over into the next round


def test_stop_13_seats_without_a_card_are_not_asked_and_count_as_passing() -> None:
    """STOP-13: an empty hand cannot play: never asked, and the round ends without it."""
    game = ArrangedStop(hands={0: [2, 2], 1: [3], 2: [4, "+1"]}, red=0)
    match = Match(game, players=4, seed=0)
    match.apply(1, CALL_STOP)
    match.apply(1, Bid(3, 1))  # seat 1 plays its last card; seat 3 never held one
    assert asked(match) == (0, 2)
    for seat in (1, 3):
        refused(match, seat, PASS, "STOP-13", "count as having passed")
        refused(match, seat, Raise(1, 0, 1), "STOP-13", "count as having passed")
    match.apply(2, PASS)
    match.apply(0, PASS)  # the last seat that can play: seats 1 and 3 count as passing
    assert state_of(match).tokens == (0, 1, 0, 0)  # seat 1, alone with a bid, wins


def test_stop_13_a_seat_that_plays_its_last_card_counts_as_passing_from_then_on() -> None:
    """STOP-13: after emptying its hand a seat is no longer waited for."""
    game = ArrangedStop(hands={0: [2, 2], 1: [3, 2], 2: [4]}, red=0)
    match = Match(game, players=3, seed=0)
    match.apply(1, CALL_STOP)
    match.apply(1, Bid(3, 1))
    match.apply(0, PASS)
    match.apply(2, Bid(4, 1))  # seat 2's last card: it leaves the seats asked
    assert asked(match) == (0, 1) and passed(match) == []
    match.apply(1, PASS)
    match.apply(0, PASS)
    assert state_of(match).tokens == (0, 0, 2)


def test_stop_13_every_seat_and_spectator_sees_who_has_passed() -> None:
    """STOP-13: the passes are public; they are empty outside the auction."""
    match = the_issue()
    match.apply(2, PASS)
    assert all(passed(match, seat) == [1, 2] for seat in (None, 0, 1, 2))
    match.apply(0, PASS)  # the last pass: seat 0 bid alone, the round is over
    assert state_of(match).phase is Phase.DRAW and passed(match) == []


def test_stop_06_a_declined_call_cannot_be_taken_back_until_the_next_draw() -> None:
    """STOP-06: within one moment a decline is final; the next draw opens a new moment."""
    game = ArrangedStop(hands={0: [2], 1: [3], 2: [4]}, red=0)
    match = Match(game, players=3, seed=0)
    assert asked(match) == (1, 2)
    match.apply(2, DECLINE)
    refused(match, 2, CALL_STOP, "STOP-06", "already declined this moment")
    refused(match, 2, DECLINE, "STOP-06", "already declined this moment")
    hands = [len(hand) for hand in state_of(match).hands]
    match.apply(1, DECLINE)  # everyone declined: the next card is drawn (seat 0's)
    assert [len(hand) for hand in state_of(match).hands] == [hands[0] + 1, *hands[1:]]
    assert asked(match) == (1, 2)  # a new moment: seat 2 may call again
    match.apply(2, CALL_STOP)
    assert state_of(match).caller == 2


def test_stop_13_a_seat_that_passed_is_not_waited_for_and_may_not_pass_again() -> None:
    """STOP-13 (turn 3 reading): passing again is not a move. The seat stays in to_act (it
    may take its pass back by playing a card) but the moment no longer waits for it."""
    match = the_issue()
    assert asked(match) == (0, 1, 2) and match.waiting_for == (0, 2)
    assert PASS not in match.legal_actions(1) and Bid(3, 2) in match.legal_actions(1)
    assert match.default_action(1) is None  # nothing to close for a seat not waited for
    match.apply(2, PASS)
    assert tuple(match.waiting_for) == (0,)
    match.apply(2, Raise(0, 0, 1))  # a card played: every seat is waited for again
    assert tuple(match.waiting_for) == (0, 1, 2) and PASS in match.legal_actions(1)


def test_stop_13_a_seat_that_passed_may_have_nothing_left_to_play() -> None:
    """STOP-13: a passed seat whose cards cannot reach the highest bid has no legal action,
    stays in to_act (others cannot tell what it holds) and is not waited for."""
    game = ArrangedStop(hands={0: [4, 4, 2], 1: [2], 2: [2, 2, "+1"]}, red=2)
    match = Match(game, players=3, seed=40)
    match.apply(0, CALL_STOP)
    match.apply(0, Bid(4, 2))  # 8: seat 1's single 2 can never reach it
    match.apply(1, PASS)
    assert 1 in match.to_act and match.legal_actions(1) == ()
    assert match.waiting_for == (0, 2)
    refused(match, 1, PASS, "STOP-13", "passed already", expected=IllegalAction)
    match.apply(0, PASS)
    match.apply(2, PASS)  # the last seat waited for passes: the round ends
    assert state_of(match).tokens == (1, 0, 0)


def test_stop_06_13_15_the_clocks_of_a_real_time_table() -> None:
    """Turn 3 real-time reading: a short reaction window after each draw (STOP-06), then
    decisions: the opening (STOP-10), the auction (STOP-13), the share-out card by card
    (STOP-15)."""
    game = ArrangedStop(hands={1: [3, 2], 2: [4, 2]}, red=0)
    match = Match(game, players=3, seed=0)
    clock = match.clock
    assert clock is not None and clock.kind == "reaction" and 1.5 <= clock.seconds <= 2
    match.apply(1, CALL_STOP)
    assert match.clock is not None and match.clock.kind == "decision"
    match.apply(1, Bid(3, 1))
    auction = match.clock
    assert auction is not None and auction.kind == "decision" and not auction.repeat
    match.apply(2, Bid(4, 1))
    for seat in match.waiting_for:
        match.apply(seat, PASS)
    share = match.clock
    assert state_of(match).phase is Phase.SHARE
    assert share is not None and share.kind == "decision" and share.repeat
    assert share != auction  # another moment: a table arms a new clock
    assert isinstance(share, Clock)


def test_default_actions_decline_a_call_pass_in_the_auction_open_and_share() -> None:
    """STOP-06, STOP-10, STOP-13, STOP-15: what a real-time table applies to a silent seat."""
    game = Stop()
    match = the_issue()
    state = state_of(match)
    assert [game.default_action(state, seat) for seat in range(3)] == [PASS, None, PASS]
    # Closing the moment: every seat waited for takes its default, and the round ends.
    for seat in match.waiting_for:
        action = game.default_action(state, seat)
        assert action is not None
        match.apply(seat, action)
    assert state.phase is Phase.DRAW  # seat 0 won alone: the next draw phase
    assert [game.default_action(state, seat) for seat in range(3)] == [None, DECLINE, DECLINE]
    for seat in asked(match):
        action = game.default_action(state, seat)
        assert action is not None
        match.apply(seat, action)
    assert state.phase is Phase.DRAW  # everyone declined: a card was drawn, a new moment
    caller = asked(match)[0]
    match.apply(caller, CALL_STOP)
    assert state_of(match).phase is Phase.OPEN
    lowest = min(card.value for card in state.hands[caller].cards if card.value != 1)
    defaults = [game.default_action(state, seat) for seat in range(3)]
    assert defaults[caller] == Bid(lowest, 1)  # the smallest opening (STOP-10)
    assert all(default is None for seat, default in enumerate(defaults) if seat != caller)


def test_default_share_out_gives_every_card_back_to_the_bid_it_lies_in() -> None:
    """STOP-15: a silent winner's share-out: each bidder gets back the cards of its bid."""
    game = ArrangedStop(hands={1: [3, 2], 2: [4, 2]}, red=0)
    match = Match(game, players=3, seed=0)
    match.apply(1, CALL_STOP)
    match.apply(1, Bid(3, 1))
    match.apply(2, Bid(4, 1))
    for seat in asked(match):
        match.apply(seat, PASS)
    state = state_of(match)
    assert state.phase is Phase.SHARE and asked(match) == (2,)
    assert Give(4, 2) in match.legal_actions(2)
    assert [game.default_action(state, seat) for seat in range(3)] == [None, None, Give(3, 1)]
    packs = [len(pack) for pack in state.packs]
    while state.phase is Phase.SHARE:
        default = game.default_action(state, 2)
        assert default is not None and default in match.legal_actions(2)
        match.apply(2, default)
    gained = [len(pack) - before for pack, before in zip(state.packs, packs, strict=True)]
    assert gained == [0, 1, 1]


def test_default_actions_are_always_legal_and_match_asks_the_game() -> None:
    """STOP-06, STOP-13: over random matches, every default is one of the seat's legal actions,
    and ``Match.default_action`` gives the game's answer."""
    rng = random.Random(5)
    defaults = set()
    for seed in range(30):
        match = Match(Stop(), players=3 + seed % 4, seed=seed)
        while not match.is_over:
            state = state_of(match)
            for seat in range(match.players):
                action = match.default_action(seat)
                assert action == match.game.default_action(state, seat)
                if action is not None:
                    assert action in match.legal_actions(seat), (seed, match.moves, seat)
                    defaults.add(action)
            seat = rng.choice([seat for seat in match.to_act if match.legal_actions(seat)])
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert {type(action) for action in defaults} == {type(DECLINE), type(PASS), Bid, Give}
