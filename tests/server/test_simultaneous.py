"""A moment where everyone answers on their own at the networked table (issue #38): Goofspiel's
sealed bids (GOPS-04, GOPS-05) over a real uvicorn, real websockets and a real store.

Every waited-for person may answer at once (all accepted, none "too late"); each sees who has
chosen but not what; one countdown for the whole moment; a reconnect keeps your answer; bots
answer without waiting for the people.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from wire import FAST, Player, live, post

from tablecards.server import Settings

pytestmark = [pytest.mark.server, pytest.mark.slow]

NAMES = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}]


def _join(server: Any, data: dict[str, Any]) -> dict[int, Player]:
    players = {}
    for invite in data["invites"]:
        player = Player(server.ws_url(data["id"]))
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
