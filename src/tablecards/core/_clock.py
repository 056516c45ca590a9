"""Moments in real time: how long a moment may wait for the seats it waits for."""

from __future__ import annotations

from typing import ClassVar, Literal

import attrs

__all__ = ["KINDS", "Clock"]

#: The kinds of clock, from the shortest to the longest (a server scales each kind apart).
KINDS: tuple[str, ...] = ("reaction", "decision", "turn")


def _kind(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if value not in KINDS:
        raise ValueError(f"a clock's kind is one of {', '.join(KINDS)}, not {value!r}")


def _seconds(instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"a clock's seconds are a number above 0, not {value!r}")


@attrs.frozen
class Clock:
    """How long the current moment may wait, as a game declares it.

    :meth:`Game.clock <tablecards.Game.clock>` returns one. A real-time table (the server)
    runs the clock, scaled by its settings for the kind; when it runs out, the table plays
    :meth:`Game.default_action <tablecards.Game.default_action>` for every seat the moment
    still waits for (:meth:`Game.waiting_for <tablecards.Game.waiting_for>`), each as a logged
    move. Simulations and the terminal ignore clocks: time only exists at a live table.

    Attributes:
        kind: ``"reaction"``, a short window in which anyone may react, after which play goes
            on by itself (Stop's "Stop!" call after a draw); ``"decision"``, a choice that
            deserves thought but must not hold the table for ever (an auction, an exchange
            offer, a share-out); ``"turn"``, a player's ordinary turn (off by default at a
            server: a turn is the player's own).
        seconds: the limit at normal pace (a table may scale it).
        repeat: ``True`` when the seat answers with several moves in a row, one moment
            (Stop's share-out, card by card): when the limit runs out, the table plays the
            default again and again until this clock ends. ``False`` (the default): each
            waited seat gets its default once, and the next moment has its own clock.

    Example:
        >>> from tablecards import Clock
        >>> Clock("reaction", 1.8)
        Clock(kind='reaction', seconds=1.8, repeat=False)
        >>> Clock("nap", 3)
        Traceback (most recent call last):
        ...
        ValueError: a clock's kind is one of reaction, decision, turn, not 'nap'
    """

    #: The kinds of clock, from the shortest to the longest.
    KINDS: ClassVar[tuple[str, ...]] = KINDS

    kind: Literal["reaction", "decision", "turn"] = attrs.field(validator=_kind)
    seconds: float = attrs.field(validator=_seconds)
    repeat: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
