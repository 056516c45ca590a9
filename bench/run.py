"""The tablecards benchmark: ``uv run python bench/run.py`` (add ``--quick`` for a short run).

Reports medians of several runs after a warm-up:

- random-bot games/s and actions/s through the public ``Match`` API, per game and player count;
- Hit! through the engine against a bare pure-Python loop of the same rules and policy, in the
  same run: the engine/bare ratio is the headline figure;
- the cost of listing legal actions, applying an action, dispatching events with zero and with
  one observer, ``view(seat)``, cloning a mid-game state, saving and loading a mid-game match,
  and how costs grow along a match and with the number of players;
- simulation throughput with 1 and 2 worker processes.

``--write`` also writes ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import tablecards
from tablecards import Match

sys.path.insert(0, str(Path(__file__).parent))
import bare_hit

RUNS = 5
# Single-process figures are CPU time of this process: the machine is shared with other jobs,
# whose load inflates wall-clock time but not (much) this. Worker pools are timed by the wall.
CLOCK = time.process_time
# The shared floor lives beside the repository (``../shared/bench/bare_hit.py``), not in it: it is
# the same file for every branch and project that measures against it.
FLOOR = Path("shared") / "bench" / "bare_hit.py"


def find_floor(given: str | None) -> Path | None:
    """The shared bare loop: ``--floor``, else ``shared/bench/bare_hit.py`` beside the
    repository or beside one of its parent folders (a git worktree sits one level deeper)."""
    if given is not None:
        return Path(given)
    repo = Path(__file__).resolve().parents[1]
    for folder in repo.parents:
        if (folder / FLOOR).is_file():
            return folder / FLOOR
    return None


def load_floor(path: Path) -> Callable[[random.Random, int], object]:
    """``bare_game(rng, players)`` of the shared floor, imported by path."""
    spec = importlib.util.spec_from_file_location("shared_bare_hit", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot import the shared bare loop from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    bare_game: Callable[[random.Random, int], object] = module.bare_game
    return bare_game


def median_of(runs: int, measure: Callable[[], float]) -> float:
    """Median of ``runs`` measurements after one warm-up run."""
    measure()
    return statistics.median(measure() for _ in range(runs))


def random_games(game: tablecards.Game[Any], players: int, games: int) -> tuple[float, int]:
    """Play ``games`` matches with uniformly random actions; return (seconds, actions)."""
    rng = random.Random(1)
    actions = 0
    start = CLOCK()
    for seed in range(games):
        match = Match(game, players, seed)
        while not match.is_over:
            to_act = match.waiting_for or match.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[rng.randrange(len(to_act))]
            legal = match.legal_actions(seat)
            match.apply(seat, legal[rng.randrange(len(legal))])
        actions += match.moves
    return CLOCK() - start, actions


def hit_policy_games(games: int, players: int = 3, stop: float = 0.3) -> float:
    """Hit! through the engine with a bare loop's policy (steal with probability 1/2, stop with
    probability ``stop``); seconds per game."""
    from tablecards_hit import DRAW_AGAIN, END_TURN, NO_STEAL, STEAL, Hit

    game = Hit()
    rng = random.Random(1)
    start = CLOCK()
    for seed in range(games):
        match = Match(game, players, seed)
        while not match.is_over:
            seat = match.to_act[0]
            action: tablecards.Action
            if match.legal_actions(seat)[0] is STEAL:
                action = STEAL if rng.random() < 0.5 else NO_STEAL
            else:
                action = END_TURN if rng.random() < stop else DRAW_AGAIN
            match.apply(seat, action)
    return (CLOCK() - start) / games


def bare_games(games: int, players: int = 3) -> float:
    """The project's own bare loop; seconds per game."""
    rng = random.Random(1)
    start = CLOCK()
    for _ in range(games):
        bare_hit.play(players, rng)
    return (CLOCK() - start) / games


def rules_only_games(games: int, players: int = 3) -> float:
    """Hit!'s own rules with the floor's policy, called directly on the state (no ``Match``: no
    validation, log or turn checks); seconds per game. Shows how the engine's cost splits."""
    from tablecards_hit import DRAW_AGAIN, END_TURN, NO_STEAL, STEAL, Hit

    game = Hit()
    rng = random.Random(1)
    start = CLOCK()
    for seed in range(games):
        state = game.initial_state(players, tablecards.MatchRandom(seed))
        game.setup(state)
        while not state.over:
            seat = state.to_act[0]
            action: tablecards.Action
            if game.legal_actions(state, seat)[0] is STEAL:
                action = STEAL if rng.random() < 0.5 else NO_STEAL
            else:
                action = END_TURN if rng.random() < 0.5 else DRAW_AGAIN
            game.apply(state, seat, action)
    return (CLOCK() - start) / games


