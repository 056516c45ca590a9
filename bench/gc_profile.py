"""What a live match keeps, and what the collector pays for it (not a test):
``uv run python bench/gc_profile.py [--matches 500] [--moves 30]``.

In one process, without sockets: a :class:`~tablecards.server._hub.Hub` over a fresh SQLite
file, tuned as ``tablecards serve`` tunes the collector, holds ``--matches`` live matches (the
four games in turn), every seat and one spectator attached as a client whose outbox is emptied
after each move (a pump that keeps up). It reports per live match, idle (created, every seat
sent its first state) and after ``--moves`` moves (every seat's scene built each move):

- the objects the garbage collector tracks, by type (``gc.get_objects()``, the largest kinds);
- the bytes allocated (``tracemalloc``);
- what one action leaves tracked (survivors per action);

and, with all those matches live, how long a collection of each generation takes (the pause a
player would wait through), with the server's tuning before issue 43 (young collections
thousands of actions apart, everything in the collector's sight) and with its steps (a young
collection every ``--step`` actions, what survives frozen), in wall time and CPU time.
Figures go to standard output as Markdown.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import os
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import tablecards
from tablecards.server import _run
from tablecards.server._hub import Hub
from tablecards.server._table import Client, Settings, Table
from tablecards.server.store import open_store

GAMES = [("hit", 3), ("stop", 4), ("exhopp", 4), ("hattrick", 4)]
NO_CLOCKS = {"reaction": None, "decision": None, "turn": None}


def tracked_by_type() -> collections.Counter[str]:
    """The objects the collector tracks (the frozen ones not included), by type name."""
    return collections.Counter(type(o).__name__ for o in gc.get_objects())


def drain(clients: list[Client]) -> None:
    """What a pump that keeps up does: every queued message leaves."""
    for client in clients:
        box = client.outbox
        box._items.clear()
        box._sizes.clear()
        box.bytes = 0


async def play(table: Table, clients: list[Client], moves: int, rng: random.Random) -> int:
    """Up to ``moves`` random moves of ``table`` (fewer when it ends first)."""
    played = 0
    while played < moves and not table.match.is_over:
        match = table.match
        seat = rng.choice(match.waiting_for)
        action = rng.choice(list(match.legal_actions(seat)))
        await table.act(seat, match.action_json(action), match.moves)
        drain(clients)
        played += 1
    return played


def timed(generation: int) -> tuple[float, float]:
    """A collection of ``generation`` now: its milliseconds of wall time and of CPU."""
    wall, cpu = time.perf_counter(), time.thread_time()
    gc.collect(generation)
    return (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000


def cell(pair: tuple[float, float]) -> str:
    return f"{pair[0]:.1f} ({pair[1]:.1f})"


async def profile(matches: int, moves: int, between: int, step: int, folder: Path) -> list[str]:
    store = await open_store(folder / "profile.db")
    settings = Settings(bot_think=(0, 0), clocks=NO_CLOCKS, live_matches=10**6)
    hub = Hub(store, settings, tablecards.load_game)
    rng = random.Random(43)
    lines: list[str] = []
    try:
        # Warm up every game once (imports, caches), then the server's tuning.
        for game, players in GAMES:
            match_id, _ = await hub.create({"game": game, "players": players})
            table = hub.tables.pop(match_id)
            await play(table, [table.attach(s, None) for s in range(players)], 5, rng)
            table.close()
        _run.tune_gc()
        frozen_at_start = gc.get_freeze_count()
        gc.disable()  # no collection in the middle of a measure
        gc.collect()
        base_objects = tracked_by_type()
        tracemalloc.start()
        base_bytes = tracemalloc.get_traced_memory()[0]
        tables: list[tuple[Table, list[Client]]] = []
        for n in range(matches):
            game, players = GAMES[n % len(GAMES)]
            match_id, _ = await hub.create({"game": game, "players": players})
            table = hub.tables[match_id]
            clients = [table.attach(seat, None) for seat in range(players)]
            clients.append(table.attach(None, None))  # one spectator
            drain(clients)
            tables.append((table, clients))
        await asyncio.sleep(0.1)  # the presence messages' timers
        for _, clients in tables:
            drain(clients)
        gc.collect()
        idle_objects = tracked_by_type() - base_objects
        idle_bytes = tracemalloc.get_traced_memory()[0] - base_bytes
        played = 0
        before = len(gc.get_objects())
        for table, clients in tables:
            played += await play(table, clients, moves, rng)
        await asyncio.sleep(1.1)
        for _, clients in tables:
            drain(clients)
        gc.collect()
        after_objects = tracked_by_type() - base_objects
        after_bytes = tracemalloc.get_traced_memory()[0] - base_bytes
        survivors = (len(gc.get_objects()) - before) / max(played, 1)
        tracemalloc.stop()
        live = sum(not table.match.is_over for table, _ in tables)
        lines += [
            f"## What a live match keeps ({matches} matches, the four games in turn, every seat "
            "and a spectator attached; bench/gc_profile.py)",
            f"- Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f}; "
            f"{played} moves played ({played / matches:.1f} a match, at most {moves}); "
            f"{live} still live after them",
            "",
            "| per live match | idle | after the moves |",
            "| --- | ---: | ---: |",
            f"| objects the collector tracks | {sum(idle_objects.values()) / matches:,.0f} | "
            f"{sum(after_objects.values()) / matches:,.0f} |",
            f"| bytes allocated (tracemalloc) | {idle_bytes / matches / 1024:,.1f} KiB | "
            f"{after_bytes / matches / 1024:,.1f} KiB |",
            f"| tracked objects left by one action | - | {survivors:,.1f} |",
            "",
            "Tracked objects per live match by type (the largest kinds, after the moves):",
            "",
            "| type | idle | after the moves |",
            "| --- | ---: | ---: |",
        ]
        for kind, count in after_objects.most_common(16):
            lines.append(
                f"| `{kind}` | {idle_objects[kind] / matches:,.1f} | {count / matches:,.1f} |"
            )
        tracked = len(gc.get_objects())
        open_tables = [(t, c) for t, c in tables if not t.match.is_over]

        async def more(count: int) -> None:
            for _ in range(count):
                table, clients = rng.choice(open_tables)
                await play(table, clients, 1, rng)

        # Before: the state of every match in the collector's sight; a young collection
        # after `--between` actions (its threshold of 50,000 counts net allocations: at the
        # survivors per action above, thousands of actions), the middle one, the full one.
        await more(between)
        young = timed(0)
        middle = timed(1)
        full = timed(2)
        # After: what lives long frozen, a step every `--step` actions (50 ms at a few
        # hundred actions a second), and the rare full pass (everything unfrozen).
        gc.freeze()
        steps = []
        for _ in range(20):
            await more(step)
            steps.append(timed(0))
            gc.freeze()
        gc.unfreeze()
        full_pass = timed(2)
        gc.freeze()
        worst = max(steps, key=lambda pair: pair[1])
        lines += [
            "",
            f"Collections with these {matches} matches live ({tracked:,} objects tracked "
            f"besides the {frozen_at_start:,} frozen at start-up), ms of wall time (of CPU):",
            "",
            "| collector | young | middle | full |",
            "| --- | ---: | ---: | ---: |",
            f"| as served before issue 43 (young after {between:,} actions) | {cell(young)} | "
            f"{cell(middle)} | {cell(full)} |",
            f"| steps: young every {step} actions, survivors frozen (the worst of 20) | "
            f"{cell(worst)} | - | {cell(full_pass)} (the rare full pass) |",
        ]
        gc.unfreeze()
    finally:
        gc.enable()
        hub.close()
        await store.aclose()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500, help="live matches held")
    parser.add_argument("--moves", type=int, default=30, help="moves played in each")
    parser.add_argument("--between", type=int, default=3000, help="actions between young ones")
    parser.add_argument("--step", type=int, default=25, help="actions between two steps")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tablecards-gc-"))
    lines = asyncio.run(profile(args.matches, args.moves, args.between, args.step, folder))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
