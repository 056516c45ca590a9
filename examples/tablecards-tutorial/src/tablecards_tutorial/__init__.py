"""Climb, the example game of the tablecards tutorial, as a plugin."""

from __future__ import annotations

from tablecards_tutorial._actions import DRAW, PASS, PLAYS, Draw, Pass, Play
from tablecards_tutorial._bots import HeuristicBot
from tablecards_tutorial._game import Climb, ClimbOptions
from tablecards_tutorial._rules import PileWon
from tablecards_tutorial._scenario import StackedClimb
from tablecards_tutorial._state import DECK, TOP_VALUE, ClimbCard, ClimbState

__version__ = "0.2.0"

__all__ = [
    "DECK",
    "DRAW",
    "PASS",
    "PLAYS",
    "TOP_VALUE",
    "Climb",
    "ClimbCard",
    "ClimbOptions",
    "ClimbState",
    "Draw",
    "HeuristicBot",
    "Pass",
    "PileWon",
    "Play",
    "StackedClimb",
    "__version__",
]
