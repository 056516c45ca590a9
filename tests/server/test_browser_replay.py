"""Looking back in a real headless Chromium: a finished match of each game, stepped through.

The matches are played to their end by bots (a spectator's websocket keeps them going), then
opened from the lobby's finished list at 1280 and 390 px: the page steps forward and back with
its buttons and keys and shows, at each move, the move in words and the table a spectator saw
then (checked against ``GET /matches/{match}/moves/{move}``). A visitor of a finished match
sees no "away", no presence, no sound button and no box to write in.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from pages import (
    ARTIFACTS,
    PHONE,
    hidden_ranks,
    open_page,
    raw_text_problems,
    shot,
    wrong_words,
)
from wire import LiveServer, Player, get, live, post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDE = {"width": 1280, "height": 900}
#: Per game: players and options that keep the match short.
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "hit": (3, {}),
    "stop": (3, {"tokens_to_win": 2}),
    "exhopp": (4, {}),
    "hattrick": (4, {}),
}
NAMES = ["Ann", "Bob", "Cleo", "Dee"]


def wait(predicate: Any, what: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, what
        time.sleep(0.03)


def bots_to_the_end(server: LiveServer, game: str) -> str:
    players, options = GAMES[game]
    seats = [{"bot": "random", "name": name} for name in NAMES[:players]]
    body = {"game": game, "players": players, "options": options, "seats": seats, "pace": "off"}
    match_id = str(post(server.url, "/matches", body)["id"])
    watcher = Player(server.ws_url(match_id))
    watcher.hello()
    while watcher.state is None or watcher.state["result"] is None:
        watcher.until("state", timeout=60)
    watcher.close()
    return match_id


def drawn(page: Any) -> int:
    return int(page.evaluate("document.getElementById('main').dataset.moves ?? '-1'"))


def check_move(page: Any, server: LiveServer, match_id: str, move: int, where: str) -> None:
    """The page shows move ``move``: its words, the spectator's table then, the log so far."""
    wait(lambda: drawn(page) == move, f"{where}: move {move} drawn (shows {drawn(page)})")
    frame = get(server.url, f"/matches/{match_id}/moves/{move}")
    moves = frame["moves"]
    (entry,) = [e for e in frame["history"] if e["move"] == move]
    # A quiet move (Game.quiet_play: a Stop raise, a decline) has no text of its own: its first
    # consequence is its line, in the log and on the replay's move line.
    text = entry["text"] or (entry["then"] or [""])[0]
    # Read in one call: what the page shows now.
    seen = page.evaluate(
        """() => ({
            said: document.getElementById('replay-move').innerText,
            status: document.getElementById('status').innerText,
            title: document.querySelector('#main .t-head h1').innerText,
            log: document.querySelectorAll('#log > li').length,
            newest: document.querySelector('#log > li .what').innerText,
            cards: [...document.querySelectorAll('.card[role=img]')].map((c) => c.ariaLabel),
            over: !document.getElementById('result').hidden,
            text: document.body.innerText,
        })"""
    )
    if move == 0:
        start = f"The start, before move 1 of {moves}: the match begins"
        assert seen["said"].startswith(start), (where, seen["said"])
    else:
        said = f"Move {move} of {moves}: {text}" if text else f"Move {move} of {moves}"
        assert seen["said"] == said, (where, seen["said"])
    assert seen["status"] == frame["scene"]["status"], where
    assert seen["title"] == frame["scene"]["title"], where
    assert seen["log"] == move + 1 and seen["newest"] == text, where
    labels = {
        face["label"]
        for panel in frame["scene"]["seats"]
        for zone in panel["zones"]
        for face in zone["cards"] or ()
    } | {
        face["label"]
        for group in frame["scene"]["middle"]
        for zone in group["zones"]
        for face in zone["cards"] or ()
    }
    assert set(seen["cards"]) <= labels, (where, set(seen["cards"]) - labels)
    assert seen["over"] == (move == moves), where
    assert not raw_text_problems(seen["text"]), (where, raw_text_problems(seen["text"]))
    assert not wrong_words(seen["text"]), (where, wrong_words(seen["text"]))  # issue 41
    assert not hidden_ranks(page), (where, hidden_ranks(page))


