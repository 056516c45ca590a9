"""Toy games with public outcomes of hidden cards, for the kit's no-leak and determinisation
checks.

``DuelGame`` is correct: every seat holds one secret card; on its turn a seat either challenges
another (both cards are compared in secret, the lower one is out and shown; a tie sends both
cards face down under the table and both draw again) or guesses another seat's card (right: it
is out and shown; wrong: everyone hears "no"). The comparison and the answer are public
outcomes of hidden cards, which the game declares with :meth:`Game.reveals`; a wrong guess is
knowledge every seat keeps, declared with :meth:`Game.ruled_out`. Every other class breaks
exactly one promise.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from tablecards import (
    Action,
    Card,
    Event,
    Game,
    Illegal,
    MatchRandom,
    Seat,
    State,
    Visibility,
    Zone,
    next_seat,
    redeal,
    unseen_zones,
)


@attrs.frozen(slots=True)
class DuelCard(Card):
    """A card with a value from 1 to 6."""

    value: int


@attrs.frozen(slots=True)
class Challenge(Action):
    """Compare your card with seat ``target``'s: the lower one is out."""

    target: Seat


@attrs.frozen(slots=True)
class Guess(Action):
    """Say that seat ``target`` holds a card of ``value``: if so, it is out."""

    target: Seat
    value: int


@attrs.frozen(slots=True)
class Compared(Event):
    """Seats ``challenger`` and ``target`` compared their cards; ``loser`` is out (None: a tie)."""

    challenger: int
    target: int
    loser: int | None


@attrs.frozen(slots=True)
class Answered(Event):
    """Seat ``guesser`` said seat ``target`` holds a ``value``; ``right`` says if it did."""

    guesser: int
    target: int
    value: int
    right: bool


@attrs.define(slots=True, eq=False, kw_only=True)
class DuelState(State):
    """A hidden deck, one secret card per seat, a public row of cards out, a hidden pile of
    tied cards; ``live`` marks the seats still in; ``wrong`` the (target, value) guesses
    answered "no" since the target's card last changed; ``shown`` the value of the last
    winning card (only the leaky variant shows it)."""

    deck: Zone[DuelCard]
    hands: tuple[Zone[DuelCard], ...]
    out: Zone[DuelCard]
    tied: Zone[DuelCard]
    live: tuple[bool, ...]
    current: int = 0
    wrong: tuple[tuple[int, int], ...] = ()
    shown: int = 0


