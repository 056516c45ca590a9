"""Several server processes over one PostgreSQL database: any process serves any match.

Each server is ``tablecards serve`` in a subprocess (a real uvicorn on 127.0.0.1, port 0); the
database is a fresh one of the test run's own cluster.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from typing import Any

import psycopg
import pytest
from pgcluster import Cluster
from wire import Player, actors, post, race, server_process, ws

from tablecards.server.store._postgres import MIGRATIONS, PostgresStore

#: The least time between two actions of one client: the server's default rate.
PACE = 1 / 20


@pytest.fixture
def pg(pg_cluster: Cluster) -> str:
    return pg_cluster.new_database()


@contextmanager
def two_servers(db: str) -> Iterator[list[tuple[subprocess.Popen[str], str]]]:
    with ExitStack() as stack:
        yield [stack.enter_context(server_process(db)) for _ in range(2)]


def spread(urls: list[str], data: dict[str, Any]) -> dict[int, Player]:
    """One client per human seat, alternating between the servers."""
    clients = {}
    for i, invite in enumerate(data["invites"]):
        client = Player(ws(urls[i % len(urls)], data["id"]))
        client.hello(invite["token"])
        client.until("state")
        clients[invite["seat"]] = client
    return clients


def test_migrating_twice_or_from_two_processes_at_once_is_safe(pg: str) -> None:
    async def main() -> None:
        stores = await asyncio.gather(*(PostgresStore.open(pg) for _ in range(3)))
        again = await PostgresStore.open(pg)
        for store in (*stores, again):
            await store.aclose()

    asyncio.run(main())
    with psycopg.connect(pg) as conn:
        versions = conn.execute("SELECT version FROM tablecards_schema").fetchall()
        tables = conn.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchone()
    assert [v for (v,) in versions] == list(range(1, len(MIGRATIONS) + 1))
    # matches, tokens, actions, claims, chat, rematches, notes and the schema's version
    assert tables == (8,)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), [("hit", 3), ("stop", 4), ("hattrick", 4)])
def test_clients_spread_over_two_processes_play_full_matches(
    pg: str, game: str, players: int
) -> None:
    with two_servers(pg) as servers:
        urls = [url for _, url in servers]
        data = post(urls[1], "/matches", {"game": game, "players": players})
        clients = spread(urls, data)
        rng = random.Random(game)
        moves = 0
        first = clients[0]
        sent = dict.fromkeys(clients, 0.0)  # when each seat last acted
        while first.state is not None and first.state["result"] is None:
            seat = rng.choice(actors(clients))
            # Each client keeps within the server's rate (20 messages a second, after a burst
            # of 40): without the client's delayed ACK between moves, a seat of a long
            # Hattrick match would otherwise pass it and be refused.
            time.sleep(max(0.0, sent[seat] + PACE - time.monotonic()))
            sent[seat] = time.monotonic()
            clients[seat].act(rng.choice(clients[seat].choices))
            moves += 1
            for client in clients.values():
                client.until_moves(moves)
        assert moves > 10
        assert len({json.dumps(c.state["result"]) for c in clients.values() if c.state}) == 1
        # Each client was sent every move once, in order, whichever process it is on.
        for client in clients.values():
            assert [entry["move"] for entry in client.history] == list(range(moves + 1))
        # Both processes list the match in their lobbies.
        for url in urls:
            assert data["id"] in {row["id"] for row in json.loads(_get(url + "/matches"))}
        for client in clients.values():
            client.close()


def test_matches_created_at_once_on_two_processes_are_all_stored(pg: str) -> None:
    with two_servers(pg) as servers, ThreadPoolExecutor(8) as pool:
        urls = [url for _, url in servers]
        bodies = [{"game": "hit", "players": 2} for _ in range(24)]
        created = list(pool.map(lambda i: post(urls[i % 2], "/matches", bodies[i]), range(24)))
        assert len({data["id"] for data in created}) == 24
        for url in urls:
            listed = {row["id"] for row in json.loads(_get(url + "/matches"))}
            assert {data["id"] for data in created} <= listed


def _get(url: str) -> str:
    import urllib.request

    with urllib.request.urlopen(url, timeout=10) as answer:
        return str(answer.read().decode())


@pytest.mark.slow
def test_racing_clients_on_two_processes_make_one_winner_per_open_moment(pg: str) -> None:
    with two_servers(pg) as servers:
        urls = [url for _, url in servers]
        moments = 0
        fresh = True  # one open moment of each of two matches
        rng = random.Random(2)
        for _ in range(400):
            if moments == 2:
                break
            if fresh:
                data = post(urls[moments % 2], "/matches", {"game": "stop", "players": 6})
                tokens = {invite["seat"]: invite["token"] for invite in data["invites"]}
                clients = spread(urls, data)
                fresh = False
            state = clients[0].state
            assert state is not None and state["result"] is None
            moves = state["moves"]
            for client in clients.values():
                client.until_moves(moves)
            callers = [
                seat
                for seat, client in clients.items()
                if any(act["type"] == "CallStop" for act in client.choices)
            ]
            if len(callers) < 3:  # not an open moment for enough seats: play on
                seat = actors(clients)[0]
                legal = [act for act in clients[seat].choices if act["type"] != "CallStop"]
                time.sleep(0.06)  # within the server's rate limit (20 messages a second)
                clients[seat].act(rng.choice(legal), after=moves)
                for client in clients.values():
                    client.until_moves(moves + 1)
                continue
            # 20 sockets, half on each process, all call Stop! on the same screen.
            racers = [
                (ws(urls[i % 2], data["id"]), tokens[callers[i % len(callers)]]) for i in range(20)
            ]
            answers = asyncio.run(race(racers, moves))
            winners = [a for a in answers if a["type"] == "won"]
            late = [a for a in answers if a["type"] == "error"]
            assert len(winners) == 1, answers
            assert len(late) == 19 and {a["code"] for a in late} == {"too_late"}, late
            for client in clients.values():
                after = client.until_moves(moves + 1)
                assert after["moves"] == moves + 1
                assert "Stop" in client.history[-1]["text"]  # the call, in words
            moments += 1
            fresh = True
            for client in clients.values():
                client.close()
        assert moments == 2


def test_sigkill_of_one_process_loses_nothing_and_its_clients_resume_on_the_other(
    pg: str,
) -> None:
    rng = random.Random(15)
    with server_process(pg) as (doomed, url_a), server_process(pg) as (_, url_b):
        games = [("hit", 3), ("stop", 4), ("exhopp", 3)]
        matches = []
        for game, players in games:
            data = post(url_a, "/matches", {"game": game, "players": players})
            matches.append((data, spread([url_a, url_b], data)))
        for _ in range(15):
            for _, clients in matches:
                step(clients, rng, wait=True)
        for _, clients in matches:  # acts in flight when the process dies
            step(clients, rng, wait=False)
        doomed.send_signal(signal.SIGKILL)
        doomed.wait(10)
        for data, clients in matches:
            for seat, old in list(clients.items()):
                assert old.state is not None
                token = next(i["token"] for i in data["invites"] if i["seat"] == seat)
                since = old.state["moves"]
                back = Player(ws(url_b, data["id"]))
                back.hello(token, since)
                state = back.until("state")
                assert [e["move"] for e in state["history"]] == list(
                    range(since + 1, state["moves"] + 1)
                )
                # Everything this seat was told, by either process, is in the store in place.
                fresh = Player(ws(url_b, data["id"]))
                fresh.hello(token)
                fresh.until("state")
                assert fresh.history[: len(old.history)] == old.history
                fresh.close()
                clients[seat] = back
                old.close()
        for _, clients in matches:  # and every match goes on, on the surviving process
            before = clients[0].state
            assert before is not None
            for _ in range(3):
                step(clients, rng, wait=True)
            after = clients[0].state
            assert after is not None and (after["moves"] > before["moves"] or after["result"])
            for client in clients.values():
                client.close()


def step(clients: dict[int, Player], rng: random.Random, *, wait: bool) -> None:
    """A seat to act plays a random legal action; ``wait``: until every client has it."""
    state = clients[0].state
    assert state is not None
    if state["result"] is not None:
        return
    moves = state["moves"]
    for client in clients.values():
        client.until_moves(moves)
    actor = clients[rng.choice(actors(clients))]
    actor.act(rng.choice(actor.choices), after=moves)
    if wait:
        for client in clients.values():
            client.until_moves(moves + 1)
