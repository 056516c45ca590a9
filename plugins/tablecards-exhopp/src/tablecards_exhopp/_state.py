"""The cards and the state of a game of Ex & Hopp."""

from __future__ import annotations

import enum

import attrs

from tablecards import Card, State, Zone

__all__ = [
    "COLOURS",
    "COLOUR_CARDS",
    "HAND_SIZE",
    "NUMBERED",
    "POINT_CARDS",
    "SEQUENCES",
    "Colour",
    "ColourCard",
    "ExHoppState",
    "Finished",
    "Ink",
    "NumberCard",
    "Phase",
    "PointCard",
    "numbered",
]


class Colour(enum.Enum):
    """The six colours of the numbered cards (EXH-01) and of the colour cards (EXH-02)."""

    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"
    BLUE = "blue"
    PURPLE = "purple"
    ORANGE = "orange"


COLOURS: tuple[Colour, ...] = tuple(Colour)
_INDEX = {colour: index for index, colour in enumerate(COLOURS)}


class Ink(enum.Enum):
    """A point card is black (its points are added) or red (subtracted) (EXH-03)."""

    BLACK = "black"
    RED = "red"


# Looked up once: PointCard.signed runs for every taken card of every view (through the enum's
# class, a member lookup is a descriptor call that costs more than the rest of the property).
_BLACK = Ink.BLACK


@attrs.frozen(slots=True)
class NumberCard(Card):
    """A numbered card: a colour and a value 1-12 (EXH-01)."""

    colour: Colour
    value: int


@attrs.frozen(slots=True)
class ColourCard(Card):
    """A colour card: whoever holds it face up plays that colour (EXH-02, EXH-04)."""

    colour: Colour


@attrs.frozen(slots=True)
class PointCard(Card):
    """A point card showing 4, 5 or 6 points, black or red (EXH-03)."""

    ink: Ink
    points: int

    @property
    def signed(self) -> int:
        """Its worth to the taker: ``+points`` if black, ``-points`` if red (EXH-17)."""
        return self.points if self.ink is _BLACK else -self.points


#: The 72 numbered cards (EXH-01); the id of colour ``c``'s value ``v`` is ``12 * c + v - 1``.
NUMBERED: tuple[NumberCard, ...] = tuple(
    NumberCard(12 * index + value - 1, colour, value)
    for index, colour in enumerate(COLOURS)
    for value in range(1, 13)
)

#: The six colour cards (EXH-02).
COLOUR_CARDS: tuple[ColourCard, ...] = tuple(
    ColourCard(72 + index, colour) for index, colour in enumerate(COLOURS)
)

#: The 18 point cards (EXH-03): red 4, 5, 6 twice each; black 4, 5, 6 four times each.
POINT_CARDS: tuple[PointCard, ...] = tuple(
    PointCard(78 + index, ink, points)
    for index, (ink, points) in enumerate(
        [(Ink.RED, points) for points in (4, 5, 6) for _ in range(2)]
        + [(Ink.BLACK, points) for points in (4, 5, 6) for _ in range(4)]
    )
)


def numbered(colour: Colour, value: int) -> NumberCard:
    """The numbered card of ``colour`` and ``value`` (each exists once, EXH-01)."""
    return NUMBERED[12 * _INDEX[colour] + value - 1]


class Phase(enum.Enum):
    """Which decision the table waits for."""

    TURN = "turn"  # EXH-08, EXH-10: the current player lays a card or proposes an exchange
    ANSWER = "answer"  # EXH-10: one player after the other accepts or declines the proposal
    CHOOSE = "choose"  # EXH-10: proposer and accepter each choose the card they give
    OVER = "over"  # EXH-16


#: How many sequences lie on the table (EXH-06).
SEQUENCES = 4
#: How many cards a hand holds after drawing (EXH-05, EXH-08).
HAND_SIZE = 4


@attrs.frozen(slots=True)
class Finished:
    """The last sequence finished (EXH-12..EXH-15): the ``number``-th of the game, at place
    ``sequence``, its cards (ids, in the order laid), its point card (id) and the seat that
    took it (``None``: a tie, nobody took it)."""

    number: int
    sequence: int
    cards: tuple[int, ...]
    point: int
    winner: int | None


@attrs.define(slots=True, eq=False, kw_only=True)
class ExHoppState(State):
    """A game of Ex & Hopp.

    Zones: the numbered ``stock`` (hidden), the ``discard`` pile (public, EXH-14), the ``box`` of
    unused colours' numbered cards (EXH-04), the colour cards (``colours`` before the deal,
    ``colours:aside`` for the unused ones, ``colour:<seat>`` face up), the secret hands, the
    hidden ``point_stock``, the four ``point:<i>`` slots with their ``sequence:<i>`` and each
    seat's ``taken:<seat>`` point cards.

    ``colours[seat]`` is the seat's colour. During an exchange ``give``/``want`` are the colours
    of the proposal, ``asked`` the seat answering now, ``accepter`` the seat that accepted and
    ``given``/``returned`` the values chosen by the proposer and the accepter (secret: never in
    a view of a third seat). ``passed`` lists ``(giver, card id)`` for every card given in an
    exchange and still in the hand it went to: the giver knows where it lies. ``finished`` is
    the last sequence finished (public: every card of it was laid face up).
    """

    stock: Zone[NumberCard]
    discard: Zone[NumberCard]
    box: Zone[NumberCard]
    colour_pile: Zone[ColourCard]
    colours_aside: Zone[ColourCard]
    colour_cards: tuple[Zone[ColourCard], ...]
    hands: tuple[Zone[NumberCard], ...]
    point_stock: Zone[PointCard]
    point_cards: tuple[Zone[PointCard], ...]
    sequences: tuple[Zone[NumberCard], ...]
    taken: tuple[Zone[PointCard], ...]
    first_player: int
    colours: tuple[Colour, ...] = ()
    current: int = 0
    phase: Phase = Phase.TURN
    give: Colour | None = None
    want: Colour | None = None
    asked: int | None = None
    accepter: int | None = None
    given: int | None = None
    returned: int | None = None
    turns: int = 0
    passed: tuple[tuple[int, int], ...] = ()
    finished: Finished | None = None
