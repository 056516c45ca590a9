"""How the saves in this folder were written: by Stop 0.1.0 (tablecards commit 9113a4f), before
STOP-13's passes could be taken back. Kept for the record; run with that version installed
(``uv run python plugins/tablecards-stop/tests/saves/make_v0_1_0_saves.py``), it writes them
again byte for byte. With a later version it refuses to run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from tablecards import Match
from tablecards_stop import Phase, Stop, StopState

HERE = Path(__file__).parent


def play_until(seed: int, done: Callable[[StopState, Match], bool]) -> Match:
    """A 4-player match of random decisions (seeded) played until ``done`` holds."""
    match = Match(Stop(), players=4, seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        state = match.state
        assert isinstance(state, StopState)
        if done(state, match):
            return match
        seat = rng.choice(match.to_act)
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def after_a_pass(state: StopState, match: Match) -> bool:
    """In the auction, after a pass, with a seat that passed and still holds cards."""
    if state.phase is not Phase.AUCTION or state.round < 2:
        return False
    holders = [s for s in range(state.players) if state.hands[s].cards and not state.eliminated[s]]
    return 0 < len(match.to_act) < len(holders) - 1


def before_any_pass(state: StopState, match: Match) -> bool:
    """In the auction, a card just played: every seat holding cards is asked, none passed."""
    if state.phase is not Phase.AUCTION or state.round < 2:
        return False
    holders = [s for s in range(state.players) if state.hands[s].cards and not state.eliminated[s]]
    return list(match.to_act) == holders and len(holders) >= 3


def main() -> None:
    if Stop.version != "0.1.0":
        raise SystemExit(f"these saves are Stop 0.1.0's; Stop {Stop.version} is installed")
    saves = {
        "auction_after_passes": play_until(11, after_a_pass),
        "auction_before_any_pass": play_until(12, before_any_pass),
        "draw_phase": play_until(13, lambda s, m: s.phase is Phase.DRAW and s.round >= 3),
        "finished": play_until(14, lambda s, m: False),
    }
    for name, match in saves.items():
        (HERE / f"stop-0.1.0-{name}.json").write_text(match.to_json() + "\n")
        print(name, match)


if __name__ == "__main__":
    main()
