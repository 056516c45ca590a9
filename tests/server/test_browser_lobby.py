"""The life of a match in a real headless Chromium: several people, each in a browser context.

Join from the lobby with a chosen name, see who is here, chat, play to the end, play again,
look back after a restart, "no such match", clicks kept while disconnected and "your turn" in
the tab. The moves of the match itself are played by websocket clients holding the seats' keys
(read from each page), choosing from the server's match: what is tested here is around the
table, not how the table draws the game.
"""

from __future__ import annotations

import json
import random
import sqlite3
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pages import open_page, shot, watched, wrong_words
from playwright.sync_api import Error as PlaywrightError
from wire import LiveServer, Player, live, post

import tablecards

pytestmark = pytest.mark.browser

NO_SUCH = "nosuchmatch1"
EVIL = "<script>window.pwned=1</script>"


def wait(predicate: Callable[..., bool], what: str, *args: Any, timeout: float = 30) -> None:
    """Poll ``predicate(*args)`` from Python (the page's CSP forbids evaluated string
    predicates)."""
    deadline = time.monotonic() + timeout
    while not predicate(*args):
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def here(page: Any, timeout: float = 10) -> str:
    """Where the page is (read in the page: ``page.url`` may lag behind a scripted move).

    A page that is navigating has no context to read in for a moment: asked then, it is
    asked again once the new document is there."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return str(page.evaluate("location.href"))
        except PlaywrightError as error:
            if "navigat" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def token_of(page: Any) -> str:
    fragment = here(page).split("#seat=", 1)
    assert len(fragment) == 2, here(page)
    return str(fragment[1])


def match_of(page: Any) -> str:
    return here(page).split("/play/")[1].split("#")[0]


def presence(page: Any) -> list[str]:
    return [li.inner_text() for li in page.query_selector_all("#presence li")]


def play_out(server: LiveServer, match: str, tokens: dict[int, str]) -> None:
    """The seats' keys play the match to its end, each mover choosing among its legal actions."""
    players = {}
    for seat, token in tokens.items():
        player = Player(server.ws_url(match))
        player.hello(token)
        player.until("state")
        players[seat] = player
    table = server.app.state.hub.tables[match]
    rng = random.Random(7)
    while not table.match.is_over:
        moves = table.match.moves
        # The seats the moment waits for: a Stop seat that passed may have nothing to play.
        seat = rng.choice(table.match.waiting_for or table.match.to_act)
        action = rng.choice(table.match.legal_actions(seat))
        players[seat].act(table.match.action_json(action), after=moves)
        for player in players.values():
            player.until_moves(moves + 1)
    for player in players.values():
        player.close()


def take_a_seat(browser: Any, server: LiveServer, name: str, seat: int) -> Any:
    page = open_page(browser, server.url + "/")
    page.wait_for_selector("#open-seats button.take")
    page.fill("#my-name", name)
    page.click(f"#open-seats button.take[data-seat='{seat}']")
    page.wait_for_url("**/play/**#seat=**")
    page.wait_for_selector("#presence li")
    return page


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "t.db")


def test_join_from_the_lobby_chat_play_again_and_look_back_after_a_restart(
    browser: Any, db: str
) -> None:
    with live(db) as server:
        creator = open_page(browser, server.url + "/")
        creator.select_option("#game", "stop")
        creator.select_option("#players", "3")
        creator.fill("[data-option=tokens_to_win]", "1")  # one blue token wins: a short match
        creator.fill("#name0", "Ann")
        creator.select_option("#kind1", "open")
        creator.select_option("#kind2", "open")
        creator.click("#create")
        creator.wait_for_selector("a.invite")
        assert "2 open seats wait in the lobby" in creator.inner_text("#created")
        (link,) = [a.get_attribute("href") for a in creator.query_selector_all("a.invite")]
        ann = watched(creator.context.new_page())
        ann.goto(link)
        ann.wait_for_selector("#presence li")
        bob = take_a_seat(browser, server, "Bob", 1)
        cleo = take_a_seat(browser, server, "Cleo", 2)
        match = match_of(ann)
        assert match_of(bob) == match_of(cleo) == match
        # The name is remembered by the browser, the seat's key kept with the match.
        assert bob.evaluate("localStorage.getItem('tablecards:name')") == "Bob"
        assert bob.evaluate(f"localStorage.getItem('tablecards:seat:{match}')") == token_of(bob)
        wait(
            lambda: presence(ann) == ["Ann (you): here", "Bob: here", "Cleo: here"],
            f"everybody here: {presence(ann)}",
        )
        shot(bob, "lobby-joined-bob")

        # Chat: a <script> is shown as text, never run; everybody reads it, signed by the seat.
        bob.fill("#chat-text", EVIL)
        bob.press("#chat-text", "Enter")
        for page in (ann, bob, cleo):
            wait(lambda p: bool(p.query_selector_all("#chat-lines li")), "chat", page)
            line = page.inner_text("#chat-lines li")
            assert EVIL in line and line.startswith("You: " if page is bob else "Bob: ")
            assert page.evaluate("window.pwned") is None
            assert page.query_selector("#chat-lines script") is None
        shot(cleo, "chat-cleo")

        # Presence changes when a tab closes, and back when it opens again.
        cleo_context = cleo.context
        cleo.close()
        wait(lambda: "Cleo: away" in presence(ann), f"Cleo away: {presence(ann)}")
        cleo = watched(cleo_context.new_page())
        cleo.goto(server.url + f"/play/{match}")  # no fragment: the kept key opens her seat
        wait(lambda: "Cleo: here" in presence(ann), f"Cleo back: {presence(ann)}")
        assert "Cleo (you): here" in presence(cleo)

        tokens = {1: token_of(bob), 0: token_of(ann)}
        tokens[2] = cleo.evaluate(f"localStorage.getItem('tablecards:seat:{match}')")
        play_out(server, match, tokens)
        for page in (ann, bob, cleo):
            page.wait_for_selector("#standings li")
            page.wait_for_selector("#rematch")
        result = server.app.state.hub.tables[match].match.result
        assert result is not None
        winner = ["Ann", "Bob", "Cleo"][result.winners[0]]
        assert "winner" in ann.inner_text("#standings li.winner")
        assert winner in ann.inner_text("#standings li.winner")
        shot(ann, "finished-ann")

        # Play again: one click each, and all land in the same new match, each in their seat.
        for page in (ann, bob, cleo):
            page.click("#rematch")
        for page in (ann, bob, cleo):
            wait(lambda p: match_of(p) != match, "moved to the new match", page)
        again = match_of(ann)
        assert match_of(bob) == match_of(cleo) == again
        assert len({token_of(page) for page in (ann, bob, cleo)}) == 3
        for page, name in ((ann, "Ann"), (bob, "Bob"), (cleo, "Cleo")):
            wait(lambda p, n: f"{n} (you): here" in presence(p), name, page, name)
        new_table = server.app.state.hub.tables[again]
        assert new_table.names == ["Ann", "Bob", "Cleo"]
        shot(bob, "rematch-bob")

        # The finished match is listed in the lobby with its result.
        lobby = open_page(browser, server.url + "/")
        lobby.wait_for_selector("#finished li a")
        listed = lobby.inner_text("#finished")
        assert "Stop: Ann, Bob, Cleo" in listed and f"{winner} won" in listed
        assert not wrong_words(lobby.inner_text("main"))  # no move number, as issue 41 had
        shot(lobby, "lobby-finished")
        for page in (lobby, creator, ann, bob, cleo):
            assert not [e for e in page.errors if "WebSocket" not in e], page.errors
            page.context.close()

    with live(db) as server:  # a restart: finished matches are not rebuilt until looked at
        page = open_page(browser, server.url + f"/play/{match}")
        page.wait_for_selector("#standings li")
        standings = page.inner_text("#standings")
        assert all(name in standings for name in ("Ann", "Bob", "Cleo"))
        assert page.query_selector("#rounds") is not None
        assert not wrong_words(page.inner_text("main"))
        assert page.inner_text("#chat-lines li").startswith("Bob: ")
        wait(lambda: len(page.query_selector_all("#log li")) >= result.moves, "the whole log")
        shot(page, "looking-back")
        page.context.close()


