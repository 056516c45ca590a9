"""What Match.events_for costs in memory, and what Match.forget_events gives back.

Run: ``uv run python bench/events_memory.py``. For a few games, a match after 30 random moves
is measured three ways with tracemalloc (the memory freed by dropping the match): idle, after
``events_for(0)``, and after ``events_for(0)`` then ``forget_events()``.
"""

from __future__ import annotations

import gc
import random
import tracemalloc

import tablecards

GAMES = [("hit", 3), ("stop", 4), ("courtiers", 3)]


def played(name: str, players: int, seed: int, moves: int = 30) -> tablecards.Match:
    """A match after ``moves`` random actions."""
    match = tablecards.Match(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        seat = match.to_act[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def _used() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def held(step: str, name: str, players: int) -> float:
    """KiB held by one match after ``step``."""
    box: list[tablecards.Match | None] = [played(name, players, 1)]
    match = box[0]
    assert match is not None
    if step != "idle":
        match.events_for(0)
    if step == "forget_events":
        match.forget_events()
    del match
    before = _used()
    box[0] = None
    return (before - _used()) / 1024


def main() -> None:
    """Print one line per game."""
    tracemalloc.start()
    for name, players in GAMES:
        sizes = {
            step: held(step, name, players) for step in ("idle", "events_for", "forget_events")
        }
        print(
            f"{name} ({players} seats, 30 moves): "
            + ", ".join(f"{step} {kib:.1f} KiB" for step, kib in sizes.items())
        )
    tracemalloc.stop()


if __name__ == "__main__":
    main()
