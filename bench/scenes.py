"""What a scene costs against the view it is built from (not a test).

``uv run python bench/scenes.py`` plays seeded random matches of every game at its default
player count, as a table does: after every move, every seat is shown the new position. Three
copies of each match are played in lockstep (the same seed and actions), so that no timing
warms another's caches. After each move, for every seat in turn:

- ``view``: ``match.view(seat)`` on the first copy, the fresh view an embedder gets;
- ``scene``: the game's ``game.scene(view, names, legal)`` on the first copy, built from the
  view the table builds scenes from (``game.scene_view``, untimed), which keeps what the last
  scenes built from unchanged zones (:func:`tablecards.remember`): the first build after the
  move, as the table pays it;
- ``match.scene``: ``match.scene(seat, names)`` on the second copy: the view and the scene;
- ``generic``: ``tablecards.generic_scene`` on the third copy's scene view, for reference.

Each is one call timed with ``time.perf_counter_ns``, the garbage collector on as in real use.
The table gives the median per call, for seats that act and seats that wait, and the ratios to
the view. The last column is what the table pays after a move: the median over moves of every
seat's scene against every seat's view (scene/view summed over the seats). The target: a game's
scene costs at most its view (scene/view ≤ 1.0).
``--write`` appends the table to ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import statistics
import time
from pathlib import Path
from typing import Any

import tablecards
from tablecards import Match, generic_scene

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
GAMES = ("hit", "stop", "exhopp", "hattrick", "climb", "courtiers")
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal")


def measure(name: str, matches: int) -> dict[Any, Any]:
    """One game's medians (ns per call) for acting and waiting seats, and its position count."""
    game = tablecards.load_game(name)
    players = game.default_players
    names = tuple(NAMES[:players])  # as Match.scene passes them
    times: dict[tuple[bool, str], list[int]] = {}
    clock = time.perf_counter_ns
    positions = 0
    per_move: list[float] = []
    for seed in range(matches):
        rng = random.Random(seed)
        first, second, third = (Match(game, players, seed) for _ in range(3))
        while True:
            positions += 1
            move_view = move_scene = 0
            for seat in range(players):
                legal = first.legal_actions(seat)
                acts = bool(legal)
                shared = first.scene_view(seat)
                start = clock()
                first.view(seat)
                middle = clock()
                game.scene(shared, names, legal)
                end = clock()
                second.scene(seat, names)
                after = clock()
                third_view = third.scene_view(seat)
                begin = clock()
                generic_scene(game, third_view, names, legal)
                last = clock()
                for kind, spent in (
                    ("view", middle - start),
                    ("scene", end - middle),
                    ("match", after - end),
                    ("generic", last - begin),
                ):
                    times.setdefault((acts, kind), []).append(spent)
                move_view += middle - start
                move_scene += end - middle
            # What the table pays after a move: every seat's scene against every seat's view.
            per_move.append(move_scene / move_view)
            if first.is_over:
                break
            to_act = first.waiting_for or first.to_act
            seat = to_act[rng.randrange(len(to_act))]
            legal = first.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            for match in (first, second, third):
                match.apply(seat, action)
    out: dict[Any, Any] = {"game": name, "players": players, "positions": positions}
    for acts in (True, False):
        for kind in KINDS:
            values = times.get((acts, kind), [])
            out[acts, kind] = statistics.median(values) if values else float("nan")
    out["per_move"] = statistics.median(per_move)
    return out


KINDS = ("view", "scene", "match", "generic")


def table(rows: list[dict[Any, Any]]) -> list[str]:
    """The results as Markdown table lines."""
    lines = [
        "| game | players | positions | seat | view µs | scene µs | scene/view "
        "| match.scene µs | match.scene/view | generic µs | generic/view | per move, all seats |",
        "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        for acts in (True, False):
            view, scene, match, generic = (row[acts, kind] / 1000 for kind in KINDS)
            lines.append(
                f"| {row['game']} | {row['players']} | {row['positions']} "
                f"| {'acting' if acts else 'waiting'} | {view:.1f} | {scene:.1f} "
                f"| {scene / view:.2f} | {match:.1f} | {match / view:.2f} "
                f"| {generic:.1f} | {generic / view:.2f} "
                f"| {row['per_move']:.2f} |"
            )
    return lines


def main() -> None:
    """Measure every game, print the table and, with ``--write``, record it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="seeded matches per game")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument("--write", action="store_true", help="append to bench/RESULTS.md")
    args = parser.parse_args()
    load = os.getloadavg()
    rows = [measure(name, args.matches) for name in args.games.split(",")]
    after = os.getloadavg()
    lines = [
        f"## Scenes against their views ({dt.date.today().isoformat()})",
        f"- command: `uv run python bench/scenes.py --matches {args.matches}`; "
        f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        f"- load average at the start: {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}, at the end "
        f"{after[0]:.2f} / {after[1]:.2f} / {after[2]:.2f} (1, 5, 15 min), the cores shared "
        "with other jobs",
        "- after every move of seeded random matches, for every seat: `match.view(seat)`; the "
        "game's `game.scene(view, names, legal)` on the table's scene view (what earlier "
        "scenes kept of unchanged zones found again); `match.scene(seat, names)`, the view "
        "and the scene, on a copy of the match played in lockstep; `tablecards.generic_scene` "
        "on a third copy; each one call timed with `time.perf_counter_ns`, gc on; medians",
        "- per move, all seats: the median over moves of the sum of every seat's scene over "
        "the sum of their views (what the table pays after a move)",
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
