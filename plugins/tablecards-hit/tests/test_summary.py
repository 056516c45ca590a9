"""Hit!'s round summary (HIT-12..HIT-14): the cards and points each seat banked in the round
and its total, the same for every viewer; a bust stays on the table for the turn after it."""

from __future__ import annotations

from typing import Any

from tablecards import EventRecorder, Match, RoundEnded
from tablecards_hit import Hit
from tablecards_hit._rules import Busted

NAMES = ["Ann", "Bob", "Cleo"]


def play_until(match: Match, recorder: EventRecorder, kind: type, count: int = 1) -> None:
    """The first legal action (draw again, steal) until ``count`` events of ``kind``."""
    while sum(isinstance(event, kind) for event in recorder.events) < count:
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])


def rows(summary: dict[str, Any]) -> dict[int, list[str]]:
    return {row["seat"]: row["cells"] for row in summary["rows"]}


def test_hit_13_the_summary_holds_what_each_seat_banked() -> None:
    recorder = EventRecorder()
    match = Match(Hit(rounds=2), players=3, seed=4, observers=[recorder])
    play_until(match, recorder, RoundEnded, 2)
    first, second = [event for event in recorder.events if isinstance(event, RoundEnded)]
    summary = match.scene(1, NAMES)["summary"]
    assert summary["id"] == "round:2" and summary["title"] == "Round 2 of 2"
    assert summary["columns"] == ["Cards banked", "Points", "Total"]
    assert [row["name"] for row in summary["rows"]] == ["You", "Cleo", "Ann"]
    cells = rows(summary)
    box = match.view(0)["zones"]["box"]["count"]
    banked = 0
    for seat in range(3):
        cards, points, total = (int(text) for text in cells[seat])
        assert points == second.scores[seat]  # HIT-13: the loot's values
        assert total == first.scores[seat] + second.scores[seat]  # HIT-14: scores add up
        banked += cards
    assert banked + box == 90  # HIT-12: every card ends in a loot or in the box


def test_the_summary_is_the_same_for_every_viewer_but_for_the_names() -> None:
    recorder = EventRecorder()
    match = Match(Hit(rounds=2), players=3, seed=2, observers=[recorder])
    play_until(match, recorder, RoundEnded)
    seen = [rows(match.scene(viewer, NAMES)["summary"]) for viewer in (0, 1, 2, None)]
    assert all(cells == seen[0] for cells in seen)


def test_hit_06_a_bust_stays_on_the_table_for_the_turn_after_it() -> None:
    recorder = EventRecorder()
    match = Match(Hit(), players=3, seed=3, observers=[recorder])
    play_until(match, recorder, Busted)
    bust = next(event for event in recorder.events if isinstance(event, Busted))
    group = next(g for g in match.scene(0, NAMES)["middle"] if g["id"] == "bust")
    lost = group["zones"][0]["cards"]
    assert len(lost) == bust.lost and lost[-1]["rank"] == str(bust.value)
    assert lost[-1]["note"] == "drawn"
    # The next player's turn goes on: the bust is still there, until the turn after.
    turn = match.to_act[0]
    while match.to_act and match.to_act[0] == turn and not match.is_over:
        assert any(g["id"] == "bust" for g in match.scene(0, NAMES)["middle"])
        legal = match.legal_actions(turn)
        match.apply(turn, legal[-1])  # no steal, then end the turn
    if not match.is_over and not any(isinstance(e, Busted) for e in recorder.events[-3:]):
        assert not any(g["id"] == "bust" for g in match.scene(0, NAMES)["middle"])
