"""Goofspiel's rules: every round, everyone bids one card face down at the same time.

The module reads like the rules page (``rules.md``): one function per rule step. The bids are
a moment where everyone answers on their own (:meth:`Goofspiel.simultaneous`): the engine holds
each bid until every player has chosen, then :meth:`Goofspiel.resolve` gets them all at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tablecards import (
    Action,
    Card,
    Clock,
    Event,
    Game,
    Illegal,
    MatchRandom,
    State,
    Visibility,
    Zone,
    option_range,
)

__all__ = [
    "PRIZE_SUIT",
    "SUITS",
    "Bid",
    "Goofspiel",
    "GopsCard",
    "GopsOptions",
    "GopsState",
    "PrizeDiscarded",
    "PrizeWon",
]

#: The suits the players hold, seat by seat (GOPS-01).
SUITS = ("hearts", "spades", "clubs", "stars")
#: The suit of the prizes (GOPS-02).
PRIZE_SUIT = "diamonds"


@attrs.frozen(slots=True)
class GopsCard(Card):
    """A card: its value (1 to 13) and its suit."""

    value: int
    suit: str


@attrs.frozen(slots=True)
class Bid(Action):
    """Bid the card of this value from your hand (GOPS-04)."""

    value: int


@attrs.frozen(slots=True)
class PrizeWon(Event):
    """``seat`` won the prize ``prize`` with the one highest bid (GOPS-06)."""

    seat: int
    prize: GopsCard


@attrs.frozen(slots=True)
class PrizeDiscarded(Event):
    """The highest bid was shared: the prize ``prize`` is discarded (GOPS-06)."""

    prize: GopsCard


@attrs.frozen
class GopsOptions:
    """Goofspiel's options: how many cards each suit holds (13 in the standard game)."""

    cards: int = option_range(13, 1, 13)


@attrs.define(slots=True, eq=False, kw_only=True)
class GopsState(State):
    """The prizes (face down, then the one turned up), the hands, the bids spent, the prizes
    won and discarded, and the round."""

    prizes: Zone[GopsCard]
    prize: Zone[GopsCard]
    hands: tuple[Zone[GopsCard], ...]
    spent: tuple[Zone[GopsCard], ...]
    won: tuple[Zone[GopsCard], ...]
    discard: Zone[GopsCard]
    round: int = 0


