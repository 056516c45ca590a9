"""Every game played to its end from the table page, in a real chromium, by clicking.

Two people play (one on a wide screen, one on a 390 px phone), bots fill the other seats and a
spectator watches. At every state a page draws, its visible text is checked for raw data (JSON,
``null``, lists of numbers, snake_case words, ``undefined``, "seat N") and no zone of nobody may
carry a player's name; on the phone the decision and the player's hand start on the first
screen. Screenshots of each game are kept as artefacts (see ``pages.py``).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from pages import (
    DESKTOP,
    PHONE,
    check_page,
    is_over,
    moves,
    open_page,
    shot,
    wait_for,
)
from wire import FAST, LiveServer, live, post

pytestmark = pytest.mark.browser

#: Bots think a little, so the pages draw the states in between; every closing clock is off.
SETTINGS = attrs.evolve(FAST, bot_think=(0.05, 0.15))


@attrs.frozen
class Setup:
    """A small match of one game: people in two seats, bots in the others."""

    game: str
    seats: list[dict[str, str]]
    options: dict[str, Any] = attrs.field(factory=dict)


SETUPS = {
    "hit": Setup("hit", [{"name": "Ann"}, {"name": "Bob"}], {"rounds": 1}),
    "stop": Setup(
        "stop",
        [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo", "bot": "heuristic"}],
        {"tokens_to_win": 2},
    ),
    "exhopp": Setup(
        "exhopp", [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo", "bot": "random"}]
    ),
    "hattrick": Setup(
        "hattrick",
        [
            {"name": "Ann"},
            {"name": "Bob"},
            {"name": "Cleo", "bot": "heuristic"},
            {"name": "Dan", "bot": "random"},
        ],
        {"rounds": 1},
    ),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live(tmp_path_factory.mktemp("table") / "t.db", SETTINGS) as server:
        yield server


def create(server: LiveServer, setup: Setup) -> dict[str, Any]:
    body = {
        "game": setup.game,
        "players": len(setup.seats),
        "seats": setup.seats,
        "options": setup.options,
    }
    data: dict[str, Any] = post(server.url, "/matches", body)
    return data


def first_screen(page: Any) -> dict[str, float] | None:
    """Where the decision and the player's own panel start, and the screen's size; ``None``
    when the page offers no decision now (read at one instant, in the page)."""
    found: dict[str, float] | None = page.evaluate(
        """() => {
            if (!document.querySelector('#actions button.act')) return null;
            const top = (id) => document.getElementById(id).getBoundingClientRect().top
                + window.scrollY;
            return {actions: top('actions'), me: top('me'), height: window.innerHeight,
                    width: document.documentElement.scrollWidth};
        }"""
    )
    return found


def click_a_choice(page: Any, rng: random.Random) -> bool:
    """Choose one of the page's choices, by click or by its number key, both steps of a
    two-step choice; ``False`` when it offers none now."""
    from playwright.sync_api import Error

    for _ in range(3):  # a first step, then its second step
        buttons = page.query_selector_all("#actions button.act:not([disabled])")
        if not buttons:
            return False
        button = rng.choice(buttons)
        try:
            more = "more" in (button.get_attribute("class") or "")
            key = button.get_attribute("data-key")
            if key and rng.random() < 0.3:
                page.keyboard.press(key)  # the number keys press the buttons
            else:
                button.click(timeout=2000)
        except Error:  # redrawn under the click: the state moved on
            return False
        if not more:
            return True
    return True


@pytest.mark.parametrize("game", list(SETUPS))
def test_people_play_each_game_to_its_end_from_the_page(
    browser: Any, server: LiveServer, game: str
) -> None:
    setup = SETUPS[game]
    data = create(server, setup)
    table = server.app.state.hub.tables[data["id"]]
    names = [seat["name"] for seat in setup.seats]
    owners = {zone.name: zone.owner for zone in table.match.state.zones()}
    links = {invite["seat"]: server.url + invite["url"] for invite in data["invites"]}
    ann = open_page(browser, links[0], DESKTOP)
    bob = open_page(browser, links[1], PHONE)
    # Spectators watch on a phone for half the games, on a wide screen for the others.
    narrow = game in {"stop", "hattrick"}
    watcher = open_page(browser, server.url + data["watch"], PHONE if narrow else DESKTOP)
    pages = {"ann": ann, "bob-phone": bob, "spectator-phone" if narrow else "spectator": watcher}
    people = [ann, bob]
    rng = random.Random(game)
    checked = dict.fromkeys(pages, -2)
    states = 0
    shots_taken = False
    deadline = time.monotonic() + 150
    while not all(is_over(page) for page in pages.values()):
        assert time.monotonic() < deadline, f"{game}: the match did not end"
        for who, page in pages.items():
            seen = moves(page)
            if seen == checked[who]:
                continue
            checked[who] = seen
            states += 1
            check_page(page, names, owners, f"{game}, {who}, move {seen}")
            if page is not ann:
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= page.viewport_size["width"], f"{game}, {who}: scrolls sideways"
            screen = first_screen(page) if page is bob else None
            if screen is not None:
                assert screen["width"] <= PHONE["width"], f"{game}: the phone scrolls sideways"
                assert 0 <= screen["actions"] < screen["height"], screen
                assert screen["me"] < screen["height"], screen  # your cards on the first screen
        if not shots_taken and table.match.moves >= 5:
            shots_taken = True
            for who, page in pages.items():
                shot(page, f"{game}-middle-{who}")
        if not any(click_a_choice(page, rng) for page in rng.sample(people, 2)):
            time.sleep(0.03)
    assert states > 10
    for who, page in pages.items():
        text = check_page(page, names, owners, f"{game}, {who}, the end")
        assert "The match is over" in text
        shot(page, f"{game}-end-{who}")
    # After a reload, each page draws the same log, line for line.
    for page in (ann, watcher):
        before = page.inner_text("#log")
        page.reload()
        wait_for(lambda page=page: is_over(page), f"{game}: the reloaded page shows no end")
        assert page.inner_text("#log") == before
    for page in pages.values():
        assert not [e for e in page.errors if "WebSocket" not in e], page.errors
        page.context.close()


def test_the_log_is_the_same_after_a_reload_in_the_middle_of_a_match(
    browser: Any, server: LiveServer
) -> None:
    """A person reloads during play: the moves already shown come back in the same words,
    grouped the same way (each action with its consequences), newest at the top."""
    bots = [{"name": name, "bot": "heuristic"} for name in ("Bob", "Cleo", "Dan")]
    data = create(server, Setup("hattrick", [{"name": "Ann"}, *bots], {"rounds": 1}))
    table = server.app.state.hub.tables[data["id"]]
    link = server.url + data["invites"][0]["url"]
    ann = open_page(browser, link, DESKTOP)
    rng = random.Random(7)
    while table.match.moves < 12:
        if not click_a_choice(ann, rng):
            time.sleep(0.03)
    wait_for(lambda: moves(ann) == table.match.moves, "the page did not catch up")
    entries = log_entries(ann)
    assert [move for move, _ in entries] == sorted({m for m, _ in entries}, reverse=True)
    assert entries[-1][0] == 0  # the set-up is the oldest entry
    ann.reload()
    wait_for(lambda: moves(ann) >= entries[0][0], "the reloaded page did not catch up")
    again = log_entries(ann)
    assert [entry for entry in again if entry[0] <= entries[0][0]] == entries
    shot(ann, "hattrick-after-reload")
    ann.context.close()


def log_entries(page: Any) -> list[tuple[int, str]]:
    """The log as drawn: each move's number and its text (the action and its consequences)."""
    found = page.evaluate(
        """() => [...document.querySelectorAll('#log > li')].map(
            (li) => [Number(li.dataset.move), li.innerText])"""
    )
    return [(int(move), str(text)) for move, text in found]


