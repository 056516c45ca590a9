"""Stop's log and share-out as a person meets them (issue 41): declines folded into the draw
they let go on (STOP-06), raises that name their cards (STOP-11), a share-out in a few clicks
logged in plain words (STOP-15), and a log that never names a card its reader may not see
(STOP-04)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import tablecards
from tablecards import Match
from tablecards.words import names_for
from tablecards_stop import (
    CALL_STOP,
    DECLINE,
    PASS,
    ArrangedStop,
    Bid,
    Give,
    GiveRest,
    HeuristicBot,
    Raise,
    Stop,
)

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def lines(match: Match, seat: int | None, since: int = 0) -> list[str]:
    """The history's lines as the page shows them: a move's text, then its consequences; a
    quiet move (no text) shows its first consequence as its line, or nothing."""
    out: list[str] = []
    for entry in match.history(seat, NAMES[: match.players], since):
        if entry["text"]:
            out.append(entry["text"])
        out.extend(entry["then"])
    return out


class PatientBot(HeuristicBot):
    """The heuristic bot, but slow to shout: it calls Stop! only with five cards or more in
    hand, so that rounds start after many draws, as at a table of people (the match of issue
    41 had 107 declines in 285 lines)."""

    def should_call(self, view: Mapping[str, Any]) -> bool:
        """Call with a full-ish hand only."""
        hand = view["zones"][f"hand:{view['seat']}"]["cards"]
        return len(hand) >= 5 and super().should_call(view)


def bot_match(seed: int) -> Match:
    """A seeded four-player match of patient bots played to its end: every seat asked at a
    Stop moment answers, as the reaction window makes each one do at a table."""
    match = Match(Stop(), players=4, seed=seed)
    tablecards.play(match, [PatientBot(seat=seat) for seat in range(4)], seed=seed + 100)
    return match


@pytest.mark.parametrize("seed", [1, 2])
def test_stop_06_declines_are_at_most_five_percent_of_a_four_player_history(seed: int) -> None:
    """STOP-06: after each draw every eligible seat declines (three of four); the log tells the
    draw, not the three declines."""
    match = bot_match(seed)
    declines = sum(1 for _, action in match.log if action == DECLINE)
    assert declines > match.moves / 3  # the moves are mostly declines ...
    for seat in (None, 0, 1, 2, 3):
        read = lines(match, seat)
        said = [line for line in read if re.search(r"not call Stop|nobody calls", line)]
        assert len(said) <= 0.05 * len(read), said[:5]  # ... the lines are not
        draws = [line for line in read if " draw" in line]
        assert len(draws) >= declines / 4  # every draw is still told, once
    assert match.is_over


def test_stop_06_a_decline_has_no_line_of_its_own_and_the_draw_stands_for_it() -> None:
    """STOP-06: the moment's last decline lets the draw go on; the draw is the move's line."""
    game = ArrangedStop(hands={1: [3], 2: [2], 3: [4]}, red=0)
    match = Match(game, players=4, seed=3)
    start = match.moves + 1
    for seat in (1, 2, 3):
        match.apply(seat, DECLINE)
    entries = match.history(1, NAMES, since=start)
    assert [entry["text"] for entry in entries] == ["", "", ""]
    assert [entry["then"] for entry in entries[:2]] == [[], []]
    assert entries[2]["then"] == ["Ann draws a card"]
    # The match's own words for one decline stay, for whoever names a single move.
    assert match.game.describe_play(1, DECLINE, names_for(NAMES, 1)) == "you do not call Stop"


def test_stop_11_a_raise_names_its_cards_and_the_new_total() -> None:
    """STOP-11: raises read "adds a 3 and a +1 to Bob's bid: now 9", for every reader (the
    cards lie face up on the table)."""
    game = ArrangedStop(hands={1: [3, 3, 2], 2: [4, 3, "+1", "+1"], 3: [2]}, red=0)
    match = Match(game, players=4, seed=0)
    match.apply(1, CALL_STOP)
    match.apply(1, Bid(3, 1))
    start = match.moves + 1
    match.apply(2, Raise(1, 1, 2))
    match.apply(1, Raise(1, 1, 0))
    for seat, first, second in (
        (
            0,
            "Cleo adds a 3 and two +1s to Bob's bid: now 8",
            "Bob adds a 3 to their own bid: now 11",
        ),
        (1, "Cleo adds a 3 and two +1s to your bid: now 8", "You add a 3 to your own bid: now 11"),
        (None, "Cleo adds a 3 and two +1s to Bob's bid: now 8", "Bob adds a 3 to"),
    ):
        read = lines(match, seat, since=start)
        assert read[0] == first and read[1].startswith(second), read
        assert len(read) == 2  # one line per raise
        assert not any("value card" in line for line in read)


def six_card_share_out() -> Match:
    """Bob calls Stop! and bids three 3s (9); Cleo bids three 4s (12) and wins: six cards lie
    on the table, and the bidders are Bob and Cleo (STOP-14)."""
    game = ArrangedStop(hands={1: [3, 3, 3, 2], 2: [4, 4, 4, 2], 3: [2]}, red=0)
    match = Match(game, players=4, seed=0)
    match.apply(1, CALL_STOP)
    match.apply(1, Bid(3, 3))
    match.apply(2, Bid(4, 3))
    for seat in (1, 3, 2):
        match.apply(seat, PASS)
    return match


def click(match: Match, seat: int, path: Sequence[str]) -> None:
    """Pick the choices named ``path`` in the seat's scene, step by step, as a person clicks
    them, and play the action the last one sends."""
    group: dict[str, Any] = match.scene(seat, NAMES)["actions"][0]
    for step, text in enumerate(path):
        choice = next(c for c in group["choices"] if c["text"] == text)
        if "act" in choice:
            assert step == len(path) - 1, path
            match.apply(seat, match.parse_action(choice["act"]))
            return
        group = choice["then"]
    raise AssertionError(f"{path} sends no action")


def share_out(match: Match, seat: int, clicks: Sequence[Sequence[str]]) -> int:
    """Share the table out through the scene's choices; how many choices were picked."""
    picked = 0
    for path in clicks:
        click(match, seat, path)
        picked += len(path)
    assert not any(zone.cards for zone in match.state.bids)  # type: ignore[attr-defined]
    return picked


