"""How many tables one server process holds at a person's pace (not a test).

Run: ``uv run python bench/capacity.py`` (a small default: 50 and 100 matches, 15 s each);
bigger: ``--levels 250,500,1000,2000 --seconds 30 --clients 4``. ``--pin`` gives the server the
first core to itself and the clients the others (Linux), so that on a small machine the
clients do not take the server's core.

For each configuration (``--configs``: ``serve``, ``tablecards serve`` on a fresh SQLite file;
``floor``, ``bench/floor.py``, the same Starlette/uvicorn/SQLite stack doing only a durable
table's irreducible work; ``oldgc``, ``tablecards serve`` with the collector as it was served
before issue 43), and for each count of live matches in ``--levels``, rising, a fresh server
process is started on 127.0.0.1 and ``--clients`` client processes keep that many matches going
(the four games in turn, every seat a websocket client; a match that ends is replaced). Every
seat acts about ``--think`` seconds (0.5-1.5x) after it may, as a person does. Each action is
timed from sending it to the acting seat's new state (the acknowledgement: the server commits
before it sends), and the spread of a move is the time from the acting seat's state to the
last seat's. The rise stops once p99 passes ``--max-p99`` ms. The configurations run in turn,
or with ``--side-by-side`` all at once, each with its own clients: on a busy machine that is
the fair comparison of their CPU per action (they wait for the cores alike).

Reported per run: actions acknowledged per second, p50/p99 latency, p99 spread, the server's
CPU (share of a core, and ms per action), its resident memory, the collector's pauses during
the measured window (count, longest, total: ``/debug/stats``), each client process's CPU
and the p99 lag of its event loop (the clients must never be the limit), the load average,
and whether the store holds every acknowledged action.

``--memory N`` (default 100) first measures what a live match costs: the server's RSS with
``N`` matches created and every seat connected (idle), then after 30 moves in each (every
seat's scene built at each move), against the same server before the matches.

``--write`` appends the Markdown to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import gc
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

sys.path.insert(0, str(Path(__file__).parent))
import load  # bench/load.py: the server commands, the offered actions

GAMES = load.GAMES
HERE = Path(__file__).parent
#: The floor's state messages, in bytes: the mean of the real server's for each game (measured
#: by bench/load.py, RESULTS.md, 2026-11-24).
FLOOR_SIZES = {"exhopp": 7747, "hattrick": 6388, "hit": 3057, "stop": 2657}


# -- the clients (each in a process of its own) ------------------------------------------------


class Tally:
    """What one client process measured."""

    def __init__(self) -> None:
        self.counting = False
        self.latencies: list[float] = []
        self.spreads: list[float] = []
        self.errors: dict[str, int] = {}
        self.acked_total = 0
        self.finished = 0
        self.lags: list[float] = []

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


def create(url: str, game: str, players: int) -> dict[str, Any]:
    request = urllib.request.Request(
        url + "/matches",
        data=json.dumps({"game": game, "players": players}).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        data: dict[str, Any] = json.loads(answer.read())
    return data


async def play(
    url: str, game: str, players: int, stop_at: float, think: float, tally: Tally
) -> None:
    """One match, one connection per seat, each seat acting ``think`` seconds (0.5-1.5x)
    after it may, until it ends or time is up."""
    try:
        data = await asyncio.to_thread(create, url, game, players)
    except OSError:
        tally.error("create")
        await asyncio.sleep(1.0)
        return
    rng = random.Random()
    states: dict[int, dict[str, Any]] = {}
    arrived: dict[int, dict[int, float]] = {}  # moves -> seat -> when its state came
    sent: dict[int, tuple[int, float]] = {}  # seat -> (after, when sent)
    acting: dict[int, int] = {}  # moves -> the seat whose action made them
    changed = asyncio.Event()
    sockets: dict[int, Any] = {}
    thinking: dict[int, asyncio.Task[None]] = {}  # seat -> its person looking at a screen

    def spread_of(moves: int) -> None:
        seats = arrived.get(moves, {})
        actor = acting.get(moves)
        if actor is None or len(seats) < len(sockets) or actor not in seats:
            return
        if tally.counting:
            tally.spreads.append(max(seats.values()) - seats[actor])
        del arrived[moves]
        acting.pop(moves, None)

    async def receive(seat: int, ws: Any) -> None:
        async for text in ws:
            now = time.perf_counter()
            message = json.loads(text)
            kind = message["type"]
            if kind == "state":
                states[seat] = message
                moves = message["moves"]
                pending = sent.get(seat)
                if pending is not None and moves > pending[0]:
                    tally.acked_total += 1
                    if tally.counting:
                        tally.latencies.append(now - pending[1])
                    acting[moves] = seat
                    del sent[seat]
                arrived.setdefault(moves, {})[seat] = now
                spread_of(moves)
                changed.set()
            elif kind == "error":
                tally.error(message.get("code", "?"))
                sent.pop(seat, None)
                thinking.pop(seat, None)  # refused (another seat was first): look again
                changed.set()

    async def listen(seat: int, ws: Any) -> None:
        try:
            await receive(seat, ws)
        finally:
            changed.set()

    try:
        for invite in data["invites"]:
            ws_url = url.replace("http://", "ws://") + f"/matches/{data['id']}/ws"
            ws = await websockets.connect(ws_url, proxy=None, max_size=2**22, open_timeout=120)
            await ws.send(json.dumps({"type": "hello", "token": invite["token"]}))
            sockets[invite["seat"]] = ws
    except (OSError, asyncio.TimeoutError, websockets.exceptions.WebSocketException):
        tally.error("connect")
        await asyncio.gather(*(ws.close() for ws in sockets.values()), return_exceptions=True)
        await asyncio.sleep(1.0)
        return
    listeners = [asyncio.ensure_future(listen(seat, ws)) for seat, ws in sockets.items()]

    async def act(seat: int, moves: int) -> None:
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        state = states[seat]
        if state["moves"] != moves or sent or time.monotonic() >= stop_at:
            return
        choices = load.offered(state)
        if not choices:
            return
        sent[seat] = (moves, time.perf_counter())
        message = {"type": "act", "act": rng.choice(choices), "after": moves}
        await sockets[seat].send(json.dumps(message))

    try:
        while time.monotonic() < stop_at:
            await asyncio.wait_for(changed.wait(), max(0.01, stop_at - time.monotonic()))
            changed.clear()
            if any(task.done() for task in listeners):
                tally.error("closed")
                return
            if len(states) < len(sockets):
                continue
            if any(st["result"] is not None for st in states.values()):
                tally.finished += 1
                return
            moves = max(st["moves"] for st in states.values())
            for seat, state in states.items():
                # A person looks at a new screen and acts about `think` later, once.
                task = thinking.get(seat)
                if state["moves"] != moves or not load.offered(state):
                    continue
                if task is None or getattr(task, "moves", -1) != moves:
                    if task is not None:
                        task.cancel()
                    task = asyncio.ensure_future(act(seat, moves))
                    task.moves = moves  # type: ignore[attr-defined]
                    thinking[seat] = task
    except (asyncio.TimeoutError, websockets.exceptions.WebSocketException):
        pass
    finally:
        for task in [*listeners, *thinking.values()]:
            task.cancel()
        await asyncio.gather(*(ws.close() for ws in sockets.values()), return_exceptions=True)


async def clients(
    url: str, matches: int, offset: int, ramp: float, warmup: float, seconds: float, think: float
) -> Tally:
    """Keep ``matches`` matches going (games in turn from ``offset``): each lane starts within
    ``ramp`` seconds; the measured window is ``seconds`` after ``warmup``."""
    tally = Tally()
    loop = asyncio.get_running_loop()
    stop_at = time.monotonic() + warmup + seconds
    loop.call_later(warmup, lambda: setattr(tally, "counting", True))

    async def lane(index: int) -> None:
        await asyncio.sleep(ramp * index / max(matches, 1))
        turn = offset + index
        while time.monotonic() < stop_at:
            game, players = GAMES[turn % len(GAMES)]
            await play(url, game, players, stop_at, think, tally)
            turn += len(GAMES)

    async def lag() -> None:
        # How late this process's loop runs a timer: a client that lags is the limit.
        while time.monotonic() < stop_at:
            before = loop.time()
            await asyncio.sleep(0.1)
            if tally.counting:
                tally.lags.append(loop.time() - before - 0.1)

    await asyncio.gather(lag(), *(lane(i) for i in range(matches)))
    return tally


def client_main(args: argparse.Namespace) -> None:
    """One client process: play, then print what it measured as one JSON line."""
    # The clients must never be the limit: with hundreds of matches a process holds thousands
    # of sockets and their latest states, and Python's collector, left to itself, stopped its
    # event loop for hundreds of milliseconds (a client lag of 345-420 ms at p99 at 1,000
    # matches). A client's garbage is freed by reference counting; a run is minutes long.
    gc.disable()
    cpu_at: list[float] = []
    started = time.monotonic()

    async def run() -> Tally:
        loop = asyncio.get_running_loop()
        loop.call_later(args.warmup, lambda: cpu_at.append(time.process_time()))
        return await clients(
            args.client, args.matches, args.offset, args.ramp, args.warmup, args.seconds, args.think
        )

    tally = asyncio.run(run())
    window = max(1e-9, time.monotonic() - started - args.warmup)
    cpu = time.process_time() - (cpu_at[0] if cpu_at else 0.0)
    print(
        json.dumps(
            {
                "latencies": [round(x * 1000, 3) for x in tally.latencies],
                "spreads": [round(x * 1000, 3) for x in tally.spreads],
                "errors": tally.errors,
                "acked_total": tally.acked_total,
                "finished": tally.finished,
                "cpu": cpu / window,
                "lag_p99": percentile(tally.lags, 99) * 1000 if tally.lags else 0.0,
            }
        ),
        flush=True,
    )


# -- the servers -------------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def get(url: str, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(url + path, timeout=120) as answer:
        data: dict[str, Any] = json.loads(answer.read())
    return data


class Server:
    """One server process of a configuration, on a fresh SQLite file."""

    def __init__(self, config: str, cpus: set[int] | None = None) -> None:
        self.config = config
        folder = Path(tempfile.mkdtemp(prefix="tablecards-capacity-"))
        self.db = str(folder / "capacity.db")
        if config == "floor":
            sizes = folder / "sizes.json"
            sizes.write_text(json.dumps(FLOOR_SIZES))
            command = [
                sys.executable,
                str(HERE / "floor.py"),
                "--db",
                self.db,
                "--sizes",
                str(sizes),
            ]
            command += ["--moves", "10000"]
        else:
            command = [*load.serve_command(self.db), "--stats"]
            if config == "oldgc":
                command = [sys.executable, str(HERE / "serve_variant.py"), "oldgc", *command[4:]]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        if cpus:
            os.sched_setaffinity(self.process.pid, cpus)
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().strip().rstrip("/")

    def cpu(self) -> float:
        return load.cpu_seconds(self.process.pid)

    def rss(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def stats(self) -> dict[str, Any]:
        return get(self.url, "/debug/stats")

    def stop(self) -> int:
        """Stop it; the actions its store holds."""
        self.process.terminate()
        self.process.wait(60)
        with sqlite3.connect(self.db) as check:
            return int(check.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


def pauses_between(collector: dict[str, Any], start: float, end: float) -> list[list[float]]:
    """The collections logged within the wall-clock window ``start``-``end``."""
    return [row for row in collector.get("latest", []) if start <= row[0] <= end]


def start_clients(
    url: str, matches: int, ramp: float, warmup: float, args: argparse.Namespace
) -> list[subprocess.Popen[str]]:
    """``--clients`` processes that keep ``matches`` matches going on the server at ``url``."""
    procs = max(1, min(args.clients, matches))
    share = [matches // procs + (1 if i < matches % procs else 0) for i in range(procs)]
    children = []
    offset = 0
    for count in share:
        command = [
            *(sys.executable, __file__, "--client", url, "--matches", str(count)),
            *("--offset", str(offset), "--ramp", str(ramp), "--warmup", str(warmup)),
            *("--seconds", str(args.seconds), "--think", str(args.think)),
        ]
        offset += count
        child = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        if args.pin:
            os.sched_setaffinity(child.pid, client_cpus())
        children.append(child)
    return children


def client_cpus() -> set[int]:
    """With ``--pin``: every core but the first, which the server has to itself."""
    cores = os.sched_getaffinity(0)
    return cores - {min(cores)} or cores


def server_cpus(args: argparse.Namespace) -> set[int] | None:
    """With ``--pin``: the first core (the clients run on the others)."""
    return {min(os.sched_getaffinity(0))} if args.pin else None


def run_level(configs: list[str], matches: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Each configuration holding ``matches`` live matches for the measured window, all of
    them at once (side by side: a busy machine slows them alike), each with its own clients."""
    servers = [Server(config, server_cpus(args)) for config in configs]
    ramp = max(1.0, matches / 100)  # the lanes start within this: no herd of connections
    warmup = ramp + args.warmup
    outputs: list[list[dict[str, Any]]] = []
    try:
        load_before = os.getloadavg()[0]
        children = [start_clients(server.url, matches, ramp, warmup, args) for server in servers]
        time.sleep(warmup)
        cpu0, wall0 = [server.cpu() for server in servers], time.time()
        time.sleep(args.seconds)
        cpu1, wall1 = [server.cpu() for server in servers], time.time()
        rss = [server.rss() for server in servers]
        collectors = [server.stats().get("collector", {}) for server in servers]
        for group in children:
            outputs.append([])
            for child in group:
                out, _ = child.communicate(timeout=args.seconds + warmup + 300)
                lines = [line for line in out.splitlines() if line.startswith("{")]
                outputs[-1].append(json.loads(lines[-1]) if lines else {"errors": {"client": 1}})
        load_after = os.getloadavg()[0]
    finally:
        stored = [server.stop() for server in servers]
    rows = []
    for n, config in enumerate(configs):
        rows.append(
            summarize(
                config,
                matches,
                outputs[n],
                collectors[n],
                (wall0, wall1),
                cpu1[n] - cpu0[n],
                rss[n],
                stored[n],
                (load_before, load_after),
            )
        )
    return rows


