"""Where the engine's time goes on Hit!, against the shared floor: ``uv run python
bench/hit_layers.py [--rounds N] [--games N] [--floor PATH]``.

The loop of ``bench/run.py``'s floor section (3 players, steal 1/2, stop 1/2, the policy written
inline as in the floor), timed five ways in interleaved rounds (CPU time per game), each one
layer thinner than the last, the shared floor (``../shared/bench/bare_hit.py``) among them so
that a change in the machine's load falls on all of them alike:

- ``engine``: the public ``Match`` API (``is_over``, ``to_act``, ``legal_actions``, ``apply``);
- ``no properties``: the same match, the loop reading the state and asking the game directly,
  still applying through ``Match.apply`` (what the properties cost);
- ``no Match.apply``: the same match, the game's ``apply`` called directly (what the turn,
  field and legality checks and the log cost);
- ``rules only``: no ``Match`` at all (what creating one costs beyond the game's own set-up);
- ``floor``: the shared bare loop of the same game.

Each round gives every layer's ratio to that round's floor; the medians of those ratios are
printed, with the load average at the start and at the end (the machine is shared: a ratio
of one run says more than its times).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import tablecards
from tablecards import Action, Match
from tablecards_hit import DRAW_AGAIN, END_TURN, NO_STEAL, STEAL, Hit, HitState

sys.path.insert(0, str(Path(__file__).parent))
from run import find_floor, load_floor

CLOCK = time.process_time
GAME = Hit()


def hit_state(match: Match) -> HitState:
    """The match's state, as the Hit! state it is."""
    state = match.state
    if not isinstance(state, HitState):
        raise TypeError(f"not a Hit! state: {state!r}")
    return state


def engine(games: int) -> float:
    """The public API; seconds per game."""
    rng = random.Random(1)
    start = CLOCK()
    for seed in range(games):
        match = Match(GAME, 3, seed)
        while not match.is_over:
            seat = match.to_act[0]
            action: Action
            if match.legal_actions(seat)[0] is STEAL:
                action = STEAL if rng.random() < 0.5 else NO_STEAL
            else:
                action = END_TURN if rng.random() < 0.5 else DRAW_AGAIN
            match.apply(seat, action)
    return (CLOCK() - start) / games


def no_properties(games: int) -> float:
    """``Match.apply``, the loop reading the state directly; seconds per game."""
    rng = random.Random(1)
    start = CLOCK()
    for seed in range(games):
        match = Match(GAME, 3, seed)
        state = hit_state(match)
        while not state.over:
            seat = state.to_act[0]
            action: Action
            if GAME.legal_actions(state, seat)[0] is STEAL:
                action = STEAL if rng.random() < 0.5 else NO_STEAL
            else:
                action = END_TURN if rng.random() < 0.5 else DRAW_AGAIN
            match.apply(seat, action)
    return (CLOCK() - start) / games


def no_apply(games: int) -> float:
    """A ``Match`` created, its state changed by the game's ``apply``; seconds per game."""
    rng = random.Random(1)
    start = CLOCK()
    for seed in range(games):
        state = hit_state(Match(GAME, 3, seed))
        while not state.over:
            seat = state.to_act[0]
            action: Action
            if GAME.legal_actions(state, seat)[0] is STEAL:
                action = STEAL if rng.random() < 0.5 else NO_STEAL
            else:
                action = END_TURN if rng.random() < 0.5 else DRAW_AGAIN
            GAME.apply(state, seat, action)
    return (CLOCK() - start) / games


def rules_only(games: int) -> float:
    """No ``Match``: the game's state, set-up and ``apply``; seconds per game."""
    rng = random.Random(1)
    start = CLOCK()
    for seed in range(games):
        state = GAME.initial_state(3, tablecards.MatchRandom(seed))
        GAME.setup(state)
        while not state.over:
            seat = state.to_act[0]
            action: Action
            if GAME.legal_actions(state, seat)[0] is STEAL:
                action = STEAL if rng.random() < 0.5 else NO_STEAL
            else:
                action = END_TURN if rng.random() < 0.5 else DRAW_AGAIN
            GAME.apply(state, seat, action)
    return (CLOCK() - start) / games


def floor_of(bare_game: Callable[[random.Random, int], object]) -> Callable[[int], float]:
    """The shared floor as a measure: seconds per game."""

    def floor(games: int) -> float:
        rng = random.Random(1)
        start = CLOCK()
        for _ in range(games):
            bare_game(rng, 3)
        return (CLOCK() - start) / games

    return floor


def main() -> None:
    """Print each layer's time and its ratio to the floor, and what each layer adds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds (default 9)")
    parser.add_argument("--games", type=int, default=1500, help="games per measure and round")
    parser.add_argument("--floor", help="path of the shared bare_hit.py (default: found)")
    args = parser.parse_args()
    path = find_floor(args.floor)
    if path is None or not path.is_file():
        raise SystemExit("the shared floor bare_hit.py was not found: pass --floor PATH")
    measures: dict[str, Callable[[int], float]] = {
        "engine": engine,
        "no properties": no_properties,
        "no Match.apply": no_apply,
        "rules only": rules_only,
        "floor": floor_of(load_floor(path)),
    }
    for measure in measures.values():
        measure(200)
    start_load = os.getloadavg()[0]
    times: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(args.rounds):
        for name, measure in measures.items():
            times[name].append(measure(args.games))
    end_load = os.getloadavg()[0]
    floors = times["floor"]
    print(
        f"- load average {start_load:.1f} at the start, {end_load:.1f} at the end; "
        f"{args.rounds} interleaved rounds of {args.games} games (Python "
        f"{sys.version.split()[0]})"
    )
    previous = None
    for name, values in times.items():
        median = statistics.median(values) * 1e6
        ratios = sorted(value / floor for value, floor in zip(values, floors, strict=True))
        line = f"- {name}: {median:.1f} µs/game"
        if name != "floor":
            line += (
                f", {statistics.median(ratios):.2f}x the floor (rounds "
                f"{ratios[0]:.2f}-{ratios[-1]:.2f})"
            )
        if previous is not None and name != "floor":
            line += f"; {previous - median:.1f} µs/game less than the layer above"
        print(line)
        previous = median


if __name__ == "__main__":
    main()
