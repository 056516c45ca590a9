"""Ex & Hopp's summary of a finished sequence (EXH-12..EXH-15, EXH-17): each player's colour,
its total in the sequence, the point card taken and the scores; the same for every viewer;
the sequence stays on the table until the next one is finished."""

from __future__ import annotations

import random
from typing import Any

from tablecards import EventRecorder, Match
from tablecards_exhopp import ExHopp
from tablecards_exhopp._rules import SequenceFinished

NAMES = ["Ann", "Bob", "Cleo"]
MINUS = "\N{MINUS SIGN}"
DASH = "\N{EM DASH}"


def signed(points: int) -> str:
    """A change of score: "+4", "-4" with a true minus sign."""
    return f"+{points}" if points > 0 else f"{MINUS}{-points}" if points < 0 else "0"


def standing(points: int) -> str:
    """A score as every table writes it: "5", "-4" with a true minus sign, no plus."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


def finished(seed: int, count: int = 1) -> tuple[Match, list[SequenceFinished]]:
    """Random legal actions until ``count`` sequences are finished."""
    rng = random.Random(seed)
    recorder = EventRecorder()
    match = Match(ExHopp(), players=3, seed=seed, observers=[recorder])

    def done() -> list[SequenceFinished]:
        return [event for event in recorder.events if isinstance(event, SequenceFinished)]

    while len(done()) < count and not match.is_over:
        moves = [(seat, action) for seat in match.to_act for action in match.legal_actions(seat)]
        seat, action = rng.choice(moves)
        match.apply(seat, action)
    return match, done()


def rows(summary: dict[str, Any]) -> dict[int, list[str]]:
    return {row["seat"]: row["cells"] for row in summary["rows"]}


def test_exh_13_the_summary_holds_the_sequence_s_figures() -> None:
    for seed in range(3):
        match, events = finished(seed, 2)
        last = events[-1]
        summary = match.scene(2, NAMES)["summary"]
        assert summary["id"] == "sequence:2"
        assert summary["title"] == f"Sequence {last.sequence + 1} finished"
        assert summary["columns"] == ["Colour", "In the sequence", "Point card taken", "Score"]
        assert [row["name"] for row in summary["rows"]] == ["You", "Ann", "Bob"]
        totals = dict(last.totals)
        view = match.view(None)
        for seat, (colour, total, taken, score) in rows(summary).items():
            assert colour == view["colours"][seat]
            assert int(total) == totals.get(colour, 0)  # EXH-13: the colour's values added
            # EXH-13, EXH-15: the single highest colour's player takes it; a tie, nobody.
            assert taken == (signed(last.points) if last.winner == seat else DASH)
            assert score == standing(view["scores"][seat])  # EXH-17
        group = next(g for g in match.scene(2, NAMES)["middle"] if g["id"] == "finished")
        laid = group["zones"][0]["cards"]
        assert sum(int(card["rank"]) for card in laid) == sum(totals.values())


def test_the_summary_is_the_same_for_every_viewer_but_for_the_names() -> None:
    match, _ = finished(4)
    seen = [rows(match.scene(viewer, NAMES)["summary"]) for viewer in (0, 1, 2, None)]
    assert all(cells == seen[0] for cells in seen)