def summarize(
    config: str,
    matches: int,
    outputs: list[dict[str, Any]],
    collector: dict[str, Any],
    window: tuple[float, float],
    cpu: float,
    rss: int,
    stored: int,
    load_avg: tuple[float, float],
) -> dict[str, Any]:
    """One configuration's row: what its clients measured and what its server did."""
    latencies = [x for o in outputs for x in o.get("latencies", [])]
    spreads = [x for o in outputs for x in o.get("spreads", [])]
    errors: dict[str, int] = {}
    for o in outputs:
        for code, n in o.get("errors", {}).items():
            errors[code] = errors.get(code, 0) + n
    pauses = pauses_between(collector, *window)
    elapsed = window[1] - window[0]
    acked = len(latencies)
    return {
        "config": config,
        "matches": matches,
        "rate": acked / elapsed,
        "p50": statistics.median(latencies) if latencies else float("nan"),
        "p99": percentile(latencies, 99),
        "max": max(latencies, default=float("nan")),
        "spread_p99": percentile(spreads, 99),
        "server_cpu": cpu / elapsed,
        "cpu_per_action": cpu / max(acked, 1) * 1000,
        "rss": rss,
        "pauses": len(pauses),
        "pause_max": max((row[2] for row in pauses), default=0.0),
        "pause_max_cpu": max((row[3] for row in pauses), default=0.0),
        "pause_total": sum(row[2] for row in pauses),
        # The generation of the longest pause (2: a full pass or the automatic collector's).
        "pause_max_generation": max(pauses, key=lambda row: row[2])[1] if pauses else None,
        "pauses_over_10ms": [row[1:4] for row in pauses if row[2] > 10],
        "full_passes": collector.get("full_passes"),
        "client_cpu": [round(o.get("cpu", 0.0), 2) for o in outputs],
        "client_lag_p99": max((o.get("lag_p99", 0.0) for o in outputs), default=0.0),
        "errors": errors,
        "stored": stored,
        "acked_total": sum(o.get("acked_total", 0) for o in outputs),
        "load": load_avg,
    }


