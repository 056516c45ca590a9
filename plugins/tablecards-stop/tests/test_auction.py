"""Stop rules of the auction, its resolution and the next draw phase (STOP-10..STOP-21), one test
or more per rule ID of rules/stop.md."""

from __future__ import annotations

from typing import Any

import pytest

from tablecards import EventRecorder, Match, NotYourTurn, snapshot
from tablecards.testing import assert_refused
from tablecards_stop import (
    CALL_STOP,
    DECLINE,
    PACK_SIZE,
    PASS,
    PLUS,
    ArrangedStop,
    Bid,
    Give,
    GiveRest,
    Phase,
    Raise,
    StopState,
)

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


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


def totals(state: StopState) -> list[int]:
    return [sum(card.value for card in zone.cards) for zone in state.bids]


def in_auction(**hands: list[Any]) -> Match:
    """Three players (hands by seat: s0=..., s1=...), the red token on seat 0; seat 1 calls."""
    match = arranged(hands={int(seat[1:]): cards for seat, cards in hands.items()}, red=0)
    match.apply(1, CALL_STOP)
    return match


# -- the auction ---------------------------------------------------------------------------------


def test_stop_10_the_caller_opens_with_k_cards_of_one_value_and_no_plus_card() -> None:
    match = in_auction(s1=[3, 3, 3, "+1", 2])
    assert set(match.legal_actions(1)) == {Bid(2, 1), Bid(3, 1), Bid(3, 2), Bid(3, 3)}
    refused(match, 1, Bid(PLUS, 1), "STOP-10", "no \\+1 card")
    refused(match, 1, PASS, "STOP-10")
    refused(match, 1, Bid(4, 1), "STOP-10", "you hold 0")
    refused(match, 1, Bid(3, 0), "STOP-10")
    match.apply(1, Bid(3, 3))  # three 3s = 9
    assert totals(state_of(match))[1] == 9
    four_2s = in_auction(s1=[2, 2, 2, 2], s2=[3])
    four_2s.apply(1, Bid(2, 4))
    assert totals(state_of(four_2s))[1] == 8


def test_stop_11_new_bids_only_without_a_bid_raises_on_any_bid_with_its_value_or_plus() -> None:
    """STOP-11: new bids only without a bid raises on any bid with its value or plus."""
    match = in_auction(s0=[2, 2], s1=[3, 3, 2], s2=[3, "+1", 4, 4])
    state = state_of(match)
    match.apply(1, Bid(3, 1))
    refused(match, 1, Bid(2, 1), "STOP-11", "already have a bid")  # a second own bid
    # Seat 2 has no bid of its own and raises seat 1's: with a 3, then with a +1.
    match.apply(2, Raise(1, 1, 0))
    match.apply(2, Raise(1, 0, 1))
    assert totals(state) == [0, 7, 0]
    # A 2 on a bid of 3s is the wrong value: seat 0 holds only 2s.
    refused(match, 0, Raise(1, 1, 0), "STOP-11", "takes cards of value 3 or \\+1")
    refused(match, 0, Raise(2, 0, 1), "STOP-11", "no bid to raise")
    refused(match, 2, Raise(1, 0, 1), "STOP-11", "you hold 0 \\+1")
    refused(match, 2, Raise(1, 0, 0), "STOP-11", "at least one card")
    match.apply(2, Bid(4, 2))  # having raised another's bid, seat 2 may still bid: 8
    match.apply(1, Raise(1, 1, 0))  # the owner raises its own bid: 10
    assert totals(state) == [0, 10, 8]


def test_stop_12_a_new_bid_or_raise_must_reach_the_highest_bid_and_ties_are_allowed() -> None:
    """STOP-12: a new bid or raise must reach the highest bid and ties are allowed."""
    match = in_auction(s0=[2, 4], s1=[2, "+1", 2], s2=[4, 4])
    state = state_of(match)
    match.apply(1, Bid(2, 1))
    match.apply(2, Bid(4, 1))  # 4 >= 2
    refused(match, 0, Bid(2, 1), "STOP-12", "below the highest bid on the table \\(4\\)")
    refused(match, 1, Raise(1, 0, 1), "STOP-12", "would stay below")  # 3 < 4
    assert Raise(1, 0, 1) not in match.legal_actions(1)
    match.apply(1, Raise(1, 1, 0))  # 4: a tie with the leader is allowed
    match.apply(0, Bid(4, 1))  # 4 again: a tie
    assert totals(state) == [4, 4, 4]
    match.apply(1, Raise(0, 0, 1))  # a +1 fits any bid: seat 0 now leads alone
    assert totals(state) == [5, 4, 4]


