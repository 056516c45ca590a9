"""The one action of Courtiers: play a card of your hand, naming whom it chooses."""

from __future__ import annotations

import attrs

from tablecards import Action

__all__ = ["Play"]


@attrs.frozen(slots=True)
class Play(Action):
    """Play a card of rank ``rank`` from your hand (COURT-04).

    ``target`` is the player the card chooses (Sentry, Seer, Duelist, Herald, Diplomat), or
    ``None`` when it chooses nobody (a card without a choice, or nobody can be chosen,
    COURT-13); ``guess`` is the rank a Sentry names (COURT-05), else ``None``.
    """

    rank: int
    target: int | None = None
    guess: int | None = None
