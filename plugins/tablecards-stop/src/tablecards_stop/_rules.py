"""The rules of Stop, one function per step, named after it; the rule IDs are in rules.md.

Draws are forced, so they are not actions: :func:`run_draws` performs them until a moment
where someone may call Stop (STOP-06), and only such a moment waits for the players.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Final

import attrs

from tablecards import RoundEnded, Zone
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
from tablecards_stop._state import PLUS, Phase, RoundResult, StopCard, StopState

#: A player holding this many cards skips their draw (STOP-05); below it they must draw.
FULL_HAND: Final = 6

#: STOP-07: calls wait until the first drawer has drawn this many cards.
WAIT_DRAWS: Final = 2


# -- small public facts --------------------------------------------------------------------------


def bid_total(cards: Sequence[StopCard]) -> int:
    """STOP-10: a bid is worth the sum of its cards (a +1 adds one)."""
    return sum(map(_VALUE, cards))  # in C: every view shows every bid's total


_VALUE: Final = operator.attrgetter("value")


def bid_value(cards: Sequence[StopCard]) -> int:
    """The value of a bid's value cards (every bid is opened with value cards, STOP-10)."""
    for card in cards:
        if card.value != PLUS:
            return card.value
    raise ValueError("a bid without value cards")


def highest_bid(state: StopState) -> int:
    """The highest bid on the table (0 when there is none)."""
    return max(bid_total(zone.cards) for zone in state.bids)


def next_active(state: StopState, seat: int) -> int:
    """The next seat clockwise from ``seat`` that is not eliminated (``seat`` if none is)."""
    players = state.players
    eliminated = state.eliminated
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if not eliminated[candidate]:
            return candidate
    return seat


def hands_full(state: StopState) -> bool:
    """STOP-21: whether every non-eliminated player holds six cards."""
    eliminated = state.eliminated
    for seat, hand in enumerate(state.hands):
        if not eliminated[seat] and len(hand.cards) < FULL_HAND:
            return False
    return True


# -- setup and the draw phase --------------------------------------------------------------------


def set_up(state: StopState) -> None:
    """STOP-02, STOP-03: each player shuffles their own pack; the starting player holds the red
    token; drawing starts with the second-card wait of STOP-07."""
    for pack in state.packs:
        state.shuffle(pack)
    state.red = state.first_player
    start_drawing(state, wait=True)
    run_draws(state, ask_first=True)


def start_drawing(state: StopState, *, wait: bool) -> None:
    """STOP-04, STOP-07, STOP-19, STOP-20: drawing (re)starts with the red-token holder.

    With ``wait`` (the game's start, a STOP-21 restart) nobody may call Stop until that player
    has drawn their second card; after a round (STOP-20) calls are open at once.
    """
    state.phase = Phase.DRAW
    state.caller = None
    state.winner = None
    first = state.red if not state.eliminated[state.red] else next_active(state, state.red)
    state.drawer = first
    state.wait_seat = first
    state.wait_draws = WAIT_DRAWS if wait else 0


def run_draws(state: StopState, *, ask_first: bool) -> None:
    """STOP-04, STOP-05, STOP-09, STOP-21: draw in turn until someone may call Stop.

    With ``ask_first`` (the start of a phase) it offers a Stop moment before the first draw
    when calls are open (after a round, STOP-20); then one after every draw.

    It terminates: each pass of the loop draws a card, skips a full hand, eliminates a seat or
    restarts; a full cycle of skips means every hand is full, which opens a Stop moment or
    restarts, and after a restart the hands are empty, so the next passes draw.
    """
    if ask_first and offer_stop_moment(state):
        return
    while not state.over:
        if hands_full(state):
            if offer_stop_moment(state):
                return
            restart_drawing(state)  # nobody could call: the same as everyone declining
            continue
        seat = state.drawer
        state.drawer = next_active(state, seat)
        if len(state.hands[seat].cards) >= FULL_HAND:
            skip_draw(state, seat)
        elif not state.packs[seat].cards:
            eliminate(state, seat)
        else:
            draw_card(state, seat)
            if offer_stop_moment(state):
                return


def skip_draw(state: StopState, seat: int) -> None:
    """STOP-05: a player holding six cards skips their draw."""
    if state.observed:
        state.emit(Skipped(seat))


def draw_card(state: StopState, seat: int) -> None:
    """STOP-04: draw one card from your own pack into your secret hand."""
    state.draw(state.packs[seat], state.hands[seat])
    if state.wait_draws and seat == state.wait_seat:
        state.wait_draws -= 1


def eliminate(state: StopState, seat: int) -> None:
    """STOP-09: a player who must draw from an empty pack is out; their hand is set aside."""
    eliminated = list(state.eliminated)
    eliminated[seat] = True
    state.eliminated = tuple(eliminated)
    moved = state.move_all(state.hands[seat], state.asides[seat])
    if seat == state.wait_seat:
        state.wait_draws = 0  # STOP-07's wait cannot hang on a player who will never draw
    if state.observed:
        state.emit(Eliminated(seat, len(moved)))
    left = [other for other in range(state.players) if not eliminated[other]]
    if len(left) == 1:
        end_game(state, left[0], last_standing=True)


