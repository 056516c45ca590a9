"""PostgreSQL goes away mid-match (``pg_ctl -m immediate``): the server says so, /healthz
reports it, and play resumes by itself once the database is back, losing nothing
acknowledged (issue 28)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from pgcluster import Cluster, find_bin
from wire import FAST, LiveServer, Player, live, post, status_of

BOTS = [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}]


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """A cluster of its own: this test stops it."""
    bindir = find_bin()
    assert bindir is not None, "PostgreSQL is not installed: apt-get install postgresql"
    own = Cluster(bindir)
    try:
        yield own
    finally:
        own.stop()


def until(check: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.05)


def health(server: LiveServer) -> int:
    return status_of(server.url + "/healthz")[0]


def watch(server: LiveServer, match: str) -> Player:
    player = Player(server.ws_url(match))
    player.hello()
    player.until("state")
    return player


def test_play_resumes_by_itself_after_postgresql_crashes_and_restarts(cluster: Cluster) -> None:
    url = cluster.new_database()
    settings = attrs.evolve(FAST, bot_think=(0.02, 0.05))
    with live(url, settings) as server:
        match = post(server.url, "/matches", {"game": "hit", "players": 3, "seats": BOTS})["id"]
        watcher = watch(server, match)
        watcher.until_moves(5)
        assert health(server) == 200

        cluster.crash()
        # While it lasts: players are told, /healthz says 503, nothing new is accepted.
        message = watcher.until("error", timeout=15)
        assert message["code"] == "storage" and "retrying" in message["reason"]
        code, body = status_of(server.url + "/healthz")
        assert code == 503 and body["status"] == "unavailable" and "PostgreSQL" in body["reason"]
        code, body = status_of(server.url + "/matches", {"game": "hit", "players": 2})
        assert code == 503 and "storage unavailable" in body["error"]
        stuck = watcher.state["moves"]  # type: ignore[index]

        cluster.start()
        until(lambda: health(server) == 200, 20, "/healthz reports the store back")
        watcher.until_moves(stuck + 3, timeout=20)  # the bots resumed by themselves

        # pg_ctl restart -m immediate in one go: the same, with a short outage.
        moves = watcher.state["moves"]  # type: ignore[index]
        cluster.restart()
        watcher.until_moves(moves + 5, timeout=30)
        until(lambda: health(server) == 200, 20, "/healthz reports the store back")
        seen = watcher.state["moves"]  # type: ignore[index]
        other = post(server.url, "/matches", {"game": "hit", "players": 3, "seats": BOTS})
        watch(server, other["id"]).until_moves(2)

    with live(url, attrs.evolve(settings, bot_think=(60, 60))) as server:
        state = watch(server, match).state
        assert state is not None and state["moves"] >= seen