def two_bidder_round(**arrangement: Any) -> tuple[Match, EventRecorder]:
    """Four players, seat 0 (red) holds nothing; seat 1 calls and bids 3, seat 2 bids 4."""
    recorder = EventRecorder()
    game = ArrangedStop(hands={1: [3, 2], 2: [4, 2], 3: [2]}, red=0, **arrangement)
    match = Match(game, players=4, seed=0, observers=[recorder])
    match.apply(1, CALL_STOP)
    match.apply(1, Bid(3, 1))
    assert asked(match) == (1, 2, 3)  # STOP-13: seat 0's empty hand cannot play: not asked
    match.apply(3, PASS)
    assert asked(match) == (1, 2, 3)  # STOP-13: seat 3 passed, and may still play
    assert match.view(0)["passed"] == [3]
    match.apply(2, Bid(4, 1))
    assert asked(match) == (1, 2, 3)  # a card played reopens the round for everyone
    assert match.view(0)["passed"] == []  # seat 3 must pass again
    for seat in (1, 3, 2):
        assert state_of(match).phase is Phase.AUCTION
        match.apply(seat, PASS)
    return match, recorder


def everyone_passes(match: Match) -> None:
    """STOP-13: every seat that can still play passes, in seat order (the round then ends)."""
    for seat in match.to_act:
        if state_of(match).phase is Phase.AUCTION:
            match.apply(seat, PASS)


def test_stop_13_the_round_ends_when_everyone_passes_in_a_row() -> None:
    """STOP-13: the round ends when everyone passes in a row."""
    match, recorder = two_bidder_round()
    state = state_of(match)
    assert state.phase is Phase.SHARE
    passes = [e["seat"] for e in recorder.stream(None) if e["event"] == "Passed"]
    assert passes == [3, 1, 3, 2]


def test_stop_14_a_single_highest_bidder_takes_one_token_per_bidder() -> None:
    """STOP-14: a single highest bidder takes one token per bidder."""
    match, recorder = two_bidder_round()
    state = state_of(match)
    assert state.tokens == (0, 0, 2, 0)
    assert asked(match) == (2,) and state.winner == 2 and state.bidders == (1, 2)
    won = [e for e in recorder.stream(3) if e["event"] == "RoundWon"]
    assert won == [{"event": "RoundWon", "seat": 2, "total": 4, "bidders": [1, 2], "tokens": 2}]


def test_stop_15_the_winner_shares_the_table_out_card_by_card_among_the_bidders() -> None:
    """STOP-15: the winner shares the table out card by card among the bidders."""
    match, recorder = two_bidder_round()
    state = state_of(match)
    gifts = {Give(3, 1), Give(3, 2), Give(4, 1), Give(4, 2)}
    assert set(match.legal_actions(2)) == gifts | {GiveRest(1), GiveRest(2)}
    refused(match, 2, Give(4, 3), "STOP-15", "only bidders")  # seat 3 made no bid
    refused(match, 2, Give(2, 1), "STOP-15", "no card of value 2")
    with pytest.raises(NotYourTurn):
        match.apply(1, Give(4, 1))
    why = match.game.why_illegal(state, 1, Give(4, 1))
    assert why is not None and why.rule == "STOP-15" and "only the round's winner" in why.reason
    before = [len(pack) for pack in state.packs]
    del recorder.events[:]
    match.apply(2, Give(4, 1))
    # The last card is a single gift: "the rest" would be the same gift twice.
    assert set(match.legal_actions(2)) == {Give(3, 1), Give(3, 2)}
    refused(match, 2, GiveRest(2), "STOP-15", "one card is left")
    match.apply(2, Give(3, 1))  # any split, here all to the other bidder
    assert [len(pack) - n for pack, n in zip(state.packs, before, strict=True)] == [0, 2, 0, 0]
    events = recorder.stream(0)
    assert {"event": "Shuffled", "zone": "pack:1"} in events  # the receiver shuffles its pack
    assert {"event": "Shuffled", "zone": "pack:2"} not in events
    shared = [e for e in events if e["event"] == "CardsMoved" and e["dst"] == "pack:1"]
    assert [card["value"] for e in shared for card in e["cards"]] == [4, 3]  # public