def stop_callers(state: StopState) -> tuple[int, ...]:
    """STOP-06, STOP-07, STOP-09: the seats asked whether they call Stop now.

    Everyone but the red-token holder and the eliminated, once the STOP-07 wait is over. Only
    public facts decide who is asked: a player whose hand holds no value card is asked too and
    may only decline (STOP-08), so that being skipped never tells the others what they hold.
    A player with an empty hand is not asked: everyone can see it cannot open.
    """
    if state.wait_draws:
        return ()
    red = state.red
    eliminated = state.eliminated
    return tuple(
        seat
        for seat, hand in enumerate(state.hands)
        if seat != red and not eliminated[seat] and hand.cards
    )


def offer_stop_moment(state: StopState) -> bool:
    """STOP-06: open a moment where every caller may shout Stop; ``False`` when nobody may."""
    callers = stop_callers(state)
    if not callers:
        return False
    state.phase = Phase.DRAW
    state.to_act = callers
    return True


def decline_stop(state: StopState, seat: int) -> None:
    """STOP-06, STOP-21: a seat lets the moment pass; when all have, drawing goes on.

    If every hand is full and everyone declined, hands go back into packs (STOP-21).
    """
    state.to_act = tuple(other for other in state.to_act if other != seat)
    if state.to_act:
        return
    if hands_full(state):
        restart_drawing(state)
    run_draws(state, ask_first=False)


def restart_drawing(state: StopState) -> None:
    """STOP-21: every player shuffles their hand into their pack; drawing restarts from the
    red-token holder with the second-card wait of STOP-07."""
    for seat in range(state.players):
        if not state.eliminated[seat]:
            state.move_all(state.hands[seat], state.packs[seat])
            state.shuffle(state.packs[seat])
    if state.observed:
        state.emit(Restarted())
    start_drawing(state, wait=True)


def call_stop(state: StopState, seat: int) -> None:
    """STOP-06, STOP-10: the caller takes the red token and must open the auction."""
    state.red = seat
    state.caller = seat
    state.round += 1
    state.phase = Phase.OPEN
    state.to_act = (seat,)
    if state.observed:
        state.emit(StopCalled(seat, state.round))


# -- the auction ---------------------------------------------------------------------------------


def place_bid(state: StopState, seat: int, value: int, count: int) -> None:
    """STOP-10, STOP-11: put ``count`` cards of ``value`` from hand in front of yourself."""
    hand = state.hands[seat]
    cards = [card for card in hand.cards if card.value == value][:count]
    state.move(cards, hand, state.bids[seat])
    if state.observed:
        state.emit(BidPlaced(seat, value, count, bid_total(state.bids[seat].cards)))
    reopen_auction(state)


def raise_bid(state: StopState, seat: int, bid: int, values: int, plus: int) -> None:
    """STOP-11: put cards of the bid's value and +1 cards from hand on any existing bid."""
    hand = state.hands[seat]
    target = state.bids[bid]
    value = bid_value(target.cards)
    cards = [card for card in hand.cards if card.value == value][:values]
    if plus:
        cards += [card for card in hand.cards if card.value == PLUS][:plus]
    state.move(cards, hand, target)
    if state.observed:
        state.emit(Raised(seat, bid, values, plus, bid_total(target.cards), value))
    reopen_auction(state)


def reopen_auction(state: StopState) -> None:
    """STOP-11, STOP-13: a card was played, so the round is open again and every pass so far
    is void: everyone must pass again.

    Every seat that can still play is asked, including those who had passed. Players with an
    empty hand can play no card: they are not asked and count as passing (everyone sees it).
    """
    eliminated = state.eliminated
    state.phase = Phase.AUCTION
    state.passed = ()
    state.to_act = tuple(
        seat for seat, hand in enumerate(state.hands) if hand.cards and not eliminated[seat]
    )
    if not state.to_act:
        resolve_round(state)


def pass_turn(state: StopState, seat: int) -> None:
    """STOP-13: ``seat`` passes; the round ends when every seat that can still play has passed
    since the last card was played.

    A seat that passed stays in ``to_act``: it may still play a card (which reopens the round)
    until the last pass, but the moment no longer waits for it, and it may not pass again
    (passing again would change nothing, so it is not a move).
    """
    passed = state.passed = tuple(sorted((*state.passed, seat)))
    if state.observed:
        state.emit(Passed(seat))
    for other in state.to_act:
        if other not in passed:
            return
    resolve_round(state)


# -- resolution ----------------------------------------------------------------------------------


def waited_for(state: StopState) -> tuple[int, ...]:
    """STOP-13: the seats the moment waits for; in the auction, those that have not passed
    since the last card was played (the others may still play, but need not)."""
    to_act = state.to_act
    if state.phase is not Phase.AUCTION or not state.passed:
        return to_act
    passed = state.passed
    return tuple(seat for seat in to_act if seat not in passed)