def test_a_finished_match_of_each_game_steps_back_and_forth(browser: Any, tmp_path: Path) -> None:
    with live(str(tmp_path / "t.db")) as server:
        matches = {game: bots_to_the_end(server, game) for game in GAMES}
        for game, match_id in matches.items():
            moves = get(server.url, f"/matches/{match_id}")["moves"]
            for size, tag in ((WIDE, "1280"), (PHONE, "390")):
                where = f"{game} at {tag} px"
                page = open_page(browser, server.url + "/", size)
                # From the lobby's finished list.
                page.click(f"#finished a.replay-link[href='/replay/{match_id}']")
                page.wait_for_selector("#replay-move")
                check_move(page, server, match_id, 0, where)
                for _ in range(3):
                    page.keyboard.press("ArrowRight")
                check_move(page, server, match_id, 3, where)
                page.click("#replay-back")
                check_move(page, server, match_id, 2, where)
                page.click("#replay-forward")
                page.click("#replay-forward")
                check_move(page, server, match_id, 4, where)
                page.keyboard.press("PageDown")
                check_move(page, server, match_id, min(14, moves), where)
                shot(page, f"replay-{game}-{tag}")
                # What the screen shows (on a phone the steps stay at its bottom).
                page.screenshot(path=str(ARTIFACTS / f"replay-{game}-{tag}-screen.png"))
                page.keyboard.press("End")
                check_move(page, server, match_id, moves, where)
                assert page.is_disabled("#replay-forward") and page.is_disabled("#replay-last")
                page.keyboard.press("ArrowLeft")
                check_move(page, server, match_id, moves - 1, where)
                page.click("#replay-last")
                check_move(page, server, match_id, moves, where)
                shot(page, f"replay-{game}-{tag}-end")
                # A reload keeps the move; Home goes back to the start.
                page.reload()
                check_move(page, server, match_id, moves, where)
                page.click("#replay-first")
                check_move(page, server, match_id, 0, where)
                assert page.is_disabled("#replay-back")
                assert not page.errors, page.errors
                page.context.close()


def test_a_visitor_of_a_finished_match_sees_no_away_no_sound_and_no_chat_box(
    browser: Any, tmp_path: Path
) -> None:
    with live(str(tmp_path / "t.db")) as server:
        seats = [{"name": name} for name in NAMES[:3]]
        body = {"game": "stop", "players": 3, "options": {"tokens_to_win": 1}, "seats": seats}
        data = post(server.url, "/matches", body)
        match_id = data["id"]
        players = {}
        for invite in data["invites"]:
            player = Player(server.ws_url(match_id))
            player.hello(invite["token"])
            player.until("state")
            players[invite["seat"]] = player
        players[1].send({"type": "chat", "text": "good luck"})
        # Not before its end, and not a match that is not there.
        early = open_page(browser, server.url + f"/replay/{match_id}", WIDE)
        early.wait_for_selector("#no-replay")
        assert early.inner_text("#no-replay") == "This match is still being played"
        assert early.get_attribute("#main a[href^='/play/']", "href") == f"/play/{match_id}"
        early.goto(server.url + "/replay/nosuchmatch1")
        early.wait_for_selector("#no-replay")
        assert early.inner_text("#no-replay") == "No such match"
        # The browser reports the 404 it was answered; nothing else went wrong.
        assert not [e for e in early.errors if "status of 404" not in e], early.errors
        early.context.close()
        table = server.app.state.hub.tables[match_id]
        rng = random.Random(3)
        while not table.match.is_over:
            moves = table.match.moves
            seat = rng.choice(table.match.waiting_for or table.match.to_act)
            action = rng.choice(table.match.legal_actions(seat))
            players[seat].act(table.match.action_json(action), after=moves)
            for player in players.values():
                player.until_moves(moves + 1)
        for player in players.values():
            player.close()  # everybody left: "away", all of them

        page = open_page(browser, server.url + f"/play/{match_id}", WIDE)
        page.wait_for_selector("#standings li")
        wait(lambda: bool(page.query_selector_all("#chat-lines li")), "the match's chat")
        badges = [badge.inner_text() for badge in page.query_selector_all(".panel .badge")]
        assert not {"away", "here"} & set(badges), badges
        assert page.is_hidden("#sound") and page.is_hidden("#presence")
        assert page.is_hidden("#chat-form") and page.is_hidden("#chat-text")
        assert page.inner_text("#chat-lines li") == "Bob: good luck"  # the record stays
        shot(page, "visitor-finished-stop")
        page.click("#replay-link")
        page.wait_for_selector("#replay-move")
        assert page.inner_text("#replay-move").startswith("The start, before move 1 of")
        assert not page.errors, page.errors
        page.context.close()
