"""The text path's cost: reading a player's reply (tablecards.read_choice, read_command), and
refusing a flood (a 10 MB line, a 5,000-digit number) before reading it.

Run: ``uv run python bench/text_path.py`` (prints the median of a few runs, in ms per call).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

import tablecards
from tablecards import ChoiceMenu, MalformedAction, Match


def per_call(run: Callable[[], object], times: int) -> float:
    """The median over five rounds of ``times`` calls, in ms per call."""
    rounds = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(times):
            run()
        rounds.append((time.perf_counter() - start) * 1000 / times)
    return statistics.median(rounds)


def refused(read: Callable[[Match, int, str], object], match: Match, seat: int, text: str) -> None:
    try:
        read(match, seat, text)
    except MalformedAction:
        return
    raise AssertionError("not refused")


def stop_auction() -> tuple[Match, int, ChoiceMenu]:
    """A Stop position where the seat's menu has a two-step raise."""
    match = Match("stop", players=4, seed=3)
    rng = random.Random(3)
    while True:
        for seat in match.to_act:
            menu = tablecards.choice_menu(match, seat)
            if any(choice.then is not None for choice in menu.choices):
                return match, seat, menu
        seat = rng.choice(match.waiting_for or match.to_act)
        match.apply(seat, rng.choice(match.legal_actions(seat)))


def main() -> None:
    hit = Match("hit", players=3, seed=1)
    flood, digits = "x" * 10_000_000, "Bid value=" + "9" * 5000 + " count=1"
    stop, seat, menu = stop_auction()
    step = next(choice for choice in menu.choices if choice.then is not None)
    read_choice, read_command = tablecards.read_choice, tablecards.read_command
    two = f"{step.number} 1"
    cases: list[tuple[str, Callable[[], object], int]] = [
        ("read_choice, a 10 MB line", lambda: refused(read_choice, hit, 0, flood), 20),
        ("read_command, a 10 MB line", lambda: refused(read_command, hit, 0, flood), 20),
        (
            "read_command, Bid with 5,000 digits",
            lambda: refused(read_command, stop, seat, digits),
            200,
        ),
        ("read_choice, Hit! '2.'", lambda: read_choice(hit, 0, "2."), 2000),
        ("read_choice, Stop '<n> 1' (scene built)", lambda: read_choice(stop, seat, two), 500),
        (
            "read_choice, Stop '<n> 1' (menu given)",
            lambda: read_choice(stop, seat, two, menu=menu),
            500,
        ),
        (
            "read_choice, Stop's texts (menu given)",
            lambda: read_choice(stop, seat, f"{step.text} / 1", menu=menu),
            500,
        ),
    ]
    rows = [(name, per_call(run, times)) for name, run, times in cases]
    for name, ms in rows:
        print(f"{name:45} {ms:9.4f} ms")


if __name__ == "__main__":
    main()