class DuelGame(Game[DuelState]):
    """The last seat in wins."""

    name: ClassVar[str] = "duel"
    title: ClassVar[str] = "Duel"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 3
    actions: ClassVar[tuple[type[Action], ...]] = (Challenge, Guess)

    def initial_state(self, players: int, rng: MatchRandom) -> DuelState:
        cards = [DuelCard(i, i % 6 + 1) for i in range(14)]
        return DuelState(
            players=players,
            rng=rng,
            deck=Zone("deck", Visibility.HIDDEN, None, cards),
            hands=tuple(Zone(f"hand:{s}", Visibility.OWNER, s) for s in range(players)),
            out=Zone("out", Visibility.PUBLIC),
            tied=Zone("tied", Visibility.HIDDEN),
            live=(True,) * players,
        )

    def setup(self, state: DuelState) -> None:
        state.shuffle(state.deck)
        state.deal(state.deck, state.hands, 1)
        state.to_act = (0,)

    def legal_actions(self, state: DuelState, seat: int) -> Sequence[Action]:
        if seat not in state.to_act:
            return ()
        targets = [t for t in range(state.players) if t != seat and state.live[t]]
        challenges: list[Action] = [Challenge(t) for t in targets]
        return challenges + [Guess(t, v) for t in targets for v in range(1, 7)]

    def why_illegal(self, state: DuelState, seat: int, action: Action) -> Illegal | None:
        if action in self.legal_actions(state, seat):
            return None
        return Illegal("challenge or guess a seat still in (values 1 to 6)")

    def apply(self, state: DuelState, seat: int, action: Action) -> None:
        target = action.target  # type: ignore[attr-defined]
        theirs = state.hands[target].cards[0]
        if isinstance(action, Guess):
            right = theirs.value == action.value
            self.announce(state, Answered(seat, target, action.value, right))
            if right:
                self.knock_out(state, target)
            else:
                state.wrong += ((target, action.value),)
        else:
            mine = state.hands[seat].cards[0]
            if mine.value == theirs.value:
                self.announce(state, Compared(seat, target, None))
                self.tie(state, seat, target)
            else:
                loser, winner = (seat, theirs) if mine.value < theirs.value else (target, mine)
                self.announce(state, Compared(seat, target, loser))
                state.shown = winner.value
                self.knock_out(state, loser)
        self.next_turn(state)

    def announce(self, state: DuelState, event: Compared | Answered) -> None:
        """Tell every seat a public outcome."""
        state.emit(event)

    def knock_out(self, state: DuelState, seat: int) -> None:
        """``seat`` is out: its card goes face up to the row of cards out."""
        state.move_all(state.hands[seat], state.out)
        state.live = tuple(live and s != seat for s, live in enumerate(state.live))
        self.forget(state, seat)

    def tie(self, state: DuelState, a: int, b: int) -> None:
        """A tie: both cards go face down under the table and both seats draw again; when the
        deck cannot give them two cards, the match ends (the seats still in share the win)."""
        for seat in (a, b):
            state.move_all(state.hands[seat], state.tied)
            self.forget(state, seat)
        if len(state.deck.cards) < 2:
            state.over = True
            return
        for seat in (a, b):
            state.draw(state.deck, state.hands[seat])

    def forget(self, state: DuelState, seat: int) -> None:
        """The guesses about ``seat``'s card no longer hold: its card changed."""
        state.wrong = tuple((t, v) for t, v in state.wrong if t != seat)

    def next_turn(self, state: DuelState) -> None:
        if state.over or sum(state.live) <= 1:
            state.over, state.to_act = True, ()
            return
        gone = {s for s in range(state.players) if not state.live[s]}
        state.current = next_seat(state.current, state.players, skip=gone)
        state.to_act = (state.current,)

    def scores(self, state: DuelState) -> tuple[int, ...]:
        return tuple(int(live) for live in state.live)

    def view_extra(self, state: DuelState, seat: int | None) -> dict[str, Any]:
        return {"live": list(state.live), "wrong": [list(pair) for pair in state.wrong]}

    def reveals(self, event: Event) -> bool:
        """A comparison and a guess's answer are public outcomes of hidden cards."""
        return isinstance(event, (Compared, Answered))

    def ruled_out(self, state: DuelState, seat: int) -> Mapping[str, Collection[Card]]:
        """Everyone heard the wrong guesses: those values are not in the target's hand."""
        out: dict[str, list[Card]] = {}
        for target, value in state.wrong:
            out.setdefault(f"hand:{target}", []).extend(
                card
                for card in state.cards()
                if card.value == value  # type: ignore[attr-defined]
            )
        return out


# -- one fault each -------------------------------------------------------------------------


class UnmarkedDuel(DuelGame):
    """Declares no public outcome: the comparison then looks like a leak."""

    def reveals(self, event: Event) -> bool:
        return False


class LeakyDuel(DuelGame):
    """Shows everyone the winning card's value after a comparison: more than the outcome."""

    def view_extra(self, state: DuelState, seat: int | None) -> dict[str, Any]:
        return {**super().view_extra(state, seat), "winner_value": state.shown}


class WhisperedDuel(DuelGame):
    """Announces the comparison only to the two seats compared, and marks it as public."""

    def announce(self, state: DuelState, event: Compared | Answered) -> None:
        if isinstance(event, Compared):
            event = attrs.evolve(event, to=frozenset({event.challenger, event.target}))
        state.emit(event)


class ForgetfulDuel(DuelGame):
    """Keeps a wrong guess after the target's card changed: the knowledge becomes false."""

    def forget(self, state: DuelState, seat: int) -> None:
        return None


class IgnorantDuel(DuelGame):
    """Redeals without what the seat ruled out: determinisations imagine impossible hands."""

    def redeal_unseen(self, state: DuelState, seat: int, rng: random.Random) -> None:
        redeal(state, unseen_zones(state, seat), rng, keep=self.known_cards(state, seat))
