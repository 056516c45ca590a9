"""The decisions of Stop: call or decline (STOP-06), bid, raise or pass (STOP-10..13), and the
winner's share-out, a card at a time or the rest at once (STOP-15)."""

from __future__ import annotations

import attrs

from tablecards import Action, Seat


@attrs.frozen(slots=True)
class CallStop(Action):
    """Shout "Stop!": the draw halts, the caller takes the red token and must open (STOP-06)."""


@attrs.frozen(slots=True)
class Decline(Action):
    """Let this draw moment pass without calling Stop (STOP-06, STOP-21)."""


@attrs.frozen(slots=True)
class Bid(Action):
    """Place ``count`` cards of ``value`` (2, 3 or 4) in front of yourself: the caller's opening
    bid, or a new bid by a player with no cards in front of them (STOP-10, STOP-11)."""

    value: int
    count: int


@attrs.frozen(slots=True)
class Raise(Action):
    """Place ``values`` cards of the bid's value and ``plus`` "+1" cards on the bid in front of
    seat ``bid`` (your own or another player's) (STOP-11).

    ``plus`` defaults to 0: most raises add no "+1" card, and a client may leave it out.
    """

    bid: Seat
    values: int
    plus: int = 0


@attrs.frozen(slots=True)
class Pass(Action):
    """Play no card now; the round ends when every player passes in a row (STOP-13)."""


@attrs.frozen(slots=True)
class Give(Action):
    """The winner gives one card of ``value`` (1 for "+1") from the table to bidder ``to``'s
    pack (STOP-15)."""

    value: int
    to: Seat


@attrs.frozen(slots=True)
class GiveRest(Action):
    """The winner gives every card still on the table to bidder ``to``'s pack: to themselves,
    they keep them all (STOP-15).

    [decision] STOP-15 makes the share-out one decision ("as they wish", any split), so the
    rules take it in as few moves as the winner likes: :class:`Give` one card at a time, then
    this for the rest ("keep them all", "the rest to Bob"). A share-out of six cards takes one
    move, or one card given and then the rest. The cards go in the order :class:`Give`
    would take them, +1s first then by value, each from the first bid that holds one.
    """

    to: Seat


# The field-less actions serve every match.
CALL_STOP = CallStop()
DECLINE = Decline()
PASS = Pass()
