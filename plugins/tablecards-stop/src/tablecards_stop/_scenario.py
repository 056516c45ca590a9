"""Arranged situations for tests and docs: a Stop whose hands and next draws are chosen.

An arranged game is a real :class:`~tablecards_stop.Stop` in every other respect, so scripted
examples go through the public :class:`~tablecards.Match` API, validation included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards_stop import _rules
from tablecards_stop._game import Stop
from tablecards_stop._state import PLUS, StopCard, StopState

#: How a card is written in an arrangement: 2, 3, 4, or "+1" (or 1) for a plus card.
CardName = int | str


def card_value(name: CardName) -> int:
    """The value of a card written ``2``, ``3``, ``4``, ``"+1"`` or ``1``."""
    if name in ("+1", PLUS):
        return PLUS
    if name in (2, 3, 4, "2", "3", "4"):
        return int(name)
    raise ValueError(f"no Stop card is called {name!r}: use 2, 3, 4 or '+1'")


class ArrangedStop(Stop):
    """Stop starting from a chosen situation instead of the game's opening draws.

    Args:
        hands: cards to put in each seat's hand (at most six), taken from that seat's own pack.
        draws: the next cards each seat will draw, in order, on top of its shuffled pack.
        pack_sizes: cut a seat's pack down to this many cards (the rest, taken from the bottom,
            is set aside in ``aside:seat``, out of play) to bring its end near.
        red: the red-token holder (default: the ``first_player`` option).
        tokens: blue tokens already won, by seat.
        wait: whether STOP-07's second-card wait applies, as at the start of a game; without
            it the draw phase starts as after a round (STOP-20), with a Stop moment at once.
        **options: the options of Stop.
    """

    def __init__(
        self,
        hands: Mapping[int, Sequence[CardName]] | None = None,
        draws: Mapping[int, Sequence[CardName]] | None = None,
        pack_sizes: Mapping[int, int] | None = None,
        red: int | None = None,
        tokens: Mapping[int, int] | None = None,
        *,
        wait: bool = False,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        self.hands = {seat: tuple(map(card_value, cards)) for seat, cards in (hands or {}).items()}
        for seat, cards in self.hands.items():
            if len(cards) > _rules.FULL_HAND:
                raise ValueError(f"seat {seat}'s hand has {len(cards)} cards: at most 6 (STOP-05)")
        self.draws = {seat: tuple(map(card_value, cards)) for seat, cards in (draws or {}).items()}
        self.pack_sizes = dict(pack_sizes or {})
        self.red = red
        self.tokens = dict(tokens or {})
        self.wait = wait

    def setup(self, state: StopState) -> None:
        """Shuffle the packs, lay out the hands and the next draws, then start drawing."""
        for pack in state.packs:
            state.shuffle(pack)
        for seat, values in self.hands.items():
            for value in values:
                state.move([_take(state, seat, value)], state.packs[seat], state.hands[seat])
        for seat, values in self.draws.items():
            pile = state.packs[seat].cards
            top = []
            for value in values:
                card = _take(state, seat, value)
                pile.remove(card)  # so that the next draw of the same value takes another card
                top.append(card)
            pile.extend(reversed(top))  # the end of the list is the top of the pack
        for seat, size in self.pack_sizes.items():
            pack = state.packs[seat]
            state.move(pack.cards[: len(pack.cards) - size], pack, state.asides[seat])
        state.red = state.first_player if self.red is None else self.red
        state.tokens = tuple(self.tokens.get(seat, 0) for seat in range(state.players))
        _rules.start_drawing(state, wait=self.wait)
        _rules.run_draws(state, ask_first=True)


def _take(state: StopState, seat: int, value: int) -> StopCard:
    # The topmost card of that value still in the pack, and not already stacked on top.
    pack = state.packs[seat].cards
    for card in pack:
        if card.value == value:
            return card
    raise ValueError(f"no card of value {value} left in seat {seat}'s pack")
