"""The rules and the lobby in a real headless Chromium, at 390 and 1280 px (issue 41, 2 and 8).

Every game's rules open from the lobby and from the table, drawn as a page (headings, lists,
tables: never the Markdown); the creator of a match is seated from its creation; the first
player is chosen counting from 1; bots are named in words; the examples wait until asked for;
an open match beyond the lobby's first page is found; every choice has a key; a spectator is
told who reads the chat.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import PHONE, open_page, shot, wait_for
from wire import LiveServer, live, post

import tablecards

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAMES = ("hit", "stop", "exhopp", "hattrick")
DESKTOP = {"width": 1280, "height": 900}
SIZES = {"phone": PHONE, "desktop": DESKTOP}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with live(tmp_path / "t.db") as server:
        yield server


def headings(game: str) -> list[str]:
    """The headings of ``tablecards rules GAME``'s text, without their Markdown."""
    text = tablecards.registry().games[game].cls.rules_text() or ""
    found = [line.lstrip("#").strip() for line in text.splitlines() if re.match(r"#{1,6} ", line)]
    return [re.sub(r"[*`]", "", heading) for heading in found]


def check_rules(page: Any, root: str, game: str) -> None:
    """The rules under ``root`` are the game's, drawn as a page: its headings as headings, its
    lists as lists, no Markdown left in the words, nothing clipped sideways."""
    page.wait_for_selector(f"{root} .rules h2")
    drawn = [h.inner_text() for h in page.query_selector_all(f"{root} .rules :is(h1,h2,h3,h4)")]
    assert drawn == headings(game)
    assert page.query_selector_all(f"{root} .rules li"), "lists drawn as lists"
    text = page.inner_text(f"{root} .rules")
    assert "**" not in text and "## " not in text and "`" not in text
    # The rules name the options as `tablecards rules` does (`first_player`): set as code.
    assert page.query_selector_all(f"{root} .rules code"), "code spans drawn as code"
    assert "[object" not in text and "undefined" not in text
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("size", SIZES)
def test_every_games_rules_open_from_the_lobby_and_from_the_table(
    browser: Any, server: LiveServer, size: str
) -> None:
    for game in GAMES:
        lobby = open_page(browser, server.url + "/", SIZES[size])
        lobby.wait_for_selector("#games li")
        card = lobby.inner_text(f"#games li[data-game={game}]")
        cls = tablecards.registry().games[game].cls
        assert cls.summary in card and cls.length in card
        assert f"{cls.min_players} to {cls.max_players} players" in card
        lobby.click(f"#games li[data-game={game}] a.rules-link")
        lobby.wait_for_url(f"**/rules/{game}")
        check_rules(lobby, "main", game)
        assert lobby.title() == f"{cls.title}: the rules — tablecards"
        shot(lobby, f"rules-{game}-{size}")
        lobby.click("text=Back to the lobby")
        lobby.wait_for_selector("#games li")
        assert not lobby.errors, lobby.errors
        lobby.context.close()

        players = cls.min_players
        data = post(server.url, "/matches", {"game": game, "players": players})
        match = server.app.state.hub.tables[data["id"]].match
        mover = match.to_act[0]
        invite = next(i for i in data["invites"] if i["seat"] == mover)
        table = open_page(browser, server.url + invite["url"], SIZES[size])
        table.wait_for_selector("#actions button")
        moves = match.moves
        table.click("#rules-open")
        check_rules(table, "#rules-dialog", game)
        table.keyboard.press("1")  # a key under the open rules chooses nothing at the table
        shot(table, f"table-rules-{game}-{size}")
        table.keyboard.press("Escape")
        wait_for(
            lambda p=table: not p.evaluate("document.getElementById('rules-dialog').open"), "closed"
        )
        assert match.moves == moves
        # Every choice has its own key, the tenth and later too (a Hattrick lead of 15 cards).
        keys = [
            b.get_attribute("data-key") for b in table.query_selector_all("#actions button.act")
        ]
        assert keys and None not in keys and len(set(keys)) == len(keys)
        if game == "hattrick":
            assert len(keys) > 9
        assert not table.errors, table.errors
        table.context.close()