def test_an_unknown_match_says_so_and_stops_reconnecting(browser: Any, db: str) -> None:
    with live(db) as server:
        page = open_page(browser, "about:blank")
        sockets: list[Any] = []
        page.on("websocket", lambda socket: sockets.append(socket))  # noqa: PLW0108 (Playwright needs a Python function)
        page.goto(server.url + f"/play/{NO_SUCH}")
        page.wait_for_selector("#no-such-match")
        time.sleep(2.5)  # a page that reconnects would have tried again by now (0.5 s, 1 s)
        assert len(sockets) == 1
        assert "No such match" in page.inner_text("main")
        assert page.title().startswith("No such match")
        shot(page, "no-such-match")
        page.context.close()


def test_a_click_while_disconnected_is_sent_on_reconnection_or_told_not_sent(
    browser: Any, db: str
) -> None:
    body = {"game": "hit", "players": 2, "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    with live(db) as server:
        port = server.port
        matches = [post(server.url, "/matches", body) for _ in range(2)]
        seed = server.app.state.hub.tables[matches[1]["id"]].record.seed
        pages = [open_page(browser, server.url + m["invites"][0]["url"]) for m in matches]
        for page in pages:  # Hit: Ann, the first seat, starts (HIT-03)
            page.wait_for_selector("#presence li")
            wait(lambda p: p.title().startswith("● Your turn"), "your turn in the tab", page)
            assert page.get_attribute("#icon", "href") == "/static/icon-turn.svg"
        pages[0].click("#sound")  # a tone made by the page; off by default
        assert pages[0].get_attribute("#sound", "aria-pressed") == "true"
        assert pages[1].get_attribute("#sound", "aria-pressed") == "false"
    for page in pages:
        wait(lambda p: "lost" in p.inner_text("#status").lower(), "server gone", page)
        page.click("#actions button")  # while the server is down
        assert "will be sent" in page.inner_text("#notice")
    # Meanwhile the second match moves on (as if Ann played from another tab, elsewhere).
    replica = tablecards.Match("hit", 2, seed)
    played = json.dumps(replica.action_json(replica.legal_actions(0)[0]))
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO actions (match, number, seat, action) VALUES (?, 1, 0, ?)",
            (matches[1]["id"], played),
        )
    with live(db, port=port) as server:
        sent, stale = (server.app.state.hub.tables[m["id"]] for m in matches)
        wait(lambda: sent.match.moves == 1, "the kept click was sent on reconnection")
        wait(lambda: "Sent the choice" in pages[0].inner_text("#notice"), "told it was sent")
        wait(lambda: "Not sent" in pages[1].inner_text("#notice"), "told it was not sent")
        assert stale.match.moves == 1  # only the move made elsewhere
        shot(pages[1], "kept-click-not-sent")
    for page in pages:
        assert not [e for e in page.errors if "WebSocket" not in e and "ERR_" not in e], page.errors
        page.context.close()


def test_the_tab_icons_are_served_as_svg_under_the_pages_policy(db: str) -> None:
    with live(db) as server:
        for name in ("icon.svg", "icon-turn.svg"):
            with urllib.request.urlopen(f"{server.url}/static/{name}", timeout=10) as answer:
                assert answer.headers["content-type"] == "image/svg+xml"
                assert answer.read().startswith(b"<svg")
