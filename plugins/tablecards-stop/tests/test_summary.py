"""Stop's round summary (STOP-14..STOP-16): each seat's bid, the tokens won and held, and the
cards each received in the share-out; the same for every viewer."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablecards import EventRecorder, Match
from tablecards_stop import Stop
from tablecards_stop._events import RoundTied, RoundWon

NAMES = ["Ann", "Bob", "Cleo", "Dan"]
DASH = "\N{EM DASH}"


def step(match: Match, rng: random.Random) -> None:
    """One random legal action of any seat that may act."""
    moves = [(seat, action) for seat in match.to_act for action in match.legal_actions(seat)]
    seat, action = rng.choice(moves)
    match.apply(seat, action)


def rows(summary: dict[str, Any]) -> dict[int, list[str]]:
    return {row["seat"]: row["cells"] for row in summary["rows"]}


@pytest.mark.slow
def test_stop_14_15_the_summary_holds_the_winning_bid_tokens_and_share_out() -> None:
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        recorder = EventRecorder()
        match = Match(Stop(), players=4, seed=seed, observers=[recorder])
        while not any(isinstance(e, RoundWon) for e in recorder.events) and not match.is_over:
            step(match, rng)
        won = next((e for e in recorder.events if isinstance(e, RoundWon)), None)
        if won is None or match.is_over or match.view(None)["phase"] != "share":
            continue
        on_table = sum(match.view(None)["zones"][f"bid:{seat}"]["count"] for seat in range(4))
        ties = sum(isinstance(e, RoundTied) for e in recorder.events)
        while match.view(None)["phase"] == "share":  # the winner shares the table out
            step(match, rng)
        summary = match.scene(0, NAMES)["summary"]
        assert summary["id"] == f"round:{ties + 1}"
        assert summary["columns"] == ["Bid", "Tokens won", "Tokens", "Cards received"]
        cells = rows(summary)
        bid, gained, tokens, _ = cells[won.seat]
        assert int(bid) == won.total  # STOP-14: the single highest bid wins
        assert gained == f"+{len(won.bidders)}" and int(tokens) == len(won.bidders)
        for seat in range(4):
            assert (cells[seat][0] == DASH) == (seat not in won.bidders)
        # STOP-15: every card on the table went to a bidder.
        received = [cells[seat][3] for seat in range(4) if cells[seat][3] != DASH]
        assert sum(len(text.split(", ")) for text in received) == on_table
        assert NAMES[won.seat] in summary["note"] or won.seat == 0
        checked += 1
    assert checked >= 2


def test_the_summary_is_the_same_for_every_viewer_but_for_the_names() -> None:
    rng = random.Random(3)
    recorder = EventRecorder()
    match = Match(Stop(), players=4, seed=3, observers=[recorder])
    while match.scene(None, NAMES)["summary"] is None:
        step(match, rng)
    seen = [rows(match.scene(viewer, NAMES)["summary"]) for viewer in (0, 1, 2, 3, None)]
    assert all(cells == seen[0] for cells in seen)
