"""Goofspiel (GOPS): sealed bids made at the same time, for tablecards."""

from __future__ import annotations

from tablecards_goofspiel._bots import HeuristicBot, bid_for
from tablecards_goofspiel._game import (
    PRIZE_SUIT,
    SUITS,
    Bid,
    Goofspiel,
    GopsCard,
    GopsOptions,
    GopsState,
    PrizeDiscarded,
    PrizeWon,
)

__version__ = "0.2.0"

__all__ = [
    "PRIZE_SUIT",
    "SUITS",
    "Bid",
    "Goofspiel",
    "GopsCard",
    "GopsOptions",
    "GopsState",
    "HeuristicBot",
    "PrizeDiscarded",
    "PrizeWon",
    "__version__",
    "bid_for",
]
