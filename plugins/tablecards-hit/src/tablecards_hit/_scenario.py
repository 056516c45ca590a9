"""Arranged situations for tests and docs: a Hit! whose deck is stacked instead of shuffled.

A stacked game is a real :class:`~tablecards_hit.Hit` in every other respect, so scripted
examples go through the public :class:`~tablecards.Match` API, validation included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards_hit import _rules
from tablecards_hit._game import Hit
from tablecards_hit._state import HitCard, HitState


class StackedHit(Hit):
    """Hit! with the next draws and the starting face-up rows chosen.

    What it arranges: the first round only. The face-up rows are laid out before the first
    turn (the first player's row is banked at once, HIT-04), and the first cards drawn come
    off the top of the deck in the given order; the rest of the deck is shuffled below them.

    What it cannot arrange: loots, the box, or totals from earlier rounds; whose turn it is
    (the ``first_player`` option starts); and anything in a later round: with ``rounds`` above
    one, each later round takes a fresh deck shuffled by the match's generator (HIT-14), so its
    draws cannot be chosen. Reach such positions by playing the decisions through
    :class:`~tablecards.Match`.

    Args:
        draws: the values of the first cards drawn, in order; the rest of the deck is shuffled
            below them with the match's generator.
        rows: face-up rows to lay out before the first turn, by seat (values).
        **options: the options of Hit!.
    """

    def __init__(
        self,
        draws: Sequence[int] = (),
        rows: Mapping[int, Sequence[int]] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        self.draws = tuple(draws)
        self.rows = {seat: tuple(values) for seat, values in (rows or {}).items()}

    def setup(self, state: HitState) -> None:
        """Lay out the rows, stack the draws on top of a shuffled deck, start the first turn."""
        deck = state.deck.cards
        for seat, values in self.rows.items():
            for value in values:
                state.move([_take(deck, value)], state.deck, state.rows[seat])
        top = []
        for value in self.draws:
            card = _take(deck, value)
            deck.remove(card)  # so that the next draw of the same value takes another copy
            top.append(card)
        state.shuffle(state.deck)
        deck.extend(reversed(top))  # the end of the list is the top of the deck
        _rules.start_turn(state, state.first_player)


def _take(deck: list[HitCard], value: int) -> HitCard:
    for card in deck:
        if card.value == value:
            return card
    raise ValueError(f"no card of value {value} left in the deck")