def floor_games(bare_game: Callable[[random.Random, int], object], games: int) -> float:
    """The shared floor, 3 players; seconds per game."""
    rng = random.Random(1)
    start = CLOCK()
    for _ in range(games):
        bare_game(rng, 3)
    return (CLOCK() - start) / games


def interleaved(measures: dict[str, Callable[[], float]], runs: int) -> dict[str, list[float]]:
    """Each measure ``runs`` times after one warm-up, taking turns, so that a change in the
    machine's load falls on all of them alike."""
    for measure in measures.values():
        measure()
    out: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(runs):
        for name, measure in measures.items():
            out[name].append(measure())
    return out


def spread(values: list[float]) -> str:
    """Median and range of seconds per game, in µs."""
    return (
        f"{statistics.median(values) * 1e6:.1f} µs/game "
        f"(range {min(values) * 1e6:.1f}-{max(values) * 1e6:.1f})"
    )


def floor_section(say: Callable[[str], None], path: Path | None, scale: float) -> None:
    """Hit! through the engine against the shared floor, interleaved in one process."""
    say("## Hit! through the engine against the shared floor (3 players, same policy)")
    if path is None or not path.is_file():
        say(
            f"- **not measured**: the shared floor `../{FLOOR.as_posix()}` was not found beside "
            "the repository (pass `--floor PATH`)"
        )
        say("")
        return
    bare_game = load_floor(path)
    n = max(100, int(3000 * scale))
    runs = 2 * RUNS + 1
    times = interleaved(
        {
            "floor": lambda: floor_games(bare_game, n),
            "engine": lambda: hit_policy_games(n, stop=0.5),
            "rules": lambda: rules_only_games(n),
        },
        runs,
    )
    floor, engine = (statistics.median(times[name]) for name in ("floor", "engine"))
    ratios = sorted(e / f for e, f in zip(times["engine"], times["floor"], strict=True))
    say(f"- floor (`../{FLOOR.as_posix()}`, steal 1/2, stop 1/2): {spread(times['floor'])}")
    say(f"- engine (`Match` API, same policy): {spread(times['engine'])}")
    rules = statistics.median(times["rules"])
    say(
        f"- of which Hit!'s own rules on its state (`game.apply` without a `Match`): "
        f"{spread(times['rules'])}, {rules / floor:.2f}x the floor; the `Match` layer "
        f"(turn and legality checks, the log, property access) adds "
        f"{(engine - rules) * 1e6:.0f} µs/game"
    )
    say(
        f"- **engine/floor ratio: {engine / floor:.2f}** (per-repetition ratios "
        f"{ratios[0]:.2f}-{ratios[-1]:.2f}; target ≤ 4, stretch ≤ 3); medians of {runs} "
        f"interleaved repetitions of {n} games each, after a warm-up"
    )
    say("")


def mid_game(game: tablecards.Game[Any], players: int, fraction: float = 0.5) -> Match:
    """A match stopped at ``fraction`` of a random playout's length."""
    full = Match(game, players, 3)
    rng = random.Random(3)
    while not full.is_over:
        seat = full.to_act[rng.randrange(len(full.to_act))]
        legal = full.legal_actions(seat)
        full.apply(seat, legal[rng.randrange(len(legal))])
    match = Match(game, players, 3)
    for seat, action in full.log[: int(full.moves * fraction)]:
        match.apply(seat, action)
    return match


def per_call(function: Callable[[], object], number: int) -> float:
    """Median seconds per call of ``function``."""

    def measure() -> float:
        start = CLOCK()
        for _ in range(number):
            function()
        return (CLOCK() - start) / number

    return median_of(RUNS, measure)


def call_costs(match: Match, scale: float) -> tuple[float, ...]:
    """Seconds per call of legal_actions, view, clone, to_json, from_json (verified, the
    default) and from_json(verify=False), on ``match``."""
    seat = match.to_act[0]
    game = match.game
    text = match.to_json()
    loads = max(5, int(50 * scale))
    return (
        per_call(lambda: match.legal_actions(seat), 20000),
        per_call(lambda: match.view(seat), 2000),
        per_call(match.clone, 5000),
        per_call(match.to_json, loads),
        per_call(lambda: Match.from_json(text, game), loads),
        per_call(lambda: Match.from_json(text, game, verify=False), loads),
    )


