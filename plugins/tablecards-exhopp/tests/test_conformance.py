"""Ex & Hopp passes the conformance kit (conservation, no leaks, replays, rejections...)."""

from __future__ import annotations

import pytest

from tablecards.testing import KitBlock, kit_blocks
from tablecards_exhopp import ExHopp
from tablecards_exhopp._actions import Give


@pytest.mark.parametrize("block", kit_blocks(ExHopp()), ids=str)
def test_exhopp_passes_the_conformance_kit(block: KitBlock) -> None:
    block.run(ExHopp())  # every check; 200 seeds per seat count, in blocks


def test_exh_10_a_given_value_is_hidden_from_third_seats_in_the_action_too() -> None:
    """EXH-10: a given value is hidden from third seats in the action too."""
    game = ExHopp()
    assert game.redact_action(Give(7), actor=1, seat=1) == Give(7)
    assert game.redact_action(Give(7), actor=1, seat=2) is None
    assert game.redact_action(Give(7), actor=1, seat=None) is None
