"""Arranged situations for tests and docs: a Climb whose hands and deck are chosen.

A stacked game is a real :class:`~tablecards_tutorial.Climb` in every other respect, so scripted
examples go through the public :class:`~tablecards.Match` API, validation included, and undo or
saving replays them exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import MatchRandom, Visibility, Zone
from tablecards_tutorial import _rules
from tablecards_tutorial._game import Climb
from tablecards_tutorial._state import DECK, ClimbCard, ClimbState

__all__ = ["StackedClimb"]


class StackedClimb(Climb):
    """Climb played with only the cards named: chosen hands, and a deck in a chosen order.

    Args:
        hands: each seat's hand, by value; seats not named start with no cards.
        deck: the deck by value, top card first; no shuffle.
        **options: the options of Climb (``hand_size`` is ignored: the hands are given).
    """

    def __init__(
        self, hands: Mapping[int, Sequence[int]], deck: Sequence[int] = (), **options: Any
    ) -> None:
        super().__init__(**options)
        self.hands = {seat: tuple(values) for seat, values in hands.items()}
        self.deck = tuple(deck)

    def initial_state(self, players: int, rng: MatchRandom) -> ClimbState:
        """The named cards only: the deck's cards on top, the hands' cards below them."""
        state = super().initial_state(players, rng)
        spare = list(DECK)
        hands = [_take(spare, value) for values in self.hands.values() for value in values]
        top_first = [_take(spare, value) for value in self.deck]
        state.deck = Zone("deck", Visibility.HIDDEN, None, hands + top_first[::-1])
        return state

    def setup(self, state: ClimbState) -> None:
        """Deal the chosen hands from the deck, then the first player begins."""
        for seat, values in self.hands.items():
            for value in values:
                card = next(c for c in state.deck.cards if c.value == value)
                state.move([card], state.deck, state.hands[seat])
        _rules.start_turn(state, self.options.first_player)


def _take(cards: list[ClimbCard], value: int) -> ClimbCard:
    for index, card in enumerate(cards):
        if card.value == value:
            return cards.pop(index)
    raise ValueError(f"no card of value {value} left among the 40")
