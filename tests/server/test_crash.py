"""SIGKILL the server in the middle of several matches; nothing acknowledged is lost."""

from __future__ import annotations

import random
import signal
import sqlite3
from pathlib import Path
from typing import Any

from wire import Player, post, server_process, ws

GAMES = [
    ("hit", [{"name": "Ann"}, {"bot": "random"}, {"name": "Cleo"}]),
    ("stop", [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}, {"name": "Dan"}]),
    ("exhopp", [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}]),
]


def test_sigkill_in_the_middle_loses_no_acknowledged_action(db: str) -> None:
    rng = random.Random(9)
    with server_process(db) as (process, url):
        matches = []
        for game, seats in GAMES:
            data = post(url, "/matches", {"game": game, "players": len(seats), "seats": seats})
            clients: dict[int, Player] = {}
            for invite in data["invites"]:
                client = Player(ws(url, data["id"]))
                client.hello(invite["token"])
                client.until("state")
                clients[invite["seat"]] = client
            matches.append((data, clients))
        for _ in range(25):  # acknowledged play: every act waits for its new state
            for _data, clients in matches:
                step(clients, rng, wait=True)
        for _data, clients in matches:  # then acts in flight when the server dies
            step(clients, rng, wait=False)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    acked = {data["id"]: seen_log(clients) for data, clients in matches}
    assert all(len(log) >= 25 for log in acked.values())

    with server_process(db) as (_process, url):
        for data, clients in matches:
            watcher = Player(ws(url, data["id"]))
            watcher.hello()
            watcher.until("state")
            full = [entry["seat"] for entry in watcher.log]
            # Every action any client was told of is there, in the same place.
            assert full[: len(acked[data["id"]])] == [seat for seat, _ in acked[data["id"]]]
            for invite in data["invites"]:
                old = clients[invite["seat"]]
                assert old.state is not None
                since = old.state["moves"]
                back = Player(ws(url, data["id"]))
                back.hello(invite["token"], since=since)
                state = back.until("state")
                # Resumed: the moves it missed arrive as log entries and events, nothing older.
                assert [entry["move"] for entry in state["log"]] == list(
                    range(since + 1, state["moves"] + 1)
                )
                assert all(event["move"] > since for event in state["events"])
                fresh = Player(ws(url, data["id"]))
                fresh.hello(invite["token"])
                assert fresh.until("state")["view"] == state["view"]
                # What this seat was told before the crash is exactly the start of its log now.
                assert fresh.log[: len(old.log)] == old.log
                if state["moves"] == since:
                    assert state["view"] == old.state["view"]  # the same screen as before
                fresh.close()
                clients[invite["seat"]] = back
                old.close()
            watcher.close()
        # Every match goes on after the restart.
        for _data, clients in matches:
            before = next(iter(clients.values())).state
            assert before is not None
            for _ in range(3):
                step(clients, rng, wait=True)
            after = next(iter(clients.values())).state
            assert after is not None and after["moves"] > before["moves"]
            for client in clients.values():
                client.close()


def step(clients: dict[int, Player], rng: random.Random, *, wait: bool) -> None:
    """One human seat to act plays a random legal action (after the bots are done)."""
    any_client = next(iter(clients.values()))
    state = any_client.state
    assert state is not None
    if state["result"] is not None:
        return None
    humans = [seat for seat in state["view"]["to_act"] if seat in clients]
    if not humans:  # a bot is thinking: its action will arrive
        any_client.until_moves(state["moves"] + 1)
        return step(clients, rng, wait=wait)
    for seat in humans:
        if clients[seat].state["moves"] != state["moves"]:  # type: ignore[index]
            clients[seat].until_moves(state["moves"])
    # A Stop seat that passed may act but may have nothing to play (STOP-13).
    humans = [seat for seat in humans if clients[seat].state["legal"]]  # type: ignore[index]
    if not humans:
        any_client.until_moves(state["moves"] + 1)
        return step(clients, rng, wait=wait)
    actor = clients[rng.choice(humans)]
    assert actor.state is not None
    actor.act(rng.choice(actor.state["legal"])["act"])
    if wait:
        for client in clients.values():
            client.until_moves(state["moves"] + 1)
    return None


def seen_log(clients: dict[int, Player]) -> list[tuple[int, Any]]:
    """The longest log any client of a match was sent: each entry was acknowledged."""
    longest = max((client.log for client in clients.values()), key=len)
    return [(entry["seat"], entry["act"]) for entry in longest]


def test_the_store_is_in_wal_mode(tmp_path: Path) -> None:
    db = tmp_path / "wal.db"
    with server_process(db) as (_process, url):
        post(url, "/matches", {"game": "hit", "players": 2})
    with sqlite3.connect(db) as check:
        assert check.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
