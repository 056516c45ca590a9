"""Hit!, the push-your-luck card game, as a tablecards plugin."""

from tablecards_hit._actions import (
    DRAW_AGAIN,
    END_TURN,
    NO_STEAL,
    STEAL,
    DrawAgain,
    EndTurn,
    NoSteal,
    Steal,
)
from tablecards_hit._bots import HeuristicBot
from tablecards_hit._game import Hit, HitOptions
from tablecards_hit._scenario import StackedHit
from tablecards_hit._state import DECK_VALUES, HitCard, HitState, Phase

__version__ = "0.2.0"

__all__ = [
    "DECK_VALUES",
    "DRAW_AGAIN",
    "END_TURN",
    "NO_STEAL",
    "STEAL",
    "DrawAgain",
    "EndTurn",
    "HeuristicBot",
    "Hit",
    "HitCard",
    "HitOptions",
    "HitState",
    "NoSteal",
    "Phase",
    "StackedHit",
    "Steal",
    "__version__",
]


def __dir__() -> list[str]:
    """The public names only (PEP 562): the private modules and imports stay out of ``dir()``."""
    return sorted(__all__)
