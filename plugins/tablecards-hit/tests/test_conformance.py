"""Hit! passes the tablecards conformance kit (tablecards.testing)."""

from __future__ import annotations

from tablecards.testing import check_game
from tablecards_hit import Hit


def test_hit_passes_the_conformance_kit() -> None:
    check_game(Hit())  # every check, 200 seeds for each of 2-6 players


def test_hit_over_several_rounds_passes_the_conformance_kit() -> None:
    check_game(Hit(rounds=3), players=[2, 6], seeds=20)  # reshuffles between rounds
