"""Laying, drawing, finishing sequences, ties and the end of the game (EXH-08, EXH-09,
EXH-12..EXH-18), on arranged tables."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tablecards import EventRecorder, IllegalAction, Match, MatchOver
from tablecards_exhopp import (
    DECLINE,
    ArrangedExHopp,
    ExHopp,
    ExHoppState,
    Lay,
    NumberCard,
    Propose,
    card,
    cards,
)

FOUR = ["green", "red", "yellow", "blue"]
# Two players: 19 of the 24 cards laid on four 6-point sequences.
NEARLY_FULL = {0: "G1 G2 G3 G4 G5", 1: "G6 G7 G8 G9 G10", 2: "R1 R2 R3 R4 R5", 3: "R6 R7 R8 R9"}


def arranged(players: int = 4, seed: int = 0, **layout: object) -> tuple[Match, ExHoppState]:
    colours = layout.pop("colours", FOUR[:players])
    game = ArrangedExHopp(colours, **layout)  # type: ignore[arg-type]
    match = Match(game, players=players, seed=seed)
    state = match.state
    assert isinstance(state, ExHoppState)
    return match, state


def names(zone_cards: Sequence[NumberCard]) -> str:
    return " ".join(f"{one.colour.value[0].upper()}{one.value}" for one in zone_cards)


def lay(sequence: int, name: str) -> Lay:
    one = card(name)
    return Lay(sequence, one.colour.value, one.value)


def test_exh08_lay_at_the_end_of_any_unfinished_sequence_then_draw_one() -> None:
    """EXH-08: lay at the end of any unfinished sequence then draw one."""
    match, state = arranged(
        points=["+6", "+5", "-4", "+4"],
        sequences={1: "R3 Y9"},
        hands={0: "G1 R12 B5 Y2"},
        draws="B7",
    )
    stock = len(state.stock)
    match.apply(0, lay(1, "R12"))  # any colour, any value, after the cards already laid
    assert names(state.sequences[1].cards) == "R3 Y9 R12"
    assert names(state.hands[0].cards) == "G1 B5 Y2 B7"
    assert len(state.stock) == stock - 1
    assert match.to_act == (1,)


def test_exh08_only_held_cards_on_existing_open_sequences() -> None:
    match, _ = arranged(points=["+6", "+5", "-4", "+4"], hands={0: "G1 R12 B5 Y2"})
    for bad, rule in [
        (lay(0, "G2"), "EXH-08"),
        (Lay(4, "green", 1), "EXH-06"),
        (Lay(0, "pink", 1), "EXH-08"),
    ]:
        before = match.to_json()
        with pytest.raises(IllegalAction) as info:
            match.apply(0, bad)
        assert info.value.rule == rule
        assert match.to_json() == before


def test_exh09_empty_stock_reshuffles_the_discard_pile() -> None:
    """EXH-09: empty stock reshuffles the discard pile."""
    recorder = EventRecorder()
    game = ArrangedExHopp(
        FOUR, points=["+6", "+5", "-4", "+4"], hands={0: "G1 R12 B5 Y2"}, stock_size=0
    )
    match = Match(game, players=4, seed=3, observers=[recorder])
    state = match.state
    assert isinstance(state, ExHoppState)
    assert len(state.stock) == 0
    pile = len(state.discard)
    assert pile == 48 - 16
    match.apply(0, lay(0, "G1"))
    assert len(state.hands[0]) == 4
    assert len(state.discard) == 0
    assert len(state.stock) == pile - 1
    shuffles = [e for e in recorder.stream(None) if e["event"] == "Shuffled"]
    assert shuffles[-1] == {"event": "Shuffled", "zone": "stock"}
    refill = [e for e in recorder.stream(None) if e.get("src") == "discard"]
    assert refill and refill[-1]["dst"] == "stock" and refill[-1]["count"] == pile


def test_exh09_reshuffle_takes_the_just_finished_sequence() -> None:
    """EXH-09: reshuffle takes the just finished sequence."""
    # Two players hold every card: 19 laid, 5 in hands, nothing in the stock or discard.
    match, state = arranged(
        players=2,
        colours=["green", "red"],
        points=["+6", "+6", "-6", "-6"],
        sequences={
            0: "G1 G2 G3 G4 G5",
            1: "G6 G7 G8 G9 G10",
            2: "R1 R2 R3 R4 R5",
            3: "R6 R7 R8 R9",
        },
        hands={0: "G11", 1: "G12 R10 R11 R12"},
        first_player=1,
    )
    assert len(state.stock) == len(state.discard) == 0
    # EXH-09 ruling: both empty, so seat 1 does not draw after a lay that finishes nothing.
    match.apply(1, lay(3, "R10"))
    assert len(state.hands[1]) == 3 and len(state.stock) == 0
    # Seat 0 finishes sequence 3 (red 40 wins the red 6): its six cards are the only discard,
    # the stock is rebuilt from them and seat 0 draws back up to four.
    match.apply(0, lay(3, "G11"))
    assert [p.signed for p in state.taken[1].cards] == [-6]
    assert len(state.hands[0]) == 4
    assert len(state.stock) == 2 and len(state.discard) == 0


def test_exh09_a_seat_left_empty_handed_draws_when_cards_come_back() -> None:
    """EXH-09: a seat left empty handed draws when cards come back."""
    match, state = arranged(
        players=2,
        colours=["green", "red"],
        points=["+6", "+6", "-6", "-6"],
        sequences={
            0: "G1 G2 G3 G4 G5",
            1: "G6 G7 G8 G9 G10",
            2: "R1 R2 R3 R4 R5",
            3: "R6 R7 R8 R9",
        },
        hands={0: "G11", 1: "G12 R10 R11 R12"},
        first_player=0,
    )
    match.apply(0, lay(3, "G11"))  # nothing to draw: seat 0's hand is empty
    assert len(state.hands[0]) == 0
    match.apply(1, lay(0, "G12"))  # finishes sequence 0: the discard refills the stock
    assert match.to_act == (0,)
    assert len(state.hands[0]) == 4


def test_exh12_exh13_exh14_finish_score_discard_in_order_and_replace() -> None:
    """EXH-12, EXH-13, EXH-14: finish score discard in order and replace."""
    recorder = EventRecorder()
    game = ArrangedExHopp(
        FOUR,
        points=["+4", "+5", "-4", "+6"],
        sequences={0: "R9 G2 G8"},
        hands={3: "B6 B1"},
        point_draws=["-5"],
        first_player=3,
    )
    match = Match(game, players=4, seed=1, observers=[recorder])
    state = match.state
    assert isinstance(state, ExHoppState)
    match.apply(3, lay(0, "B1"))  # 4th card on a 4: finished (EXH-12)
    # Green 10 beats red 9 and blue 1 (EXH-13): seat 0 (green) takes the black 4.
    assert [p.signed for p in state.taken[0].cards] == [4]
    assert names(state.discard.cards) == "R9 G2 G8 B1"  # in the order laid (EXH-14)
    assert len(state.sequences[0]) == 0
    assert [p.signed for p in state.point_cards[0].cards] == [-5]  # replaced (EXH-14)
    finished = [e for e in recorder.stream(2) if e["event"] == "SequenceFinished"]
    assert finished == [
        {
            "event": "SequenceFinished",
            "sequence": 0,
            "totals": [["green", 10], ["red", 9], ["blue", 1]],
            "winner": 0,
            "points": 4,
        }
    ]
    assert match.result is None and match.view(1)["scores"] == [4, 0, 0, 0]


def test_exh13_the_winning_colour_may_be_forced_to_take_a_red_card() -> None:
    """EXH-13: the winning colour may be forced to take a red card."""
    match, state = arranged(
        points=["-6", "+5", "-4", "+4"],
        sequences={0: "R9 Y1 B2 Y4 G3"},
        hands={0: "R2 G1 G4 Y5"},
    )
    # Seat 0 (green) finishes the red 6 with a red card: red (seat 1) totals 11 against
    # yellow 5, green 3 and blue 2, so seat 1 must take the red card (-6).
    match.apply(0, lay(0, "R2"))
    assert [p.signed for p in state.taken[1].cards] == [-6]
    assert all(len(state.taken[seat]) == 0 for seat in (0, 2, 3))
    assert match.view(None)["scores"] == [0, -6, 0, 0]


def test_exh14_no_point_card_left_to_replace_closes_the_sequence() -> None:
    """EXH-14: no point card left to replace closes the sequence."""
    taken = [
        "+4",
        "+4",
        "+4",
        "+5",
        "+5",
        "+5",
        "+5",
        "+6",
        "+6",
        "+6",
        "+6",
        "-4",
        "-4",
        "-5",
        "-5",
        "-6",
    ]
    match, state = arranged(
        points=["+4", "-6", None, None],
        sequences={0: "G1 G2 R1"},
        hands={0: "G12 G11 G10 G9"},
        taken={1: taken},
    )
    assert len(state.point_stock) == 0
    match.apply(0, lay(0, "G12"))
    assert len(state.point_cards[0]) == 0 and not match.is_over
    with pytest.raises(IllegalAction) as info:
        match.apply(1, Lay(0, *_any(state, 1)))
    assert info.value.rule == "EXH-14"


def _any(state: ExHoppState, seat: int) -> tuple[str, int]:
    one = state.hands[seat].cards[0]
    return one.colour.value, one.value


def test_exh15_tie_nobody_takes_and_the_sequence_restarts_after_the_same_card() -> None:
    """EXH-15: tie nobody takes and the sequence restarts after the same card."""
    recorder = EventRecorder()
    game = ArrangedExHopp(
        FOUR, points=["+4", "+5", "-4", "+6"], sequences={0: "G5 R5 Y2"}, hands={0: "B1 B2"}
    )
    match = Match(game, players=4, seed=2, observers=[recorder])
    state = match.state
    assert isinstance(state, ExHoppState)
    point = state.point_cards[0].cards[0]
    match.apply(0, lay(0, "B1"))
    assert all(len(zone) == 0 for zone in state.taken)
    assert state.point_cards[0].cards == [point]  # the same point card stays
    assert names(state.discard.cards) == "G5 R5 Y2 B1"
    assert len(state.sequences[0]) == 0
    assert len(state.point_stock) == 14
    finished = [e for e in recorder.stream(0) if e["event"] == "SequenceFinished"]
    assert finished[0]["winner"] is None
    # A new sequence starts after it: the next seat may lay there again.
    match.apply(1, Lay(0, *_any(state, 1)))
    assert len(state.sequences[0]) == 1


def test_exh16_exh17_the_game_ends_when_every_point_card_is_taken() -> None:
    """EXH-16, EXH-17: the game ends when every point card is taken."""
    match, _ = arranged(
        points=["+5", None, None, None],
        sequences={0: "Y3 G7 R12 B1"},
        hands={0: "G6"},
        taken={
            0: ["+6", "+6"],
            1: ["+4", "+4", "+5", "+5", "+5", "-6"],
            2: ["+6"],
            3: ["+6", "+4", "+4", "-5", "-5", "-6", "-4", "-4"],
        },
    )
    assert not match.is_over
    match.apply(0, lay(0, "G6"))  # green 13 takes the black 5: the last point card
    assert match.is_over and match.to_act == ()
    result = match.result
    assert result is not None and not result.truncated
    # EXH-17: black added, red subtracted.
    assert result.scores == (6 + 6 + 5, 4 + 4 + 5 + 5 + 5 - 6, 6, 6 + 4 + 4 - 5 - 5 - 6 - 4 - 4)
    assert result.scores == (17, 17, 6, -10)
    assert result.winners == (0, 1)  # EXH-17 ruling: equal highest scores share the win
    with pytest.raises(MatchOver):
        match.apply(1, DECLINE)


def test_exh18_endless_exchanges_are_cut_by_the_move_limit() -> None:
    """EXH-18: endless exchanges are cut by the move limit."""
    match, state = arranged(
        players=2, colours=["green", "red"], hands={0: "G1 G2 G3 G4", 1: "G5 G6 G7 G8"}
    )
    limit = match.move_limit
    assert limit == ExHopp().move_limit(2)
    # Seats that only ever propose green-for-red, and never hold red, decline forever.
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, Propose("green", "red") if state.phase.value == "turn" else DECLINE)
    result = match.result
    assert result is not None and result.truncated and result.winners == ()
    assert result.moves == limit


def test_arranged_cards_exist() -> None:
    assert names(cards("G7 R12")) == "G7 R12"
    with pytest.raises(ValueError, match="not a card name"):
        card("Z3")