@pytest.mark.parametrize(
    ("clicks", "received"),
    [
        ([["Keep them all (six cards)"]], {2: [3, 3, 3, 4, 4, 4]}),
        ([["All to Bob"]], {1: [3, 3, 3, 4, 4, 4]}),
        ([["Give a 4 (three left)", "To Bob"], ["Keep them all (five cards)"]], {1: [4]}),
        ([["Give a 3 (three left)", "Keep it"], ["All to Bob"]], {2: [3]}),
    ],
)
def test_stop_15_a_share_out_of_six_cards_takes_at_most_three_clicks(
    clicks: list[list[str]], received: dict[int, list[int]]
) -> None:
    """STOP-15 (any split, as the winner wishes): keep them all or all to one bidder in one
    click; one card to someone and the rest to another in three."""
    match = six_card_share_out()
    before = match.history(None, NAMES)[-1]["move"]
    assert share_out(match, 2, clicks) <= 3
    log = lines(match, 0, since=before + 1)
    said = " / ".join(log)
    if received == {2: [3, 3, 3, 4, 4, 4]}:
        assert "Cleo keeps three 3s and three 4s" in log, said
    elif received == {1: [3, 3, 3, 4, 4, 4]}:
        assert "Cleo gives three 3s and three 4s to Bob" in log, said
    elif received == {1: [4]}:
        assert log[:2] == ["Cleo gives a 4 to Bob", "Cleo keeps three 3s and two 4s"], said
    else:
        assert log[:2] == ["Cleo keeps a 3", "Cleo gives two 3s and three 4s to Bob"], said


def test_stop_15_the_share_out_never_gives_to_oneself_in_words() -> None:
    """STOP-15: keeping reads "keeps", never "gives a 3 to Cleo" or "you give a 2 to you"."""
    match = six_card_share_out()
    start = match.moves + 1
    match.apply(2, Give(3, 2))
    match.apply(2, Give(4, 1))
    match.apply(2, GiveRest(2))
    for seat in (None, 0, 1, 2, 3):
        read = " / ".join(lines(match, seat, since=start))
        giver, herself = ("You give", "you") if seat == 2 else ("Cleo gives", "Cleo")
        assert not re.search(f"{giver} [^/]* to {herself}\\b", read), read
        keeps = "You keep" if seat == 2 else "Cleo keeps"
        assert f"{keeps} a 3" in read and f"{keeps} two 3s and two 4s" in read, read
    said = names_for(NAMES, 2)
    assert match.game.describe(Give(3, 2), said) == "keep a 3"
    assert match.game.describe(GiveRest(2), said) == "keep the rest"
    assert match.game.describe(GiveRest(1), said) == "give the rest to Bob"
    assert match.game.describe_play(2, GiveRest(2), said) == "you keep the rest of the table"


def test_stop_15_the_last_card_is_one_click_and_no_twin_choice() -> None:
    """STOP-15: with one value left a gift needs no card picked first; with one card left,
    "the rest" is not offered beside the same gift."""
    match = six_card_share_out()
    match.apply(2, Give(3, 1))
    match.apply(2, Give(3, 1))
    match.apply(2, Give(3, 1))  # three 4s left: one value
    texts = [c["text"] for c in match.scene(2, NAMES)["actions"][0]["choices"]]
    assert texts == ["Keep them all (three cards)", "All to Bob", "Keep a 4", "Give a 4 to Bob"]
    match.apply(2, Give(4, 1))
    match.apply(2, Give(4, 1))  # the last 4
    scene = match.scene(2, NAMES)
    assert [c["text"] for c in scene["actions"][0]["choices"]] == ["Keep a 4", "Give a 4 to Bob"]
    assert (
        scene["prompt"]
        == "You won the round: give the last card of the bids to a bidder (Bob and you)."
    )


@pytest.mark.parametrize("seed", [3, 4])
def test_stop_04_no_seat_reads_a_card_it_may_not_see(seed: int) -> None:
    """STOP-04: a card drawn is named to its owner only; every other line names cards that lie
    face up (bids, raises, share-outs) or none."""
    match = bot_match(seed)
    for seat in (None, 0, 1, 2, 3):
        own = "You" if seat is not None else None
        for line in lines(match, seat):
            if " draws " in line:
                assert line.endswith("draws a card"), line
            elif own and line.startswith(f"{own} draw "):
                assert re.fullmatch(r"You draw an? (2|3|4|\+1)", line), line
            assert "value card" not in line, line