def test_stop_15_the_winner_keeps_them_all_or_gives_the_rest_in_one_move() -> None:
    """STOP-15 ("as they wish", any split): the rest of the table goes to one bidder at once,
    in the order single gifts would take it, and the log names the cards."""
    match, recorder = two_bidder_round()
    state = state_of(match)
    refused(match, 2, GiveRest(3), "STOP-15", "only bidders")  # seat 3 made no bid
    why = match.game.why_illegal(state, 1, GiveRest(1))
    assert why is not None and why.rule == "STOP-15" and "only the round's winner" in why.reason
    before = [len(pack) for pack in state.packs]
    del recorder.events[:]
    match.apply(2, GiveRest(2))  # keep them all: one move
    assert [len(pack) - n for pack, n in zip(state.packs, before, strict=True)] == [0, 0, 2, 0]
    assert state.phase is Phase.DRAW and all(len(zone) == 0 for zone in state.bids)
    events = recorder.stream(0)
    moved = [e for e in events if e["event"] == "CardsMoved" and e["dst"] == "pack:2"]
    assert [card["value"] for e in moved for card in e["cards"]] == [3, 4]  # public
    assert {"event": "GaveRest", "seat": 2, "values": [3, 4], "bidder": 2} in events
    lines = [line for entry in match.history(0, NAMES) for line in entry["then"]]
    assert "Cleo keeps a 3 and a 4" in lines


def test_stop_15_the_rest_at_once_reaches_the_position_of_single_gifts() -> None:
    """STOP-15: giving the rest at once is giving each card in turn, +1s first then by value."""
    one, _ = two_bidder_round()
    many, _ = two_bidder_round()
    one.apply(2, GiveRest(1))
    many.apply(2, Give(3, 1))
    many.apply(2, Give(4, 1))
    assert snapshot(one.state) == snapshot(many.state)  # the same position, one move fewer
    assert one.moves == many.moves - 1


def test_stop_15_a_lone_bidder_takes_the_whole_table_back_without_a_decision() -> None:
    """STOP-15: a lone bidder takes the whole table back without a decision."""
    match = in_auction(s1=[3, 3], s2=[2])
    state = state_of(match)
    match.apply(1, Bid(3, 2))
    match.apply(2, PASS)
    assert state.tokens == (0, 1, 0)  # one bidder: one token
    assert state.phase is Phase.DRAW and len(state.packs[1]) == PACK_SIZE
    assert all(len(zone) == 0 for zone in state.bids)


def test_stop_16_a_tied_highest_bid_gives_no_tokens_and_each_bidder_takes_its_bid_back() -> None:
    """STOP-16: a tied highest bid gives no tokens and each bidder takes its bid back."""
    recorder = EventRecorder()
    game = ArrangedStop(hands={1: [3, 2], 2: [4, 2], 3: ["+1"]}, red=0)
    match = Match(game, players=4, seed=0, observers=[recorder])
    state = state_of(match)
    match.apply(1, CALL_STOP)
    match.apply(1, Bid(3, 1))
    match.apply(2, Bid(4, 1))
    match.apply(3, Raise(1, 0, 1))  # seat 3 only raises: 4 against 4
    packs = [len(pack) for pack in state.packs]
    everyone_passes(match)
    assert state.phase is Phase.DRAW
    assert state.tokens == (0, 0, 0, 0)
    # Seat 1 takes back its 3 and seat 3's +1; seat 3 gets nothing back.
    assert [len(pack) - n for pack, n in zip(state.packs, packs, strict=True)] == [0, 2, 1, 0]
    assert all(len(zone) == 0 for zone in state.bids)
    assert {"event": "RoundTied", "total": 4, "bidders": [1, 2]} in recorder.stream(0)
    assert {"event": "Shuffled", "zone": "pack:1"} in recorder.stream(0)


