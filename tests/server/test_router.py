"""Two server processes behind a real nginx: each match is served by one process.

The configuration is docs/play-together.md's ("Running many tables", written by
``tests/nginx.py``): ``hash $match consistent`` on the match id of ``/matches/{id}/…``. Both
processes share one database of the test run's PostgreSQL cluster and answer
``GET /debug/stats`` (``--stats``), which says which matches a process holds and how many
actions it applied from the store instead of from its own clients (a replay).
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from nginx import Nginx, find_nginx
from pgcluster import Cluster
from wire import Player, actors, post, ws


@pytest.fixture
def pg(pg_cluster: Cluster) -> str:
    return pg_cluster.new_database()


@contextmanager
def server(db: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``tablecards serve --stats`` on port 0 over ``db``; yields it and its address."""
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "tablecards", "serve", "--port", "0", "--db", db),
            *("--clock", "reaction=off", "--clock", "decision=off"),
            *("--bot-think", "0", "--stats", "--connections-per-client", "1000"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield process, url.rstrip("/")
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


@contextmanager
def behind_nginx(db: str) -> Iterator[tuple[list[tuple[subprocess.Popen[str], str]], str]]:
    """Two servers over ``db`` and nginx in front of them; yields them and nginx's address."""
    if find_nginx() is None:
        pytest.fail("nginx is not installed: apt-get install nginx")
    with ExitStack() as stack:
        servers = [stack.enter_context(server(db)) for _ in range(2)]
        proxy = Nginx([url.removeprefix("http://") for _, url in servers], fail_timeout=30)
        stack.callback(proxy.stop)
        yield servers, proxy.url


def stats(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url + "/debug/stats", timeout=10) as answer:
        data: dict[str, Any] = json.loads(answer.read())
    return data


def holding(urls: list[str], match_id: str) -> list[int]:
    """The processes that hold ``match_id``, once the notifications have been heard (a few
    seconds at most)."""
    deadline = time.monotonic() + 10
    while True:
        held = [i for i, url in enumerate(urls) if match_id in stats(url)["matches"]]
        if len(held) <= 1 or time.monotonic() > deadline:
            return held
        time.sleep(0.05)


def join(proxy: str, data: dict[str, Any], since: int | None = None) -> dict[int, Player]:
    """One connection per seat through the proxy, waiting for each one's state."""
    clients = {}
    for invite in data["invites"]:
        client = Player(ws(proxy, data["id"]))
        client.hello(invite["token"], since=since)
        client.until("state")
        clients[invite["seat"]] = client
    return clients


def play(clients: dict[int, Player], moves: int, rng: random.Random, pace: float = 0.0) -> int:
    """Play up to ``moves`` random moves (fewer if the match ends), ``pace`` seconds apart
    (the server's rate limit is 20 messages a second); return the match's moves."""
    first = next(iter(clients.values()))
    assert first.state is not None
    done = int(first.state["moves"])
    for _ in range(moves):
        if first.state["result"] is not None:
            break
        actor = clients[rng.choice(actors(clients))]
        time.sleep(pace)
        actor.act(rng.choice(actor.choices))
        done += 1
        for client in clients.values():
            client.until_moves(done)
    return done


@pytest.mark.slow
def test_each_match_is_served_by_one_process_and_survives_the_loss_of_it(pg: str) -> None:
    rng = random.Random(29)
    with behind_nginx(pg) as (servers, proxy):
        urls = [url for _, url in servers]
        # Matches until each process serves some (the hash of random ids spreads them).
        games: dict[str, dict[str, Any]] = {}
        players: dict[str, dict[int, Player]] = {}
        holders: dict[str, int] = {}
        for _ in range(40):
            data = post(proxy, "/matches", {"game": "hit", "players": 2})
            games[data["id"]] = data
            players[data["id"]] = join(proxy, data)
            # A second tab of seat 0 and a spectator, on connections of their own.
            tab = Player(ws(proxy, data["id"]))
            tab.hello(data["invites"][0]["token"])
            tab.until("state")
            watcher = Player(ws(proxy, data["id"]))
            watcher.hello()
            watcher.until("state")
            moves = play(players[data["id"]], 6, rng)
            for other in (tab, watcher):
                other.until_moves(moves)
                other.close()
            # Every connection of the match reached one process, and only that one holds it
            # (the process that created it lets it go when it hears of the other's moves).
            held = holding(urls, data["id"])
            assert len(held) == 1, held
            holders[data["id"]] = held[0]
            if len(games) >= 4 and len(set(holders.values())) == 2:
                break
        assert len(set(holders.values())) == 2
        # Nobody replayed anybody's moves: each process applied only its own clients' actions.
        assert [stats(url)["replayed_actions"] for url in urls] == [0, 0]

        # SIGKILL the process of one match; its clients come back through the proxy.
        first = next(iter(games))
        victim = holders[first]
        survivor = 1 - victim
        acknowledged = {m: c[0].state["moves"] for m, c in players.items() if c[0].state}
        servers[victim][0].send_signal(signal.SIGKILL)
        servers[victim][0].wait(10)
        for match_id in list(players):
            if holders[match_id] == victim:
                for client in players[match_id].values():
                    client.close()
                players[match_id] = join(proxy, games[match_id])
            clients = players[match_id]
            # Nothing acknowledged was lost: each match resumes at its last acknowledged move.
            assert clients[0].state is not None
            assert clients[0].state["moves"] == acknowledged[match_id]
            # ... and goes on, on the survivor (the first taken over to its end).
            if match_id == first:
                play(clients, 500, rng, pace=0.06)
                assert clients[0].state["result"] is not None
            else:
                assert play(clients, 3, rng) > acknowledged[match_id]
            for client in clients.values():
                client.close()
        after = stats(urls[survivor])
        taken = sum(acknowledged[m] for m in games if holders[m] == victim)
        # The survivor replayed exactly the moves of the matches it took over.
        assert after["replayed_actions"] == taken > 0
