"""How the ``stop-0.2.0-*.json`` saves in this folder were written: by Stop 0.2.0 (tablecards
commit 056bf0c), when a seat that had passed in the auction could pass again (a logged move
that changed nothing). Kept for the record; run with that version installed
(``uv run python plugins/tablecards-stop/tests/saves/make_v0_2_0_saves.py``), it writes them
again byte for byte. With a later version it refuses to run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from tablecards import Action, Match
from tablecards_stop import PASS, Phase, Stop, StopState

HERE = Path(__file__).parent


def play_until(seed: int, done: Callable[[StopState, Match, int], bool]) -> Match:
    """A 4-player match of random decisions (seeded) played until ``done`` holds; a seat that
    has passed passes again now and then, as an eager client or bot did."""
    match = Match(Stop(), players=4, seed=seed)
    rng = random.Random(seed)
    repeats = 0
    while not match.is_over:
        state = match.state
        assert isinstance(state, StopState)
        if done(state, match, repeats):
            return match
        seat = rng.choice(match.to_act)
        legal = match.legal_actions(seat)
        action: Action
        if state.phase is Phase.AUCTION and seat in state.passed and rng.random() < 0.7:
            action = PASS  # a repeated pass: no change to the state, but a logged move
            repeats += 1
        else:
            action = rng.choice(legal)
        match.apply(seat, action)
    return match


def repeated_in_auction(state: StopState, match: Match, repeats: int) -> bool:
    """In an auction, after some repeated passes, with a seat passed."""
    return state.phase is Phase.AUCTION and state.round >= 1 and repeats >= 3 and bool(state.passed)


def main() -> None:
    if Stop.version != "0.2.0":
        raise SystemExit(f"these saves are Stop 0.2.0's; Stop {Stop.version} is installed")
    saves = {
        "repeated_passes_auction": play_until(25, repeated_in_auction),
        "repeated_passes_finished": play_until(22, lambda s, m, r: False),
    }
    for name, match in saves.items():
        (HERE / f"stop-0.2.0-{name}.json").write_text(match.to_json() + "\n")
        print(name, match)


if __name__ == "__main__":
    main()
