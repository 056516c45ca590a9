"""Real time: open moments close by the game's default, bots race with a think time."""

from __future__ import annotations

import asyncio
import functools
import random
import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from toys import PASS, SnapGame, SnapState
from wire import FAST, Player, choices, live, post, zones

from tablecards import Action, Clock, Game
from tablecards.server import Settings, create_app


class PatientSnap(SnapGame):
    """Snap whose open moments close with a pass for whoever has not answered, after a
    reaction window of one second at normal pace. Its deck is not shuffled: cards come in
    rank order, so the second flip always shows a pair (a pinned deal)."""

    def setup(self, state: SnapState) -> None:
        state.to_act = (0,)

    def default_action(self, state: SnapState, seat: int) -> Action | None:
        return PASS if seat in state.waiting else None

    def clock(self, state: SnapState) -> Clock | None:
        return Clock("reaction", 1.0) if state.waiting else None


def test_an_open_moment_closes_with_the_games_default_after_the_delay(db: str) -> None:
    settings = Settings(bot_think=(0, 0), clocks={"reaction": 0.2}, rate=1000, burst=1000)

    def load_game(name: str, **options: Any) -> Game[Any]:
        return PatientSnap(**options)

    with live(db, settings, load_game=load_game) as server:
        data = post(server.url, "/matches", {"game": "snap", "players": 3})
        table = server.app.state.hub.tables[data["id"]]
        players = {}
        for invite in data["invites"]:
            players[invite["seat"]] = Player(server.ws_url(data["id"]))
            players[invite["seat"]].hello(invite["token"])
            players[invite["seat"]].until("state")
        watcher = players[0]
        assert watcher.state is not None
        for flipper in (0, 1):  # the pinned deck: the second flip shows a pair
            players[flipper].act({"type": "Flip"}, after=flipper)
            watcher.until_moves(flipper + 1)
        opened = watcher.state["moves"]
        assert opened == 2 and table.match.waiting_for == (0, 1, 2)
        clock = watcher.state["clock"]  # the countdown every seat is sent
        assert clock["kind"] == "reaction" and clock["waiting_for"] == [0, 1, 2]
        assert 0 < clock["seconds"] <= 0.2
        started = time.monotonic()
        watcher.until_moves(opened + 3, timeout=5)
        assert time.monotonic() - started >= 0.15  # not before the delay
        closing = table.match.log[opened : opened + 3]
        assert [action for _, action in closing] == [PASS] * 3
        assert sorted(seat for seat, _ in closing) == [0, 1, 2]
        # The watcher was told of the three passes, one history entry each.
        assert [entry["move"] for entry in watcher.history[opened + 1 : opened + 4]] == [
            opened + 1,
            opened + 2,
            opened + 3,
        ]
        for player in players.values():
            player.close()


def test_stop_flows_card_after_card_when_nobody_calls(db: str) -> None:
    """STOP-06: a Stop! moment nobody answers closes with every seat declining; draws go on."""
    settings = Settings(bot_think=(0, 0), clocks={"reaction": 0.1}, rate=1000, burst=1000)
    with live(db, settings) as server:
        data = post(server.url, "/matches", {"game": "stop", "players": 3})
        # The three people sit at the table and say nothing (with nobody there, nothing
        # would move at all: issue 40).
        people = [Player(server.ws_url(data["id"])) for _ in data["invites"]]
        for person, invite in zip(people, data["invites"], strict=True):
            person.hello(invite["token"])
        watcher = people[0]
        state = watcher.until_moves(6, timeout=20)
        table = server.app.state.hub.tables[data["id"]]
        played = [type(action).__name__ for _, action in table.match.log[: state["moves"]]]
        assert set(played) == {"Decline"}, played  # nobody called: only the defaults
        boxes = zones(state["scene"])
        hands = [boxes[f"hand:{seat}"]["count"] for seat in range(3)]
        assert sum(hands) > 3  # cards kept coming between the moments
        for person in people:
            person.close()


def test_a_person_beats_the_bots_to_a_moment_or_loses_it_cleanly(db: str) -> None:
    clocks = {"reaction": 0.5, "decision": 0.1}
    settings = Settings(bot_think=(0.05, 0.1), clocks=clocks, rate=1000, burst=1000)
    seats = [{"name": "Ann"}, {"bot": "random"}, {"bot": "heuristic"}, {"bot": "random"}]
    with live(db, settings) as server:
        data = post(server.url, "/matches", {"game": "stop", "players": 4, "seats": seats})
        table = server.app.state.hub.tables[data["id"]]
        ann = Player(server.ws_url(data["id"]))
        ann.hello(data["invites"][0]["token"])
        ann.until("state")
        rng = random.Random(3)
        outcomes = []
        deadline = time.monotonic() + 60
        while table.match.moves < 40 and not table.match.is_over:
            assert time.monotonic() < deadline, "the match stalled"
            message = ann.recv()
            if message["type"] == "error":
                outcomes.append(message["code"])
            elif message["type"] == "state" and choices(message["scene"]):
                ann.act(rng.choice(choices(message["scene"])))
        # The bots played their seats by themselves, racing Ann: each of her clicks either
        # won or was refused cleanly, never applied on a screen she had not seen.
        bot_moves = [seat for seat, _ in table.match.log if seat != 0]
        assert bot_moves  # (a random Ann may also raise many times in a row in the auction)
        assert set(outcomes) <= {"too_late", "stale"}
        ann.close()


def test_bots_draw_randomness_not_derived_from_the_match_seed(tmp_path: Path) -> None:
    """Two matches with the same seed and the same bots play differently."""

    def play(db: Path) -> list[Any]:
        with TestClient(create_app(db, settings=FAST)) as client:
            hub = client.app.state.hub
            body = {"game": "hit", "players": 2, "seats": [{"bot": "random"}] * 2}
            match_id, _ = client.portal.call(functools.partial(hub.create, body, seed=5))
            table = hub.tables[match_id]

            async def wait() -> None:
                table.attach(None, None)  # a match of bots alone plays while someone watches
                while not table.match.is_over:
                    await asyncio.sleep(0.01)

            client.portal.call(asyncio.wait_for, wait(), 30)
            return list(table.match.log)

    first, second = play(tmp_path / "a.db"), play(tmp_path / "b.db")
    assert first != second
