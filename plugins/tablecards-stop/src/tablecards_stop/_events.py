"""The events of Stop: what happened, for observers and each seat's event stream.

All of them are public: calls, bids, raises, passes, results and every card given in a
share-out are seen by everyone (STOP-15). Card movements are reported by the engine's
``CardsMoved``, which hides the cards drawn into a hand from everyone but its owner.
"""

from __future__ import annotations

import attrs

from tablecards import Event

__all__ = [
    "BidPlaced",
    "Eliminated",
    "GameWon",
    "Gave",
    "GaveRest",
    "Passed",
    "Raised",
    "Restarted",
    "RoundTied",
    "RoundWon",
    "Skipped",
    "StopCalled",
]


@attrs.frozen(slots=True)
class Skipped(Event):
    """Seat ``seat`` holds six cards and skips its draw (STOP-05)."""

    seat: int


@attrs.frozen(slots=True)
class Eliminated(Event):
    """Seat ``seat`` had to draw from an empty pack: it is out (STOP-09)."""

    seat: int
    set_aside: int


@attrs.frozen(slots=True)
class Restarted(Event):
    """Everyone held six cards and nobody called Stop: hands go back into packs (STOP-21)."""


@attrs.frozen(slots=True)
class StopCalled(Event):
    """Seat ``seat`` called Stop and took the red token; round ``round`` begins (STOP-06)."""

    seat: int
    round: int


@attrs.frozen(slots=True)
class BidPlaced(Event):
    """Seat ``seat`` placed ``count`` cards of ``value`` in front of itself (STOP-10, STOP-11)."""

    seat: int
    value: int
    count: int
    total: int


@attrs.frozen(slots=True)
class Raised(Event):
    """Seat ``seat`` put ``values`` cards of ``value`` (the bid's value) and ``plus`` +1s on
    ``bid``'s bid (STOP-11); the cards lie face up on the table, so every seat reads them."""

    seat: int
    bid: int
    values: int
    plus: int
    total: int
    value: int


@attrs.frozen(slots=True)
class Passed(Event):
    """Seat ``seat`` passed (STOP-13)."""

    seat: int


@attrs.frozen(slots=True)
class RoundWon(Event):
    """Seat ``seat`` won the round with ``total`` over ``bidders``; it took ``tokens`` (STOP-14)."""

    seat: int
    total: int
    bidders: tuple[int, ...]
    tokens: int


@attrs.frozen(slots=True)
class RoundTied(Event):
    """The highest bid ``total`` was tied: each bidder takes its bid back (STOP-16)."""

    total: int
    bidders: tuple[int, ...]


@attrs.frozen(slots=True)
class Gave(Event):
    """The winner ``seat`` gave a card of ``value`` to ``bidder``'s pack (STOP-15)."""

    seat: int
    value: int
    bidder: int


@attrs.frozen(slots=True)
class GaveRest(Event):
    """The winner ``seat`` gave every card left on the table, ``values`` (1 for "+1"), to
    ``bidder``'s pack (to itself: it kept them) (STOP-15)."""

    seat: int
    values: tuple[int, ...]
    bidder: int


@attrs.frozen(slots=True)
class GameWon(Event):
    """Seat ``seat`` won the game (STOP-18): by ``tokens`` tokens, or as the last one left."""

    seat: int
    tokens: int
    last_standing: bool
