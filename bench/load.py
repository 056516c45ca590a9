"""Load benchmark of ``tablecards serve`` against its floor (not a test).

Run: ``uv run python bench/load.py``.

Each *run* starts one server configuration in subprocesses on 127.0.0.1 (port 0), then keeps
``--matches`` matches going at once (the four games in turn, every seat a real websocket
client) for ``--seconds``; a match that ends is replaced by a new one. Each action is timed
from sending it to receiving the new state on the acting seat's connection (the
acknowledgement: the server commits before it sends). The configurations (``--configs``):

- ``floor``: ``bench/floor.py``, the same Starlette/uvicorn stack doing only a durable table's
  irreducible work (parse, commit one SQLite row, send each seat a state message as large as
  the real server's for that game, measured first by a short unreported ``sqlite`` run);
- ``sqlite``: ``tablecards serve`` on a fresh SQLite file;
- ``nogc``, ``oldgc``, ``json``: ``tablecards serve`` with one speed-up taken back
  (``bench/serve_variant.py``: the collector untuned; the collector as before issue 43, without
  its steps; the standard library's encoder with sorted keys on the wire);
- ``pg1``, ``pg2``: 1 or 2 ``tablecards serve`` processes over one PostgreSQL database (a
  throwaway cluster of Debian's ``postgresql``, ``fsync`` on), behind a real nginx that sends
  each match to one process (``hash $match consistent``, see docs/play-together.md).

The configurations take turns, ``--rounds`` times, for each count of ``--matches`` (e.g.
``10,100,1000``), so a busy machine slows them alike. Reported per run: acknowledged actions
per second, p50/p99 latency, the servers' CPU time (``/proc``: user + system of every server
process) per acknowledged action, its ratio to the floor's of the same round, the load
average, and whether the store holds every acknowledged action. ``--write`` appends the table
to bench/RESULTS.md.
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
        self.sizes: dict[str, list[int]] = {}
        self.counting = False  # latencies count after the warm-up only
        self.acked_total = 0
        self.think = 0.0  # seconds a seat waits before acting (0: at once)


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
    try:
        data = await asyncio.to_thread(create, urls[0], game, players)
    except OSError as failure:  # refused at creation (a limit): count it, wait, try again
        stats.errors["create"] = stats.errors.get("create", 0) + 1
        await asyncio.sleep(0.5)
        del failure
        return
    stats.started += 1
    sockets: dict[int, Any] = {}
    states: dict[int, dict[str, Any]] = {}
    changed = asyncio.Event()
    rng = random.Random()
    sent: dict[int, tuple[int, float]] = {}  # seat -> (after, time sent)

    async def listen(seat: int, ws: Any) -> None:
        try:
            await receive(seat, ws)
        finally:
            changed.set()

    async def receive(seat: int, ws: Any) -> None:
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "state":
                stats.sizes.setdefault(game, []).append(len(text))
                if "scene" not in message and seat in states:  # a change: fill in what stayed
                    message = {**states[seat], **message}
                states[seat] = message
                pending = sent.get(seat)
                if pending is not None and message["moves"] > pending[0]:
                    stats.acked_total += 1
                    if stats.counting:
                        stats.latencies.append(time.perf_counter() - pending[1])
                    del sent[seat]
                changed.set()
            elif message["type"] == "error":
                stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
                sent.pop(seat, None)
                changed.set()

    try:
        for invite in data["invites"]:
            url = urls[invite["seat"] % len(urls)]
            ws_url = url.replace("http://", "ws://") + f"/matches/{data['id']}/ws"
            ws = await websockets.connect(ws_url, proxy=None, max_size=2**22, open_timeout=60)
            await ws.send(json.dumps({"type": "hello", "token": invite["token"]}))
            sockets[invite["seat"]] = ws
    except (OSError, asyncio.TimeoutError, websockets.exceptions.WebSocketException):
        stats.errors["connect"] = stats.errors.get("connect", 0) + 1
        await asyncio.gather(*(ws.close() for ws in sockets.values()), return_exceptions=True)
        await asyncio.sleep(0.5)
        return
    listeners = [asyncio.ensure_future(listen(seat, ws)) for seat, ws in sockets.items()]
    try:
        while time.monotonic() < stop_at:
            await asyncio.wait_for(changed.wait(), max(0.01, stop_at - time.monotonic()))
            if any(task.done() for task in listeners):
                stats.errors["closed"] = stats.errors.get("closed", 0) + 1
                return
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
            if stats.think:
                # A person's pace: the offered load is then the same for every server, and
                # latency is the server's, not the queue of a saturated closed loop.
                await asyncio.sleep(stats.think * rng.uniform(0.5, 1.5))
            sent[seat] = (moves, time.perf_counter())
            await sockets[seat].send(json.dumps({"type": "act", "act": act, "after": moves}))
    except (asyncio.TimeoutError, websockets.exceptions.WebSocketException):
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


async def drive(
    urls: list[str],
    matches: int,
    seconds: float,
    stats: Stats,
    warmup: float = 0.0,
    at_start: Any = None,
) -> float:
    """Keep ``matches`` matches going for ``warmup`` + ``seconds``; the measured window (its
    wall time is returned) starts after the warm-up, when ``at_start()`` is called."""
    stop_at = time.monotonic() + warmup + seconds
    begun = time.perf_counter() + warmup

    def start() -> None:
        stats.counting = True
        if at_start is not None:
            at_start()

    asyncio.get_running_loop().call_later(warmup, start)

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


SERVE_OPTIONS = ["--bot-think", "0"]


def serve_command(db: str) -> list[str]:
    """``tablecards serve`` on port 0 with what a load run needs (no closing timer, no
    limits below the load), whatever options this version of the server has."""
    command = [sys.executable, "-m", "tablecards", "serve", "--port", "0", "--db", db]
    helptext = subprocess.run(
        [sys.executable, "-m", "tablecards", "serve", "--help"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    wanted = [
        ("--close-after", "0"),
        ("--clock", "reaction=off"),
        ("--clock", "decision=off"),
        ("--clock", "turn=off"),
        ("--live-matches", "100000"),
        ("--connections", "100000"),
        ("--connections-per-client", "100000"),
        ("--creates-per-minute", "100000"),
        ("--creates-per-client", "100000"),
        ("--creates-per-server", "100000"),
        ("--rate", "100000"),
    ]
    for flag, value in wanted:
        if flag in helptext:
            command += [flag, value]
    return command + SERVE_OPTIONS


class Run:
    """One configuration's servers for one measured run."""

    def __init__(self, config: str, sizes_file: Path) -> None:
        self.config = config
        self.cluster: Any = None
        self.nginx: Any = None
        if config.startswith("pg"):
            sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
            from pgcluster import Cluster, find_bin

            bindir = find_bin()
            if bindir is None:
                raise SystemExit("PostgreSQL is not installed: apt-get install postgresql")
            self.cluster = Cluster(bindir, durable=True)
            self.db = self.cluster.new_database()
            commands = [serve_command(self.db) for _ in range(int(config[2:]))]
        elif config == "floor":
            folder = Path(tempfile.mkdtemp(prefix="tablecards-floor-"))
            self.db = str(folder / "floor.db")
            floor = Path(__file__).with_name("floor.py")
            commands = [[sys.executable, str(floor), "--db", self.db, "--sizes", str(sizes_file)]]
        else:
            self.db = str(Path(tempfile.mkdtemp(prefix="tablecards-load-")) / "load.db")
            commands = [serve_command(self.db)]
            if config in ("nogc", "oldgc", "json"):  # bench/serve_variant.py
                variant = Path(__file__).with_name("serve_variant.py")
                variant_name = {"nogc": "gc", "oldgc": "oldgc", "json": "json"}[config]
                commands = [[sys.executable, str(variant), variant_name, *commands[0][4:]]]
        self.servers = [
            subprocess.Popen(c, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            for c in commands
        ]
        self.urls = []
        for server in self.servers:
            assert server.stdout is not None
            self.urls.append(server.stdout.readline().strip().rstrip("/"))
        if config.startswith("pg"):
            from nginx import Nginx

            self.nginx = Nginx([url.removeprefix("http://") for url in self.urls])
            self.urls = [self.nginx.url]

    def cpu(self) -> float:
        return sum(cpu_seconds(server.pid) for server in self.servers)

    def stop(self) -> int:
        """Stop everything; return the actions the store holds."""
        for server in self.servers:
            server.terminate()
            server.wait(30)
        if self.nginx is not None:
            self.nginx.stop()
        try:
            return count_actions(self.db)
        finally:
            if self.cluster is not None:
                self.cluster.stop()


def measure(
    config: str, matches: int, seconds: float, sizes_file: Path, think: float = 0.0
) -> dict[str, Any]:
    """One run of ``config`` with ``matches`` matches for ``seconds``, each seat waiting about
    ``think`` seconds before it acts."""
    run = Run(config, sizes_file)
    try:
        stats = Stats()
        stats.think = think
        load_before = os.getloadavg()[0]
        before: list[float] = []

        def snapshot() -> None:
            before.extend((run.cpu(), time.process_time()))

        warmup = min(5.0, max(2.0, seconds / 4))
        elapsed = asyncio.run(drive(run.urls, matches, seconds, stats, warmup, snapshot))
        server_cpu = run.cpu() - before[0]
        client_cpu = time.process_time() - before[1]
        load_after = os.getloadavg()[0]
    finally:
        stored = run.stop()
    acked = len(stats.latencies)
    lat = sorted(stats.latencies)
    return {
        "config": config,
        "matches": matches,
        "seconds": elapsed,
        "acked": acked,
        "stored": stored,
        "acked_total": stats.acked_total,
        "rate": acked / elapsed,
        "p50": statistics.median(lat) * 1000 if lat else float("nan"),
        "p99": lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan"),
        "cpu_per_action": server_cpu / max(acked, 1) * 1000,
        "client_cpu": client_cpu,
        "errors": stats.errors,
        "load": (load_before, load_after),
        "sizes": {game: statistics.mean(sizes) for game, sizes in stats.sizes.items()},
        "finished": stats.finished,
    }


LABELS = {
    "floor": "floor (bench/floor.py, SQLite)",
    "sqlite": "tablecards serve, SQLite",
    "nogc": "tablecards serve, SQLite, the collector untuned",
    "oldgc": "tablecards serve, SQLite, the collector as before #43 (no steps)",
    "json": "tablecards serve, SQLite, json with sorted keys on the wire",
    "pg1": "tablecards serve, PostgreSQL, 1 process behind nginx",
    "pg2": "tablecards serve, PostgreSQL, 2 processes behind nginx",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", default="100", help="concurrent matches, e.g. 10,100,1000")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each run plays")
    parser.add_argument("--rounds", type=int, default=2, help="turns of the configurations")
    parser.add_argument(
        "--configs", default="sqlite,floor", help="of floor, sqlite, pg1, pg2 (in turn)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a seat waits before acting, drawn from 0.5-1.5x (default 0: at once, "
        "a closed loop at the server's saturation)",
    )
    parser.add_argument("--write", action="store_true", help="append to bench/RESULTS.md")
    args = parser.parse_args()
    configs = args.configs.split(",")
    sizes_file = Path(tempfile.mkdtemp(prefix="tablecards-sizes-")) / "sizes.json"
    sizes_file.write_text("{}")
    rows: list[dict[str, Any]] = []
    started = os.getloadavg()
    if "floor" in configs:  # the real server's message sizes, before any floor run
        capture = measure("sqlite", 20, 4.0, sizes_file)
        measured = {game: round(size) for game, size in capture["sizes"].items()}
        sizes_file.write_text(json.dumps(measured))
    for matches in (int(m) for m in args.matches.split(",")):
        for round_ in range(args.rounds):
            for config in configs:
                row = measure(config, matches, args.seconds, sizes_file, args.think)
                row["round"] = round_ + 1
                rows.append(row)
                print(json.dumps({k: v for k, v in row.items() if k != "sizes"}), flush=True)
    lines = report(rows, args, started, json.loads(sizes_file.read_text()))
    print("\n".join(lines))
    if args.write:
        results = Path(__file__).with_name("RESULTS.md")
        results.write_text(results.read_text().rstrip("\n") + "\n\n" + "\n".join(lines) + "\n")


def report(
    rows: list[dict[str, Any]], args: Any, started: tuple[float, ...], sizes: dict[str, int]
) -> list[str]:
    """The Markdown section of one session."""
    floors = {(r["matches"], r["round"]): r for r in rows if r["config"] == "floor"}
    lines = [
        f"## Server load against the floor ({dt.date.today()}, Python "
        f"{platform.python_version()}, {os.cpu_count()} cores shared with the load generator)",
        f"- command: `uv run python bench/load.py --matches {args.matches} --seconds "
        f"{args.seconds:g} --rounds {args.rounds} --configs {args.configs}"
        + (f" --think {args.think:g}`" if args.think else "`")
        + (
            f"; every seat waits {args.think:g} s (0.5-1.5x) before acting"
            if args.think
            else "; seats act at once (a closed loop: latency is the queue at saturation)"
        ),
        f"- load average (`uptime`, 1 min) at the start {started[0]:.1f}; per run below "
        "(before/after); the configurations take turns within each round",
        "- the floor's state messages, in bytes (the mean of the real server's, measured by a "
        "short run first): " + ", ".join(f"{g} {s:,}" for g, s in sorted(sizes.items())),
        "",
        "| matches | round | server | actions/s | p50 ms | p99 ms | server CPU ms/action "
        "| x floor | stored ≥ acked | load avg | refusals |",
        "| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |",
    ]
    for r in rows:
        floor = floors.get((r["matches"], r["round"]))
        ratio = (
            f"{r['cpu_per_action'] / floor['cpu_per_action']:.2f}"
            if floor is not None and r is not floor
            else "-"
        )
        lines.append(
            f"| {r['matches']} | {r['round']} | {LABELS[r['config']]} | {r['rate']:,.0f} | "
            f"{r['p50']:.1f} | {r['p99']:.1f} | {r['cpu_per_action']:.3f} | {ratio} | "
            f"{'yes' if r['stored'] >= r['acked_total'] else 'NO'} "
            f"({r['stored']}/{r['acked_total']}) | "
            f"{r['load'][0]:.1f}/{r['load'][1]:.1f} | {r['errors'] or 'none'} |"
        )
    lines += ["", *summary(rows)]
    return lines


def summary(rows: list[dict[str, Any]]) -> list[str]:
    """Per count of matches, the median ratios the issue asks about."""
    out = []
    for matches in sorted({r["matches"] for r in rows}):
        by: dict[tuple[str, int], dict[str, Any]] = {
            (r["config"], r["round"]): r for r in rows if r["matches"] == matches
        }
        pairs = [
            ("sqlite", "floor"),
            ("oldgc", "floor"),
            ("nogc", "sqlite"),
            ("oldgc", "sqlite"),
            ("json", "sqlite"),
            ("pg2", "pg1"),
        ]
        for top, bottom in pairs:
            ratios = [
                r["cpu_per_action"] / by[(bottom, rnd)]["cpu_per_action"]
                for (config, rnd), r in by.items()
                if config == top and (bottom, rnd) in by
            ]
            if ratios:
                out.append(
                    f"- {matches} matches: server CPU per action, {LABELS[top]} / "
                    f"{LABELS[bottom]}: **{statistics.median(ratios):.2f}** (per round: "
                    + ", ".join(f"{x:.2f}" for x in ratios)
                    + ")"
                )
    return out


if __name__ == "__main__":
    main()
