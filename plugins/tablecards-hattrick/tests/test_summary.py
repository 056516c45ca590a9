"""Hattrick's round summary (HAT-08, HAT-09): each seat's cards won by colour, its penalty
cards, the round's score and its total, the same for every viewer; the last trick stays on
the table, and the final table says the match is over."""

from __future__ import annotations

from typing import Any

from tablecards import EventRecorder, Match, RoundEnded
from tablecards_hattrick import Hattrick

NAMES = ["Ann", "Bob", "Cleo", "Dan"]
MINUS = "\N{MINUS SIGN}"


def number(text: str) -> int:
    return int(text.replace(MINUS, "-").replace("+", ""))


def first_round(seed: int) -> tuple[Match, RoundEnded]:
    """A match played by the first legal action until round 1 ends."""
    recorder = EventRecorder()
    match = Match(Hattrick(rounds=2), players=4, seed=seed, observers=[recorder])
    while not any(isinstance(event, RoundEnded) for event in recorder.events):
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])
    ended = next(event for event in recorder.events if isinstance(event, RoundEnded))
    return match, ended


def rows(summary: dict[str, Any]) -> dict[int, list[str]]:
    return {row["seat"]: row["cells"] for row in summary["rows"]}


def test_hat_09_the_summary_holds_the_round_s_figures() -> None:
    for seed in range(3):
        match, ended = first_round(seed)
        summary = match.scene(0, NAMES)["summary"]
        assert summary["id"] == "round:1" and summary["title"] == "Round 1 of 2"
        assert summary["columns"] == ["Red", "Blue", "Green", "Penalty cards", "Round", "Total"]
        cells = rows(summary)
        assert [row["name"] for row in summary["rows"]] == ["You", "Bob", "Cleo", "Dan"]
        held = 0
        for seat in range(4):
            red, blue, green, penalties, score, total = cells[seat]
            won = [int(red), int(blue), int(green)]
            # HAT-09: +1 a card of the colour won most, -1 every other card, -2 a penalty card.
            expected = 2 * max(won) - sum(won) - 2 * int(penalties)
            assert number(score) == expected == ended.scores[seat]
            assert number(total) == expected  # the first round: the total is the round's
            held += sum(won) + int(penalties)
        # HAT-08: the round ends with one card in each hand, never played.
        assert held == 60 - 4


def test_the_summary_is_the_same_for_every_viewer_but_for_the_names() -> None:
    """Everything in it was public (won piles face up, penalty cards shown, HAT-05/HAT-06)."""
    match, _ = first_round(1)
    seen = [rows(match.scene(viewer, NAMES)["summary"]) for viewer in (0, 1, 2, 3, None)]
    assert all(cells == seen[0] for cells in seen)
    assert match.scene(None, NAMES)["summary"]["rows"][0]["name"] == "Ann"


def test_hat_06_the_last_trick_stays_on_the_table_until_the_next_is_taken() -> None:
    match = Match(Hattrick(rounds=1), players=4, seed=2)
    assert not [g for g in match.scene(0, NAMES)["middle"] if g["id"] == "last-trick"]
    for _ in range(4):  # the first trick: every seat plays or passes once
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])
    middle = match.scene(0, NAMES)["middle"]
    last = next(group for group in middle if group["id"] == "last-trick")
    assert last["title"] == "Last trick (round 1, trick 1)"
    played = sum(len(zone["cards"]) for zone in last["zones"])
    penalties = sum(
        len(match.view(0)["zones"][f"penalty:{seat}"].get("cards") or ()) for seat in range(4)
    )
    assert played + penalties == 4
    seat = match.to_act[0]  # the next trick starts: the last one is still there
    match.apply(seat, match.legal_actions(seat)[0])
    assert [g["id"] for g in match.scene(0, NAMES)["middle"]] == ["trick", "last-trick"]


def test_hat_11_the_final_table_says_the_match_is_over() -> None:
    match = Match(Hattrick(rounds=1), players=4, seed=5)
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])
    scene = match.scene(0, NAMES)
    assert [group["id"] for group in scene["middle"]] == ["last-trick"]
    texts = [c["label"] for panel in scene["seats"] for c in panel["counters"]]
    assert "this round" not in texts
    assert not any(
        badge["text"] == "leads this trick" for p in scene["seats"] for badge in p["badges"]
    )
    assert scene["summary"]["id"] == "round:1"
