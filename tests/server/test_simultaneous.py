"""A moment where everyone answers on their own at the networked table (issue #38): Goofspiel's
sealed bids (GOPS-04, GOPS-05) over a real uvicorn, real websockets and a real store.

Every waited-for person may answer at once (all accepted, none "too late"); each sees who has
chosen but not what; one countdown for the whole moment; a reconnect keeps your answer; bots
answer without waiting for the people.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import attrs
import pytest
from wire import FAST, Player, live, masked_frame, post

from tablecards.server import Settings

pytestmark = [pytest.mark.server, pytest.mark.slow]

NAMES = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}]


def _join(server: Any, data: dict[str, Any], **options: Any) -> dict[int, Player]:
    players = {}
    for invite in data["invites"]:
        player = Player(server.ws_url(data["id"]), **options)
        player.hello(invite["token"])
        player.until("state")
        players[invite["seat"]] = player
    return players


def _errors(player: Player) -> list[str]:
    return [message for message in player.raw if '"type":"error"' in message]


def test_every_person_answers_on_a_screen_of_the_same_moment_and_sees_only_who_chose(
    db: str,
) -> None:
    with live(db, FAST) as server:
        data = post(server.url, "/matches", {"game": "goofspiel", "players": 3, "seats": NAMES})
        table = server.app.state.hub.tables[data["id"]]
        players = _join(server, data)
        ann, bob, cleo = players[0], players[1], players[2]
        ann.act({"type": "Bid", "value": 13}, after=0)
        cleo.until_moves(1)
        bob.act({"type": "Bid", "value": 2}, after=0)  # his screen shows move 0: still accepted
        state = cleo.until_moves(2)
        assert table.match.moves == 2 and not _errors(bob) and not _errors(ann)
        assert "Ann and Bob have chosen; waiting for you" in state["scene"]["status"]
        texts = " ".join(entry["text"] + " ".join(entry["then"]) for entry in cleo.history)
        assert "bid 13" not in texts and "bid 2" not in texts  # the bids stay hidden
        assert "your bid is 13" in ann.until_moves(2)["scene"]["status"]
        cleo.act({"type": "Bid", "value": 7}, after=0)
        cleo.until_moves(3)
        revealed = " ".join(" ".join(entry["then"]) for entry in cleo.history)
        assert "Ann's choice is revealed: bid 13" in revealed  # all shown once all chose
        for player in players.values():
            player.close()


def test_a_reconnect_keeps_your_answer(db: str) -> None:
    with live(db, FAST) as server:
        data = post(server.url, "/matches", {"game": "goofspiel", "players": 3, "seats": NAMES})
        players = _join(server, data)
        players[1].act({"type": "Bid", "value": 9}, after=0)
        players[0].until_moves(1)
        players[1].close()
        again = Player(server.ws_url(data["id"]))
        again.hello(data["invites"][1]["token"])
        state = again.until("state")
        assert "your bid is 9" in state["scene"]["status"] and not again.choices
        for player in (*players.values(), again):
            player.close()


def test_one_countdown_for_the_whole_moment_not_restarted_by_an_answer(db: str) -> None:
    settings = Settings(bot_think=(0, 0), clocks={"decision": 0.05}, rate=1000, burst=1000)
    with live(db, settings) as server:
        data = post(server.url, "/matches", {"game": "goofspiel", "players": 3, "seats": NAMES})
        players = _join(server, data)
        first = players[2].state
        assert first is not None and first["clock"]["kind"] == "decision"
        started = time.monotonic()
        time.sleep(0.8)
        players[0].act({"type": "Bid", "value": 5}, after=0)
        after = players[2].until_moves(1)
        assert after["clock"]["seconds"] <= first["clock"]["seconds"] - 0.5
        assert after["clock"]["waiting_for"] == [1, 2]
        # When it runs out, the silent seats bid their lowest card (GOPS-09): one moment closed.
        state = players[2].until_moves(3, timeout=10)
        assert time.monotonic() - started < first["clock"]["seconds"] + 1.5
        assert state["scene"]["status"].startswith("Round 2 of 13")
        for player in players.values():
            player.close()


def test_bots_answer_without_waiting_for_the_person(db: str) -> None:
    settings = Settings(bot_think=(0.05, 0.2), clocks={}, rate=1000, burst=1000)
    seats = [{"name": "Ann"}, {"bot": "heuristic"}, {"bot": "random"}]
    with live(db, settings) as server:
        data = post(server.url, "/matches", {"game": "goofspiel", "players": 3, "seats": seats})
        table = server.app.state.hub.tables[data["id"]]
        ann = Player(server.ws_url(data["id"]))
        ann.hello(data["invites"][0]["token"])
        state = ann.until_moves(2, timeout=10)  # both bots chose; Ann has not
        assert "have chosen; waiting for you" in state["scene"]["status"]
        assert sorted(seat for seat, _ in table.match.log) == [1, 2]
        ann.act({"type": "Bid", "value": 1}, after=0)
        ann.until_moves(5, timeout=10)  # round 2: the bots again answered without waiting
        assert not _errors(ann)
        ann.close()


# -- races: two people answer the same moment at the same instant -------------------------------

#: Races run (13 per match: one per round of each match, over one server).
RACES = 100
#: How long the racers wait after the moment opened before they answer: the clock has run
#: down by at least this much when an answer arrives, unless an answer restarted it.
WAIT = 0.025


def _bid_pattern(value: int) -> re.Pattern[str]:
    """A bid of ``value`` on the wire: as an action's JSON, or in words ("bid 9")."""
    return re.compile(
        rf'"type"\s*:\s*"Bid"\s*,\s*"value"\s*:\s*{value}\b'
        rf'|"value"\s*:\s*{value}\s*,\s*"type"\s*:\s*"Bid"'
        rf"|\bbid {value}\b",
        re.IGNORECASE,
    )


