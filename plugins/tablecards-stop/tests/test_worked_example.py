"""The worked example of rules/stop.md (five players A-E, D calls Stop), scripted move by move.

Rules exercised: STOP-06, STOP-10, STOP-11, STOP-12, STOP-13, STOP-14, STOP-15, STOP-16, STOP-19.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tablecards import EventRecorder, IllegalAction, Match
from tablecards_stop import (
    CALL_STOP,
    PASS,
    PLUS,
    ArrangedStop,
    Bid,
    Give,
    Phase,
    Raise,
    StopState,
)

A, B, C, D, E = range(5)


def arranged() -> tuple[Match, StopState, EventRecorder]:
    # A holds the red token, so D may call at the start of the draw phase (STOP-20). Everyone
    # keeps a spare card, so that the round ends by everyone passing (STOP-13).
    game = ArrangedStop(
        hands={
            A: ["+1", "+1", "+1", 3, 2],
            B: ["+1", 2],
            C: [4, 4, 4, 2],
            D: [3, 3, 3, "+1", 2],
            E: [2, 2, 2, 2, 2, 3],
        },
        red=A,
    )
    recorder = EventRecorder()
    match = Match(game, players=5, seed=3, observers=[recorder])
    state = match.state
    assert isinstance(state, StopState)
    return match, state, recorder


def asked(match: Match) -> tuple[int, ...]:
    """The seats asked to act (a call, so that checks in a row are not narrowed by mypy)."""
    return match.to_act


def totals(state: StopState) -> list[int]:
    return [sum(card.value for card in zone.cards) for zone in state.bids]


def play_the_common_start(match: Match, state: StopState) -> None:
    assert asked(match) == (B, C, D, E)  # STOP-06: everyone but the red-token holder
    match.apply(D, CALL_STOP)
    assert state.red == D and asked(match) == (D,)
    match.apply(D, Bid(3, 1))  # D opens with one 3 (STOP-10)
    assert totals(state)[D] == 3
    match.apply(C, Bid(4, 1))  # C opens a bid with one 4
    match.apply(D, Raise(D, 2, 0))  # D adds two 3s: 9
    match.apply(E, Bid(2, 5))  # E opens with a bid of 10
    match.apply(B, Raise(D, 0, 1))  # B puts a +1 on D's bid: 10, tying E (STOP-12 allows ties)
    assert totals(state) == [0, 0, 4, 10, 10]
    match.apply(D, Raise(D, 0, 1))  # D adds his own +1: 11
    match.apply(A, Raise(E, 0, 1))  # A puts a +1 on E's bid: 11
    match.apply(C, Raise(C, 2, 0))  # C adds two 4s: 12
    assert totals(state) == [0, 0, 12, 11, 11]


def test_worked_example_c_wins_three_tokens_and_shares_out_the_table() -> None:
    match, state, recorder = arranged()
    play_the_common_start(match, state)
    # STOP-13: every player with cards passes in a row; the round ends on the last pass only.
    for seat in (A, B, C, D, E):
        assert state.phase is Phase.AUCTION and asked(match) == (A, B, C, D, E)
        match.apply(seat, PASS)
    # STOP-14: C wins alone; three bidders (C, D, E), so three blue tokens.
    assert state.tokens == (0, 0, 3, 0, 0)
    assert state.phase is Phase.SHARE and asked(match) == (C,)
    table = Counter(card.value for zone in state.bids for card in zone.cards)
    assert table == {4: 3, 3: 3, 2: 5, PLUS: 3}
    # STOP-15: A and B only raised, so they receive nothing; any split among C, D, E goes.
    assert {action.to for action in match.legal_actions(C) if isinstance(action, Give)} == {C, D, E}
    with pytest.raises(IllegalAction, match="only bidders receive cards") as info:
        match.apply(C, Give(PLUS, A))
    assert info.value.rule == "STOP-15"
    packs_before = [len(pack) for pack in state.packs]
    plan = [(4, C)] * 3 + [(3, D)] * 3 + [(PLUS, D)] * 3 + [(2, E)] * 5
    for value, to in plan:
        match.apply(C, Give(value, to))
    gained = [len(pack) - before for pack, before in zip(state.packs, packs_before, strict=True)]
    assert gained == [0, 0, 3, 6, 5]
    assert all(len(zone) == 0 for zone in state.bids)
    # STOP-19: drawing resumes with D, the red-token holder, who may not call.
    assert state.red == D and match.view(None)["phase"] == "draw" and D not in match.to_act
    gifts = [e for e in recorder.stream(A) if e["event"] == "Gave"]
    assert len(gifts) == 14 and gifts[0] == {"event": "Gave", "seat": C, "value": 4, "bidder": C}


def test_worked_example_variant_ends_in_a_tie_and_everyone_takes_their_own_bid_back() -> None:
    """STOP-13: A had passed with the others, but the last player had not spoken yet: A takes
    the pass back and ties the bids (STOP-12), and everyone must pass again (STOP-16)."""
    match, state, _ = arranged()
    play_the_common_start(match, state)
    for seat in (B, C, A, E):
        match.apply(seat, PASS)
    assert match.view(D)["passed"] == [A, B, C, E] and asked(match) == (A, B, C, D, E)
    match.apply(A, Raise(D, 1, 0))  # A puts a 3 on D's bid: 14
    match.apply(A, Raise(C, 0, 2))  # and two +1 on C's bid: 14
    assert totals(state) == [0, 0, 14, 14, 11]
    before = {seat: Counter(card.value for card in state.bids[seat].cards) for seat in (C, D, E)}
    packs_before = [len(pack) for pack in state.packs]
    hands_before = [len(hand) for hand in state.hands]
    assert match.view(D)["passed"] == []  # A's card reopened the round
    for seat in (A, B, C, D, E):
        assert state.phase is Phase.AUCTION
        match.apply(seat, PASS)
    # STOP-16: no tokens; C, D and E shuffle what lay in front of them into their own packs.
    assert state.tokens == (0,) * 5
    assert before[C] == {4: 3, PLUS: 2} and before[D] == {3: 4, PLUS: 2}
    gained = [len(pack) - n for pack, n in zip(state.packs, packs_before, strict=True)]
    assert gained == [0, 0, 5, 6, 6]  # A and B get nothing back
    assert [len(hand) for hand in state.hands] == hands_before  # STOP-17
    assert state.phase is Phase.DRAW and state.red == D
