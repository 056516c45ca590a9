"""States leave at once: every seat's state of a move is queued in the same turn of the event
loop (issue 43)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import tablecards
from tablecards.server._hub import Hub
from tablecards.server._outbox import Outbox
from tablecards.server._table import Settings
from tablecards.server.store import open_store


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