def _boxes_of(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The zones shown in ``seat``'s panel of a state's scene."""
    (panel,) = [panel for panel in state["scene"]["seats"] if panel["seat"] == seat]
    boxes: list[dict[str, Any]] = panel["zones"]
    return boxes


def _states(raw: list[str]) -> list[dict[str, Any]]:
    return [message for message in map(json.loads, raw) if message["type"] == "state"]


def _without_own_menu(raw: list[str]) -> str:
    """The messages' text without the choices offered to the connection's own seat: those are
    its own bids (its card 9 may be the value the other bid), checked on their own."""
    texts = []
    for text in raw:
        message = json.loads(text)
        if message["type"] == "state":
            message["scene"] = {**message["scene"], "actions": None}
        texts.append(text if message["type"] != "state" else json.dumps(message))
    return "\n".join(texts)


def test_a_hundred_races_both_answers_accepted_neither_seen_before_the_reveal_one_clock(
    db: str, record_property: Any
) -> None:
    """Issue #38 on the wire: Ann and Bob send their sealed bids back to back from their own
    connections (prepared first, then two sends in a row; who sends first alternates) while
    Cleo waits, a hundred times over one server, 13 rounds per match."""
    settings = attrs.evolve(FAST, clocks={"decision": 1.0})  # 60 s: no moment closes by itself
    gaps: list[int] = []  # nanoseconds from the start of one send to the start of the other
    races = 0
    with live(db, settings) as server:
        while races < RACES:
            data = post(server.url, "/matches", {"game": "goofspiel", "players": 3, "seats": NAMES})
            table = server.app.state.hub.tables[data["id"]]
            # No compression: the racers' frames are written to their sockets ready-made.
            players = _join(server, data, compression=None)
            ann, cleo = players[0], players[2]
            for round_ in range(1, 14):
                if races == RACES:
                    break
                moves = 3 * (round_ - 1)
                opening = {seat: p.until_moves(moves) for seat, p in players.items()}
                assert all(state["moves"] == moves for state in opening.values())
                seen = {seat: len(p.raw) for seat, p in players.items()}
                # Ann bids the round's number, Bob the next: never the same card value, so
                # a value found on Ann's wire can only be Bob's bid, and the other way round.
                bids = {0: round_, 1: round_ % 13 + 1}
                # Each answer framed beforehand (the client's own send takes about 0.2 ms to
                # lock, frame and mask): the two sends are then two writes to two sockets.
                frames = {
                    seat: masked_frame(
                        json.dumps(
                            {"type": "act", "act": {"type": "Bid", "value": v}, "after": moves}
                        ).encode()
                    )
                    for seat, v in bids.items()
                }
                order = (0, 1) if round_ % 2 else (1, 0)
                first, second = (players[seat].ws.socket for seat in order)
                one, two = (frames[seat] for seat in order)
                clock = table._moment  # the moment's one clock, as the table armed it
                assert clock is not None
                deadline = clock.deadline
                time.sleep(WAIT)
                began = time.perf_counter_ns()
                first.sendall(one)
                between = time.perf_counter_ns()
                second.sendall(two)
                gaps.append(between - began)
                # Both answers accepted: the moment now waits for Cleo alone.
                for seat, player in players.items():
                    state = player.until_moves(moves + 2)
                    assert state["moves"] == moves + 2, (round_, seat)
                    assert state["clock"]["waiting_for"] == [2], (round_, seat, state["clock"])
                for seat in (0, 1):
                    window = players[seat].raw[seen[seat] :]
                    assert not [m for m in window if '"type":"error"' in m], (round_, seat)
                    other = 1 - seat
                    # Nothing of the moment's messages holds the other's bid: not as JSON,
                    # not in words, and the other's cards look as before it chose; the seat's
                    # own menu offers its own bids as before (or none once it chose).
                    leaked = _bid_pattern(bids[other]).findall(_without_own_menu(window))
                    assert not leaked, (round_, seat, leaked)
                    for state in _states(window):
                        assert _boxes_of(state, other) == _boxes_of(opening[seat], other)
                        menu = state["scene"]["actions"]
                        assert menu in ([], opening[seat]["scene"]["actions"]), (round_, seat)
                cleo_window = _without_own_menu(cleo.raw[seen[2] :])
                assert not _bid_pattern(bids[0]).search(cleo_window)
                assert not _bid_pattern(bids[1]).search(cleo_window)
                # One clock for the moment: the table's is the one armed when it opened, its
                # deadline unmoved; on the wire, each answer's state shows it run down by at
                # least the racers' wait (seconds are rounded to 0.01), never restarted.
                assert table._moment is clock and clock.deadline == deadline, round_
                for seat, player in players.items():
                    start = opening[seat]["clock"]
                    for state in _states(player.raw[seen[seat] :]):
                        shown = state["clock"]
                        assert shown["kind"] == start["kind"] == "decision"
                        assert shown["seconds"] < start["seconds"] - 0.01, (round_, seat)
                cleo.act({"type": "Bid", "value": cleo.choices[0]["value"]}, after=moves + 2)
                # The reveal: now Ann's wire does say Bob's bid (the check above can see it).
                ann.until_moves(moves + 3)
                after = "\n".join(ann.raw[seen[0] :])
                assert f"Bob's choice is revealed: bid {bids[1]}" in after
                assert _bid_pattern(bids[1]).search(after)
                races += 1
            for player in players.values():
                player.close()
    gaps.sort()
    micro = [gaps[i] / 1000 for i in (0, len(gaps) // 2, len(gaps) * 9 // 10, -1)]
    summary = (
        f"{len(gaps)} races; from the start of one send to the start of the other: "
        "min {:.0f} µs, median {:.0f} µs, 90% within {:.0f} µs, max {:.0f} µs".format(*micro)
    )
    record_property("race_gaps", summary)
    print(summary)
