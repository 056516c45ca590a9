"""The two decisions of Hattrick: play a card (HAT-04, HAT-05) or pass showing one (HAT-05)."""

from __future__ import annotations

import attrs

from tablecards import Action

__all__ = ["PASSES", "PLAYS", "Pass", "Play"]


@attrs.frozen(slots=True)
class Play(Action):
    """Play the card with id ``card`` from the hand.

    It goes on the pile of its colour, or opens a pile when its colour has none (HAT-04,
    HAT-05); the card decides the pile, so the action needs nothing else.
    """

    card: int


@attrs.frozen(slots=True)
class Pass(Action):
    """Pass, showing the third-colour card with id ``card`` and laying it as a penalty (HAT-05)."""

    card: int


# One instance per card id, shared by every match (legal_actions builds no new objects).
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in range(60))
PASSES: tuple[Pass, ...] = tuple(Pass(card) for card in range(60))
