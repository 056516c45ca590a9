"""When someone leaves the table, in a real headless Chromium, one browser context per person
(issue 40): in Hit! with two people and a bot, Bob closes his tab; once his time ran out Ann is
offered his seat, hands it to a bot, the bot plays it, the match goes on; Bob opens his link again
and plays his next decision himself; both histories tell the take-over and the return.

The server's own ``time_scale`` plays the table's minutes in seconds.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from pages import click, open_page, shot
from wire import FAST, LiveServer, live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Hit!'s 20 s turn in 1 s, its bank of two minutes in 6 s, "away" after 3 s.
SETTINGS = attrs.evolve(
    FAST,
    bot_think=(0.05, 0.1),
    clocks={"reaction": 1.0, "decision": 1.0, "turn": 1.0},
    time_scale=0.05,
    stand_in_after=None,
)


@pytest.fixture
def server(tmp_path: Any) -> Iterator[LiveServer]:
    with live(tmp_path / "t.db", SETTINGS) as server:
        yield server


def wait(predicate: Any, what: str, *pages: Any, timeout: float = 30) -> None:
    """Poll ``predicate()``; meanwhile each of ``pages`` plays its first choice when it has one
    (people who keep the match going)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, what
        for page in pages:
            click_first(page)
        time.sleep(0.05)


def click_first(page: Any) -> bool:
    """Click the page's first enabled choice, if it has one (a redraw may take it away)."""
    button = page.query_selector("#actions button:not([disabled])")
    return button is not None and click(button)


def seat_text(page: Any, seat: int) -> str:
    item = page.query_selector(f'#presence li[data-seat="{seat}"]')
    return "" if item is None else str(item.inner_text())


def log_text(page: Any) -> str:
    return str(page.inner_text("#log"))


def test_a_bot_plays_for_a_person_who_left_and_gives_the_seat_back(
    browser: Any, server: LiveServer
) -> None:
    lobby = open_page(browser, server.url + "/")
    lobby.select_option("#game", "hit")
    lobby.select_option("#players", "3")
    lobby.fill("[data-option=rounds]", "20")
    lobby.fill("#name0", "Ann")
    lobby.fill("#name1", "Bob")
    lobby.select_option("#kind2", "heuristic")
    lobby.select_option("#pace", "normal")
    assert "a bank of 2 min per player" in lobby.inner_text("#pace-text")
    lobby.click("#create")
    lobby.wait_for_selector("a.invite")
    links = [a.get_attribute("href") for a in lobby.query_selector_all("a.invite")]
    match = links[0].split("/play/")[1].split("#")[0]
    table = server.app.state.hub.tables[match]
    assert table.pace.name == "normal"
    lobby.context.close()

    ann = open_page(browser, links[0])
    bob = open_page(browser, links[1])
    for page in (ann, bob):
        page.wait_for_selector("#me .zone")
    assert ann.inner_text("#where") == "Hit! — you are Ann — normal pace"
    bob.context.close()  # Bob closes his tab
    wait(lambda: "away" in seat_text(ann, 1), "Ann sees Bob away", ann)

    # Bob's turn waits for him; his time and bank run out; Ann is offered his seat.
    wait(lambda: ann.query_selector("button.hand-over") is not None, "offered to Ann", ann)
    assert "out of time" in seat_text(ann, 1)
    shot(ann, "absence-offered")
    taken_at = table.match.moves
    ann.click("button.hand-over")
    wait(lambda: "a bot plays this seat" in seat_text(ann, 1), "a bot plays Bob's seat", ann)
    wait(
        lambda: any(seat == 1 for seat, _ in table.match.log[taken_at:]),
        "the bot played Bob's turn",
        ann,
    )
    assert not table.match.is_over
    shot(ann, "absence-bot-plays")

    # Bob opens his link again: the seat is his at his next decision.
    bob = open_page(browser, links[1])
    bob.wait_for_selector("#me .zone")
    wait(lambda: 1 not in table._standins, "Bob took his seat back", ann)
    back_at = table.match.moves
    wait(lambda: click_first(bob), "Bob's next decision", ann)
    wait(lambda: any(seat == 1 for seat, _ in table.match.log[back_at:]), "Bob played", ann, bob)
    first = next(n for n in range(back_at, table.match.moves) if table.match.log[n][0] == 1)
    assert first + 1 not in table._timed_out  # Bob's own click, not the clock's
    # Ann's page hears of the return a moment after the server: it reads so in time.
    wait(lambda: "a bot plays" not in seat_text(ann, 1), "Ann sees Bob play his seat", ann)
    wait(lambda: "is back" in log_text(ann), "Ann's history tells the return", ann)
    ann_log, bob_log = log_text(ann), log_text(bob)
    assert "Bob is away; you hand Bob's seat to a bot" in ann_log
    assert "Bob is back and plays Bob's seat again" in ann_log
    assert "You are away; Ann hands your seat to a bot" in bob_log
    assert "You are back and play your seat again" in bob_log
    shot(bob, "absence-back")
    assert ann.errors == [] and bob.errors == []
    ann.context.close()
    bob.context.close()
