"""Hattrick, two-pile trick-taking over several rounds, as a tablecards plugin."""

from tablecards_hattrick._actions import PASSES, PLAYS, Pass, Play
from tablecards_hattrick._bots import HeuristicBot
from tablecards_hattrick._game import Hattrick, HattrickOptions
from tablecards_hattrick._rules import PileTaken, TrickLed
from tablecards_hattrick._scenario import ArrangedHattrick, card, cards
from tablecards_hattrick._state import COLOURS, DECK, Colour, HatCard, HattrickState

__version__ = "0.2.0"

__all__ = [
    "COLOURS",
    "DECK",
    "PASSES",
    "PLAYS",
    "ArrangedHattrick",
    "Colour",
    "HatCard",
    "Hattrick",
    "HattrickOptions",
    "HattrickState",
    "HeuristicBot",
    "Pass",
    "PileTaken",
    "Play",
    "TrickLed",
    "__version__",
    "card",
    "cards",
]


def __dir__() -> list[str]:
    """The public names only (PEP 562): the private modules and imports stay out of ``dir()``."""
    return sorted(__all__)
