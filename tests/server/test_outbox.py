"""A connection's outbox: messages in order, a bounded backlog, a slow client dropped."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import tablecards
from tablecards.server._hub import Hub
from tablecards.server._outbox import CLOSE, Outbox
from tablecards.server._table import Settings
from tablecards.server.store import open_store


def test_messages_come_out_in_order_and_wake_the_reader() -> None:
    async def run() -> list[object]:
        box = Outbox(8)
        got: list[object] = []

        async def reader() -> None:
            while (message := await box.get()) is not CLOSE:
                got.append(message)

        task = asyncio.ensure_future(reader())
        await asyncio.sleep(0)  # the reader waits on an empty outbox
        for n in range(5):
            assert box.put(f"m{n}")
        await asyncio.sleep(0)
        box.put({"type": "pong"})
        box.close()
        await asyncio.wait_for(task, 5)
        return got

    assert asyncio.run(run()) == ["m0", "m1", "m2", "m3", "m4", {"type": "pong"}]


def test_a_full_outbox_refuses_and_close_still_fits() -> None:
    async def run() -> None:
        box = Outbox(3)
        assert [box.put(n) for n in "abcd"] == [True, True, True, False]
        assert len(box) == 3
        box.close()  # the last waiting message makes room: the reader closes after a, b
        assert len(box) == 3
        assert [await box.get() for _ in range(3)] == ["a", "b", CLOSE]

    asyncio.run(run())


def test_a_cancelled_reader_leaves_the_outbox_usable() -> None:
    async def run() -> None:
        box = Outbox(4)
        waiting = asyncio.ensure_future(box.get())
        await asyncio.sleep(0)
        waiting.cancel()
        await asyncio.sleep(0)
        assert box.put("after")  # the cancelled waiter is not woken, nor does it fail
        assert await asyncio.wait_for(box.get(), 5) == "after"

    asyncio.run(run())


def test_a_client_that_does_not_read_is_dropped_and_the_match_goes_on(tmp_path: Path) -> None:
    """A client whose messages pile up (nothing sends them) is dropped once ``queue`` wait:
    its outbox never holds more, ends with CLOSE, and the other seats are still told."""

    async def run() -> None:
        store = await open_store(tmp_path / "slow.db")
        settings = Settings(queue=4, bot_think=(0, 0))
        hub = Hub(store, settings, tablecards.load_game)
        try:
            match_id, _ = await hub.create({"game": "hit", "players": 2}, seed=7)
            table = hub.tables[match_id]
            slow = table.attach(None, None)  # a spectator whose pump never runs
            reader = table.attach(0, None)
            got: list[object] = []
            for _ in range(6):
                seat = table.match.waiting_for[0]
                action = table.match.legal_actions(seat)[0]
                await table.act(seat, table.match.action_json(action), table.match.moves)
                while len(reader.outbox):
                    got.append(await reader.outbox.get())
                assert len(slow.outbox) <= settings.queue
            assert slow not in table._clients
            assert [await slow.outbox.get() for _ in range(len(slow.outbox))][-1] is CLOSE
            states = [json.loads(m) for m in got if isinstance(m, str)]
            # The reading seat heard the state it joined at, then every move.
            assert [state["moves"] for state in states] == list(range(7))
        finally:
            hub.close()
            await store.aclose()

    asyncio.run(run())