class Goofspiel(Game[GopsState]):
    """Goofspiel (GOPS): 2 to 4 players bid for prizes with sealed bids made at the same time.

    >>> import tablecards
    >>> from tablecards_goofspiel import Bid, Goofspiel
    >>> match = tablecards.Match(Goofspiel(), players=2, seed=1)
    >>> match.to_act
    (0, 1)
    >>> match.apply(0, Bid(13))
    >>> match.to_act, match.view(1)["answers"]  # seat 1 sees that seat 0 chose, not what
    ((1,), {'chosen': [0], 'yours': None})
    >>> match.apply(1, Bid(1))
    >>> match.state.round, sum(card.value for card in match.state.won[0].cards) > 0
    (2, True)
    """

    name = "goofspiel"
    title = "Goofspiel"
    summary = "An example game of sealed bids: everyone bids a card at once for each prize."
    length = "13 prizes, one bid each (an option)"
    example = True
    version = "0.1.0"
    min_players, max_players, default_players = 2, 4, 2
    actions = (Bid,)
    Options = GopsOptions

    # -- setting up ------------------------------------------------------------------------

    def initial_state(self, players: int, rng: MatchRandom) -> GopsState:
        """GOPS-01, GOPS-02: a suit per player, face up; the prize suit face down."""
        size = self.options.cards
        hands = []
        for seat in range(players):
            cards = [
                GopsCard(seat * size + value - 1, value, SUITS[seat])
                for value in range(1, size + 1)
            ]
            hands.append(Zone(f"hand:{seat}", Visibility.PUBLIC, seat, cards=cards))
        base = players * size
        prizes = [GopsCard(base + value - 1, value, PRIZE_SUIT) for value in range(1, size + 1)]
        seats = range(players)
        return GopsState(
            players=players,
            rng=rng,
            prizes=Zone("prizes", Visibility.HIDDEN, cards=prizes),
            prize=Zone("prize", Visibility.PUBLIC),
            hands=tuple(hands),
            spent=tuple(Zone(f"spent:{s}", Visibility.PUBLIC, s) for s in seats),
            won=tuple(Zone(f"won:{s}", Visibility.PUBLIC, s) for s in seats),
            discard=Zone("discard", Visibility.PUBLIC),
        )

    def setup(self, state: GopsState) -> None:
        """GOPS-02: shuffle the prizes; then the first round begins."""
        state.shuffle(state.prizes)
        self.turn_prize(state)

    def turn_prize(self, state: GopsState) -> None:
        """GOPS-03, GOPS-04: turn the next prize up; everyone bids for it."""
        state.draw(state.prizes, state.prize)
        state.round += 1
        state.to_act = tuple(range(state.players))

    # -- bidding -----------------------------------------------------------------------------

    def simultaneous(self, state: GopsState) -> bool:
        """GOPS-04: every bid is chosen face down, on its own, at the same time."""
        return not state.over

    def legal_actions(self, state: GopsState, seat: int) -> Sequence[Action]:
        """GOPS-04: a bid of any card left in the hand, lowest first."""
        return tuple(Bid(card.value) for card in sorted(state.hands[seat].cards, key=_value))

    def why_illegal(self, state: GopsState, seat: int, action: Action) -> Illegal | None:
        """GOPS-04: only a card still in the hand can be bid."""
        if isinstance(action, Bid) and any(
            card.value == action.value for card in state.hands[seat].cards
        ):
            return None
        return Illegal("that card is not in your hand (each card is bid once)", "GOPS-04")

    def apply(self, state: GopsState, seat: int, action: Action) -> None:
        """Never called: every move of Goofspiel is a sealed bid, resolved by :meth:`resolve`."""
        raise NotImplementedError("every Goofspiel move is a sealed bid (see resolve)")

    def resolve(self, state: GopsState, answers: Mapping[int, Action]) -> None:
        """GOPS-05 to GOPS-08: the bids, shown together, decide who wins the prize."""
        bids = {seat: _bid_value(action) for seat, action in answers.items()}
        self.spend_bids(state, bids)
        self.award_prize(state, bids)
        if state.hands[0].cards:
            self.turn_prize(state)
        else:
            state.to_act, state.over = (), True

    def spend_bids(self, state: GopsState, bids: Mapping[int, int]) -> None:
        """GOPS-07: each bid card goes face up in front of its player."""
        for seat, value in bids.items():
            hand = state.hands[seat]
            card = next(card for card in hand.cards if card.value == value)
            state.move([card], hand, state.spent[seat])

    def award_prize(self, state: GopsState, bids: Mapping[int, int]) -> None:
        """GOPS-06: the one highest bid wins the prize; a shared highest bid discards it."""
        prize = state.prize.cards[-1]
        best = max(bids.values())
        top = [seat for seat, value in bids.items() if value == best]
        if len(top) == 1:
            state.move([prize], state.prize, state.won[top[0]])
            if state.observed:
                state.emit(PrizeWon(top[0], prize))
        else:
            state.move([prize], state.prize, state.discard)
            if state.observed:
                state.emit(PrizeDiscarded(prize))

    # -- scoring -----------------------------------------------------------------------------

    def scores(self, state: GopsState) -> tuple[int, ...]:
        """GOPS-06: the values of the prizes each player won."""
        return tuple(sum(card.value for card in won.cards) for won in state.won)

    def rounds_played(self, state: GopsState) -> int:
        """The rounds begun (one per prize turned)."""
        return state.round

    # -- a table with a clock ------------------------------------------------------------

    def clock(self, state: GopsState) -> Clock | None:
        """A bid is a decision: a real-time table waits for it, then bids for the silent."""
        return Clock("decision", 60.0)

    def default_action(self, state: GopsState, seat: int) -> Action | None:
        """GOPS-09: a player silent when the time runs out bids their lowest card."""
        legal = self.legal_actions(state, seat)
        return legal[0] if legal else None

    # -- words -------------------------------------------------------------------------------

    def view_extra(self, state: GopsState, seat: int | None) -> dict[str, Any]:
        """The round and every player's points (all public)."""
        return {
            "round": state.round,
            "rounds": self.options.cards,
            "points": list(self.scores(state)),
        }

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """ "bid 7"."""
        return f"bid {_bid_value(action)}"

    def describe_event(self, event: Event, seat: int | None, names: Sequence[str]) -> str | None:
        """The prize's fate in words; moves of cards the events above already tell are left out."""
        from tablecards.words import says

        if isinstance(event, PrizeWon):
            return f"{says(names[event.seat], 'wins')} the prize {event.prize.value}"
        if isinstance(event, PrizeDiscarded):
            return f"the highest bid is shared: the prize {event.prize.value} is discarded"
        return super().describe_event(event, seat, names)

    def card_label(self, card: Mapping[str, Any]) -> str:
        """ "7 of hearts"."""
        return f"{card.get('value')} of {card.get('suit')}"

    def action_catalogue(self, players: int) -> Sequence[Action]:
        """Every bid, from 1 to the size of a suit."""
        return tuple(Bid(value) for value in range(1, self.options.cards + 1))

    def playout_action(
        self, state: GopsState, seat: int, legal: Sequence[Action], rng: Any
    ) -> Action | None:
        """The heuristic bot's bid, read from the state (all of it public but the prizes
        to come, which the bot does not read)."""
        from tablecards_goofspiel._bots import bid_for

        prize = state.prize.cards[-1].value if state.prize.cards else 0
        return bid_for(prize, [_bid_value(action) for action in legal], self.options.cards)

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> dict[str, Any]:
        """The table as its players know it (:func:`tablecards_goofspiel._scene.build_scene`)."""
        from tablecards_goofspiel._scene import build_scene

        return build_scene(self, view, names, legal)


def _value(card: GopsCard) -> int:
    return card.value


def _bid_value(action: Action) -> int:
    if not isinstance(action, Bid):
        raise TypeError(f"not a Goofspiel bid: {action!r}")
    return action.value
