"""What a scene costs against the view it is built from (not a test).

``uv run python bench/scenes.py`` plays seeded random matches of every game at its default
player count, stops at many positions along them, and at each position times, for every seat,
``match.view(seat)``, the game's own ``game.scene(view, names, legal)`` (``legal``: the seat's
legal actions when it acts, else none) and the engine's ``generic_scene`` on the same view, for
reference. The three calls are interleaved (view, scene, generic, view, ...), each timed with
``time.perf_counter_ns`` around a short batch of calls, the garbage collector on as in real use.
The table gives the median per call over all positions and repetitions, for seats that act and
seats that wait, and the ratios scene/view and generic/view. The target: a game's scene costs at
most its view (ratio ≤ 1.0). ``--write`` appends the table to ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import tablecards
from tablecards import Match, generic_scene

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
GAMES = ("hit", "stop", "exhopp", "hattrick", "climb", "courtiers")
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal")
BATCH = 5  # calls per timed sample: a few microseconds each, well above the clock's resolution

Call = Callable[[], object]


def positions(game: tablecards.Game[Any], players: int, matches: int, every: int) -> list[Match]:
    """Mid-game positions: every ``every``-th move of ``matches`` seeded random matches."""
    found = []
    for seed in range(matches):
        rng = random.Random(seed)
        match = Match(game, players, seed)
        while not match.is_over:
            if match.moves and match.moves % every == 0:
                found.append(match.clone())
            to_act = match.waiting_for or match.to_act
            seat = to_act[rng.randrange(len(to_act))]
            legal = match.legal_actions(seat)
            match.apply(seat, legal[rng.randrange(len(legal))])
    return found


def sample(call: Call) -> float:
    """Nanoseconds per call of ``call``, over one batch."""
    start = time.perf_counter_ns()
    for _ in range(BATCH):
        call()
    return (time.perf_counter_ns() - start) / BATCH


def calls(match: Match, seat: int, names: Sequence[str]) -> tuple[Call, Call, Call, bool]:
    """The view, the game's scene and the generic scene of ``seat`` at ``match``, and whether
    the seat acts."""
    game = match.game
    view = match.view(seat)
    legal = match.legal_actions(seat)
    return (
        lambda: match.view(seat),
        lambda: game.scene(view, names, legal),
        lambda: generic_scene(game, view, names, legal),
        bool(legal),
    )


def measure(name: str, matches: int, every: int, repeat: int) -> dict[Any, Any]:
    """One game's medians (ns per call) for acting and waiting seats, and its position count."""
    game = tablecards.load_game(name)
    players = game.default_players
    names = NAMES[:players]
    found = positions(game, players, matches, every)
    work = [calls(match, seat, names) for match in found for seat in range(players)]
    times: dict[tuple[bool, str], list[float]] = {}
    for view, scene, generic, _acts in work:  # warm-up: caches, the first imports
        view(), scene(), generic()
    for _ in range(repeat):
        for view, scene, generic, acts in work:
            for kind, call in (("view", view), ("scene", scene), ("generic", generic)):
                times.setdefault((acts, kind), []).append(sample(call))
    out: dict[Any, Any] = {"game": name, "players": players, "positions": len(found)}
    for acts in (True, False):
        for kind in ("view", "scene", "generic"):
            values = times.get((acts, kind), [])
            out[acts, kind] = statistics.median(values) if values else float("nan")
    return out


def table(rows: list[dict[Any, Any]]) -> list[str]:
    """The results as Markdown table lines."""
    lines = [
        "| game | players | positions | seat | view µs | scene µs | scene/view "
        "| generic µs | generic/view |",
        "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        for acts in (True, False):
            view, scene, generic = (row[acts, kind] / 1000 for kind in ("view", "scene", "generic"))
            lines.append(
                f"| {row['game']} | {row['players']} | {row['positions']} "
                f"| {'acting' if acts else 'waiting'} | {view:.1f} | {scene:.1f} "
                f"| {scene / view:.2f} | {generic:.1f} | {generic / view:.2f} |"
            )
    return lines


def main() -> None:
    """Measure every game, print the table and, with ``--write``, record it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=8, help="seeded matches per game")
    parser.add_argument("--every", type=int, default=3, help="a position every N moves")
    parser.add_argument("--repeat", type=int, default=15, help="timed rounds over the positions")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument("--write", action="store_true", help="append to bench/RESULTS.md")
    args = parser.parse_args()
    load = os.getloadavg()
    rows = [measure(name, args.matches, args.every, args.repeat) for name in args.games.split(",")]
    after = os.getloadavg()
    lines = [
        f"## Scenes against their views ({dt.date.today().isoformat()})",
        f"- command: `uv run python bench/scenes.py --matches {args.matches} --every "
        f"{args.every} --repeat {args.repeat}`; {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        f"- load average at the start: {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}, at the end "
        f"{after[0]:.2f} / {after[1]:.2f} / {after[2]:.2f} (1, 5, 15 min), the cores shared "
        "with other jobs",
        "- at every third move of seeded random matches, every seat: `match.view(seat)`, the "
        "game's `game.scene(view, names, legal)` (legal: the seat's actions when it acts) and "
        "`tablecards.generic_scene` on the same view, interleaved, each timed with "
        f"`time.perf_counter_ns` over batches of {BATCH} calls, gc on; medians per call",
        "- target: a game's scene costs at most its view (scene/view ≤ 1.00)",
        "",
        *table(rows),
        "",
    ]
    print("\n".join(lines))
    if args.write:
        with RESULTS.open("a", encoding="utf-8") as out:
            out.write("\n" + "\n".join(lines))


if __name__ == "__main__":
    main()
