"""The heuristic bot's choices on arranged tables: win black cards, dodge red ones, exchange
sensibly (EXH-10, EXH-13)."""

from __future__ import annotations

import json
import random

from tablecards import Match
from tablecards_exhopp import (
    ACCEPT,
    DECLINE,
    ArrangedExHopp,
    Give,
    HeuristicBot,
    Lay,
    Propose,
    sequence_outlook,
)

FOUR = ["green", "red", "yellow", "blue"]


def choose(match: Match, seat: int) -> object:
    bot = HeuristicBot(match.game, seat)
    view = json.loads(json.dumps(match.view(seat)))
    return bot.choose(view, match.legal_actions(seat), random.Random(0))


def test_outlook_is_exact_on_a_complete_sequence_exh13_exh15() -> None:
    """EXH-13, EXH-15: outlook is exact on a complete sequence."""
    assert sequence_outlook({"green": 13, "red": 12}, FOUR, 0)["green"] == 1.0
    tie = sequence_outlook({"green": 5, "red": 5}, FOUR, 0)
    assert set(tie.values()) == {0.0}
    open_ = sequence_outlook({"green": 9}, FOUR, 3)
    assert max(open_, key=lambda colour: open_[colour]) == "green"
    assert abs(sum(open_.values()) - 1) < 1e-9


def test_exh13_lays_its_colour_to_win_a_black_card() -> None:
    """EXH-13: lays its colour to win a black card."""
    # Seat 0 plays green; the black 6 lacks one card and red leads by 5.
    game = ArrangedExHopp(
        FOUR,
        points=["+6", "-5", "+4", "+5"],
        sequences={0: "R9 G4 Y1 B2 R1"},
        hands={0: "G12 R2 Y3 B4"},
    )
    match = Match(game, players=4, seed=0)
    assert choose(match, 0) == Lay(0, "green", 12)


def test_exh13_does_not_win_a_red_card_for_itself() -> None:
    """EXH-13: does not win a red card for itself."""
    # The red 6 lacks one card: green would win it with its 12; a blue 1 leaves red winning.
    game = ArrangedExHopp(
        FOUR,
        points=["-6", "+5", "+4", "+5"],
        sequences={0: "R9 G4 Y1 B2 R1"},
        hands={0: "G12 B1 G11 G10"},
    )
    match = Match(game, players=4, seed=0)
    action = choose(match, 0)
    assert action != Lay(0, "green", 12)
    assert isinstance(action, Lay) and not (action.sequence == 0 and action.colour == "green")


def test_exh10_accepts_its_own_colour_and_gives_its_lowest_card() -> None:
    """EXH-10: accepts its own colour and gives its lowest card."""
    game = ArrangedExHopp(
        FOUR,
        points=["+6", "-5", "+4", "+5"],
        hands={0: "R3 R7 Y2 B9", 1: "G5 G9 R10 B1", 2: "G1 G2 Y5 B5"},
    )
    match = Match(game, players=4, seed=0)
    match.apply(0, Propose("red", "green"))  # red for green: seat 1 (red) gets its colour
    assert choose(match, 1) == ACCEPT
    match.apply(1, ACCEPT)
    assert choose(match, 0) == Give(3)
    assert choose(match, 1) == Give(5)


def test_exh10_declines_to_give_away_its_own_colour() -> None:
    """EXH-10: declines to give away its own colour."""
    game = ArrangedExHopp(
        FOUR,
        points=["+6", "-5", "+4", "+5"],
        hands={0: "Y3 R7 Y2 B9", 1: "G5 G9 R10 B1"},
    )
    match = Match(game, players=4, seed=0)
    match.apply(0, Propose("yellow", "red"))  # asks seat 1 (red) for a red card
    assert ACCEPT in match.legal_actions(1)
    assert choose(match, 1) == DECLINE


def test_exh10_proposes_its_own_colour_when_every_lay_would_lose() -> None:
    """EXH-10: proposes its own colour when every lay would lose."""
    # Green (seat 0) narrowly leads four black 4s that lack one card each; it holds only red
    # cards, and any of them would hand a black card to red. So it offers its lowest red card
    # against a green one, and lays the next time rather than proposing twice in a row.
    game = ArrangedExHopp(
        ["green", "red"],
        points=["+4", "+4", "+4", "+4"],
        sequences={0: "G6 R2 R3", 1: "G7 R1 R5", 2: "G2 G9 R10", 3: "G3 G10 R12"},
        hands={0: "R4 R6 R7 R9"},
    )
    match = Match(game, players=2, seed=0)
    bot = HeuristicBot(match.game, 0)
    view = json.loads(json.dumps(match.view(0)))
    actions = match.legal_actions(0)
    assert bot.choose(view, actions, random.Random(0)) == Propose("red", "green")
    again = bot.choose(view, actions, random.Random(0))
    assert isinstance(again, Lay)
