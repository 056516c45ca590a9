"""Hattrick passes the conformance kit (conservation, no leaks, replays, rejections...)."""

from __future__ import annotations

from tablecards.testing import check_game
from tablecards_hattrick import Hattrick


def test_hattrick_passes_the_conformance_kit() -> None:
    check_game(Hattrick())
