"""Hattrick passes the conformance kit (conservation, no leaks, replays, rejections...)."""

from __future__ import annotations

import pytest

from tablecards.testing import KitBlock, kit_blocks
from tablecards_hattrick import Hattrick


@pytest.mark.parametrize("block", kit_blocks(Hattrick()), ids=str)
def test_hattrick_passes_the_conformance_kit(block: KitBlock) -> None:
    block.run(Hattrick())  # every check; 200 seeds per seat count, in blocks
