"""Load benchmark of ``tablecards serve`` (not a test): ``uv run python bench/load.py``.

Starts ``tablecards serve`` in a subprocess on 127.0.0.1 (port 0, a fresh SQLite file), then
keeps ``--matches`` matches going at once (the four games in turn, every seat a real websocket
client) for ``--seconds``; a match that ends is replaced by a new one. Each action is timed
from sending it to receiving the new state on the acting seat's connection (the
acknowledgement: the server commits before it sends).

Reports acknowledged actions per second, p50/p99 latency, and checks at the end that the store
holds at least every acknowledged action. ``--write`` appends the figures to bench/RESULTS.md.

``--postgres N`` runs N server processes over one PostgreSQL database instead (a throwaway
cluster of Debian's ``postgresql``, with ``fsync`` on, started here): each match is created on
one process and its seats connect to the processes in turn, so most acknowledgements of a move
made through another process travel by ``LISTEN/NOTIFY``.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import platform
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

GAMES = [("hit", 3), ("stop", 4), ("exhopp", 4), ("hattrick", 4)]


class Stats:
    """What the clients measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.finished = 0
        self.started = 0


def create(url: str, game: str, players: int) -> dict[str, Any]:
    request = urllib.request.Request(
        url + "/matches",
        data=json.dumps({"game": game, "players": players}).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, Any] = json.loads(answer.read())
    return data


async def play_match(
    urls: list[str], game: str, players: int, stop_at: float, stats: Stats
) -> None:
    """Play one match with one connection per seat (seats spread over the servers in turn)
    until it ends or time is up."""
    data = await asyncio.to_thread(create, urls[0], game, players)
    stats.started += 1
    sockets: dict[int, Any] = {}
    states: dict[int, dict[str, Any]] = {}
    changed = asyncio.Event()
    rng = random.Random()
    sent: dict[int, tuple[int, float]] = {}  # seat -> (after, time sent)

    async def listen(seat: int, ws: Any) -> None:
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "state":
                states[seat] = message
                pending = sent.get(seat)
                if pending is not None and message["moves"] > pending[0]:
                    stats.latencies.append(time.perf_counter() - pending[1])
                    del sent[seat]
                changed.set()
            elif message["type"] == "error":
                stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
                sent.pop(seat, None)
                changed.set()

    for invite in data["invites"]:
        url = urls[invite["seat"] % len(urls)]
        ws_url = url.replace("http://", "ws://") + f"/matches/{data['id']}/ws"
        ws = await websockets.connect(ws_url, proxy=None, max_size=2**22)
        await ws.send(json.dumps({"type": "hello", "token": invite["token"]}))
        sockets[invite["seat"]] = ws
    listeners = [asyncio.ensure_future(listen(seat, ws)) for seat, ws in sockets.items()]
    try:
        while time.monotonic() < stop_at:
            await asyncio.wait_for(changed.wait(), max(0.01, stop_at - time.monotonic()))
            changed.clear()
            if sent or len(states) < len(sockets):
                continue
            moves = max(state["moves"] for state in states.values())
            ready = [s for s, st in states.items() if st["moves"] == moves and offered(st)]
            if any(st["result"] is not None for st in states.values()):
                stats.finished += 1
                return
            if not ready:
                continue
            seat = rng.choice(ready)
            act = rng.choice(offered(states[seat]))
            sent[seat] = (moves, time.perf_counter())
            await sockets[seat].send(json.dumps({"type": "act", "act": act, "after": moves}))
    except asyncio.TimeoutError:
        pass
    finally:
        for task in listeners:
            task.cancel()
        await asyncio.gather(*(ws.close() for ws in sockets.values()), return_exceptions=True)


