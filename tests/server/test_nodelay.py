"""States leave at once: ``TCP_NODELAY`` on every accepted websocket, and every seat's state of
a move queued in the same turn of the event loop (issue 43)."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path
from typing import Any

import pytest
from wire import LiveServer, Player, live, post

import tablecards
from tablecards.server._hub import Hub
from tablecards.server._outbox import Outbox
from tablecards.server._run import listening_socket
from tablecards.server._table import Settings
from tablecards.server.store import open_store


def _no_delay_of_accepted(server: LiveServer) -> list[int]:
    """``TCP_NODELAY`` of every websocket the server holds, read from the server's side."""

    async def read() -> list[int]:
        state = server.server.server_state
        values = []
        for protocol in state.connections:
            if "WebSocket" not in type(protocol).__name__:
                continue  # the match's creation: plain HTTP, already answered
            sock = protocol.transport.get_extra_info("socket")
            values.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        return values

    values: list[int] = server.loop_call(read())
    return values


@pytest.mark.server
def test_an_accepted_websocket_sends_without_delay_under_any_uvicorn(tmp_path: Path) -> None:
    """The test server binds its own socket without naming TCP (as ``uvicorn --fd`` or
    ``--workers`` do), so asyncio leaves Nagle's algorithm on: the app turns it off."""
    with live(tmp_path / "nodelay.db") as server:
        match = post(server.url, "/matches", {"game": "hit", "players": 2})
        players = []
        for invite in match["invites"]:
            player = Player(server.ws_url(match["id"]))
            player.hello(invite["token"])
            player.until("state")
            players.append(player)
        try:
            values = _no_delay_of_accepted(server)
            assert len(values) == 2
            assert all(value != 0 for value in values)
        finally:
            for player in players:
                player.close()


def test_tablecards_serve_listens_on_a_socket_named_tcp() -> None:
    """``tablecards serve``'s socket: asyncio sets ``TCP_NODELAY`` on what it accepts (plain
    HTTP too), read on the accepted connection's own socket."""

    async def run() -> int:
        sock = listening_socket("127.0.0.1", 0)
        sock.listen(8)
        accepted: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            own = writer.get_extra_info("socket")
            accepted.set_result(own.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(connected, sock=sock)
        async with server:
            port = sock.getsockname()[1]
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            value = await asyncio.wait_for(accepted, 10)
            writer.close()
        return value

    assert asyncio.run(run()) != 0


class _Turns:
    """Counts the event loop's turns: a callback that schedules itself again each turn."""

    def __init__(self) -> None:
        self.turn = 0
        self._loop = asyncio.get_running_loop()
        self._handle = self._loop.call_soon(self._tick)

    def _tick(self) -> None:
        self.turn += 1
        self._handle = self._loop.call_soon(self._tick)

    def stop(self) -> None:
        self._handle.cancel()


def test_every_seats_state_of_a_move_is_queued_in_one_turn(tmp_path: Path) -> None:
    """Between the acting seat's state and the others' nothing else may run: no await in the
    path from the commit to the last seat's outbox (each connection's pump is woken by it
    and writes in the next turn, all of them in that one)."""

    async def run() -> None:
        store = await open_store(tmp_path / "turns.db")
        hub = Hub(store, Settings(bot_think=(0, 0)), tablecards.load_game)
        turns = _Turns()
        queued: list[tuple[int | None, int, int]] = []  # (seat, moves, turn)

        class Recording(Outbox):
            seat: int | None = None

            def put(self, message: Any, size: int | None = None) -> bool:
                if isinstance(message, str) and message.startswith('{"type":"state"'):
                    moves = json.loads(message)["moves"]
                    queued.append((self.seat, moves, turns.turn))
                return super().put(message, size)

        try:
            match_id, _ = await hub.create({"game": "stop", "players": 4}, seed=3)
            table = hub.tables[match_id]
            for seat in (0, 1, 2, 3, None):
                client = table.attach(seat, None)
                client.outbox = Recording(64)
                client.outbox.seat = seat
            for _ in range(5):
                match = table.match
                seat = match.waiting_for[0]
                action = match.legal_actions(seat)[0]
                await table.act(seat, match.action_json(action), match.moves)
                await asyncio.sleep(0)  # a few turns between moves
                await asyncio.sleep(0)
        finally:
            turns.stop()
            hub.close()
            await store.aclose()
        by_move: dict[int, set[int]] = {}
        seats: dict[int, set[int | None]] = {}
        for seat, moves, turn in queued:
            by_move.setdefault(moves, set()).add(turn)
            seats.setdefault(moves, set()).add(seat)
        assert sorted(by_move) == [1, 2, 3, 4, 5]
        for moves, at in by_move.items():
            assert len(at) == 1, f"move {moves}'s states were queued over turns {sorted(at)}"
            assert seats[moves] == {0, 1, 2, 3, None}

    asyncio.run(run())
