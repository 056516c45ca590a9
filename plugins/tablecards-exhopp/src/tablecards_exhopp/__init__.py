"""Ex & Hopp, sequences, point cards and secret exchanges, as a tablecards plugin."""

from tablecards_exhopp._actions import ACCEPT, DECLINE, Accept, Decline, Give, Lay, Propose
from tablecards_exhopp._bots import HeuristicBot, sequence_outlook
from tablecards_exhopp._game import ExHopp, ExHoppOptions
from tablecards_exhopp._rules import (
    Answered,
    Exchanged,
    Proposed,
    SequenceFinished,
    TurnPassed,
)
from tablecards_exhopp._scenario import ArrangedExHopp, card, cards
from tablecards_exhopp._state import (
    COLOUR_CARDS,
    COLOURS,
    NUMBERED,
    POINT_CARDS,
    Colour,
    ColourCard,
    ExHoppState,
    Ink,
    NumberCard,
    Phase,
    PointCard,
    numbered,
)

__version__ = "0.2.0"

__all__ = [
    "ACCEPT",
    "COLOURS",
    "COLOUR_CARDS",
    "DECLINE",
    "NUMBERED",
    "POINT_CARDS",
    "Accept",
    "Answered",
    "ArrangedExHopp",
    "Colour",
    "ColourCard",
    "Decline",
    "ExHopp",
    "ExHoppOptions",
    "ExHoppState",
    "Exchanged",
    "Give",
    "HeuristicBot",
    "Ink",
    "Lay",
    "NumberCard",
    "Phase",
    "PointCard",
    "Propose",
    "Proposed",
    "SequenceFinished",
    "TurnPassed",
    "__version__",
    "card",
    "cards",
    "numbered",
    "sequence_outlook",
]


def __dir__() -> list[str]:
    """The public names only (PEP 562): the private modules and imports stay out of ``dir()``."""
    return sorted(__all__)
