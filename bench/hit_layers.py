"""Where the engine's time goes on Hit!: ``uv run python bench/hit_layers.py``.

The loop of ``bench/run.py``'s floor section (3 players, steal 1/2, stop 1/2), timed four ways in
interleaved repetitions (medians of CPU time per game), each one layer thinner than the last:

- ``engine``: the public ``Match`` API (``is_over``, ``to_act``, ``legal_actions``, ``apply``);
- ``no properties``: the same match, the loop reading the state and asking the game directly,
  still applying through ``Match.apply`` (what the properties cost);
- ``no Match.apply``: the same match, the game's ``apply`` called directly (what the turn,
  field and legality checks and the log cost);
- ``rules only``: no ``Match`` at all (what creating one costs beyond the game's own set-up).
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable

import tablecards
from tablecards import Action, Match
from tablecards_hit import DRAW_AGAIN, END_TURN, NO_STEAL, STEAL, Hit, HitState

CLOCK = time.process_time
GAME = Hit()


def policy(rng: random.Random, first: Action) -> Action:
    """The floor's decisions: steal or not, draw again or stop, each with probability 1/2."""
    if first is STEAL:
        return STEAL if rng.random() < 0.5 else NO_STEAL
    return END_TURN if rng.random() < 0.5 else DRAW_AGAIN


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
            match.apply(seat, policy(rng, match.legal_actions(seat)[0]))
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
            match.apply(seat, policy(rng, GAME.legal_actions(state, seat)[0]))
    return (CLOCK() - start) / games


def no_apply(games: int) -> float:
    """A ``Match`` created, its state changed by the game's ``apply``; seconds per game."""
    rng = random.Random(1)
    start = CLOCK()
    for seed in range(games):
        state = hit_state(Match(GAME, 3, seed))
        while not state.over:
            seat = state.to_act[0]
            GAME.apply(state, seat, policy(rng, GAME.legal_actions(state, seat)[0]))
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
            GAME.apply(state, seat, policy(rng, GAME.legal_actions(state, seat)[0]))
    return (CLOCK() - start) / games


def main() -> None:
    """Print the medians and the difference each layer makes."""
    measures: dict[str, Callable[[int], float]] = {
        "engine": engine,
        "no properties": no_properties,
        "no Match.apply": no_apply,
        "rules only": rules_only,
    }
    for measure in measures.values():
        measure(200)
    times: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(9):
        for name, measure in measures.items():
            times[name].append(measure(1500))
    medians = {name: statistics.median(values) * 1e6 for name, values in times.items()}
    print(f"- load average at the start: {os.getloadavg()[0]:.1f}")
    previous = None
    for name, value in medians.items():
        step = "" if previous is None else f" ({previous - value:.1f} µs/game less)"
        print(f"- {name}: {value:.1f} µs/game{step}")
        previous = value


if __name__ == "__main__":
    main()
