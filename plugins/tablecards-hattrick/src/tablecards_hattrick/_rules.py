"""The rules of Hattrick, one function per step, named after it; the rule IDs are in rules.md."""

from __future__ import annotations

import attrs

from tablecards import Event, RoundEnded, TurnStarted
from tablecards_hattrick._state import HatCard, HattrickState, LastTrick, RoundWon


@attrs.frozen(slots=True)
class PileTaken(Event):
    """Seat ``seat`` won the pile of ``colour`` (``count`` cards) of trick ``trick`` (HAT-06)."""

    seat: int
    colour: str
    count: int
    trick: int


@attrs.frozen(slots=True)
class TrickLed(Event):
    """Seat ``seat`` leads trick ``trick`` of round ``round`` (HAT-03, HAT-07)."""

    seat: int
    trick: int
    round: int


# -- a round ------------------------------------------------------------------------------------


def start_round(state: HattrickState) -> None:
    """HAT-02, HAT-03: gather and shuffle every card, deal; the dealer's left leads."""
    collect_cards(state)
    state.shuffle(state.deck)
    deal_hands(state)
    state.trick = 1
    start_trick(state, (state.dealer + 1) % state.players)


def collect_cards(state: HattrickState) -> None:
    """HAT-10: before a new round, every card goes back to the deck (a no-op before the first)."""
    deck = state.deck
    for zones in (state.hands, state.piles, state.won, state.penalties):
        for zone in zones:
            state.move_all(zone, deck)


