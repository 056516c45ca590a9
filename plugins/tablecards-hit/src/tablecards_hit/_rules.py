"""The rules of Hit!, one function per step, named after it; the rule IDs are in rules.md."""

from __future__ import annotations

import operator
from typing import Final

import attrs

from tablecards import Event, RoundEnded, TurnStarted
from tablecards_hit._state import Banked, HitCard, HitState, LastBust, Phase

# The phases as module constants: an enum member looked up through its class costs a descriptor
# call, and every draw sets a phase.
_STEAL: Final = Phase.STEAL
_GO_ON: Final = Phase.GO_ON
_OVER: Final = Phase.OVER


@attrs.frozen(slots=True)
class Busted(Event):
    """Seat ``seat`` drew a ``value`` it already held with 3+ face-up cards (HIT-06)."""

    seat: int
    value: int
    lost: int


@attrs.frozen(slots=True)
class Stole(Event):
    """Seat ``seat`` took ``count`` face-up cards of ``value`` from ``victims`` (HIT-08)."""

    seat: int
    value: int
    victims: tuple[int, ...]
    count: int


def start_turn(state: HitState, seat: int) -> None:
    """HIT-04, HIT-05: bank the face-up row, then draw (the turn *is* drawing).

    The seat stays the one to act until its turn ends, so ``to_act`` is set here, not per draw.
    """
    state.current = seat
    state.to_act = (seat,)
    state.last_bust = None  # a bust stays on view for the turn after it only
    if state.observed:
        state.emit(TurnStarted(seat, state.round))
    # HIT-04: at the start of your turn, all your face-up cards move to your loot.
    state.move_all(state.rows[seat], state.loots[seat])
    draw_card(state)


def draw_card(state: HitState) -> None:
    """HIT-05..HIT-07, HIT-11: reveal the top card; bust, or add it and offer the steal."""
    seat = state.current
    row = state.rows[seat]
    card = state.deck.cards[-1]
    value = card.value
    # HIT-06 counts the cards *before* this draw: with 1 or 2 face-up cards a pair is safe (HIT-07).
    if len(row.cards) >= 3:
        for held in row.cards:
            if held.value == value:
                bust(state, seat, card)
                return
    state.draw(state.deck, row)
    # HIT-08: an opponent with a face-up card of that value may be stolen from.
    for other in state.rows:
        if other is not row:
            for theirs in other.cards:
                if theirs.value == value:
                    state.offer = value
                    state.phase = _STEAL
                    return
    if state.deck.cards:
        state.phase = _GO_ON
    else:
        end_round(state)  # HIT-11: the last card is resolved, then the game ends at once


def bust(state: HitState, seat: int, card: HitCard) -> None:
    """HIT-06, HIT-10: the drawn card and your whole face-up row go to the box; your turn ends."""
    row = state.rows[seat]
    if state.observed:
        state.emit(Busted(seat, card.value, len(row.cards) + 1))
    state.draw(state.deck, state.box)  # the drawn card is still the deck's top
    lost = LastBust(seat, card.value, tuple([held.id for held in row.cards] + [card.id]))
    state.move_all(row, state.box)
    if state.deck.cards:
        start_turn(state, (seat + 1) % state.players)
    else:
        end_round(state)
    state.last_bust = lost


def steal_cards(state: HitState, seat: int) -> None:
    """HIT-08: take *all* face-up cards of the offered value from *all* opponents."""
    value = state.offer
    mine = state.rows[seat]
    victims = []
    count = 0
    for other, row in enumerate(state.rows):
        if other == seat:
            continue
        taken = [card for card in row.cards if card.value == value]
        if taken:
            state.move(taken, row, mine)
            victims.append(other)
            count += len(taken)
    if state.observed:
        state.emit(Stole(seat, value, tuple(victims), count))


def end_round(state: HitState) -> None:
    """HIT-12, HIT-13, HIT-14: bank every row, score the loots, start the next round or end."""
    for seat in range(state.players):
        state.move_all(state.rows[seat], state.loots[seat])
    scores = round_scores(state)
    state.banked = Banked(state.round, tuple([len(loot.cards) for loot in state.loots]), scores)
    state.totals = tuple(total + score for total, score in zip(state.totals, scores, strict=True))
    if state.observed:
        state.emit(RoundEnded(state.round, scores))
    if state.round < state.rounds:
        start_next_round(state)
    else:
        state.phase = _OVER
        state.to_act = ()
        state.over = True


def round_scores(state: HitState) -> tuple[int, ...]:
    """HIT-13: a seat's score is the sum of the values in its loot."""
    # map() with an attrgetter sums in C: every view shows the scores.
    return tuple([sum(map(_VALUE, loot.cards)) for loot in state.loots])


_VALUE: Final = operator.attrgetter("value")


def start_next_round(state: HitState) -> None:
    """HIT-14: a fresh shuffled deck, the first player one seat further clockwise."""
    for zone in (*state.loots, state.box):
        state.move_all(zone, state.deck)
    state.shuffle(state.deck)
    state.round += 1
    start_turn(state, (state.first_player + state.round - 1) % state.players)