def test_a_two_step_choice_keys_focus_and_the_cards_just_arrived(
    browser: Any, server: LiveServer
) -> None:
    """Ex & Hopp's lay is chosen in two steps (which card, then where); the number keys press
    the buttons they show, Escape goes back a step, the focus stays on the decision after an
    update, and the cards that arrived with the last move are marked."""
    bots = [{"name": name, "bot": "heuristic"} for name in ("Bob", "Cleo")]
    data = create(server, Setup("exhopp", [{"name": "Ann"}, *bots], {"first_player": 0}))
    table = server.app.state.hub.tables[data["id"]]
    ann = open_page(browser, server.url + data["invites"][0]["url"], DESKTOP)
    ann.wait_for_selector("#actions button.act.more")
    first = ann.evaluate(
        """() => [...document.querySelectorAll('#actions button.act')].map(
            (b) => [b.dataset.key ?? '', b.querySelector('kbd')?.innerText ?? ''])"""
    )
    shown = [key for key, _ in first]
    assert shown[:9] == [str(n) for n in range(1, min(len(shown), 9) + 1)]
    assert all(key == mark for key, mark in first if key)  # the key is written on its button
    assert not ann.query_selector(".chosen")
    more = ann.query_selector("#actions button.act.more")
    assert more is not None
    ann.keyboard.press(more.get_attribute("data-key"))
    ann.wait_for_selector(".chosen")
    assert "You chose" in ann.inner_text(".chosen")
    second = ann.query_selector_all("#actions button.act")
    assert second and second[0].get_attribute("data-key") == "1"
    assert not ann.query_selector("#actions button.act.more")  # the last step plays
    ann.keyboard.press("Escape")
    wait_for(lambda: ann.query_selector(".chosen") is None, "Escape did not go back a step")
    assert table.match.moves == 0  # nothing was played by looking
    ann.query_selector("#actions button.act.more").click()
    ann.wait_for_selector(".chosen")
    ann.keyboard.press("1")
    wait_for(lambda: moves(ann) >= 1, "the two-step choice was not played")
    assert table.match.moves >= 1 and table.match.log[0][0] == 0
    # The card Ann laid lies in the middle, marked as new there.
    wait_for(lambda: ann.query_selector("#middle .card.new") is not None, "no new card shown")
    # When her turn comes again, the focus is on the decision, ready for the keys.
    wait_for(
        lambda: (
            ann.query_selector("#actions button.act:not([disabled])") is not None
            and moves(ann) == table.match.moves
        ),
        "Ann's turn did not come back",
        30,
    )
    assert ann.evaluate("document.getElementById('actions').contains(document.activeElement)")
    shot(ann, "exhopp-two-step")
    assert not [e for e in ann.errors if "WebSocket" not in e], ann.errors
    ann.context.close()