def deal_hands(state: HattrickState) -> None:
    """HAT-02: deal all 60 cards one at a time from the dealer's left: 15, 12 or 10 each."""
    players = state.players
    order = [state.hands[(state.dealer + 1 + step) % players] for step in range(players)]
    state.deal(state.deck, order, len(state.deck) // players)


# -- a trick ------------------------------------------------------------------------------------


def start_trick(state: HattrickState, leader: int) -> None:
    """HAT-04: the leader opens the trick with any card."""
    state.leader = leader
    state.current = leader
    state.pile_seats = ((), ())
    state.to_act = (leader,)
    if state.observed:
        state.emit(TrickLed(leader, state.trick, state.round))
        state.emit(TurnStarted(leader, state.round))


def pile_for(state: HattrickState, card: HatCard) -> int:
    """HAT-04, HAT-05: the pile a card goes on: its colour's pile, else the next one opened."""
    first = state.piles[0].cards
    if not first or first[0].colour is card.colour:
        return 0
    return 1


def play_card(state: HattrickState, seat: int, card: HatCard) -> None:
    """HAT-04, HAT-05: put the card on the pile of its colour, or open a pile with it."""
    index = pile_for(state, card)
    state.move((card,), state.hands[seat], state.piles[index])
    first, second = state.pile_seats
    state.pile_seats = ((*first, seat), second) if index == 0 else (first, (*second, seat))
    next_player(state)


def pass_turn(state: HattrickState, seat: int, card: HatCard) -> None:
    """HAT-05: show a third-colour card and lay it face down in front of you (a penalty)."""
    state.move((card,), state.hands[seat], state.penalties[seat])
    next_player(state)


def next_player(state: HattrickState) -> None:
    """HAT-05, HAT-06: play goes clockwise; once everyone has played or passed, the trick ends."""
    seat = (state.current + 1) % state.players
    if seat == state.leader:
        end_trick(state)
        return
    state.current = seat
    state.to_act = (seat,)
    if state.observed:
        state.emit(TurnStarted(seat, state.round))


def end_trick(state: HattrickState) -> None:
    """HAT-06, HAT-07, HAT-08: the piles are taken, then the next trick or the round's end."""
    leader = next_leader(state)
    take_piles(state)
    if round_is_over(state):
        end_round(state)
    else:
        state.trick += 1
        start_trick(state, leader)


def pile_winner(state: HattrickState, index: int) -> int:
    """HAT-06: the seat that played the highest card of pile ``index``."""
    cards = state.piles[index].cards
    best = 0
    for position in range(1, len(cards)):
        if cards[position].value > cards[best].value:
            best = position
    return state.pile_seats[index][best]


def take_piles(state: HattrickState) -> None:
    """HAT-06: each pile's winner keeps its cards face up, sorted by colour; the trick as it
    lay stays on view until the next one (everyone saw it)."""
    state.last_trick = LastTrick(
        state.round,
        state.trick,
        tuple(
            tuple(zip(seats, [card.id for card in pile.cards], strict=True))
            for pile, seats in zip(state.piles, state.pile_seats, strict=True)
        ),
    )
    for index, pile in enumerate(state.piles):
        if pile.cards:
            winner = pile_winner(state, index)
            first = pile.cards[0]
            if state.observed:
                state.emit(PileTaken(winner, first.colour.value, len(pile.cards), state.trick))
            # DECK holds 20 cards per colour in COLOURS order, so id // 20 is the colour's index
            # (cheaper than hashing the enum on this hot path).
            state.move_all(pile, state.won[winner * 3 + first.id // 20])
    state.pile_seats = ((), ())


def next_leader(state: HattrickState) -> int:
    """HAT-07: who played the trick's highest card leads; equal tops compare further down.

    Equal top values compare the piles' second-highest cards, then the third, and so on; the
    pile that wins the comparison gives the lead to its top card's player. When the shorter
    pile runs out with every compared card equal, the longer pile's top-card player leads; when
    both run out together, the player whose top card was played first leads **[decision]**.
    """
    first, second = state.piles
    if not second.cards:
        return pile_winner(state, 0)
    ranks = [sorted((card.value for card in pile.cards), reverse=True) for pile in (first, second)]
    for one, two in zip(*ranks, strict=False):  # the shorter pile runs out first
        if one != two:
            return pile_winner(state, 0 if one > two else 1)
    if len(ranks[0]) != len(ranks[1]):
        return pile_winner(state, 0 if len(ranks[0]) > len(ranks[1]) else 1)
    tops = (pile_winner(state, 0), pile_winner(state, 1))
    players, leader = state.players, state.leader
    return min(tops, key=lambda seat: (seat - leader) % players)


def round_is_over(state: HattrickState) -> bool:
    """HAT-08: the round ends when every player holds a single card (it is never played)."""
    return all(len(hand.cards) == 1 for hand in state.hands)


# -- scoring and the end ------------------------------------------------------------------------


def seat_score(state: HattrickState, seat: int) -> int:
    """HAT-09: +1 per card of the colour won most, -1 per other won card, -2 per penalty card."""
    won = state.won
    base = seat * 3
    # Three colours, named one by one: every view shows the scores.
    first, second, third = (
        len(won[base].cards),
        len(won[base + 1].cards),
        len(won[base + 2].cards),
    )
    most = max(first, second, third)
    return 2 * most - first - second - third - 2 * len(state.penalties[seat].cards)


def round_scores(state: HattrickState) -> tuple[int, ...]:
    """HAT-09: every seat's score for the round in play, from its won and penalty cards."""
    return tuple([seat_score(state, seat) for seat in range(state.players)])


def end_round(state: HattrickState) -> None:
    """HAT-08..HAT-10: score the round, add it up, then end the game or rotate the dealer."""
    scores = round_scores(state)
    won = state.won
    state.round_won = RoundWon(
        state.round,
        tuple(
            (*[len(won[seat * 3 + colour].cards) for colour in range(3)], len(pile.cards))
            for seat, pile in enumerate(state.penalties)
        ),
    )
    state.totals = tuple(total + score for total, score in zip(state.totals, scores, strict=True))
    state.last_scores = scores
    if state.observed:
        state.emit(RoundEnded(state.round, scores))
    if game_is_over(state):
        state.to_act = ()
        state.over = True
        return
    state.round += 1
    state.dealer = (state.dealer + 1) % state.players
    start_round(state)


def game_is_over(state: HattrickState) -> bool:
    """HAT-11, HAT-12: the last round was played, or some total reached the target."""
    if state.target is not None and max(state.totals) >= state.target:
        return True
    return state.rounds is not None and state.round >= state.rounds
