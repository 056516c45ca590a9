"""The rules of Ex & Hopp, one function per step, named after it; the rule IDs are in rules.md."""

from __future__ import annotations

import operator
from typing import Final

import attrs

from tablecards import Event, TurnStarted
from tablecards_exhopp._state import HAND_SIZE, Colour, ExHoppState, Finished, NumberCard, Phase

# -- events ---------------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Proposed(Event):
    """Seat ``seat`` offers a ``give`` card against a ``want`` card (EXH-10). Public."""

    seat: int
    give: str
    want: str


@attrs.frozen(slots=True)
class Answered(Event):
    """Seat ``seat`` accepted or declined the proposal in play (EXH-10). Public."""

    seat: int
    accepted: bool


@attrs.frozen(slots=True)
class Exchanged(Event):
    """``proposer`` gave a ``give`` card to ``accepter`` for a ``want`` card (EXH-10).

    Public, and deliberately without values: those travel only in the two ``CardsMoved``
    events between the two hands, which only the two owners see.
    """

    proposer: int
    accepter: int
    give: str
    want: str


@attrs.frozen(slots=True)
class TurnPassed(Event):
    """Nobody accepted seat ``seat``'s proposal: its turn passes (EXH-11). Public."""

    seat: int


@attrs.frozen(slots=True)
class SequenceFinished(Event):
    """Sequence ``sequence`` is complete (EXH-12).

    ``totals`` holds ``(colour, total)`` pairs, highest first (EXH-13); ``winner`` is the seat
    that takes the point card worth ``points`` (signed), or ``None`` on a tie (EXH-15).
    """

    sequence: int
    totals: tuple[tuple[str, int], ...]
    winner: int | None
    points: int


# -- setup ----------------------------------------------------------------------------------------


def deal_colours(state: ExHoppState) -> None:
    """EXH-04: shuffle the colour cards, deal one face up to each seat, set the rest aside."""
    state.shuffle(state.colour_pile)
    for zone in state.colour_cards:
        state.draw(state.colour_pile, zone)
    state.move_all(state.colour_pile, state.colours_aside)
    state.colours = tuple(zone.cards[0].colour for zone in state.colour_cards)
    box_unused_colours(state)


def box_unused_colours(state: ExHoppState) -> None:
    """EXH-04: the numbered cards of the colours nobody plays go back in the box."""
    playing = set(state.colours)
    unused = [card for card in state.stock.cards if card.colour not in playing]
    if unused:
        state.move(unused, state.stock, state.box)


def deal_hands(state: ExHoppState) -> None:
    """EXH-05: shuffle the numbered cards and deal four to each seat; the rest is the stock."""
    state.shuffle(state.stock)
    state.deal(state.stock, state.hands, HAND_SIZE)


def turn_up_point_cards(state: ExHoppState) -> None:
    """EXH-06: shuffle the point cards and turn four face up, one to start each sequence."""
    state.shuffle(state.point_stock)
    for slot in state.point_cards:
        state.draw(state.point_stock, slot)


# -- turns ----------------------------------------------------------------------------------------


def start_turn(state: ExHoppState, seat: int) -> None:
    """EXH-07: ``seat`` plays next (clockwise order).

    A seat whose hand is empty (possible only after the stock and the discard pile were both
    empty when it had to draw, EXH-09) first draws back up to four; if there is still nothing
    to draw, it has no card to lay or offer and is passed over. Some hand always holds a card
    while a point card is on the table, because four unfinished sequences hold at most 20 of
    the 24 or more numbered cards in play.
    """
    players = state.players
    for step in range(players):
        candidate = (seat + step) % players
        hand = state.hands[candidate].cards
        if not hand:
            draw_card(state, candidate)
        if hand:
            break
    state.current = candidate
    state.phase = Phase.TURN
    state.to_act = (candidate,)
    state.turns += 1
    if state.observed:
        state.emit(TurnStarted(candidate))


