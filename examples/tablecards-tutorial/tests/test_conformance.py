"""The conformance kit every game plugin passes (see docs/testing.md)."""

from __future__ import annotations

from tablecards.testing import check_game
from tablecards_tutorial import Climb


def test_climb_passes_the_conformance_kit() -> None:
    # Every seat count (2-4), seeded random playouts, replays, saves, leaks and the bots.
    report = check_game(Climb())
    assert set(report.matches) == {2, 3, 4}
    assert sum(report.truncated.values()) == 0  # every playout ends by the rules (CLIMB-08)
    assert report.leak_points > 0  # hands and deck were really swapped and checked


def test_climb_passes_with_other_options() -> None:
    check_game(Climb(hand_size=8, first_player=1), players=[2, 4], seeds=20)
