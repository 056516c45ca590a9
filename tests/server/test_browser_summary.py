"""Round summaries in a real headless Chromium: for each game, Ann plays against bots until a
round (Ex & Hopp: a sequence) ends, and her page shows that round's summary with the figures of
the round, as the game's scene says them; she can close it and open it again. The last trick
or row stays on the table, and the final table says the match is over.

Screenshots (390 and 1280 px) go to ``$TABLECARDS_ARTIFACTS/browser/`` (see ``pages.py``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from pages import PHONE, check_page, moves, open_page, shot, wait_for
from wire import LiveServer, live, post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDE = {"width": 1280, "height": 900}
#: The motion the summary arrived with.
MOTION = "getComputedStyle(document.getElementById('summary')).animationName"
#: Whether the summary's table fits its box (nothing to scroll sideways).
FITS = """(() => {
    const box = document.getElementById('summary');
    return box.scrollWidth <= box.clientWidth;
})()"""

#: Each game: its players, its options, and the group that keeps the last trick or row.
GAMES: dict[str, tuple[int, dict[str, Any], str | None]] = {
    "hit": (2, {"rounds": 2}, None),  # a bust shows only when one happens
    "stop": (3, {"tokens_to_win": 2}, "last-round"),
    "exhopp": (2, {}, "finished"),
    "hattrick": (4, {"rounds": 1}, "last-trick"),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live(tmp_path_factory.mktemp("summary") / "t.db") as server:
        yield server


def summary_shown(page: Any) -> bool:
    return bool(page.evaluate("!(document.getElementById('summary')?.hidden ?? true)"))


def page_rows(page: Any) -> list[list[str]]:
    """The summary's table as Ann reads it: the head row, then a row per seat."""
    rows: list[list[str]] = page.evaluate(
        """() => [...document.querySelectorAll('#summary tr')].map(
            (tr) => [...tr.children].map((cell) => cell.innerText.trim()))"""
    )
    return rows


def play_until_a_summary(page: Any, table: Any) -> None:
    """Ann clicks her first choice (a first step, then its first choice) until a summary
    opens on her page."""
    deadline = time.monotonic() + 150
    while not summary_shown(page):
        assert time.monotonic() < deadline, "no round summary appeared"
        buttons = page.query_selector_all("#actions button.act:not([disabled])")
        if buttons:
            try:
                buttons[0].click(timeout=2000)
            except Exception:  # redrawn under the click: the next screen is read again
                continue
        else:
            time.sleep(0.02)


def settled(page: Any, table: Any) -> None:
    """Wait until the table waits for Ann (or is over) and her page shows its last move."""

    def still() -> bool:
        match = table.match
        waits = match.is_over or 0 in match.to_act
        return waits and moves(page) == match.moves

    wait_for(still, "Ann's page did not catch up with the table", 30)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_round_summary_appears_with_the_round_s_figures(
    browser: Any, server: LiveServer, game: str
) -> None:
    players, options, last_group = GAMES[game]
    seats = [{"name": "Ann"}] + [{"bot": "random"} for _ in range(players - 1)]
    data = post(
        server.url,
        "/matches",
        {"game": game, "players": players, "seats": seats, "options": options},
    )
    table = server.app.state.hub.tables[data["id"]]
    size = PHONE if game in ("hit", "exhopp") else WIDE
    page = open_page(browser, server.url + data["invites"][0]["url"], size)
    page.wait_for_selector("#me .zone")
    play_until_a_summary(page, table)
    settled(page, table)
    scene = table.match.scene(0, table.names)
    summary = scene["summary"]
    assert summary is not None
    # The page shows the table's latest summary, figure for figure.
    assert page.inner_text("#summary h2") == summary["title"]
    assert page_rows(page) == [
        ["Player", *summary["columns"]],
        *[[row["name"], *row["cells"]] for row in summary["rows"]],
    ]
    assert summary["rows"][0]["name"] == "You"
    text = check_page(page, table.names, {}, f"{game} summary")
    if summary["note"]:
        assert summary["note"] in text
    if last_group is not None:
        # The page draws the group exactly when the scene holds it. Stop keeps the last round
        # only while the next one draws, and Ann's turn may come after a bot called Stop!.
        kept = any(group["id"] == last_group for group in scene["middle"])
        assert kept or game == "stop", f"{game}: the scene does not keep {last_group}"
        drawn = page.query_selector(f'[data-group="{last_group}"]') is not None
        assert drawn == kept, f"{game}: the page and the scene disagree on {last_group}"
    # It arrived with a motion, which a system asking for less motion does without.
    assert page.evaluate(MOTION) == "summary-in"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(MOTION) == "none"
    for width, view in (("phone", PHONE), ("wide", WIDE)):
        page.set_viewport_size(view)
        # Every figure in view, at 390 px too: the table fits its box, no scrolling sideways.
        assert page.evaluate(FITS), f"{game}: the summary is wider than its box at {width}"
        shot(page, f"summary-{game}-{width}")
    # Closed, it stays reachable from its button.
    page.click("#summary .summary-close")
    assert not summary_shown(page)
    assert summary["title"] in page.inner_text("#summary-open")
    page.click("#summary-open")
    assert summary_shown(page)
    assert not [e for e in page.errors if "WebSocket" not in e], page.errors
    page.context.close()


def test_the_final_hattrick_table_says_the_match_is_over(browser: Any, server: LiveServer) -> None:
    """HAT-08, HAT-11: a one-round match played to its end: the last trick stays on view, and
    nothing says a trick or a round is still to play."""
    seats = [{"name": "Ann"}] + [{"bot": "random"} for _ in range(3)]
    body = {"game": "hattrick", "players": 4, "seats": seats, "options": {"rounds": 1}}
    data = post(server.url, "/matches", body)
    table = server.app.state.hub.tables[data["id"]]
    page = open_page(browser, server.url + data["invites"][0]["url"], PHONE)
    page.wait_for_selector("#me .zone")
    play_until_a_summary(page, table)
    settled(page, table)
    assert table.match.is_over
    wait_for(lambda: not page.evaluate("document.getElementById('result').hidden"), "no result")
    assert "The match is over" in page.inner_text("#result")
    text = " ".join(page.inner_text(part) for part in ("#status", "#middle", "#me", "#others"))
    assert "no pile yet" not in text and "this round" not in text and "leads" not in text
    assert "Last trick (round 1, trick 14)" in text
    for width, view in (("phone", PHONE), ("wide", WIDE)):
        page.set_viewport_size(view)
        shot(page, f"summary-hattrick-end-{width}")
    page.context.close()
