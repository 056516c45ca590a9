"""Search-bot speed: ISMCTS iterations per second, and determinisation against ``clone()``.

``uv run python bench/search.py`` measures, for each game at its default seat count and at
the first decision of the match:

- the search's iterations per second with the generic settings (``IsmctsBot(game, seat)``:
  random playouts; target for Hit! with 3 players: at least 2,000 on the project's 2-core
  machine), and with the registered ``ismcts`` bot's settings for the game
  (``IsmctsBot.for_game``: opponent models, policies, paired comparisons);
- the cost of :func:`tablecards.determinise` and of drawing a determinisation from an
  :class:`~tablecards.InformationSet` (what each iteration does), against ``Match.clone()``
  (target: at most 3x).

Medians of 5 runs after a warm-up. ``--write`` replaces the "Search bot" section of
``bench/RESULTS.md`` (the rest of the file is ``bench/run.py``'s).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from tablecards import InformationSet, IsmctsBot, Match, determinise

RESULTS = Path(__file__).parent / "RESULTS.md"
HEADING = "## Search bot (ISMCTS) and determinisation"
GAMES = {"hit": 3, "stop": 4, "exhopp": 4, "hattrick": 4}
RUNS = 5


def median_of(measure: Callable[[], float]) -> float:
    """Median of RUNS measurements after one warm-up."""
    measure()
    return statistics.median(measure() for _ in range(RUNS))


def per_call(call: Callable[[], object], repeat: int) -> float:
    """Microseconds per call of ``call``."""

    def measure() -> float:
        start = time.process_time()
        for _ in range(repeat):
            call()
        return (time.process_time() - start) / repeat * 1e6

    return median_of(measure)


def iterations_per_second(match: Match, seat: int, iterations: int, registered: bool) -> float:
    """The search's iterations per second for one decision, with the generic settings or the
    registered bot's."""
    actions = match.legal_actions(seat)
    make = IsmctsBot.for_game if registered else IsmctsBot

    def measure() -> float:
        bot = make(match.game, seat, iterations=iterations)
        info = InformationSet(match, seat)
        start = time.process_time()
        bot.choose_in(info, actions, random.Random(1))
        return bot.last_iterations / (time.process_time() - start)

    return median_of(measure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update bench/RESULTS.md")
    parser.add_argument("--iterations", type=int, default=1000)
    args = parser.parse_args()
    rows = []
    for name, players in GAMES.items():
        match = Match(name, players, seed=1)
        seat = match.to_act[0]
        info = InformationSet(match, seat)
        rng = random.Random(2)
        clone = per_call(match.clone, 2000)
        drawn = per_call(partial(determinise, match, seat, rng), 2000)
        again = per_call(partial(info.determinise, rng), 2000)
        speed = iterations_per_second(match, seat, args.iterations, registered=False)
        tuned = iterations_per_second(match, seat, args.iterations, registered=True)
        rows.append((name, players, speed, tuned, clone, drawn, again))
        print(
            f"{name} ({players}): {speed:,.0f} iterations/s (registered settings: "
            f"{tuned:,.0f}); clone {clone:.1f} us, "
            f"determinise {drawn:.1f} us ({drawn / clone:.2f}x), "
            f"from an information set {again:.1f} us ({again / clone:.2f}x)",
            flush=True,
        )
    if args.write:
        _write(rows, args.iterations)


def _write(rows: list[tuple[str, int, float, float, float, float, float]], iterations: int) -> None:
    lines = [
        HEADING,
        "",
        f"- date: {dt.date.today().isoformat()}; command: `uv run python bench/search.py "
        f"--write` ({iterations} iterations per measured decision, CPU time, medians of {RUNS} "
        f"runs); load average {os.getloadavg()[0]:.1f} at the end; "
        f"{platform.machine()}, Python {platform.python_version()}, machine shared with "
        "other work",
        "- at the first decision of a match (seed 1); *generic*: `IsmctsBot(game, seat)`, random "
        "playouts; *registered*: the `ismcts` bot's settings for the game "
        "(`IsmctsBot.for_game`, listed in docs/strength.md)",
        "",
        "| game | players | iterations/s, generic | iterations/s, registered | clone µs "
        "| determinise µs (x clone) | from an InformationSet µs (x clone) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, players, speed, tuned, clone, drawn, again in rows:
        lines.append(
            f"| {name} | {players} | {speed:,.0f} | {tuned:,.0f} | {clone:.1f} | {drawn:.1f} "
            f"({drawn / clone:.2f}x) | {again:.1f} ({again / clone:.2f}x) |"
        )
    lines += [
        "",
        "Targets: ≥ 2,000 iterations/s for Hit! with 3 players; a determinisation within 3x "
        "a clone. Each ISMCTS iteration draws its determinisation from the seat's "
        "InformationSet (last column).",
        "",
    ]
    section = "\n".join(lines)
    text = RESULTS.read_text() if RESULTS.exists() else ""
    if HEADING in text:
        before, _, after = text.partition(HEADING)
        rest = after.split("\n## ", 1)
        text = before + section + ("\n## " + rest[1] if len(rest) == 2 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    RESULTS.write_text(text)


if __name__ == "__main__":
    main()