def end_turn(state: ExHoppState) -> None:
    """EXH-07: play goes clockwise, unless the game just ended (EXH-16)."""
    if not state.over:
        start_turn(state, (state.current + 1) % state.players)


def lay_card(state: ExHoppState, seat: int, sequence: int, card: NumberCard) -> None:
    """EXH-08: lay the card at the end of the sequence; score it if complete; draw."""
    state.move((card,), state.hands[seat], state.sequences[sequence])
    if state.passed:
        forget_passed(state, (card.id,))
    slot = state.point_cards[sequence].cards
    if len(state.sequences[sequence].cards) >= slot[-1].points:
        finish_sequence(state, sequence)
    if not state.over:
        draw_card(state, seat)
    end_turn(state)


def draw_card(state: ExHoppState, seat: int) -> None:
    """EXH-08, EXH-09: draw back up to four cards, reshuffling the discard pile when needed.

    When both the stock and the discard pile are empty, there is nothing to draw (EXH-09).
    """
    hand = state.hands[seat]
    while len(hand.cards) < HAND_SIZE:
        if not state.stock.cards:
            if not state.discard.cards:
                return
            refill_stock(state)
        state.draw(state.stock, hand)


def refill_stock(state: ExHoppState) -> None:
    """EXH-09: the empty stock is replaced by the shuffled discard pile."""
    state.move_all(state.discard, state.stock)
    state.shuffle(state.stock)


# -- finishing a sequence -------------------------------------------------------------------------


def finish_sequence(state: ExHoppState, sequence: int) -> None:
    """EXH-12..EXH-15: score the complete sequence, discard it, and replace the point card."""
    cards = state.sequences[sequence].cards
    totals = colour_totals(cards)
    winner = sequence_winner(state, totals)
    slot = state.point_cards[sequence]
    point = slot.cards[-1]
    if state.observed:
        ranked = sorted(totals.items(), key=lambda item: -item[1])
        state.emit(
            SequenceFinished(
                sequence,
                tuple((colour.value, total) for colour, total in ranked),
                winner,
                point.signed,
            )
        )
    number = 1 if state.finished is None else state.finished.number + 1
    state.finished = Finished(
        number, sequence, tuple([card.id for card in cards]), point.id, winner
    )
    if winner is not None:
        take_point_card(state, sequence, winner)
    discard_sequence(state, sequence)
    if winner is not None:
        replace_point_card(state, sequence)
        end_game_if_all_taken(state)


def colour_totals(cards: list[NumberCard]) -> dict[Colour, int]:
    """EXH-13: for each colour in the sequence, the sum of its cards' values."""
    totals: dict[Colour, int] = {}
    for card in cards:
        totals[card.colour] = totals.get(card.colour, 0) + card.value
    return totals


def sequence_winner(state: ExHoppState, totals: dict[Colour, int]) -> int | None:
    """EXH-13, EXH-15: the seat of the colour with the single highest total, else ``None``."""
    best = max(totals.values())
    leaders = [colour for colour, total in totals.items() if total == best]
    if len(leaders) != 1:
        return None
    return state.colours.index(leaders[0])


def take_point_card(state: ExHoppState, sequence: int, seat: int) -> None:
    """EXH-13: the winning colour's player takes the point card, black or red."""
    state.move_all(state.point_cards[sequence], state.taken[seat])


def discard_sequence(state: ExHoppState, sequence: int) -> None:
    """EXH-14, EXH-15: the sequence's cards go to the discard pile in the order laid.

    On a tie (EXH-15) the point card stays: a new sequence starts after it.
    """
    state.move_all(state.sequences[sequence], state.discard)


def replace_point_card(state: ExHoppState, sequence: int) -> None:
    """EXH-14: a new point card from the point stock replaces the one taken, if any remain."""
    if state.point_stock.cards:
        state.draw(state.point_stock, state.point_cards[sequence])


def end_game_if_all_taken(state: ExHoppState) -> None:
    """EXH-16: the game ends when the point stock is empty and no point card is on the table."""
    if state.point_stock.cards or any(slot.cards for slot in state.point_cards):
        return
    state.over = True
    state.phase = Phase.OVER
    state.to_act = ()


