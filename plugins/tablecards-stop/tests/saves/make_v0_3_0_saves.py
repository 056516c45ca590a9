"""How the ``stop-0.3.0-*.json`` saves in this folder were written: by Stop 0.3.0 (tablecards
commit e82e0b8), when a share-out was given a card at a time (``Give`` only). Kept for the
record; run with that version installed
(``uv run python plugins/tablecards-stop/tests/saves/make_v0_3_0_saves.py``), it writes them
again byte for byte. With a later version it refuses to run.
"""

from __future__ import annotations

import random
from pathlib import Path

from tablecards import Match
from tablecards_stop import Phase, Stop, StopState

HERE = Path(__file__).parent


def play(seed: int, *, stop_in_share_out: bool) -> Match:
    """A 4-player match of random decisions (seeded), played to its end, or until a share-out
    has had its first card given and still has two cards or more to give."""
    match = Match(Stop(), players=4, seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        state = match.state
        assert isinstance(state, StopState)
        left = sum(len(zone.cards) for zone in state.bids)
        if stop_in_share_out and state.phase is Phase.SHARE and state.recipients and left >= 2:
            return match
        able = [seat for seat in match.to_act if match.legal_actions(seat)]
        seat = able[rng.randrange(len(able))]
        match.apply(seat, rng.choice(list(match.legal_actions(seat))))
    return match


def main() -> None:
    if Stop.version != "0.3.0":
        raise SystemExit(f"these saves are Stop 0.3.0's; Stop {Stop.version} is installed")
    saves = {
        "share_out_begun": play(7, stop_in_share_out=True),
        "finished": play(8, stop_in_share_out=False),
    }
    for name, match in saves.items():
        (HERE / f"stop-0.3.0-{name}.json").write_text(match.to_json() + "\n")
        print(name, match)


if __name__ == "__main__":
    main()
