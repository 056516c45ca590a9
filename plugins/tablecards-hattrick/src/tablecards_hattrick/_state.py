"""The cards and the state of a game of Hattrick."""

from __future__ import annotations

import enum

import attrs

from tablecards import Card, State, Zone

__all__ = ["COLOURS", "DECK", "Colour", "HatCard", "HattrickState", "LastTrick", "RoundWon"]


class Colour(enum.Enum):
    """The three colours of the deck (HAT-01)."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"


#: The colours in a fixed order: a colour's index in it numbers the seats' won zones.
COLOURS: tuple[Colour, ...] = (Colour.RED, Colour.BLUE, Colour.GREEN)
COLOUR_INDEX: dict[Colour, int] = {colour: index for index, colour in enumerate(COLOURS)}


@attrs.frozen(slots=True)
class HatCard(Card):
    """A Hattrick card: a colour and a value 1-20, no two alike (HAT-01)."""

    colour: Colour
    value: int

    def __str__(self) -> str:
        return f"{self.colour.value} {self.value}"


#: The 60 cards, built once and shared by every match; ``DECK[i].id == i``.
DECK: tuple[HatCard, ...] = tuple(
    HatCard(index * 20 + value - 1, colour, value)
    for index, colour in enumerate(COLOURS)
    for value in range(1, 21)
)


@attrs.frozen(slots=True)
class LastTrick:
    """The last trick taken, as it lay (HAT-06): each pile's (seat, card id) in play order."""

    round: int
    trick: int
    piles: tuple[tuple[tuple[int, int], ...], ...]


@attrs.frozen(slots=True)
class RoundWon:
    """What each seat had won when the last round ended (HAT-09): ``counts[seat]`` is its
    red, blue and green cards won, then its penalty cards."""

    round: int
    counts: tuple[tuple[int, ...], ...]


@attrs.define(slots=True, eq=False, kw_only=True)
class HattrickState(State):
    """A game of Hattrick.

    Zones: the ``deck`` (hidden; empty while a round is played), one secret hand per seat, the
    two piles of the trick in play, each seat's won cards in one public zone per colour
    (``won[seat * 3 + colour index]``, HAT-06: "sorted by colour") and each seat's shown
    penalty cards (``Visibility.KNOWN``, HAT-05).

    ``pile_seats[i]`` lists who played each card of ``piles[i]``, in the same order.
    ``rounds`` is ``None`` when only the target ends the game (HAT-12); ``target`` is ``None``
    when only the round count does (HAT-11). ``last_scores`` are the scores of the last
    finished round, ``round_won`` its cards won by colour and penalty cards, and
    ``last_trick`` the last trick taken: all public, kept for the table to show.
    """

    deck: Zone[HatCard]
    hands: tuple[Zone[HatCard], ...]
    piles: tuple[Zone[HatCard], ...]
    won: tuple[Zone[HatCard], ...]
    penalties: tuple[Zone[HatCard], ...]
    rounds: int | None
    target: int | None
    first_dealer: int
    round: int = 1
    dealer: int = 0
    leader: int = 0
    current: int = 0
    trick: int = 1
    pile_seats: tuple[tuple[int, ...], ...] = ((), ())
    totals: tuple[int, ...] = ()
    last_scores: tuple[int, ...] = ()
    round_won: RoundWon | None = None
    last_trick: LastTrick | None = None

    def won_zone(self, seat: int, colour: Colour) -> Zone[HatCard]:
        """The public zone of the cards of ``colour`` that ``seat`` has won this round."""
        return self.won[seat * 3 + COLOUR_INDEX[colour]]
