"""Courtiers: a small game of hidden cards (looks, duels, guesses, trades) for tablecards."""

from __future__ import annotations

from tablecards_courtiers._actions import Play
from tablecards_courtiers._bots import HeuristicBot
from tablecards_courtiers._cards import (
    COPIES,
    DECK,
    DIPLOMAT,
    DUELIST,
    GUARDIAN,
    HEIR,
    HERALD,
    NAMES,
    REGENT,
    SEER,
    SENTRY,
    CourtCard,
)
from tablecards_courtiers._events import (
    Compared,
    Guarded,
    Guessed,
    KnockedOut,
    Looked,
    Saw,
    Traded,
)
from tablecards_courtiers._game import GOALS, Courtiers, CourtOptions
from tablecards_courtiers._state import CourtState

__version__ = "0.2.0"

__all__ = [
    "COPIES",
    "DECK",
    "DIPLOMAT",
    "DUELIST",
    "GOALS",
    "GUARDIAN",
    "HEIR",
    "HERALD",
    "NAMES",
    "REGENT",
    "SEER",
    "SENTRY",
    "Compared",
    "CourtCard",
    "CourtOptions",
    "CourtState",
    "Courtiers",
    "Guarded",
    "Guessed",
    "HeuristicBot",
    "KnockedOut",
    "Looked",
    "Play",
    "Saw",
    "Traded",
    "__version__",
]
