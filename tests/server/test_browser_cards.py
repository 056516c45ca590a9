"""Every card readable at a phone's 390 px and a desktop's 1280 px, in a real chromium.

Issue 41: in a fanned hand Hattrick's 11, 13 and 16 read "1" plus a sliver on a phone, Ex &
Hopp's 11 reads "1", and on a desktop the second digit was half clipped. Two people play each
game (one on each width) while bots fill the other seats; at each state the pages draw (the
first ``STATES`` of a long match), every card's rank must be wholly in sight (not clipped by its
card, not covered by the next card), and the page's words are checked against the list of
words put right (``pages.WRONG_WORDS``). The
Back button of a two-step choice reads as a button, not as a card face down. Screenshots of each
game's hand at both widths are kept as artefacts (see ``pages.py``).
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from pages import (
    ARTIFACTS,
    PHONE,
    check_page,
    hidden_ranks,
    is_over,
    moves,
    open_page,
)
from wire import FAST, LiveServer, get, live, post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDE = {"width": 1280, "height": 860}
SETTINGS = attrs.evolve(FAST, bot_think=(0.02, 0.05))
#: States checked per game (both pages together), at most: the hands are fullest at the start,
#: and a whole Ex & Hopp match is hundreds of states (80 s of the suite for nothing new).
STATES = 60

#: Per game: its bots' seats and options short enough to end soon; the two people sit first.
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "hit": (3, {"rounds": 1}),
    "stop": (3, {"tokens_to_win": 2}),
    "exhopp": (3, {}),
    "hattrick": (4, {"rounds": 1}),
    # The examples' games show at the table too.
    "climb": (2, {}),
    "courtiers": (3, {}),
    "goofspiel": (2, {}),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live(tmp_path_factory.mktemp("cards") / "t.db", SETTINGS) as server:
        yield server


@pytest.mark.parametrize("game", list(GAMES))
def test_every_rank_is_wholly_in_sight_at_390_and_1280_px(
    browser: Any, server: LiveServer, game: str
) -> None:
    players, options = GAMES[game]
    info = next(g for g in get(server.url, "/api/games") if g["name"] == game)
    names = ["Ann", "Bob", "Cleo", "Dan"][:players]
    seats = [{"name": names[0]}, {"name": names[1]}] + [
        {"name": name, "bot": info["bots"][0]} for name in names[2:]
    ]
    body = {"game": game, "players": players, "seats": seats, "options": options}
    data = post(server.url, "/matches", body)
    table = server.app.state.hub.tables[data["id"]]
    owners = {zone.name: zone.owner for zone in table.match.state.zones()}
    links = {invite["seat"]: server.url + invite["url"] for invite in data["invites"]}
    pages = {"1280": open_page(browser, links[0], WIDE), "390": open_page(browser, links[1], PHONE)}
    for page in pages.values():
        page.wait_for_selector("#me .zone")
    for width, page in pages.items():
        assert hidden_ranks(page) == [], f"{game} at {width} px"
        page.locator("#me").screenshot(path=str(artefact(f"cards-{game}-{width}")))
    rng = random.Random(game)
    checked = dict.fromkeys(pages, -2)
    states = backs = 0
    deadline = time.monotonic() + 90
    while (
        not all(is_over(page) for page in pages.values())
        and states < STATES
        and time.monotonic() < deadline
    ):
        for width, page in pages.items():
            seen = moves(page)
            if seen != checked[width]:
                checked[width] = seen
                states += 1
                check_page(page, names, owners, f"{game} at {width} px, move {seen}")
            backs += back_reads_as_a_button(page, f"{game} at {width} px")
        if not any(click_a_choice(page, rng) for page in pages.values()):
            time.sleep(0.03)
    # A short match may end in a few states: each page is checked at its end too.
    for width, page in pages.items():
        check_page(page, names, owners, f"{game} at {width} px, at the end")
    assert states >= 4, f"{game}: too few states drawn"
    if game == "exhopp":  # every lay takes two steps (Stop's raises and share-out: when met)
        assert backs, f"{game}: no two-step choice was opened"
    for page in pages.values():
        assert not [e for e in page.errors if "WebSocket" not in e], page.errors
        page.context.close()


def click_a_choice(page: Any, rng: random.Random) -> bool:
    """Choose one of the page's choices, both steps of a two-step choice; ``False`` when it
    offers none now."""
    from playwright.sync_api import Error

    for _ in range(3):  # a first step, then its second step
        buttons = page.query_selector_all("#actions button.act:not([disabled])")
        if not buttons:
            return False
        button = rng.choice(buttons)
        try:
            more = "more" in (button.get_attribute("class") or "")
            button.click(timeout=2000)
        except Error:  # redrawn under the click: the state moved on
            return False
        if not more:
            return True
    return True


def back_reads_as_a_button(page: Any, where: str) -> int:
    """Open a two-step choice if the page offers one: its Back button is drawn as a button
    (no card back's stripes), then goes back. 1 when one was opened, else 0."""
    from playwright.sync_api import Error

    more = page.query_selector("#actions button.act.more:not([disabled])")
    if more is None:
        return 0
    try:
        more.click(timeout=1000)
        back = page.wait_for_selector("#actions .chosen button", timeout=1000)
    except Error:  # redrawn under the click: the state moved on
        return 0
    looks = back.evaluate(
        """(b) => ({image: getComputedStyle(b).backgroundImage, text: b.innerText,
                    card: b.classList.contains('card') || b.matches('.card.back')})"""
    )
    assert looks["image"] == "none" and not looks["card"], f"{where}: {looks}"
    assert looks["text"] == "Back", f"{where}: {looks}"
    with contextlib.suppress(Error):  # redrawn under the click: nothing to go back from
        back.click(timeout=1000)
    return 1


def artefact(name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / f"{name}.png"