def final_scores(state: ExHoppState) -> tuple[int, ...]:
    """EXH-17: black point cards taken count plus, red ones minus."""
    # map() with an attrgetter sums in C: every view shows the scores.
    return tuple([sum(map(_SIGNED, zone.cards)) for zone in state.taken])


_SIGNED: Final = operator.attrgetter("signed")


# -- the exchange ---------------------------------------------------------------------------------


def propose_exchange(state: ExHoppState, seat: int, give: Colour, want: Colour) -> None:
    """EXH-10: announce the two colours; the seat on the proposer's left answers first."""
    state.give = give
    state.want = want
    state.phase = Phase.ANSWER
    if state.observed:
        state.emit(Proposed(seat, give.value, want.value))
    ask(state, (seat + 1) % state.players)


def ask(state: ExHoppState, seat: int) -> None:
    """EXH-10: the answers go clockwise, one seat at a time."""
    state.asked = seat
    state.to_act = (seat,)


def accept_exchange(state: ExHoppState, seat: int) -> None:
    """EXH-10: the first seat to accept (holding a wanted card) exchanges; each picks a card.

    Both choose at the same time (an open moment): neither learns the other's value first.
    """
    state.accepter = seat
    state.asked = None
    state.phase = Phase.CHOOSE
    state.to_act = (state.current, seat)
    if state.observed:
        state.emit(Answered(seat, True))


def decline_exchange(state: ExHoppState, seat: int) -> None:
    """EXH-10, EXH-11: ask the next seat; when all declined, the proposer's turn passes."""
    if state.observed:
        state.emit(Answered(seat, False))
    following = (seat + 1) % state.players
    if following != state.current:
        ask(state, following)
        return
    if state.observed:
        state.emit(TurnPassed(state.current))
    clear_exchange(state)
    end_turn(state)


def choose_card(state: ExHoppState, seat: int, value: int) -> None:
    """EXH-10: record the value ``seat`` gives; swap once both have chosen."""
    if seat == state.current:
        state.given = value
    else:
        state.returned = value
    state.to_act = tuple(other for other in state.to_act if other != seat)
    if not state.to_act:
        swap_cards(state)


def swap_cards(state: ExHoppState) -> None:
    """EXH-10: the two cards change hands; only the two owners see them (hand-to-hand moves).

    An exchange is the whole turn: the proposer does not lay (EXH-10 ruling).
    """
    proposer, accepter = state.current, state.accepter
    give, want, given, returned = state.give, state.want, state.given, state.returned
    if accepter is None or give is None or want is None or given is None or returned is None:
        raise RuntimeError("swap_cards called before both cards were chosen")
    mine, theirs = state.hands[proposer], state.hands[accepter]
    offered, answered = _held(mine.cards, give, given), _held(theirs.cards, want, returned)
    state.move((offered,), mine, theirs)
    state.move((answered,), theirs, mine)
    # Each giver now knows where its card lies (the determinisation of its seat keeps it),
    # until the card moves again.
    forget_passed(state, (offered.id, answered.id))
    state.passed = (*state.passed, (proposer, offered.id), (accepter, answered.id))
    if state.observed:
        state.emit(Exchanged(proposer, accepter, give.value, want.value))
    clear_exchange(state)
    end_turn(state)


def forget_passed(state: ExHoppState, cards: tuple[int, ...]) -> None:
    """The givers of these cards no longer know where they are: the cards moved on."""
    state.passed = tuple(entry for entry in state.passed if entry[1] not in cards)


def clear_exchange(state: ExHoppState) -> None:
    """Forget the finished proposal."""
    state.give = state.want = None
    state.asked = state.accepter = state.given = state.returned = None


def _held(cards: list[NumberCard], colour: Colour, value: int) -> NumberCard:
    for card in cards:
        if card.colour is colour and card.value == value:
            return card
    raise LookupError(f"no {colour.value} {value} in the hand")
