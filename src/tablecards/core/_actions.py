"""Actions: the small frozen values a seat asks a match to apply."""

from __future__ import annotations

import attrs

__all__ = ["Action", "Illegal"]


@attrs.frozen(slots=True)
class Action:
    """Base class of every game's actions.

    A game defines one small frozen attrs subclass per kind of decision (``Steal``,
    ``Raise(bid=2, values=1, plus=0)``). Fields must be ints, strs, bools or tuples of those, so
    that an action round-trips through JSON by its class name and fields. Equal fields mean equal
    actions; games cache the field-less ones as module constants.
    """


@attrs.frozen(slots=True)
class Illegal:
    """Why an action is not legal now: a sentence, and the rule ID where one applies."""

    reason: str
    rule: str | None = None