# -- what a live match costs in memory -------------------------------------------------------------


async def hold(url: str, matches: int, moves: int, server: Server) -> tuple[int, int]:
    """Create ``matches`` matches with every seat connected: the RSS once each seat has its
    first state, and again after ``moves`` moves in each (or its end)."""
    conns: list[tuple[Any, dict[int, Any], dict[int, dict[str, Any]]]] = []
    rng = random.Random(43)
    for n in range(matches):
        game, players = GAMES[n % len(GAMES)]
        data = await asyncio.to_thread(create, url, game, players)
        sockets: dict[int, Any] = {}
        for invite in data["invites"]:
            ws_url = url.replace("http://", "ws://") + f"/matches/{data['id']}/ws"
            ws = await websockets.connect(ws_url, proxy=None, max_size=2**22)
            await ws.send(json.dumps({"type": "hello", "token": invite["token"]}))
            sockets[invite["seat"]] = ws
        conns.append((data, sockets, {}))

    async def latest(sockets: dict[int, Any], states: dict[int, dict[str, Any]], at: int) -> None:
        for seat, ws in sockets.items():
            while seat not in states or states[seat]["moves"] < at:
                message = json.loads(await ws.recv())
                if message["type"] == "state":
                    states[seat] = message

    await asyncio.gather(*(latest(s, st, 0) for _, s, st in conns))
    await asyncio.sleep(1.5)  # presence messages, then a step of the collector
    idle = server.stats()["rss_bytes"]

    async def moves_of(sockets: dict[int, Any], states: dict[int, dict[str, Any]]) -> None:
        for _ in range(moves):
            at = max(state["moves"] for state in states.values())
            if any(state["result"] is not None for state in states.values()):
                return
            ready = [s for s, st in states.items() if st["moves"] == at and load.offered(st)]
            if not ready:
                return
            seat = rng.choice(ready)
            act = rng.choice(load.offered(states[seat]))
            await sockets[seat].send(json.dumps({"type": "act", "act": act, "after": at}))
            try:
                await asyncio.wait_for(latest(sockets, states, at + 1), 30)
            except asyncio.TimeoutError:
                return

    await asyncio.gather(*(moves_of(s, st) for _, s, st in conns))
    await asyncio.sleep(1.5)
    played = server.stats()["rss_bytes"]
    for _, sockets, _ in conns:
        for ws in sockets.values():
            await ws.close()
    return idle, played


