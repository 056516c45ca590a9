"""The four decisions of Hit!: steal or not (HIT-08), draw again or end the turn (HIT-09)."""

from __future__ import annotations

import attrs

from tablecards import Action


@attrs.frozen(slots=True)
class Steal(Action):
    """Take every face-up card of the drawn card's value from every opponent (HIT-08)."""


@attrs.frozen(slots=True)
class NoSteal(Action):
    """Leave the opponents' cards of the drawn card's value where they are (HIT-08)."""


@attrs.frozen(slots=True)
class DrawAgain(Action):
    """Reveal the next card of the deck (HIT-09)."""


@attrs.frozen(slots=True)
class EndTurn(Action):
    """Stop drawing; the face-up cards stay exposed until the next turn's bank (HIT-09)."""


# The actions have no fields, so one instance of each serves every match.
STEAL = Steal()
NO_STEAL = NoSteal()
DRAW_AGAIN = DrawAgain()
END_TURN = EndTurn()
