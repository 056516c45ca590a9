"""The networked table drives the search bot as tablecards.play does (through bot_choice)."""

from __future__ import annotations

import asyncio
import functools
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from wire import FAST

from tablecards.server import create_app


@pytest.mark.slow
def test_an_ismcts_bot_plays_a_whole_match_at_the_table(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.db", settings=FAST)) as client:
        hub = client.app.state.hub
        body = {"game": "hit", "players": 2, "seats": [{"bot": "ismcts"}, {"bot": "random"}]}
        match_id, _ = client.portal.call(functools.partial(hub.create, body, seed=3))
        table = hub.tables[match_id]

        async def wait() -> None:
            table.attach(None, None)  # a match of bots alone plays while someone watches
            while not table.match.is_over:
                await asyncio.sleep(0.01)

        client.portal.call(asyncio.wait_for, wait(), 120)
        assert table.match.is_over
        assert any(seat == 0 for seat, _ in table.match.log)
