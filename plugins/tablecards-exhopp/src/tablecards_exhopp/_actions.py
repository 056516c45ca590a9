"""The decisions of Ex & Hopp: lay (EXH-08) or propose an exchange, answer it, give a card
(EXH-10, EXH-11).

Colours travel as their names (``"green"``) so that actions stay plain JSON values.
"""

from __future__ import annotations

import attrs

from tablecards import Action

__all__ = ["ACCEPT", "DECLINE", "Accept", "Decline", "Give", "Lay", "Propose"]


@attrs.frozen(slots=True)
class Lay(Action):
    """Lay your ``colour`` ``value`` card at the end of sequence ``sequence`` (0-3) (EXH-08)."""

    sequence: int
    colour: str
    value: int


@attrs.frozen(slots=True)
class Propose(Action):
    """Offer a card of colour ``give`` against a card of colour ``want`` (EXH-10)."""

    give: str
    want: str


@attrs.frozen(slots=True)
class Accept(Action):
    """Accept the proposal in play: you hold a card of the wanted colour (EXH-10)."""


@attrs.frozen(slots=True)
class Decline(Action):
    """Let the proposal pass to the next player (EXH-10, EXH-11)."""


@attrs.frozen(slots=True)
class Give(Action):
    """Choose the card you give in the exchange: your card of that colour and ``value``.

    The proposer gives a card of the offered colour, the accepter one of the wanted colour
    (EXH-10); only the two of them ever learn the values.
    """

    value: int


# The answers have no fields, so one instance of each serves every match.
ACCEPT = Accept()
DECLINE = Decline()
