"""Hit! passes the tablecards conformance kit (tablecards.testing)."""

from __future__ import annotations

import pytest

from tablecards.testing import KitBlock, check_game, kit_blocks
from tablecards_hit import Hit


@pytest.mark.parametrize("block", kit_blocks(Hit()), ids=str)
def test_hit_passes_the_conformance_kit(block: KitBlock) -> None:
    block.run(Hit())  # every check; 200 seeds per seat count, in blocks


@pytest.mark.slow
def test_hit_over_several_rounds_passes_the_conformance_kit() -> None:
    check_game(Hit(rounds=3), players=[2, 6], seeds=20)  # reshuffles between rounds
