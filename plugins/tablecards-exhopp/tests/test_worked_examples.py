"""The two worked examples of rules/exhopp.md, laid card by card through the Match API
(EXH-08, EXH-12, EXH-13, EXH-14, EXH-17)."""

from __future__ import annotations

from tablecards import EventRecorder, Match
from tablecards_exhopp import ArrangedExHopp, ExHoppState, Lay, card

# Seat colours: 0 green, 1 red, 2 yellow, 3 blue.
COLOURS = ["green", "red", "yellow", "blue"]


def lay(sequence: int, name: str) -> Lay:
    one = card(name)
    return Lay(sequence, one.colour.value, one.value)


def test_worked_example_black_5_goes_to_green() -> None:
    # After a black 5: yellow 3, green 7, red 12, blue 1, green 6.
    recorder = EventRecorder()
    game = ArrangedExHopp(
        COLOURS,
        points=["+5", "-4", "+6", "+4"],
        hands={0: "Y3 G6", 1: "G7", 2: "R12", 3: "B1"},
        point_draws=["-6"],
    )
    match = Match(game, players=4, seed=0, observers=[recorder])
    state = match.state
    assert isinstance(state, ExHoppState)
    for seat, name in [(0, "Y3"), (1, "G7"), (2, "R12"), (3, "B1")]:
        assert match.to_act == (seat,)
        match.apply(seat, lay(0, name))
    assert len(state.sequences[0]) == 4 and not state.taken[0].cards
    match.apply(0, lay(0, "G6"))  # the fifth card finishes the 5 (EXH-12)
    # Green totals 13, red 12, yellow 3, blue 1: green's player takes the black 5 (+5).
    finished = [e for e in recorder.stream(3) if e["event"] == "SequenceFinished"]
    assert finished == [
        {
            "event": "SequenceFinished",
            "sequence": 0,
            "totals": [["green", 13], ["red", 12], ["yellow", 3], ["blue", 1]],
            "winner": 0,
            "points": 5,
        }
    ]
    assert [(p.ink.value, p.points) for p in state.taken[0].cards] == [("black", 5)]
    assert match.view(2)["scores"] == [5, 0, 0, 0]
    # EXH-14: the cards go to the discard pile in the order laid; a new point card replaces.
    laid = ["Y3", "G7", "R12", "B1", "G6"]
    assert [c.id for c in state.discard.cards] == [card(name).id for name in laid]
    assert [(p.ink.value, p.points) for p in state.point_cards[0].cards] == [("red", 6)]


def test_worked_example_red_4_goes_to_yellow_with_one_card() -> None:
    # After a red 4: green 8, red 4, yellow 11, red 6.
    game = ArrangedExHopp(
        COLOURS,
        points=["+5", "-4", "+6", "+4"],
        hands={0: "G8", 1: "R4", 2: "Y11", 3: "R6"},
    )
    match = Match(game, players=4, seed=0)
    state = match.state
    assert isinstance(state, ExHoppState)
    for seat, name in [(0, "G8"), (1, "R4"), (2, "Y11"), (3, "R6")]:
        match.apply(seat, lay(1, name))
    # Red totals 10, yellow 11, green 8: yellow's player takes the red 4 (-4) although it
    # laid only one card.
    assert [(p.ink.value, p.points) for p in state.taken[2].cards] == [("red", 4)]
    assert not any(state.taken[seat].cards for seat in (0, 1, 3))
    assert match.view(None)["scores"] == [0, 0, -4, 0]
