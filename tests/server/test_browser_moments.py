"""Moments that flow, in a real headless Chromium (Playwright driving Debian's ``chromium``):
a Stop draw phase goes on card after card while the person at the page never clicks (STOP-06,
turn 3 real-time reading), and the page is sent each moment's clock (its kind, the seconds left
and whom it waits for) to draw the countdown from.

Without a browser these tests skip on a workstation, but fail under ``CI=true`` (as
``test_browser.py``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from wire import live, post

from tablecards.server import Settings

pytestmark = pytest.mark.browser


def test_a_stop_draw_phase_flows_in_the_browser_without_a_click(
    browser: Any, tmp_path: Path
) -> None:
    """STOP-06: Ann opens her link and never clicks, and nobody else is there; with the
    server's default clocks the draws go on by themselves, each Stop! window closing after its
    reaction time, and her page receives every window's countdown."""
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}]  # Bob, Cleo: not there
    with live(tmp_path / "t.db", Settings()) as server:
        # Bob holds the red token (STOP-06): Ann may call in every Stop! window.
        body = {"game": "stop", "players": 3, "seats": seats, "options": {"first_player": 1}}
        data = post(server.url, "/matches", body)
        table = server.app.state.hub.tables[data["id"]]
        context = browser.new_context(viewport={"width": 1100, "height": 800})
        page = context.new_page()
        errors: list[str] = []
        clocks: list[dict[str, Any]] = []
        page.on("pageerror", lambda error: errors.append(str(error)))

        def frames(socket: Any) -> None:
            def received(payload: str | bytes) -> None:
                message = json.loads(payload)
                if message.get("type") == "state":
                    clocks.append({"moves": message["moves"], "clock": message.get("clock")})

            socket.on("framereceived", received)

        page.on("websocket", frames)
        page.goto(server.url + data["invites"][0]["url"])
        page.wait_for_function("document.body.innerText.length > 0")
        started = time.monotonic()
        texts = [page.inner_text("body")]
        hands = []
        while time.monotonic() - started < 9:
            time.sleep(0.5)
            texts.append(page.inner_text("body"))
            hands.append(sum(len(hand) for hand in table.match.state.hands))
        declined = [seat for seat, action in table.match.log if seat == 0]
        context.close()
    # The draws went on, one card per window: the hands grew and the page with them, while
    # the clock declined for Ann each time.
    assert hands[-1] >= hands[0] + 3 and hands == sorted(hands), hands
    assert len(declined) >= 3
    assert len(set(texts)) > 3
    assert not errors, errors
    # Every Stop! window was sent with its countdown and whom it waits for.
    windows = [entry["clock"] for entry in clocks if entry["clock"] is not None]
    reactions = [clock for clock in windows if clock["kind"] == "reaction"]
    assert len(reactions) >= 3
    assert all(0 < clock["seconds"] <= 1.8 for clock in reactions)
    assert any(0 in clock["waiting_for"] for clock in reactions)  # Ann, who never answered
