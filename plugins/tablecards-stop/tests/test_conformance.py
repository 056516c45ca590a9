"""Stop passes the conformance kit: no leaks of hands or pack order (STOP-04), conservation
(STOP-01), replays and atomic rejection through open moments (STOP-06, STOP-11)."""

from __future__ import annotations

from tablecards.testing import check_game
from tablecards_stop import Stop


def test_stop_passes_the_conformance_kit() -> None:
    check_game(Stop())