def memory(matches: int, moves: int) -> dict[str, Any]:
    """What a live match costs in the server's memory, idle and after ``moves`` moves."""
    server = Server("serve")
    try:
        # Every game played once first: imports and caches are not a match's.
        asyncio.run(hold(server.url, len(GAMES), 5, server))
        empty = server.stats()
        idle, played = asyncio.run(hold(server.url, matches, moves, server))
    finally:
        server.stop()
    base = empty["rss_bytes"]
    return {
        "matches": matches,
        "moves": moves,
        "base": base,
        "idle": (idle - base) / matches,
        "played": (played - base) / matches,
    }


# -- the report ------------------------------------------------------------------------------------

LABELS = {
    "serve": "tablecards serve",
    "floor": "floor (bench/floor.py)",
    "oldgc": "tablecards serve, the collector as before #43",
}


def report(rows: list[dict[str, Any]], mem: dict[str, Any] | None, args: Any) -> list[str]:
    command = (
        f"uv run python bench/capacity.py --levels {args.levels} --seconds {args.seconds:g} "
        f"--think {args.think:g} --clients {args.clients} --configs {args.configs} "
        f"--memory {args.memory}"
        + (" --side-by-side" if args.side_by_side else "")
        + (" --pin" if args.pin else "")
    )
    lines = [
        f"## Capacity at a person's pace ({dt.date.today()}, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores"
        + (
            ": the server alone on one (pinned), the clients and other jobs on the rest)"
            if args.pin
            else " shared with the clients and other jobs)"
        ),
        f"- command: `{command}`; every seat acts {args.think:g} s (0.5-1.5x) after it may; "
        f"{args.clients} client processes per server; one server process per run, SQLite, "
        "loopback; "
        + (
            "the configurations side by side (at once, each with its own clients)"
            if args.side_by_side
            else "the configurations in turn"
        ),
        "",
        "| matches | server | actions/s | p50 ms | p99 ms | max ms | spread p99 ms | server CPU "
        "| ms CPU/action | RSS MB | GC pauses (longest, total ms; longest CPU ms) "
        "| clients' CPU | client lag p99 ms | stored ≥ acked | load avg | errors |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: "
        "| --- | --- | --- |",
    ]
    for r in rows:
        gc_cell = (
            f"{r['pauses']} ({r['pause_max']:.1f}, {r['pause_total']:.0f}; CPU "
            f"{r['pause_max_cpu']:.1f})"
        )
        lines.append(
            f"| {r['matches']:,} | {LABELS[r['config']]} | {r['rate']:,.0f} | {r['p50']:.1f} | "
            f"{r['p99']:.1f} | {r['max']:.0f} | {r['spread_p99']:.1f} | "
            f"{100 * r['server_cpu']:.0f}% | {r['cpu_per_action']:.2f} | {r['rss'] / 1e6:,.0f} | "
            f"{gc_cell} | {', '.join(f'{100 * c:.0f}%' for c in r['client_cpu'])} | "
            f"{r['client_lag_p99']:.0f} | "
            f"{'yes' if r['stored'] >= r['acked_total'] else 'NO'} "
            f"({r['stored']}/{r['acked_total']}) | {r['load'][0]:.1f}/{r['load'][1]:.1f} | "
            f"{r['errors'] or 'none'} |"
        )
    ratios = []
    for r in rows:
        floor = next(
            (f for f in rows if f["config"] == "floor" and f["matches"] == r["matches"]), None
        )
        if r["config"] != "floor" and floor is not None:
            ratios.append(
                f"{LABELS[r['config']]} at {r['matches']:,}: "
                f"{r['cpu_per_action'] / floor['cpu_per_action']:.2f}x"
            )
    if ratios:
        lines += ["", "- server CPU per action against the floor's: " + "; ".join(ratios)]
    if mem is not None:
        lines += [
            "",
            f"- memory per live match ({mem['matches']} matches, every seat connected; RSS "
            f"{mem['base'] / 1e6:.0f} MB before them): **{mem['idle'] / 1024:,.0f} KiB idle, "
            f"{mem['played'] / 1024:,.0f} KiB after {mem['moves']} moves** (every seat's scene "
            "built at each move)",
        ]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="50,100", help="live matches, rising: 250,500,1000")
    parser.add_argument("--seconds", type=float, default=15.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds after the ramp-up")
    parser.add_argument("--think", type=float, default=2.0, help="a seat's seconds to act")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--configs", default="serve,floor", help="of serve, floor, oldgc")
    parser.add_argument("--max-p99", type=float, default=50.0, help="stop rising beyond (ms)")
    parser.add_argument("--memory", type=int, default=100, help="matches for memory (0: off)")
    parser.add_argument(
        "--side-by-side",
        action="store_true",
        help="the configurations at once, each with its own clients (else in turn)",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="the server on the first core alone, the clients on the others (one server at "
        "a time: with --side-by-side the servers share that core)",
    )
    parser.add_argument("--write", action="store_true", help="append to bench/RESULTS.md")
    # A client process (started by the above).
    parser.add_argument("--client", help=argparse.SUPPRESS)
    parser.add_argument("--matches", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--offset", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--ramp", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.client:
        client_main(args)
        return
    mem = memory(args.memory, 30) if args.memory else None
    if mem is not None:
        print(json.dumps(mem), flush=True)
    rows: list[dict[str, Any]] = []
    configs = args.configs.split(",")
    over: set[str] = set()
    for matches in (int(m) for m in args.levels.split(",")):
        rising = [config for config in configs if config not in over]
        groups = [rising] if args.side_by_side else [[config] for config in rising]
        for group in groups:
            for row in run_level(group, matches, args):
                rows.append(row)
                print(json.dumps(row), flush=True)
                if row["p99"] > args.max_p99:
                    over.add(row["config"])  # beyond its capacity: the others go on rising
        if len(over) == len(configs):
            break
    lines = report(rows, mem, args)
    print("\n".join(lines))
    if args.write:
        results = HERE / "RESULTS.md"
        results.write_text(results.read_text().rstrip("\n") + "\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