class NullObserver:
    """An observer that does nothing: the cost of dispatch itself."""

    @tablecards.hookimpl
    def tablecards_match_event(self, match: Match, event: tablecards.Event) -> None:
        """Ignore the event."""


def dispatch_cost(game: tablecards.Game[Any], players: int, games: int) -> tuple[float, float]:
    """Seconds per action with no observer and with one (no-op) observer."""

    def run(observers: list[object]) -> float:
        rng = random.Random(1)
        moves = 0
        start = CLOCK()
        for seed in range(games):
            match = Match(game, players, seed, observers=observers)
            while not match.is_over:
                seat = match.to_act[rng.randrange(len(match.to_act))]
                legal = match.legal_actions(seat)
                match.apply(seat, legal[rng.randrange(len(legal))])
            moves += match.moves
        return (CLOCK() - start) / moves

    return median_of(RUNS, lambda: run([])), median_of(RUNS, lambda: run([NullObserver()]))


def creation_cost(game: tablecards.Game[Any], matches: int) -> tuple[float, float]:
    """Seconds to create a match without observers, and with a new observer object each time
    (a server watching each match with its own observer)."""

    def plain() -> float:
        start = CLOCK()
        for seed in range(matches):
            Match(game, 3, seed)
        return (CLOCK() - start) / matches

    def fresh() -> float:
        start = CLOCK()
        for seed in range(matches):
            Match(game, 3, seed, observers=[NullObserver()])
        return (CLOCK() - start) / matches

    return median_of(RUNS, plain), median_of(RUNS, fresh)


