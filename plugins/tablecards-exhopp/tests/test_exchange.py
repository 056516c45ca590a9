"""The secret exchange (EXH-10, EXH-11): proposal, answers in clockwise order, the two card
choices, and who may see what."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablecards import EventRecorder, IllegalAction, Match
from tablecards_exhopp import (
    ACCEPT,
    DECLINE,
    ArrangedExHopp,
    ExHoppState,
    Give,
    Lay,
    Phase,
    Propose,
    card,
)

FOUR = ["green", "red", "yellow", "blue"]
HANDS = {0: "G1 R5 Y6 B7", 1: "G2 G9 R8 B3", 2: "Y1 Y2 Y3 Y4", 3: "R1 G11 B4 B5"}


def table(first_player: int = 0) -> tuple[Match, ExHoppState, EventRecorder]:
    recorder = EventRecorder()
    game = ArrangedExHopp(
        FOUR, points=["+4", "+5", "-4", "+6"], hands=HANDS, first_player=first_player
    )
    match = Match(game, players=4, seed=7, observers=[recorder])
    state = match.state
    assert isinstance(state, ExHoppState)
    return match, state, recorder


def held(state: ExHoppState, seat: int) -> set[str]:
    return {f"{c.colour.value[0].upper()}{c.value}" for c in state.hands[seat].cards}


def test_exh10_proposer_must_hold_the_offered_colour() -> None:
    """EXH-10: proposer must hold the offered colour."""
    match, _, _ = table(first_player=2)  # seat 2 holds only yellow cards
    before = match.to_json()
    for bad in (Propose("green", "red"), Propose("pink", "red"), Propose("yellow", "purple")):
        with pytest.raises(IllegalAction) as info:
            match.apply(2, bad)
        assert info.value.rule == "EXH-10"
    with pytest.raises(IllegalAction, match="one colour against another"):
        match.apply(2, Propose("yellow", "yellow"))
    assert match.to_json() == before
    proposals = {(a.give, a.want) for a in match.legal_actions(2) if isinstance(a, Propose)}
    assert proposals == {("yellow", "green"), ("yellow", "red"), ("yellow", "blue")}


def test_exh10_answers_go_clockwise_from_the_proposers_left_first_accepter_exchanges() -> None:
    """EXH-10: answers go clockwise from the proposers left first accepter exchanges."""
    match, state, recorder = table(first_player=1)
    match.apply(1, Propose("green", "blue"))  # seat 1 offers a green against a blue
    assert state.phase is Phase.ANSWER and match.to_act == (2,)
    # Seat 2 holds no blue: it can only decline.
    assert match.legal_actions(2) == (DECLINE,)
    with pytest.raises(IllegalAction) as info:
        match.apply(2, ACCEPT)
    assert info.value.rule == "EXH-10"
    match.apply(2, DECLINE)
    assert match.to_act == (3,)
    assert match.legal_actions(3) == (ACCEPT, DECLINE)
    match.apply(3, ACCEPT)  # seat 0 (who holds a blue too) is never asked
    assert match.view(0)["phase"] == "choose" and set(match.to_act) == {1, 3}
    # Each chooses a card of the announced colour only.
    assert set(match.legal_actions(1)) == {Give(2), Give(9)}
    assert set(match.legal_actions(3)) == {Give(4), Give(5)}
    with pytest.raises(IllegalAction):
        match.apply(3, Give(11))  # its green 11 is not a blue card
    match.apply(3, Give(5))
    assert match.to_act == (1,)
    match.apply(1, Give(9))
    assert held(state, 1) == {"G2", "B5", "R8", "B3"}
    assert held(state, 3) == {"R1", "G11", "B4", "G9"}
    # The exchange is the whole turn (EXH-10 ruling): nothing laid, no draw, next seat plays.
    assert all(len(sequence) == 0 for sequence in state.sequences)
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
    assert match.to_act == (2,) and match.view(2)["phase"] == "turn"
    public = [e for e in recorder.stream(0) if e["event"] in {"Proposed", "Answered", "Exchanged"}]
    assert public == [
        {"event": "Proposed", "seat": 1, "give": "green", "want": "blue"},
        {"event": "Answered", "seat": 2, "accepted": False},
        {"event": "Answered", "seat": 3, "accepted": True},
        {"event": "Exchanged", "proposer": 1, "accepter": 3, "give": "green", "want": "blue"},
    ]


def test_exh11_nobody_accepts_the_proposer_passes() -> None:
    """EXH-11: nobody accepts the proposer passes."""
    match, state, recorder = table()
    hands = [list(hand.cards) for hand in state.hands]
    match.apply(0, Propose("red", "green"))
    for seat in (1, 2, 3):
        assert match.to_act == (seat,)
        match.apply(seat, DECLINE)
    assert [list(hand.cards) for hand in state.hands] == hands
    assert match.to_act == (1,) and state.phase is Phase.TURN
    assert any(isinstance(a, Lay) for a in match.legal_actions(1))
    assert {"event": "TurnPassed", "seat": 0} in recorder.stream(2)


def _mentions(data: Any, ids: set[int]) -> bool:
    # True when a card with one of these ids appears anywhere in the JSON data.
    if isinstance(data, dict):
        if data.get("id") in ids and "colour" in data:
            return True
        return any(_mentions(value, ids) for value in data.values())
    if isinstance(data, list):
        return any(_mentions(item, ids) for item in data)
    return False


def test_exh10_exchanged_values_seen_only_by_the_two_players() -> None:
    """EXH-10: exchanged values seen only by the two players."""
    match, _, recorder = table()
    match.apply(0, Propose("yellow", "green"))  # seat 0 offers its yellow 6 for a green
    match.apply(1, ACCEPT)
    match.apply(0, Give(6))
    # The proposer's choice is in its own view only, until the swap.
    assert match.view(0)["exchange"]["your_card"] == 6
    for seat in (1, 2, 3, None):
        assert "your_card" not in match.view(seat)["exchange"]
    match.apply(1, Give(9))
    swapped = {card("Y6").id, card("G9").id}
    for seat in (0, 1):
        stream = recorder.stream(seat)
        assert _mentions(stream, swapped)
        moves = [e for e in stream if e.get("src", "").startswith("hand:") and e.get("cards")]
        assert {(m["src"], m["dst"]) for m in moves} == {("hand:0", "hand:1"), ("hand:1", "hand:0")}
    for seat in (2, 3, None):
        stream = recorder.stream(seat)
        assert not _mentions(stream, swapped), seat
        assert not _mentions(match.view(seat), swapped), seat
        # ...but everyone learns who exchanged which colours, and that one card went each way.
        text = json.dumps(stream)
        assert '"accepter": 1' in text
        hand_moves = [e for e in stream if e.get("src") in {"hand:0", "hand:1"}]
        assert [(m["src"], m["dst"], m["count"]) for m in hand_moves] == [
            ("hand:0", "hand:1", 1),
            ("hand:1", "hand:0", 1),
        ]
    assert _mentions(match.view(1), {card("Y6").id})
    assert _mentions(match.view(0), {card("G9").id})


def test_exh10_other_seats_cannot_tell_which_values_were_exchanged() -> None:
    """EXH-10: other seats cannot tell which values were exchanged."""
    # Non-interference: two tables that differ only in the values seats 0 and 1 hold and
    # exchange give seats 2, 3 and a spectator exactly the same views and event streams.
    seen: list[tuple[list[Any], list[Any], list[Any]]] = []
    for hands, given, returned in [
        ({0: "G1 R5 Y6 B7", 1: "G2 G9 R8 B3"}, 6, 9),
        ({0: "G1 R5 Y11 B7", 1: "G2 G4 R8 B3"}, 11, 4),
    ]:
        recorder = EventRecorder()
        game = ArrangedExHopp(
            FOUR,
            points=["+4", "+5", "-4", "+6"],
            hands={**HANDS, **hands},
            first_player=0,
        )
        match = Match(game, players=4, seed=7, observers=[recorder])
        match.apply(0, Propose("yellow", "green"))
        match.apply(1, ACCEPT)
        views = []
        match.apply(0, Give(given))
        views.append([match.view(seat) for seat in (2, 3, None)])
        match.apply(1, Give(returned))
        views.append([match.view(seat) for seat in (2, 3, None)])
        others = [recorder.stream(seat) for seat in (2, 3, None)]
        seen.append((views, others, [recorder.stream(seat) for seat in (0, 1)]))
    assert seen[0][0] == seen[1][0]  # views of the others
    assert seen[0][1] == seen[1][1]  # event streams of the others
    assert seen[0][2] != seen[1][2]  # while the two players concerned did see the values
