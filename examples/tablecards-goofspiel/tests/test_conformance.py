"""The conformance kit, every check on (docs/testing.md), for Goofspiel's sealed bids."""

from __future__ import annotations

import pytest

from tablecards.testing import KitBlock, check_game, kit_blocks
from tablecards_goofspiel import Goofspiel


@pytest.mark.slow
def test_goofspiel_passes_the_conformance_kit_with_few_seeds() -> None:
    report = check_game(Goofspiel(cards=5), seeds=20, process_seeds=1)
    assert set(report.matches) == {2, 3, 4} and report.leak_points > 0


@pytest.mark.parametrize("block", kit_blocks(Goofspiel()), ids=str)
def test_goofspiel_passes_the_conformance_kit_with_every_check(block: KitBlock) -> None:
    report = block.run(Goofspiel())
    assert sum(report.truncated.values()) == 0  # 13 rounds, always (GOPS-08)
    assert report.determinisations > 0
