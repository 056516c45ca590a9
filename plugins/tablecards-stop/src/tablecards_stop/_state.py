"""The cards and the state of a game of Stop."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from tablecards import Card, State, Visibility, Zone

__all__ = [
    "COLOURS",
    "PACK_SIZE",
    "PACK_VALUES",
    "PLUS",
    "VALUES",
    "Phase",
    "RoundResult",
    "StopCard",
    "StopState",
    "make_pack",
]

#: The value of a plus card: it adds one to the bid it is placed on (STOP-01).
PLUS: Final = 1

#: The values of the value cards, the only ones an opening or new bid may use (STOP-10).
VALUES: Final = (2, 3, 4)

#: How many cards of each value one pack holds (STOP-01): nine 2s, six 3s, three 4s, three +1s.
PACK_VALUES: Final = {2: 9, 3: 6, 4: 3, PLUS: 3}

#: Cards per pack (STOP-01).
PACK_SIZE: Final = sum(PACK_VALUES.values())

#: The colour of each seat's pack (STOP-01: six packs, one colour each).
COLOURS: Final = ("blue", "green", "yellow", "purple", "orange", "black")


@attrs.frozen(slots=True)
class StopCard(Card):
    """A Stop card: ``value`` 2, 3 or 4 for a value card, :data:`PLUS` (1) for a "+1" card.

    ``colour`` is the pack it came from; it no longer matters once cards are shared out (STOP-15).
    """

    value: int
    colour: str

    @property
    def plus(self) -> bool:
        """Whether this is a "+1" card."""
        return self.value == PLUS


def make_pack(seat: int) -> list[StopCard]:
    """The 21 cards of seat ``seat``'s pack, in a fixed order (ids ``21*seat .. 21*seat+20``)."""
    colour = COLOURS[seat]
    values = [value for value, copies in PACK_VALUES.items() for _ in range(copies)]
    return [StopCard(PACK_SIZE * seat + index, value, colour) for index, value in enumerate(values)]


class Phase(enum.Enum):
    """What the game waits for."""

    DRAW = "draw"  # STOP-06: an open moment after a draw: call Stop or decline
    OPEN = "open"  # STOP-10: the caller places the opening bid
    AUCTION = "auction"  # STOP-11, STOP-13: new bids, raises and passes, in no fixed order
    SHARE = "share"  # STOP-15: the round's winner shares the table out, card by card
    OVER = "over"


def seat_zones(name: str, visibility: Visibility, players: int) -> tuple[Zone[StopCard], ...]:
    """One zone per seat, called ``name:seat`` and owned by that seat."""
    return tuple(Zone(f"{name}:{seat}", visibility, seat) for seat in range(players))


@attrs.frozen(slots=True)
class RoundResult:
    """The last round decided (STOP-14..STOP-16), all public: each seat's bid total (0: no
    bid), the winner (``None``: a tie), the tokens each gained, and the values of the cards
    each received in the share-out so far."""

    round: int
    bids: tuple[int, ...]
    winner: int | None
    gained: tuple[int, ...]
    received: tuple[tuple[int, ...], ...]


@attrs.define(slots=True, eq=False, kw_only=True)
class StopState(State):
    """A game of Stop.

    Zones: ``pack:s`` (each seat's own draw pile, hidden), ``hand:s`` (owner only), ``bid:s``
    (the cards in front of seat ``s``, public) and ``aside:s`` (an eliminated seat's hand, set
    aside; seen by its owner only).

    Attributes:
        red: the seat holding the red token (STOP-03, STOP-06).
        tokens: each seat's blue tokens.
        eliminated: which seats are out (STOP-09).
        drawer: the seat whose draw comes next (STOP-04).
        wait_seat, wait_draws: STOP-07's wait: nobody may call Stop until ``wait_seat`` has made
            ``wait_draws`` more draws (0: no wait).
        caller: the seat that called Stop in the round in play.
        winner: the round's winner while it shares out the table, then the game's winner.
        round: how many rounds (Stop calls) have started.
        passed: the seats that have passed since the last card was played, in seat order
            (STOP-13). They stay in ``to_act`` and may still play (a card played empties
            it), but the moment no longer waits for them and they may not pass again.
        bidders: the round's bidders while the winner shares out the table (STOP-15).
        recipients: the bidders who have received cards so far in the share-out.
        result: the last round decided, kept for the table to show.
    """

    packs: tuple[Zone[StopCard], ...]
    hands: tuple[Zone[StopCard], ...]
    bids: tuple[Zone[StopCard], ...]
    asides: tuple[Zone[StopCard], ...]
    tokens_to_win: int
    first_player: int
    phase: Phase = Phase.DRAW
    red: int = 0
    tokens: tuple[int, ...] = ()
    eliminated: tuple[bool, ...] = ()
    drawer: int = 0
    wait_seat: int = 0
    wait_draws: int = 0
    caller: int | None = None
    winner: int | None = None
    round: int = 0
    passed: tuple[int, ...] = ()
    bidders: tuple[int, ...] = ()
    recipients: tuple[int, ...] = ()
    result: RoundResult | None = None
