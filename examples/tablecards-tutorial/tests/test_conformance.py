"""The conformance kit every game plugin passes (see docs/testing.md)."""

from __future__ import annotations

import pytest

from tablecards.testing import KitBlock, check_game, kit_blocks
from tablecards_tutorial import Climb


# Every seat count (2-4), seeded random playouts, replays, saves, leaks and the bots: 200 seeds
# per seat count, in blocks that a parallel runner (pytest -n 2) spreads over its workers.
@pytest.mark.parametrize("block", kit_blocks(Climb()), ids=str)
def test_climb_passes_the_conformance_kit(block: KitBlock) -> None:
    report = block.run(Climb())
    assert report.matches == {block.players: len(block.seeds)}
    assert sum(report.truncated.values()) == 0  # every playout ends by the rules (CLIMB-08)
    assert report.leak_points > 0  # hands and deck were really swapped and checked


def test_climb_kit_covers_every_seat_count() -> None:
    assert {block.players for block in kit_blocks(Climb())} == {2, 3, 4}


@pytest.mark.slow
def test_climb_passes_with_other_options() -> None:
    check_game(Climb(hand_size=8, first_player=1), players=[2, 4], seeds=20)
