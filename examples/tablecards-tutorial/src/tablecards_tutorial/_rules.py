"""The rules of Climb, one function per step, named after it; the rule IDs are in rules.md."""

from __future__ import annotations

import attrs

from tablecards import Event, TurnStarted, next_seat
from tablecards_tutorial._state import TOP_VALUE, ClimbState

__all__ = [
    "PileWon",
    "draw_card",
    "end_game",
    "pass_turn",
    "play_card",
    "scores",
    "start_turn",
    "win_pile",
]


@attrs.frozen(slots=True)
class PileWon(Event):
    """Seat ``seat`` won the pile of ``count`` cards (CLIMB-07). Public, like every pile."""

    seat: int
    count: int


def start_turn(state: ClimbState, seat: int) -> None:
    """CLIMB-03: ``seat`` is the one seat to act."""
    state.current = seat
    state.to_act = (seat,)
    if state.observed:
        state.emit(TurnStarted(seat))


def play_card(state: ClimbState, seat: int, card_id: int) -> None:
    """CLIMB-04, CLIMB-07, CLIMB-08: the card goes on the pile; a 10 or an empty hand wins it."""
    hand = state.hands[seat]
    card = next(card for card in hand.cards if card.id == card_id)
    state.move((card,), hand, state.pile)
    state.leader = seat
    state.passes = 0
    if not hand.cards:
        end_game(state, seat)
    elif card.value == TOP_VALUE:
        win_pile(state, seat)
        start_turn(state, seat)
    else:
        start_turn(state, next_seat(seat, state.players))


def draw_card(state: ClimbState, seat: int) -> None:
    """CLIMB-05: the top card of the deck goes to the seat's hand; the turn passes on."""
    state.draw(state.deck, state.hands[seat])
    start_turn(state, next_seat(seat, state.players))


def pass_turn(state: ClimbState, seat: int) -> None:
    """CLIMB-06, CLIMB-07: when every other seat has passed, the leader wins the pile."""
    state.passes += 1
    leader = state.leader
    if leader is not None and state.passes == state.players - 1:
        win_pile(state, leader)
        start_turn(state, leader)
    else:
        start_turn(state, next_seat(seat, state.players))


def win_pile(state: ClimbState, seat: int) -> None:
    """CLIMB-07: the pile moves to ``seat``'s won pile, and a new pile starts empty."""
    won = state.move_all(state.pile, state.won[seat])
    state.leader = None
    state.passes = 0
    if state.observed:
        state.emit(PileWon(seat, len(won)))


def end_game(state: ClimbState, seat: int) -> None:
    """CLIMB-08, CLIMB-10: the last card wins the pile, the game ends, and the hands are shown."""
    win_pile(state, seat)
    for hand, shown in zip(state.hands, state.shown, strict=True):
        state.move_all(hand, shown)
    state.to_act = ()
    state.over = True


def scores(state: ClimbState) -> tuple[int, ...]:
    """CLIMB-09: one point per card won, minus one per card left in hand (shown at the end)."""
    return tuple(
        len(won) - len(hand) - len(shown)
        for won, hand, shown in zip(state.won, state.hands, state.shown, strict=True)
    )
