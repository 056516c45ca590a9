"""Goofspiel's scene: the header says who has chosen, never what another chose (GOPS-04)."""

from __future__ import annotations

from tablecards import Match, scene_text
from tablecards_goofspiel import Bid, Goofspiel

NAMES = ["Ann", "Bob", "Cleo"]


def test_the_header_says_who_has_chosen_and_your_own_bid() -> None:
    match = Match(Goofspiel(), players=3, seed=1)
    match.apply(0, Bid(11))
    prize = match.view(None)["zones"]["prize"]["cards"][-1]["value"]
    assert match.scene(1, NAMES)["status"] == (
        f"Round 1 of 13, prize {prize}: Ann has chosen; waiting for you and Cleo"
    )
    assert match.scene(0, NAMES)["status"] == (
        f"Round 1 of 13, prize {prize}: you have chosen; your bid is 11, shown when all have "
        "chosen; waiting for Bob and Cleo"
    )


def test_no_scene_of_another_seat_mentions_the_bid() -> None:
    texts = set()
    for bid in (2, 11):
        match = Match(Goofspiel(), players=3, seed=1)
        match.apply(0, Bid(bid))
        texts.add(scene_text(match.scene(1, NAMES)))
    assert len(texts) == 1