def test_the_countdown_and_the_stop_call_under_the_thumb(browser: Any, tmp_path: Path) -> None:
    """STOP-06 with the server's default clocks: while Ann may call Stop!, her phone shows
    whom the window waits for and the seconds left, the call in a bar at the bottom of the
    screen; nobody clicks, and the draw goes on by itself. Nothing says "be quick"."""
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}]  # Bob, Cleo: not there
    with live(tmp_path / "t.db", attrs.evolve(FAST, clocks={})) as server:
        # Bob holds the red token (STOP-06): Ann may call in every Stop! window.
        body = {"game": "stop", "players": 3, "seats": seats, "options": {"first_player": 1}}
        data = post(server.url, "/matches", body)
        table = server.app.state.hub.tables[data["id"]]
        ann = open_page(browser, server.url + data["invites"][0]["url"], PHONE)
        wait_for(lambda: moves(ann) >= 0, "the page drew nothing")
        seen: list[dict[str, Any]] = []
        deadline = time.monotonic() + 20

        def enough() -> bool:
            calls = [s for s in seen if any("Call Stop!" in b for b in s["buttons"])]
            return len({s["moves"] for s in seen}) >= 4 and bool(calls)

        while time.monotonic() < deadline and not enough():
            seen.append(
                ann.evaluate(
                    """() => {
                        const box = document.getElementById('actions');
                        const rect = box.getBoundingClientRect();
                        return {moves: Number(document.getElementById('main').dataset.moves),
                                clock: document.getElementById('clock').innerText,
                                quick: box.classList.contains('quick') && !box.hidden,
                                bottom: rect.bottom, height: window.innerHeight,
                                buttons: [...box.querySelectorAll('button.act')].map(
                                    (b) => b.innerText),
                                text: document.body.innerText};
                    }"""
                )
            )
            time.sleep(0.1)
        shot(ann, "stop-countdown-phone")
        ann.context.close()
    assert table.match.moves >= 3  # the draws went on, one window after another, unclicked
    assert {type(action).__name__ for _, action in table.match.log} == {"Decline"}
    windows = [s for s in seen if s["quick"]]
    assert windows, "no Stop! window drawn"
    for window in windows:
        # The people's time banks follow the countdown (issue 40), by name.
        banks = r"(\. Time banks: you \d+:\d\d(, \w+ \d+:\d\d)+)?"
        # Ann's own time, told calmly as a fact (issue 41): not "Waiting for you".
        clock = r"You(, Cleo)? and \w+ have [0-2] s to choose" + banks
        assert re.fullmatch(clock, window["clock"]), window
        assert abs(window["bottom"] - window["height"]) < 1  # the bar sits at the bottom
    # (A window where Ann holds no value card offers only to let the draw go on.)
    assert any("Call Stop!" in text for window in windows for text in window["buttons"])
    assert len({s["clock"] for s in windows}) > 1  # it counts down
    for state in seen:
        assert not re.search(r"\b(be quick|hurry|race)\b", state["text"], re.IGNORECASE)