def test_stop_17_cards_left_in_hands_stay_there_for_the_next_round() -> None:
    """STOP-17: cards left in hands stay there for the next round."""
    match, _ = two_bidder_round()
    state = state_of(match)
    left = [sorted(card.id for card in hand.cards) for hand in state.hands]
    match.apply(2, Give(4, 2))
    match.apply(2, Give(3, 2))
    assert [sorted(card.id for card in hand.cards) for hand in state.hands] == left
    assert [len(hand) for hand in state.hands] == [0, 1, 1, 1]


def test_stop_18_reaching_six_tokens_ends_the_game_at_once() -> None:
    """STOP-18: reaching six tokens ends the game at once."""
    match, recorder = two_bidder_round(tokens={2: 5})
    state = state_of(match)
    assert match.is_over and state.tokens[2] == 7
    result = match.result
    assert result is not None and result.winners == (2,) and not result.truncated
    assert totals(state) == [0, 3, 4, 0]  # at once: the table is not shared out
    assert asked(match) == ()
    assert [e for e in recorder.stream(None) if e["event"] == "GameWon"] == [
        {"event": "GameWon", "seat": 2, "tokens": 7, "last_standing": False}
    ]
    target, _ = two_bidder_round(tokens_to_win=2)  # the option moves the target
    assert target.is_over and target.result is not None and target.result.winners == (2,)
    early, _ = two_bidder_round(tokens={2: 3})
    assert not early.is_over


def test_stop_18_the_last_player_not_eliminated_wins() -> None:
    """STOP-18: the last player not eliminated wins."""
    match = arranged(pack_sizes={1: 0, 2: 0}, tokens={1: 5}, red=0)
    state = state_of(match)
    assert state.eliminated == (False, True, True)
    result = match.result
    assert result is not None and result.winners == (0,) and result.scores == (0, 0, 0)


def test_stop_19_drawing_resumes_with_the_red_holder_who_may_not_call() -> None:
    """STOP-19: drawing resumes with the red holder who may not call."""
    match, _ = two_bidder_round()
    state = state_of(match)
    match.apply(2, Give(4, 2))
    match.apply(2, Give(3, 1))
    assert state.red == 1 and state.drawer == 1
    assert 1 not in match.to_act
    hands = [len(hand) for hand in state.hands]
    for seat in match.to_act:
        match.apply(seat, DECLINE)
    assert [len(hand) for hand in state.hands] == [hands[0], hands[1] + 1, *hands[2:]]


def test_stop_20_after_a_round_someone_else_may_call_at_once_without_the_wait() -> None:
    """STOP-20: after a round someone else may call at once without the wait."""
    match, _ = two_bidder_round()
    state = state_of(match)
    match.apply(2, Give(4, 2))
    match.apply(2, Give(3, 2))
    hands = [len(hand) for hand in state.hands]
    assert asked(match) == (2, 3)  # before any draw (seat 0 holds nothing: not asked)
    assert state.wait_draws == 0 and match.view(3)["calls_open"]
    match.apply(2, CALL_STOP)  # seat 2 holds a single 2: it may still call
    assert [len(hand) for hand in state.hands] == hands and state.red == 2


def test_stop_21_full_hands_and_no_call_restart_the_draws_with_the_wait() -> None:
    """STOP-21: full hands and no call restart the draws with the wait."""
    recorder = EventRecorder()
    six: list[int | str] = [2, 2, 3, 3, 4, "+1"]
    game = ArrangedStop(hands={0: six, 1: six, 2: six}, red=0)
    match = Match(game, players=3, seed=0, observers=[recorder])
    state = state_of(match)
    assert asked(match) == (1, 2)
    match.apply(2, DECLINE)
    match.apply(1, DECLINE)
    assert {"event": "Restarted"} in recorder.stream(1)
    # Hands went back into the packs; the draws restarted from the red holder, who drew
    # twice before anyone was asked (STOP-07).
    assert [len(hand) for hand in state.hands] == [2, 1, 1]
    assert [len(pack) for pack in state.packs] == [19, 20, 20]
    assert asked(match) == (1, 2)