def test_the_creator_is_seated_and_the_first_player_counts_from_1(
    browser: Any, server: LiveServer
) -> None:
    lobby = open_page(browser, server.url + "/", PHONE)
    lobby.wait_for_selector("#games li")
    titles = [o.inner_text() for o in lobby.query_selector_all("#game option")]
    assert sorted(titles) == ["Ex & Hopp", "Hattrick", "Hit!", "Stop"]  # no example until asked
    lobby.check("#show-examples")
    titles = [o.inner_text() for o in lobby.query_selector_all("#game option")]
    assert titles[4:] == ["Climb (example)", "Courtiers (example)", "Goofspiel (example)"]
    lobby.uncheck("#show-examples")
    lobby.select_option("#game", "hit")
    lobby.select_option("#players", "3")
    seats = [o.inner_text() for o in lobby.query_selector_all("[data-option=first_player] option")]
    assert seats == ["Seat 1", "Seat 2", "Seat 3"]  # counted from 1, as the seats below
    lobby.select_option("[data-option=first_player]", "2")
    bots = [o.inner_text() for o in lobby.query_selector_all("#kind1 option")][3:]
    assert bots == [
        "Random bot — the easiest",
        "Steady bot — a fair opponent",
        "Strong bot — the hardest, and slower",
    ]
    assert lobby.input_value("#kind0") == "you"
    lobby.fill("#name0", "Ann")
    lobby.select_option("#kind1", "heuristic")
    assert lobby.input_value("#name1") == "Steady bot 2"
    assert "draws while the odds favour it" in lobby.inner_text("#hint1")
    lobby.select_option("#kind2", "open")
    shot(lobby, "lobby-form-phone")
    lobby.click("#create")
    lobby.wait_for_selector("#my-seat")
    assert "You play as Ann" in lobby.inner_text("#created")
    (link,) = [a.get_attribute("href") for a in lobby.query_selector_all("a.invite")]
    match = link.split("/play/")[1].split("#")[0]
    table = server.app.state.hub.tables[match]
    assert table.record.options["first_player"] == 1  # "Seat 2", 0-based underneath
    assert table.names[:2] == ["Ann", "Steady bot 2"]
    assert lobby.evaluate(f"localStorage.getItem('tablecards:seat:{match}')") == link.split("=")[1]
    text = lobby.inner_text("main")
    assert not re.search(r"\b(heuristic|ismcts|first player 0)\b", text), text
    lobby.click("#my-seat")  # no key in the address: the one kept at creation opens the seat
    lobby.wait_for_selector("#presence li")
    wait_for(lambda: "Ann (you): here" in lobby.inner_text("#presence"), "Ann seated")
    assert lobby.inner_text("#where").startswith("Hit! — you are Ann")
    assert not lobby.errors, lobby.errors
    lobby.context.close()

    # A spectator who writes in the chat is told that only spectators read it.
    watcher = open_page(browser, server.url + f"/play/{match}", DESKTOP)
    watcher.wait_for_selector("#chat-form")
    readers = watcher.inner_text("#chat-readers")
    assert readers.startswith("Only the other spectators read what you write here")
    shot(watcher, "spectator-chat")
    watcher.context.close()


def test_an_open_match_beyond_the_lobbys_first_page_is_found(
    browser: Any, server: LiveServer
) -> None:
    waiting = {"game": "hit", "players": 2, "seats": [{"name": "Ann"}, {"open": True}]}
    oldest = post(server.url, "/matches", waiting)["id"]
    for _ in range(55):
        post(server.url, "/matches", waiting)
    lobby = open_page(browser, server.url + "/", DESKTOP)
    lobby.wait_for_selector("#open-seats button.take")
    assert len(lobby.query_selector_all("#open-seats li")) == 56
    assert len(lobby.query_selector_all("#matches li")) == 50  # the first page ...
    lobby.click("#more-matches")  # ... and the next on demand
    wait_for(lambda: len(lobby.query_selector_all("#matches li")) == 56, "the second page")
    assert lobby.is_hidden("#more-matches")
    shot(lobby, "lobby-many-open")
    lobby.fill("#my-name", "Bob")
    lobby.click(f"#open-seats button.take[data-match='{oldest}']")
    lobby.wait_for_url(f"**/play/{oldest}#seat=**")
    lobby.wait_for_selector("#presence li")
    assert server.app.state.hub.tables[oldest].names == ["Ann", "Bob"]
    assert not [e for e in lobby.errors if "WebSocket" not in e], lobby.errors
    lobby.context.close()


def test_the_rules_of_a_game_not_installed_say_so(browser: Any, server: LiveServer) -> None:
    page = open_page(browser, server.url + "/rules/chess", PHONE)
    page.wait_for_selector("#no-rules")
    text = page.inner_text("main")
    assert "No game called 'chess' is installed here" in text and "Hit!" in text
    assert page.query_selector("main a[href='/']") is not None
    assert not [e for e in page.errors if "404" not in e], page.errors
    page.context.close()
