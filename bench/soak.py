"""Soak run of ``tablecards serve`` (not a test): ``uv run python bench/soak.py``.

Starts ``tablecards serve --stats`` on a fresh SQLite file and plays ``--matches`` matches to
their end, ``--concurrent`` at a time (the four games in turn, every seat a websocket client
playing random offered actions, as ``bench/load.py`` does; ``--games``: short ones by
default). Every ``--every`` finished matches
it reads the server's resident memory (RSS) and the objects its garbage collector tracks
(``GET /debug/stats``), and the matches it holds. Finished matches leave the server's memory
when their clients leave, so both should stay flat: the report compares the mean of the first
quarter of the samples taken under load with the last quarter's (target: RSS within 10%).
``--write`` appends the figures to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import load  # bench/load.py: the same client harness


def stats(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url + "/debug/stats", timeout=30) as answer:
        data: dict[str, Any] = json.loads(answer.read())
    return data


async def soak(
    url: str, matches: int, concurrent: int, every: int, games: list[tuple[str, int]]
) -> list[dict[str, Any]]:
    """Play ``matches`` matches to their end; sample the server every ``every`` finished."""
    run = load.Stats()
    samples: list[dict[str, Any]] = []
    far = time.monotonic() + 10**6
    begun = time.monotonic()

    async def lane(index: int) -> None:
        turn = index
        while run.finished < matches:
            game, players = games[turn % len(games)]
            await load.play_match([url], game, players, far, run)
            turn += len(games)

    async def sampler() -> None:
        next_at = 0
        while run.finished < matches:
            if run.finished >= next_at:
                data = await asyncio.to_thread(stats, url)
                data["finished"] = run.finished
                data["seconds"] = time.monotonic() - begun
                samples.append(data)
                shown = {k: v for k, v in data.items() if k not in ("matches", "collector")}
                print(json.dumps({**shown, "held": len(data["matches"])}), flush=True)
                next_at += every
            await asyncio.sleep(0.2)

    await asyncio.gather(sampler(), *(lane(i) for i in range(concurrent)))
    await asyncio.sleep(1.0)  # the last clients' disconnections reach the server
    data = await asyncio.to_thread(stats, url)
    data["finished"] = run.finished
    data["seconds"] = time.monotonic() - begun
    samples.append(data)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000, help="matches played to the end")
    parser.add_argument("--concurrent", type=int, default=40, help="matches at once")
    parser.add_argument("--every", type=int, default=100, help="sample every N finished")
    parser.add_argument(
        "--games", default="hit:2,stop:3,exhopp:3", help="game:players, taken in turn"
    )
    parser.add_argument("--write", action="store_true", help="append to bench/RESULTS.md")
    args = parser.parse_args()
    db = str(Path(tempfile.mkdtemp(prefix="tablecards-soak-")) / "soak.db")
    command = [*load.serve_command(db), "--stats"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    load_start = os.getloadavg()[0]
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip().rstrip("/")
        games = [(g, int(n)) for g, n in (item.split(":") for item in args.games.split(","))]
        samples = asyncio.run(soak(url, args.matches, args.concurrent, args.every, games))
    finally:
        server.terminate()
        server.wait(30)
    load_end = os.getloadavg()[0]
    # Under load only: not the idle server before the first match, nor after the last left.
    loaded = [row for row in samples if row["finished"] > 0 and row["matches"]] or samples
    quarter = max(1, len(loaded) // 4)
    first, last = loaded[:quarter], loaded[-quarter:]

    def mean(rows: list[dict[str, Any]], key: str) -> float:
        return float(statistics.mean(row[key] for row in rows))

    rss = mean(first, "rss_bytes"), mean(last, "rss_bytes")
    objects = mean(first, "tracked_objects"), mean(last, "tracked_objects")
    frozen = mean(first, "frozen_objects"), mean(last, "frozen_objects")
    held = max(len(row["matches"]) for row in samples)
    lines = [
        f"## Soak run ({dt.date.today()}, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores shared with the load generator)",
        f"- command: `uv run python bench/soak.py --matches {args.matches} --concurrent "
        f"{args.concurrent} --every {args.every} --games {args.games}`; "
        f"load average {load_start:.1f} at the start, "
        f"{load_end:.1f} at the end",
        f"- {samples[-1]['finished']} matches played to their end in "
        f"{samples[-1]['seconds']:.0f} s; {len(samples)} samples of the server; at most "
        f"{held} matches held at once; {len(samples[-1]['matches'])} held at the end",
        f"- **RSS {rss[0] / 2**20:.1f} MiB (first quarter) → {rss[1] / 2**20:.1f} MiB (last "
        f"quarter): {100 * (rss[1] / rss[0] - 1):+.1f}%** (target: within 10%)",
        f"- objects tracked by the collector: {objects[0]:,.0f} → {objects[1]:,.0f} "
        f"({100 * (objects[1] / objects[0] - 1):+.1f}%); frozen (out of its sight: the "
        f"start-up's, and what survived the collector's steps): {frozen[0]:,.0f} → "
        f"{frozen[1]:,.0f} ({100 * (frozen[1] / frozen[0] - 1):+.1f}%); full passes: "
        f"{samples[-1].get('collector', {}).get('full_passes', '-')}",
        "",
        "| finished | seconds | RSS MiB | tracked objects | frozen objects | matches held |",
        "| ---: | ---: | ---: | ---: | ---: | ---: |",
        *(
            f"| {row['finished']} | {row['seconds']:.0f} | {row['rss_bytes'] / 2**20:.1f} | "
            f"{row['tracked_objects']:,} | {row['frozen_objects']:,} | {len(row['matches'])} |"
            for row in samples
        ),
    ]
    print("\n".join(lines))
    if args.write:
        results = Path(__file__).with_name("RESULTS.md")
        results.write_text(results.read_text().rstrip("\n") + "\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
