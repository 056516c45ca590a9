"""The page in a real headless Chromium (Playwright driving Debian's ``chromium``).

Screenshots are kept in ``$TABLECARDS_ARTIFACTS/browser/`` (see ``pages.py``). Without a
browser these tests skip on a workstation, but fail under ``CI=true``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from pages import PHONE, click, is_over, open_page, shot, wait_for, wrong_words
from wire import LiveServer, live, post

pytestmark = pytest.mark.browser

EVIL = "<script>window.pwned=1</script>"
EVIL_TOO = "<b>Ann</b><img src=x onerror=pwned=2>"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live(tmp_path_factory.mktemp("browser") / "t.db") as server:
        yield server


def test_create_a_hit_match_and_play_it_to_the_end_by_clicks(
    browser: Any, server: LiveServer
) -> None:
    lobby = open_page(browser, server.url + "/")
    lobby.select_option("#game", "hit")
    lobby.select_option("#players", "2")
    lobby.fill("[data-option=rounds]", "1")  # the game's options, typed by their defaults
    lobby.fill("#name0", EVIL_TOO)
    lobby.fill("#name1", EVIL)
    shot(lobby, "lobby")
    lobby.click("#create")
    lobby.wait_for_selector("a.invite")
    links = [a.get_attribute("href") for a in lobby.query_selector_all("a.invite")]
    created = server.app.state.hub.tables[links[0].split("/play/")[1].split("#")[0]]
    assert created.record.options["rounds"] == 1 and created.match.players == 2
    assert len(links) == 2 and all("#seat=" in link for link in links)
    ann = open_page(browser, links[0])
    bob = open_page(browser, links[1], PHONE)
    for page in (ann, bob):
        page.wait_for_selector("#me .zone")
    # The name is shown as text, never run as markup.
    assert EVIL in bob.inner_text("#where")
    assert EVIL_TOO in ann.inner_text("#where")
    assert bob.query_selector("#where img") is None and ann.query_selector("#where b") is None
    assert ann.evaluate("window.pwned") is None and bob.evaluate("window.pwned") is None
    assert bob.evaluate("document.scripts.length") == 1
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # fits
    shot(ann, "hit-start-ann")
    shot(bob, "hit-start-bob-phone")
    clicks = 0
    deadline = time.monotonic() + 120
    while not is_over(ann):
        assert time.monotonic() < deadline, "the match did not end"
        for page in (ann, bob):
            buttons = page.query_selector_all("#actions button:not([disabled])")
            if buttons:
                if clicks % 2 and len(buttons) > 1:
                    page.keyboard.press("2")  # keyboard: the number keys play the actions
                elif not click(buttons[0]):
                    break  # redrawn under the click: the next screen is read again
                clicks += 1
                if clicks == 10:
                    shot(page, "hit-middle")
                break
        else:
            time.sleep(0.02)
    # Polled from Python: a string predicate in wait_for_function needs eval in the page, which
    # the page's Content-Security-Policy forbids (it failed whenever bob was not there yet).
    wait_for(lambda: is_over(bob), "bob's page did not show the end of the match", 30)
    for page in (ann, bob):
        assert "The match is over" in page.inner_text("#result")
        assert page.inner_text("#status")  # who won, in words
    assert clicks > 5
    assert ann.query_selector_all("#log li")
    shot(ann, "hit-end-ann")
    shot(bob, "hit-end-bob-phone")
    for page in (lobby, ann, bob):
        assert not [e for e in page.errors if "WebSocket" not in e], page.errors
        page.context.close()


def test_two_seats_race_to_call_stop(browser: Any, server: LiveServer) -> None:
    """STOP-06: any eligible player may call Stop!; the first call to arrive wins."""
    data = post(
        server.url,
        "/matches",
        {
            "game": "stop",
            "players": 3,
            "seats": [{"name": "Red"}, {"name": "Ann"}, {"name": "Bob"}],
        },
    )
    pages = {
        invite["seat"]: open_page(browser, server.url + invite["url"]) for invite in data["invites"]
    }
    for page in pages.values():
        page.wait_for_selector("#me .zone")
    table = server.app.state.hub.tables[data["id"]]
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "no moment where seats 1 and 2 may both call Stop!"
        calls = {seat: stop_button(pages[seat]) for seat in (1, 2)}
        if all(calls.values()) and table.match.to_act == (1, 2):
            break
        for seat in table.match.to_act:
            button = pages[seat].query_selector("#actions button:not([disabled])")
            if button is not None and "Call Stop" not in (button.inner_text() or ""):
                button.click()
                break
            other = pages[seat].query_selector("#actions button:has-text('Let the draw go on')")
            if other is not None and not all(calls.values()):
                other.click()
                break
        time.sleep(0.05)
    moves = table.match.moves
    shot(pages[1], "stop-before-race")
    # Both click at the same instant: each click carries the screen it was made on.
    when = pages[1].evaluate("Date.now() + 300")
    for seat in (1, 2):
        pages[seat].evaluate(
            """(when) => {
                const button = [...document.querySelectorAll('#actions button')]
                    .find((b) => b.textContent.includes('Call Stop!'));
                setTimeout(() => button.click(), when - Date.now());
            }""",
            when,
        )
    deadline = time.monotonic() + 10
    while table.match.moves == moves or not any(
        "too late" in pages[seat].inner_text("#alert").lower() for seat in (1, 2)
    ):
        assert time.monotonic() < deadline, "no answer to the race"
        time.sleep(0.05)
    winner = table.match.log[moves][0]
    loser = 3 - winner
    assert type(table.match.log[moves][1]).__name__ == "CallStop"
    assert "too late" in pages[loser].inner_text("#alert").lower()
    # What came first, in words: no move number (issue 41).
    assert "Stop!" in pages[loser].inner_text("#alert")
    assert not wrong_words(pages[loser].inner_text("#alert"))
    assert "too late" not in pages[winner].inner_text("#alert").lower()
    calls_applied = [a for _, a in table.match.log[moves:] if type(a).__name__ == "CallStop"]
    assert len(calls_applied) == 1
    shot(pages[winner], "stop-race-winner")
    shot(pages[loser], "stop-race-loser")
    for page in pages.values():
        page.context.close()


def stop_button(page: Any) -> bool:
    return any(
        "Call Stop!" in (b.inner_text() or "") for b in page.query_selector_all("#actions button")
    )