def resolve_round(state: StopState) -> None:
    """STOP-14, STOP-16: a single highest bidder wins the round; a tie returns every bid."""
    state.passed = ()
    totals = [bid_total(zone.cards) for zone in state.bids]
    bidders = tuple(seat for seat, zone in enumerate(state.bids) if zone.cards)
    high = max(totals)
    leaders = [seat for seat in bidders if totals[seat] == high]
    state.result = RoundResult(
        state.round,
        tuple(totals),
        leaders[0] if len(leaders) == 1 else None,
        tuple(
            len(bidders) if len(leaders) == 1 and seat == leaders[0] else 0
            for seat in range(state.players)
        ),
        ((),) * state.players,
    )
    if len(leaders) == 1:
        win_round(state, leaders[0], bidders, high)
    else:
        return_tied_bids(state, bidders, high)


def win_round(state: StopState, winner: int, bidders: tuple[int, ...], total: int) -> None:
    """STOP-14, STOP-18: the winner takes one blue token per bidder; six tokens win the game at
    once; otherwise the winner shares the table out (STOP-15)."""
    gained = len(bidders)
    tokens = list(state.tokens)
    tokens[winner] += gained
    state.tokens = tuple(tokens)
    if state.observed:
        state.emit(RoundWon(winner, total, bidders, gained))
        state.emit(
            RoundEnded(
                state.round, tuple(gained if s == winner else 0 for s in range(state.players))
            )
        )
    if tokens[winner] >= state.tokens_to_win:
        end_game(state, winner, last_standing=False)
        return
    state.winner = winner
    state.bidders = bidders
    state.recipients = ()
    if len(bidders) == 1:
        # Nobody else may receive a card: the whole table goes back to the winner's pack.
        values = tuple(card.value for zone in state.bids for card in zone.cards)
        received(state, winner, values)
        for zone in state.bids:
            state.move_all(zone, state.packs[winner])
        state.recipients = (winner,)
        finish_share_out(state)
        return
    state.phase = Phase.SHARE
    state.to_act = (winner,)


def give_card(state: StopState, seat: int, value: int, to: int) -> None:
    """STOP-15: the winner gives one card of the table to a bidder, who will shuffle it into
    their own pack; when the table is empty the next draw phase begins."""
    zone, card = table_card(state, value)
    state.move((card,), zone, state.packs[to])
    received(state, to, (value,))
    if to not in state.recipients:
        state.recipients = (*state.recipients, to)
    if state.observed:
        state.emit(Gave(seat, value, to))
    for bid in state.bids:
        if bid.cards:
            return
    finish_share_out(state)


def give_rest(state: StopState, seat: int, to: int) -> None:
    """STOP-15: the winner gives every card left on the table to one bidder (to themselves:
    they keep them all), in the order :func:`give_card` would take them (+1s first, then by
    value); the next draw phase begins."""
    values = sorted(card.value for zone in state.bids for card in zone.cards)
    pack = state.packs[to]
    for value in values:
        zone, card = table_card(state, value)
        state.move((card,), zone, pack)
    received(state, to, tuple(values))
    if to not in state.recipients:
        state.recipients = (*state.recipients, to)
    if state.observed:
        state.emit(GaveRest(seat, tuple(values), to))
    finish_share_out(state)


def received(state: StopState, seat: int, values: tuple[int, ...]) -> None:
    """STOP-15: note the cards ``seat`` received in the share-out (public), for the table."""
    result = state.result
    if result is not None:
        got = list(result.received)
        got[seat] = (*got[seat], *values)
        state.result = attrs.evolve(result, received=tuple(got))


def table_card(state: StopState, value: int) -> tuple[Zone[StopCard], StopCard]:
    """A card of ``value`` on the table, and the bid it lies in (the first in seat order)."""
    for zone in state.bids:
        for card in zone.cards:
            if card.value == value:
                return zone, card
    raise ValueError(f"no card of value {value} on the table")


def finish_share_out(state: StopState) -> None:
    """STOP-15, STOP-19: each bidder shuffles the cards received into their own pack."""
    for seat in sorted(state.recipients):
        state.shuffle(state.packs[seat])
    state.recipients = ()
    state.bidders = ()
    start_drawing(state, wait=False)
    run_draws(state, ask_first=True)


def return_tied_bids(state: StopState, bidders: tuple[int, ...], total: int) -> None:
    """STOP-16: no tokens; each bidder shuffles every card in front of them (others' raises
    included) back into their own pack."""
    if state.observed:
        state.emit(RoundTied(total, bidders))
        state.emit(RoundEnded(state.round, (0,) * state.players))
    for seat in bidders:
        state.move_all(state.bids[seat], state.packs[seat])
        state.shuffle(state.packs[seat])
    start_drawing(state, wait=False)
    run_draws(state, ask_first=True)


def end_game(state: StopState, winner: int, *, last_standing: bool) -> None:
    """STOP-18: the game ends at once with its winner."""
    state.winner = winner
    state.phase = Phase.OVER
    state.to_act = ()
    state.over = True
    if state.observed:
        state.emit(GameWon(winner, state.tokens[winner], last_standing))