def offered(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The actions a state's scene offers its seat, both steps of a two-step choice flattened."""
    found: list[dict[str, Any]] = []
    groups = list(state["scene"]["actions"])
    while groups:
        for choice in groups.pop()["choices"]:
            if "then" in choice:
                groups.append(choice["then"])
            else:
                found.append(choice["act"])
    return found


async def drive(urls: list[str], matches: int, seconds: float, stats: Stats) -> float:
    stop_at = time.monotonic() + seconds
    begun = time.perf_counter()

    async def lane(index: int) -> None:
        turn = index
        while time.monotonic() < stop_at:
            game, players = GAMES[turn % len(GAMES)]
            lane_urls = urls[index % len(urls) :] + urls[: index % len(urls)]
            await play_match(lane_urls, game, players, stop_at, stats)
            turn += len(GAMES)

    await asyncio.gather(*(lane(i) for i in range(matches)))
    return time.perf_counter() - begun


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux ``/proc``), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def count_actions(db: str) -> int:
    """The actions the store holds."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as conn:
            row = conn.execute("SELECT COUNT(*) FROM actions").fetchone()
        return int(row[0]) if row else 0
    with sqlite3.connect(db) as check:
        return int(check.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="concurrent matches")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play")
    parser.add_argument("--write", action="store_true", help="append to bench/RESULTS.md")
    parser.add_argument(
        "--postgres", type=int, default=0, metavar="N", help="N server processes on PostgreSQL"
    )
    args = parser.parse_args()
    cluster = None
    if args.postgres:
        sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
        from pgcluster import Cluster, find_bin

        bindir = find_bin()
        if bindir is None:
            raise SystemExit("PostgreSQL is not installed: apt-get install postgresql")
        cluster = Cluster(bindir, durable=True)
        db = cluster.new_database()
    else:
        db = str(Path(tempfile.mkdtemp(prefix="tablecards-load-")) / "load.db")
    servers = [
        subprocess.Popen(
            [
                *(sys.executable, "-m", "tablecards", "serve", "--port", "0", "--db", db),
                *("--clock", "reaction=off", "--clock", "decision=off", "--bot-think", "0"),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        for _ in range(max(1, args.postgres))
    ]
    try:
        urls = []
        for server in servers:
            assert server.stdout is not None
            urls.append(server.stdout.readline().strip().rstrip("/"))
        stats = Stats()
        before = sum(cpu_seconds(s.pid) for s in servers), time.process_time()
        elapsed = asyncio.run(drive(urls, args.matches, args.seconds, stats))
        server_cpu = sum(cpu_seconds(s.pid) for s in servers) - before[0]
        client_cpu = time.process_time() - before[1]
    finally:
        for server in servers:
            server.terminate()
            server.wait(30)
    try:
        stored = count_actions(db)
    finally:
        if cluster is not None:
            cluster.stop()
    acked = len(stats.latencies)
    lat = sorted(stats.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    title = f", {args.postgres} process(es) on PostgreSQL" if args.postgres else ""
    also = " and PostgreSQL" if args.postgres else ""
    plural = "s" if len(servers) > 1 else ""
    lines = [
        f"## Server load{title} ({dt.date.today()}, {platform.python_version()}, "
        f"{os.cpu_count()} cores shared with the load generator{also})",
        f"- {args.matches} concurrent matches (hit, stop, exhopp, hattrick in turn; every seat a "
        f"websocket client over 127.0.0.1), {elapsed:.1f} s: {stats.started} matches started, "
        f"{stats.finished} finished",
        f"- **{acked / elapsed:.0f} acknowledged actions/s** (target >= 1,000), "
        f"**p50 {p50:.1f} ms, p99 {p99:.1f} ms** from sending an action to its new state "
        "(target p99 <= 50 ms)",
        f"- store: {stored} actions committed, {acked} acknowledged "
        f"({'every acknowledged action is stored' if stored >= acked else 'MISSING ACTIONS'})",
        f"- refusals: {stats.errors or 'none'}",
        f"- CPU used: server{plural} {server_cpu:.1f} s "
        f"({server_cpu / max(acked, 1) * 1000:.2f} ms "
        f"per action), load generator {client_cpu:.1f} s, in {elapsed:.1f} s of wall time; "
        f"load average {os.getloadavg()[0]:.1f} (other jobs shared the machine)",
    ]
    print("\n".join(lines))
    if args.write:
        results = Path(__file__).with_name("RESULTS.md")
        results.write_text(results.read_text().rstrip("\n") + "\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
