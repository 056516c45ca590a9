"""Stop passes the conformance kit: no leaks of hands or pack order (STOP-04), conservation
(STOP-01), replays and atomic rejection through open moments (STOP-06, STOP-11)."""

from __future__ import annotations

import pytest

from tablecards.testing import KitBlock, kit_blocks
from tablecards_stop import Stop


@pytest.mark.parametrize("block", kit_blocks(Stop()), ids=str)
def test_stop_passes_the_conformance_kit(block: KitBlock) -> None:
    block.run(Stop())  # every check; 200 seeds per seat count, in blocks