def flatness(game: tablecards.Game[Any], players: int, games: int) -> tuple[float, float]:
    """Mean apply() cost in the first and the last tenth of matches (seconds)."""
    first: list[float] = []
    last: list[float] = []
    rng = random.Random(2)
    clock = CLOCK
    for seed in range(games):
        match = Match(game, players, seed)
        costs = []
        while not match.is_over:
            seat = match.to_act[rng.randrange(len(match.to_act))]
            legal = match.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            start = clock()
            match.apply(seat, action)
            costs.append(clock() - start)
        tenth = max(1, len(costs) // 10)
        first.extend(costs[:tenth])
        last.extend(costs[-tenth:])
    return statistics.fmean(first), statistics.fmean(last)


def simulate_speedup(games: int) -> tuple[float, float]:
    """Seconds for ``games`` random Hit! matches on a warm pool of 1 and of 2 worker processes.

    The pools are started and warmed up (plugins loaded in every worker) before timing, as in a
    long research run, where start-up is paid once.
    """

    def timed(workers: int) -> float:
        with ProcessPoolExecutor(workers) as executor:
            warm = tablecards.simulate(
                "hit", 3, None, 20 * workers, 2, executor=executor, batch_size=10
            )
            if warm.games != 20 * workers:  # pragma: no cover - a broken pool
                raise RuntimeError("warm-up failed")

            def run() -> float:
                start = time.perf_counter()
                tablecards.simulate("hit", 3, None, games, 1, executor=executor, batch_size=100)
                return time.perf_counter() - start

            return median_of(3, run)

    return timed(1), timed(2)


def main() -> None:
    """Run the benchmark and print (and with --write, record) the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games, for a smoke test")
    parser.add_argument("--write", action="store_true", help="write bench/RESULTS.md")
    parser.add_argument("--floor", help="path of the shared bare_hit.py (default: found)")
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0
    lines: list[str] = []

    def say(text: str = "") -> None:
        print(text, flush=True)
        lines.append(text)

    say(f"- load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    say()
    floor_section(say, find_floor(args.floor), scale)
    say("## Hit! through the engine against the project's own bare loop (3 players)")
    n = max(50, int(2000 * scale))
    bare = median_of(RUNS, lambda: bare_games(n))
    engine = median_of(RUNS, lambda: hit_policy_games(n))
    say(f"- bare loop: {bare * 1e6:.1f} µs/game ({1 / bare:,.0f} games/s)")
    say(f"- engine (`Match` API): {engine * 1e6:.1f} µs/game ({1 / engine:,.0f} games/s)")
    say(f"- **engine/bare ratio: {engine / bare:.2f}** (target ≤ 5, stretch ≤ 3)")
    say()
    say("## Random bots through the public `Match` API")
    say("| game | players | games/s | actions/s | actions/game |")
    say("| --- | ---: | ---: | ---: | ---: |")
    registry = tablecards.registry()
    for name in sorted(registry.games):
        game = registry.load_game(name)
        for players in range(game.min_players, game.max_players + 1):
            games = max(10, int(300 * scale))
            seconds = []
            actions = 0
            for _ in range(3):
                took, actions = random_games(game, players, games)
                seconds.append(took)
            took = statistics.median(seconds)
            say(
                f"| {name} | {players} | {games / took:,.0f} | {actions / took:,.0f} | "
                f"{actions / games:.0f} |"
            )
    say()
    say("## Costs on a mid-game match (µs per call)")
    say(
        "Targets: `view(seat)` ≤ 15 µs, `from_json` ≤ 1,000 µs (the unverified load; the "
        "verified one replays the log)."
    )
    say("")
    say(
        "| game | players | actions logged | legal_actions | view(seat) | clone | to_json | "
        "from_json (verify) | from_json(verify=False) |"
    )
    say("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in sorted(registry.games):
        game = registry.load_game(name)
        for players in range(game.min_players, game.max_players + 1):
            match = mid_game(game, players)
            legal, view, clone, save, load, fast = call_costs(match, scale)
            say(
                f"| {name} | {players} | {match.moves} | {legal * 1e6:.2f} | {view * 1e6:.1f} | "
                f"{clone * 1e6:.1f} | {save * 1e6:.0f} | {load * 1e6:.0f} | {fast * 1e6:.0f} |"
            )
    say()
    say("## Growth along a match (Hit!, 3 players)")
    hit = registry.load_game("hit")
    for fraction in (0.1, 0.9):
        match = mid_game(hit, 3, fraction)
        _, view, clone, *_ = call_costs(match, scale)
        say(
            f"- at {fraction:.0%} of a match ({match.moves} actions logged): clone "
            f"{clone * 1e6:.1f} µs, view {view * 1e6:.1f} µs"
        )
    # A 10-round Hit! match isolates the log's growth: round 10 plays like round 1, with ten
    # times the log behind it.
    early, late = flatness(registry.load_game("hit", rounds=10), 3, max(5, int(60 * scale)))
    say(
        f"- **Hit! over 10 rounds: apply() {early * 1e6:.2f} µs in the first tenth, "
        f"{late * 1e6:.2f} µs in the last tenth ({late / early - 1:+.0%})** (target: within 20%)"
    )
    say("- one-round matches, where the game itself changes along the match:")
    for name in sorted(registry.games):
        game = registry.load_game(name)
        early, late = flatness(game, game.default_players, max(20, int(300 * scale)))
        say(
            f"  - {name}: apply() {early * 1e6:.2f} µs in the first tenth of a match, "
            f"{late * 1e6:.2f} µs in the last tenth ({late / early - 1:+.0%})"
        )
    say()
    say("## Event dispatch (per action, random Hit! matches, 3 players)")
    none, one = dispatch_cost(hit, 3, max(20, int(300 * scale)))
    say(
        f"- no observer: {none * 1e6:.2f} µs; one no-op observer: {one * 1e6:.2f} µs "
        f"(**{one / none:.2f}x**, target ≤ 1.5x)"
    )
    plain, fresh = creation_cost(hit, max(50, int(500 * scale)))
    say(
        f"- creating a match: {plain * 1e6:.0f} µs; with a fresh observer object: "
        f"{fresh * 1e6:.0f} µs"
    )
    say()
    say("## Simulation with worker processes (random Hit! matches)")
    games = max(400, int(8000 * scale))
    one_worker, two_workers = simulate_speedup(games)
    say(
        f"- {games} matches: 1 worker {one_worker:.2f} s, 2 workers {two_workers:.2f} s, "
        f"**speed-up {one_worker / two_workers:.2f}x** (target ≥ 1.7x)"
    )
    rl_section(say, scale)
    if args.write:
        header = [
            "# Benchmark results",
            "",
            f"- date: {dt.date.today().isoformat()}",
            f"- machine: {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()} ({platform.system()})",
            f"- command: `uv run python bench/run.py{' --quick' if args.quick else ''} --write`",
            f"- medians of {RUNS} runs after a warm-up; single-process figures are this "
            "process's CPU time (`time.process_time`), the worker pools' wall-clock time",
            "",
        ]
        Path(__file__).with_name("RESULTS.md").write_text("\n".join(header + lines) + "\n")


def rl_section(say: Callable[[str], None], scale: float) -> None:
    """The reinforcement-learning environments (``bench/rl_env.py``), with the ``rl`` extra."""
    try:
        import rl_env

        import tablecards.rl  # noqa: F401 - only to know the extra is there
    except ImportError:  # pragma: no cover - without the rl extra
        return
    say("")
    rl_env.report(say, scale)


if __name__ == "__main__":
    main()
