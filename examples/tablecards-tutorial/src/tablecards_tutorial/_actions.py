"""The three decisions of Climb: play a card (CLIMB-04), draw (CLIMB-05) or pass (CLIMB-06)."""

from __future__ import annotations

import attrs

from tablecards import Action

__all__ = ["DRAW", "PASS", "PLAYS", "Draw", "Pass", "Play"]


@attrs.frozen(slots=True)
class Play(Action):
    """Play the card whose id is ``card`` from your hand onto the pile (CLIMB-04)."""

    card: int


@attrs.frozen(slots=True)
class Draw(Action):
    """Draw the top card of the deck into your hand (CLIMB-05)."""


@attrs.frozen(slots=True)
class Pass(Action):
    """Pass: the deck is empty and you cannot play (CLIMB-06)."""


# Actions are values: one instance of each serves every match.
DRAW = Draw()
PASS = Pass()
#: ``PLAYS[i]`` plays the card of id ``i``.
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in range(40))
