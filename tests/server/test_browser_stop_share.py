"""Stop's share-out and log in a real headless Chromium (Playwright driving Debian's
``chromium``), at a phone's width and a desktop's (issue 41): the winner shares six cards out
in three clicks, one card to Bob and the rest kept (STOP-15), and the log then tells the
draws without a line for the declines (STOP-06).

Without a browser these tests skip on a workstation, but fail under ``CI=true`` (as
``test_browser.py``).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import attrs
import pytest
from pages import PHONE, open_page, shot, wait_for
from wire import FAST, Player, live, post

from tablecards import Game
from tablecards_stop import ArrangedStop, StopState

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.server]

NAMES = ["Ann", "Bob", "Cleo", "Dan"]
#: The draws go on by themselves after their Stop! window; the auction and the share-out wait.
CLOCKS = attrs.evolve(FAST, clocks={"reaction": 1.0, "decision": None, "turn": None})
WIDE = {"width": 1280, "height": 900}


def load_game(name: str, **options: Any) -> Game[Any]:
    """Bob calls Stop! with three 3s; Cleo answers with three 4s and wins (STOP-14)."""
    assert name == "stop"
    return ArrangedStop(hands={1: [3, 3, 3, 2], 2: [4, 4, 4, 2], 3: [2]}, red=0, **options)


def to_share_out(server: Any) -> tuple[str, str, Any]:
    """A match of four people in Cleo's share-out of six cards; her link and the table."""
    body = {"game": "stop", "players": 4, "seats": [{"name": name} for name in NAMES]}
    data = post(server.url, "/matches", body)
    table = server.app.state.hub.tables[data["id"]]
    tokens = {invite["seat"]: invite["token"] for invite in data["invites"]}
    players = {}
    # Bob first, and his call at once: the Stop! window's clock runs from the first person in.
    for seat in (1, 2, 3):
        players[seat] = Player(server.ws_url(data["id"]))
        players[seat].hello(tokens[seat])
        players[seat].until("state")
        if seat == 1:
            players[1].act({"type": "CallStop"}, after=0)
            players[1].until_moves(1)
    for player in players.values():
        player.until_moves(1)
    plays: list[tuple[int, dict[str, Any]]] = [
        (1, {"type": "Bid", "value": 3, "count": 3}),
        (2, {"type": "Bid", "value": 4, "count": 3}),
        (1, {"type": "Pass"}),
        (3, {"type": "Pass"}),
        (2, {"type": "Pass"}),
    ]
    for number, (seat, act) in enumerate(plays, start=2):
        players[seat].act(act, after=number - 1)
        for player in players.values():
            player.until_moves(number)
    for player in players.values():
        player.close()
    invite = next(i for i in data["invites"] if i["seat"] == 2)
    return data["id"], invite["url"], table


def click(page: Any, text: str) -> None:
    """Click the decision's button whose label is ``text``."""
    page.locator("button.act", has_text=re.compile(f"^\\d?{re.escape(text)}$")).click()


@pytest.mark.parametrize(("size", "label"), [(PHONE, "390"), (WIDE, "1280")])
def test_stop_15_six_cards_shared_out_in_three_clicks_and_the_log_reads_well(
    browser: Any, tmp_path: Path, size: dict[str, int], label: str
) -> None:
    """STOP-15: "Give a 4" then "To Bob", then "Keep them all": three clicks for six cards;
    the log says "Cleo gives a 4 to Bob" and "Cleo keeps three 3s and two 4s" (never "gives a
    3 to Cleo"), and afterwards the draws, with no "does not call Stop" line (STOP-06)."""
    with live(tmp_path / "t.db", CLOCKS, load_game=load_game) as server:
        _, url, table = to_share_out(server)
        page = open_page(browser, server.url + url, size)
        page.wait_for_selector("#prompt")
        assert "share out the six cards" in page.inner_text("#prompt")
        shot(page, f"stop-share-out-{label}")
        clicks = 0
        for text in ("Give a 4 (three left)", "To Bob"):
            click(page, text)
            clicks += 1
        wait_for(lambda: table.match.moves == 7, "the first gift")
        click(page, "Keep them all (five cards)")
        clicks += 1
        wait_for(lambda: table.match.moves == 8, "the rest kept")
        state = table.match.state
        assert isinstance(state, StopState)
        assert clicks == 3 and not any(zone.cards for zone in state.bids)
        # The draws go on by themselves; the log tells them, and not the declines.
        wait_for(lambda: table.match.moves >= 16, "a few draws", timeout=40)
        time.sleep(0.5)
        log = page.inner_text(".log")
        shot(page, f"stop-log-{label}")
        assert not page.errors, page.errors
    assert "Cleo gives a 4 to Bob" not in log  # Cleo reads herself as "you"
    assert "You give a 4 to Bob" in log and "You keep three 3s and two 4s" in log, log
    assert not re.search(r"(?i)gives? an? \S+ to (you|Cleo)\b", log), log
    assert "not call Stop" not in log and "draws a card" in log, log
