"""Arranged situations for tests and docs: a Stop whose hands and next draws are chosen.

An arranged game is a real :class:`~tablecards_stop.Stop` in every other respect, so scripted
examples go through the public :class:`~tablecards.Match` API, validation included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tablecards import MatchRandom, RulesError, Visibility, Zone
from tablecards_stop import _rules
from tablecards_stop._game import Stop
from tablecards_stop._state import PLUS, StopCard, StopState, seat_zones

#: How a card is written in an arrangement: 2, 3, 4, or "+1" (or 1) for a plus card.
CardName = int | str


def card_value(name: CardName) -> int:
    """The value of a card written ``2``, ``3``, ``4``, ``"+1"`` or ``1``."""
    if name in ("+1", PLUS):
        return PLUS
    if name in (2, 3, 4, "2", "3", "4"):
        return int(name)
    raise ValueError(f"no Stop card is called {name!r}: use 2, 3, 4 or '+1'")


@attrs.define(slots=True, eq=False, kw_only=True)
class ArrangedStopState(StopState):
    """The state of an :class:`ArrangedStop`: Stop's, plus the cards cut from the packs.

    Attributes:
        cuts: ``cut:s``, the cards cut from seat ``s``'s pack by ``pack_sizes`` (hidden, out
            of play for the whole match). They are kept apart from ``aside:s``, which holds
            only an eliminated player's hand (STOP-09), so no view mixes the two.
    """

    cuts: tuple[Zone[StopCard], ...]


class ArrangedStop(Stop):
    """Stop starting from a chosen situation instead of the game's opening draws.

    What it arranges, before the first decision: the cards in each hand, the next cards each
    seat draws, how many cards each pack still holds, the red-token holder, the tokens already
    won, and whether STOP-07's second-card wait applies. Every card comes from its seat's own
    pack (colours are those of a fresh game: no card has changed packs yet), so a hand can hold
    at most the cards of one pack (nine 2s, six 3s, three 4s, three +1s).

    What it cannot arrange: a position inside a round (an auction under way, bids on the table,
    a share-out), a seat already eliminated, cards that changed packs in earlier share-outs, or
    the round counter. Reach them by playing the decisions that lead there through
    :class:`~tablecards.Match` (``CALL_STOP``, ``Bid``, ...), checked as in any match; a pack cut
    to 0 cards eliminates its seat at its next draw. The match starts in the draw phase, at the
    first Stop moment (or first draw) of the arranged position; the cards below the arranged
    draws keep the seeded shuffle's order.

    Args:
        hands: cards to put in each seat's hand (at most six), taken from that seat's own pack.
        draws: the next cards each seat will draw, in order, on top of its shuffled pack.
        pack_sizes: cut a seat's pack down to this many cards, to bring its end near (STOP-09).
            The rest, taken from the bottom, goes to the hidden zone ``cut:seat``, out of play;
            an eliminated player's hand goes to ``aside:seat`` as in any game.
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

    def initial_state(self, players: int, rng: MatchRandom) -> ArrangedStopState:
        """Stop's initial state, with one empty ``cut:seat`` zone per seat."""
        state = super().initial_state(players, rng)
        fields = {field.name: getattr(state, field.name) for field in attrs.fields(StopState)}
        return ArrangedStopState(**fields, cuts=seat_zones("cut", Visibility.HIDDEN, players))

    def setup(self, state: StopState) -> None:
        """Shuffle the packs, lay out the hands and the next draws, then start drawing."""
        if not isinstance(state, ArrangedStopState):
            raise RulesError("ArrangedStop sets up only the state of its own initial_state")
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
            state.move(pack.cards[: len(pack.cards) - size], pack, state.cuts[seat])
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
