"""Arranged situations for tests and docs: a Hattrick whose cards are laid out, not dealt.

An arranged game is a real :class:`~tablecards_hattrick.Hattrick` in every other respect, so
scripted examples go through the public :class:`~tablecards.Match` API, validation included.
Cards are named by colour letter and value: ``"R9"`` is red 9, ``"B20"`` blue 20, ``"G1"``
green 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Zone
from tablecards_hattrick import _rules
from tablecards_hattrick._game import Hattrick
from tablecards_hattrick._state import COLOURS, DECK, HatCard, HattrickState

__all__ = ["ArrangedHattrick", "card", "cards"]

_LETTERS = {colour.value[0].upper(): index for index, colour in enumerate(COLOURS)}


def card(name: str) -> HatCard:
    """The card named ``name`` (``"R9"``, ``"b20"``, ``"G1"``).

    Raises:
        ValueError: not a colour letter (R, B, G) followed by a value 1-20.
    """
    letter, digits = name[:1].upper(), name[1:]
    if letter not in _LETTERS or not digits.isdigit() or not 1 <= int(digits) <= 20:
        raise ValueError(f"{name!r} is not a card name such as 'R9', 'B20' or 'G1'")
    return DECK[_LETTERS[letter] * 20 + int(digits) - 1]


def cards(names: str) -> list[HatCard]:
    """The cards named in a space-separated string (``"R9 B20 G1"``)."""
    return [card(name) for name in names.split()]


class ArrangedHattrick(Hattrick):
    """Hattrick with the hands (and optionally won and penalty cards) laid out by hand.

    The arranged round starts with every given card in its zone and the cards nobody was
    given set aside in the deck; it is played and scored like any round (HAT-08: it ends when
    every hand holds one card), and later rounds are dealt normally.

    What it arranges: one round, at the start of a trick: every hand, the cards already won
    and the penalty cards already laid, who leads, the totals of earlier rounds and the round's
    number. What it cannot arrange: a trick under way (cards already played to it), the
    dealer (the ``first_dealer`` option decides), hands of different sizes, or the deals of
    later rounds, which the match's generator shuffles (reach those through
    :class:`~tablecards.Match`).

    Args:
        hands: every seat's hand, e.g. ``{0: "R9 B2", 1: "G3 G4", ...}``; all of the same size,
            at least two cards each.
        won: cards already won this round, by seat.
        penalties: penalty cards already laid this round, by seat.
        leader: the seat that leads the first trick (default: the dealer's left, HAT-03).
        totals: every seat's total from earlier rounds.
        round: the number of the arranged round (to arrange the last one).
        **options: the options of Hattrick.

    Raises:
        ValueError: a card is named twice, or the hands are not all of one size >= 2.
    """

    def __init__(
        self,
        hands: Mapping[int, str],
        won: Mapping[int, str] | None = None,
        penalties: Mapping[int, str] | None = None,
        leader: int | None = None,
        totals: Sequence[int] | None = None,
        round: int = 1,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        self.hands = {seat: cards(names) for seat, names in hands.items()}
        self.won = {seat: cards(names) for seat, names in (won or {}).items()}
        self.penalties = {seat: cards(names) for seat, names in (penalties or {}).items()}
        self.leader = leader
        self.totals = tuple(totals) if totals is not None else None
        self.round = round
        every = [
            one
            for group in (self.hands, self.won, self.penalties)
            for laid in group.values()
            for one in laid
        ]
        if len(set(every)) != len(every):
            raise ValueError("a card is named twice in the arrangement")
        sizes = {len(hand) for hand in self.hands.values()}
        if len(sizes) != 1 or min(sizes) < 2:
            raise ValueError(f"the hands must all hold the same number (>= 2) of cards: {sizes}")

    def setup(self, state: HattrickState) -> None:
        """Lay out the cards, then the leader opens the first trick."""
        if set(self.hands) != set(range(state.players)):
            raise ValueError(f"arrange a hand for each of the {state.players} seats")
        state.round = self.round
        if self.totals is not None:
            state.totals = self.totals
        for seat, hand in self.hands.items():
            _lay(state, hand, state.hands[seat])
        for seat, won in self.won.items():
            for one in won:
                _lay(state, [one], state.won_zone(seat, one.colour))
        for seat, shown in self.penalties.items():
            _lay(state, shown, state.penalties[seat])
        state.trick = 1
        leader = (state.dealer + 1) % state.players if self.leader is None else self.leader
        _rules.start_trick(state, leader)


def _lay(state: HattrickState, laid: list[HatCard], zone: Zone[HatCard]) -> None:
    state.move(laid, state.deck, zone)
