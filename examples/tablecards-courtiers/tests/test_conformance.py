"""The conformance kit, every check on, including leaks and determinisation (docs/testing.md).

Courtiers needs the kit's three declarations of hidden information: a duel's outcome and a
Sentry's answer are public outcomes (Game.reveals), a "no" rules a rank out of a hand
(Game.ruled_out), a look is known (Game.known_cards). The default run plays 200 seeds per
seat count (about 15 s); TABLECARDS_CONFORMANCE_SEEDS changes it.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from tablecards import Event, MatchRandom
from tablecards.testing import CHECKS, ConformanceFailure, KitBlock, check_game, kit_blocks
from tablecards_courtiers import Courtiers, CourtState


@pytest.mark.parametrize("block", kit_blocks(Courtiers()), ids=str)
def test_courtiers_passes_the_conformance_kit_with_every_check(block: KitBlock) -> None:
    report = block.run(Courtiers())
    assert report.matches == {block.players: len(block.seeds)}
    assert sum(report.truncated.values()) == 0  # every match ends by the rules (COURT-17)
    assert report.leak_points > 0 and report.determinisations > 0


def test_courtiers_kit_covers_every_seat_count() -> None:
    assert {block.players for block in kit_blocks(Courtiers())} == {2, 3, 4}


@pytest.mark.slow
def test_courtiers_passes_with_other_options() -> None:
    check_game(Courtiers(goal=1, first_player=1), players=[2, 4], seeds=20)


@attrs.define(slots=True, eq=False, kw_only=True)
class LeakyState(CourtState):
    """Courtiers' state, plus the rank of the card that won the last duel."""

    winning: int = 0


class LeakyDuel(Courtiers):
    """COURT-07 broken: after a duel, every view shows the rank of the card that won it."""

    def initial_state(self, players: int, rng: MatchRandom) -> LeakyState:
        base = super().initial_state(players, rng)
        return LeakyState(**{f.name: getattr(base, f.name) for f in attrs.fields(CourtState)})

    def duel(self, state: CourtState, seat: int, target: int) -> None:
        ranks = (state.hands[seat].cards[0].rank, state.hands[target].cards[0].rank)
        super().duel(state, seat, target)
        if ranks[0] != ranks[1] and isinstance(state, LeakyState):
            state.winning = max(ranks)

    def view_extra(self, state: CourtState, seat: int | None) -> dict[str, Any]:
        shown = state.winning if isinstance(state, LeakyState) else 0
        return {**super().view_extra(state, seat), "duel": shown}


class UnannouncedDuel(Courtiers):
    """The same rules, without declaring the public outcomes: the kit cannot tell them from a
    leak."""

    def reveals(self, event: Event) -> bool:
        return False


def test_a_duel_that_shows_more_than_its_outcome_fails_leaks() -> None:
    with pytest.raises(ConformanceFailure) as info:
        check_game(LeakyDuel(), seeds=50, checks={"leaks"}, process_seeds=0)
    assert info.value.check == "leaks" and "'duel'" in info.value.detail


def test_the_public_outcomes_are_what_lets_courtiers_pass() -> None:
    with pytest.raises(ConformanceFailure) as info:
        check_game(UnannouncedDuel(), seeds=50, checks={"leaks"}, process_seeds=0)
    assert info.value.check == "leaks"
    assert set(CHECKS) >= {"leaks", "determinisation"}
