"""Stop, the real-time auction card game, as a tablecards plugin."""

from tablecards_stop._actions import (
    CALL_STOP,
    DECLINE,
    PASS,
    Bid,
    CallStop,
    Decline,
    Give,
    GiveRest,
    Pass,
    Raise,
)
from tablecards_stop._bots import HeuristicBot, hand_strength
from tablecards_stop._events import (
    BidPlaced,
    Eliminated,
    GameWon,
    Gave,
    GaveRest,
    Passed,
    Raised,
    Restarted,
    RoundTied,
    RoundWon,
    Skipped,
    StopCalled,
)
from tablecards_stop._game import Stop, StopOptions, total_cards
from tablecards_stop._scenario import ArrangedStop
from tablecards_stop._state import (
    COLOURS,
    PACK_SIZE,
    PACK_VALUES,
    PLUS,
    VALUES,
    Phase,
    StopCard,
    StopState,
    make_pack,
)

__version__ = "0.2.0"

__all__ = [
    "CALL_STOP",
    "COLOURS",
    "DECLINE",
    "PACK_SIZE",
    "PACK_VALUES",
    "PASS",
    "PLUS",
    "VALUES",
    "ArrangedStop",
    "Bid",
    "BidPlaced",
    "CallStop",
    "Decline",
    "Eliminated",
    "GameWon",
    "Gave",
    "GaveRest",
    "Give",
    "GiveRest",
    "HeuristicBot",
    "Pass",
    "Passed",
    "Phase",
    "Raise",
    "Raised",
    "Restarted",
    "RoundTied",
    "RoundWon",
    "Skipped",
    "Stop",
    "StopCalled",
    "StopCard",
    "StopOptions",
    "StopState",
    "__version__",
    "hand_strength",
    "make_pack",
    "total_cards",
]


def __dir__() -> list[str]:
    """The public names only (PEP 562): the private modules and imports stay out of ``dir()``."""
    return sorted(__all__)
