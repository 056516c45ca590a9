"""What a server holds: one message text per seat and change, and finished matches leave memory.

A real uvicorn on 127.0.0.1 (port 0) in a thread, real websocket clients, both stores.
"""

from __future__ import annotations

import gc
import random
import time
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
from wire import LiveServer, Player, actors, live, post

from tablecards.server._chat import room_for


@pytest.fixture(scope="module")
def server(module_db: str) -> Iterator[LiveServer]:
    with live(module_db) as server:
        yield server


def connect(server: LiveServer, match_id: str, token: str | None) -> Player:
    player = Player(server.ws_url(match_id))
    player.hello(token)
    player.until("state")
    return player


def states(player: Player) -> list[str]:
    return [text for text in player.raw if text.startswith('{"type":"state"')]


def test_connections_of_one_seat_receive_the_same_text(server: LiveServer) -> None:
    data = post(server.url, "/matches", {"game": "stop", "players": 3})
    tokens = {invite["seat"]: invite["token"] for invite in data["invites"]}
    players = {seat: connect(server, data["id"], token) for seat, token in tokens.items()}
    tab = connect(server, data["id"], tokens[0])  # seat 0's second tab
    watchers = [connect(server, data["id"], None) for _ in range(2)]
    rng = random.Random(29)
    for moves in range(1, 6):
        actor = players[rng.choice(actors(players))]
        actor.act(rng.choice(actor.choices))
        for client in [*players.values(), tab, *watchers]:
            client.until_moves(moves)
    # From the first shared change on, both tabs and both spectators got identical texts.
    assert states(tab)[1:] == states(players[0])[-len(states(tab)) + 1 :]
    assert states(watchers[0])[-5:] == states(watchers[1])[-5:]
    # ... which are not another seat's.
    assert states(players[0])[-1] != states(players[1])[-1] != states(watchers[0])[-1]
    for client in [*players.values(), tab, *watchers]:
        client.close()


def wait_until(condition: Any, seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_finished_match_leaves_memory_when_its_last_client_leaves(server: LiveServer) -> None:
    hub = server.app.state.hub
    data = post(server.url, "/matches", {"game": "hit", "players": 2})
    match_id = data["id"]
    players = {i["seat"]: connect(server, match_id, i["token"]) for i in data["invites"]}
    watcher = connect(server, match_id, None)
    server.loop_call(room_for(hub.tables[match_id]))  # its chat room, as a page would open
    table = weakref.ref(hub.tables[match_id])
    rng = random.Random(3)
    moves = 0
    while players[0].state is not None and players[0].state["result"] is None:
        actor = players[rng.choice(actors(players))]
        actor.act(rng.choice(actor.choices))
        moves += 1
        for client in [*players.values(), watcher]:
            client.until_moves(moves)
    result = players[0].state["result"] if players[0].state else None
    assert result is not None
    for client in players.values():
        client.close()
    time.sleep(0.3)
    assert match_id in hub.tables  # a spectator still watches
    watcher.close()
    assert wait_until(lambda: match_id not in hub.tables)
    # Nothing else keeps it (its chat room refers to it weakly).
    server.loop_call(_collect())
    assert table() is None
    # It is rebuilt on demand, as it was.
    again = connect(server, match_id, None)
    assert again.state is not None
    assert again.state["moves"] == moves and again.state["result"] == result
    assert match_id in hub.tables
    again.close()


async def _collect() -> None:
    gc.collect()
