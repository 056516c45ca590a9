"""Snap, the engine's test-only game with open moments, passes the conformance kit."""

from __future__ import annotations

import pytest
from toys import SnapGame

from tablecards.testing import check_game


@pytest.mark.slow
def test_snap_passes_the_conformance_kit() -> None:
    report = check_game(SnapGame())  # 200 seeds for each of 2-5 players, every check
    assert report.matches == {2: 200, 3: 200, 4: 200, 5: 200}
    assert report.leak_points > 0  # the deck is hidden: the no-leak check had work to do
