"""Arranged situations for tests and docs: an Ex & Hopp whose table is laid out, not dealt.

An arranged game is a real :class:`~tablecards_exhopp.ExHopp` in every other respect, so
scripted examples go through the public :class:`~tablecards.Match` API, validation included.
Numbered cards are named by colour letter and value (``"G7"`` green 7, ``"R12"`` red 12; the
letters are R G Y B P O for red, green, yellow, blue, purple, orange); point cards by their
sign and points (``"+5"`` a black 5, ``"-4"`` a red 4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards_exhopp import _rules
from tablecards_exhopp._game import ExHopp
from tablecards_exhopp._state import (
    COLOURS,
    SEQUENCES,
    Colour,
    ExHoppState,
    Ink,
    NumberCard,
    PointCard,
    numbered,
)

__all__ = ["ArrangedExHopp", "card", "cards"]

_LETTERS = {colour.value[0].upper(): colour for colour in COLOURS}


def card(name: str) -> NumberCard:
    """The numbered card named ``name`` (``"G7"``, ``"r12"``).

    Raises:
        ValueError: not a colour letter (R G Y B P O) followed by a value 1-12.
    """
    letter, digits = name[:1].upper(), name[1:]
    if letter not in _LETTERS or not digits.isdigit() or not 1 <= int(digits) <= 12:
        raise ValueError(f"{name!r} is not a card name such as 'G7' or 'R12'")
    return numbered(_LETTERS[letter], int(digits))


def cards(names: str) -> list[NumberCard]:
    """The cards named in a space-separated string (``"Y3 G7 R12"``)."""
    return [card(name) for name in names.split()]


class ArrangedExHopp(ExHopp):
    """Ex & Hopp with the colours, point cards, sequences, hands and stock chosen.

    What it arranges: the table at the start of the first player's turn (the ``first_player``
    option): every seat's colour, the four face-up point cards, the cards already laid in each
    sequence, any hand (the others are dealt four cards from the shuffled stock), the discard
    pile, the next cards of the stock and of the point stock, how many cards the stock still
    holds, and the point cards each seat has already taken.

    What it cannot arrange: an exchange under way (an offer, its answers or the cards chosen,
    EXH-10), a turn already begun, or the order of the stock below the arranged draws and of a
    discard pile shuffled into a new stock (EXH-09), which the match's generator decides.
    Reach those by playing the decisions through :class:`~tablecards.Match`.

    Args:
        colours: every seat's colour, by name (``["green", "red", "yellow", "blue"]``).
        points: the four face-up point cards (``["+5", "-4", "+6", "+4"]``, ``None`` for an
            empty slot); default: four turned from the shuffled point stock.
        sequences: cards already laid after each point card, by sequence index.
        hands: hands by seat (``{0: "G6 R1"}``); the other seats are dealt four cards.
        discard: cards already in the discard pile, bottom first.
        draws: the next cards of the stock, first drawn first.
        stock_size: keep only this many cards in the stock (the draws included), moving the
            others to the discard pile.
        point_draws: the next point cards of the point stock, first turned first.
        taken: point cards already taken, by seat (to arrange the end of a game).
        **options: the options of Ex & Hopp.
    """

    def __init__(
        self,
        colours: Sequence[str],
        points: Sequence[str | None] | None = None,
        sequences: Mapping[int, str] | None = None,
        hands: Mapping[int, str] | None = None,
        discard: str = "",
        draws: str = "",
        stock_size: int | None = None,
        point_draws: Sequence[str] = (),
        taken: Mapping[int, Sequence[str]] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        self.colours = tuple(Colour(name) for name in colours)
        self.points = tuple(points) if points is not None else None
        self.laid = {index: cards(names) for index, names in (sequences or {}).items()}
        self.hands = {seat: cards(names) for seat, names in (hands or {}).items()}
        self.discarded = cards(discard)
        self.draws = cards(draws)
        self.stock_size = stock_size
        self.point_draws = tuple(point_draws)
        self.taken = {seat: tuple(names) for seat, names in (taken or {}).items()}

    def check_players(self, players: int) -> None:
        """The arranged colours must give one colour to each seat."""
        super().check_players(players)
        if len(self.colours) != players:
            raise ValueError(f"{len(self.colours)} colours arranged for {players} seats")

    def setup(self, state: ExHoppState) -> None:
        """Lay out the table as arranged, then start the first player's turn."""
        self._arrange_colours(state)
        self._arrange_points(state)
        stock = state.stock
        for index, laid in self.laid.items():
            state.move(laid, stock, state.sequences[index])
        for seat, held in self.hands.items():
            state.move(held, stock, state.hands[seat])
        state.move(self.discarded, stock, state.discard)
        for card in self.draws:
            stock.cards.remove(card)
        state.shuffle(stock)
        for seat, hand in enumerate(state.hands):
            if seat not in self.hands:
                for _ in range(4):
                    state.draw(stock, hand)
        if self.stock_size is not None:
            extra = len(stock.cards) + len(self.draws) - self.stock_size
            if extra > 0:
                state.move(stock.cards[:extra], stock, state.discard)
        stock.cards.extend(reversed(self.draws))  # the end of the list is the top
        _rules.start_turn(state, state.first_player)

    def _arrange_colours(self, state: ExHoppState) -> None:
        pile = state.colour_pile
        for seat, colour in enumerate(self.colours):
            chosen = next(c for c in pile.cards if c.colour is colour)
            state.move((chosen,), pile, state.colour_cards[seat])
        state.move_all(pile, state.colours_aside)
        state.colours = self.colours
        _rules.box_unused_colours(state)

    def _arrange_points(self, state: ExHoppState) -> None:
        pile = state.point_stock
        if self.points is None:
            _rules.turn_up_point_cards(state)
        else:
            if len(self.points) != SEQUENCES:
                raise ValueError(f"arrange {SEQUENCES} point cards, not {len(self.points)}")
            for slot, name in zip(state.point_cards, self.points, strict=True):
                if name is not None:
                    state.move((_point(pile.cards, name),), pile, slot)
            state.shuffle(pile)
        for seat, names in self.taken.items():
            for name in names:
                state.move((_point(pile.cards, name),), pile, state.taken[seat])
        top = [_point(pile.cards, name) for name in self.point_draws]
        for point in top:
            pile.cards.remove(point)
        pile.cards.extend(reversed(top))


def _point(pile: list[PointCard], name: str) -> PointCard:
    ink = Ink.BLACK if name.startswith("+") else Ink.RED
    points = int(name[1:])
    for point in pile:
        if point.ink is ink and point.points == points:
            return point
    raise ValueError(f"no point card {name!r} left in the point stock")
