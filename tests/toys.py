"""Tiny games used only by the engine's tests.

Snap proves open moments: after each flip that matches the card below it, every seat may claim
the pile or pass, and whoever speaks first takes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from tablecards import (
    Action,
    Card,
    Event,
    Game,
    Illegal,
    MatchRandom,
    State,
    Visibility,
    Zone,
    next_seat,
)


@attrs.frozen(slots=True)
class SnapCard(Card):
    """A card with a rank."""

    rank: int


@attrs.frozen(slots=True)
class Flip(Action):
    """Turn the top card of the deck onto the pile."""


@attrs.frozen(slots=True)
class Snap(Action):
    """Claim the pile: its two top cards match."""


@attrs.frozen(slots=True)
class Pass(Action):
    """Let the pair go."""


FLIP, SNAP, PASS = Flip(), Snap(), Pass()


@attrs.frozen(slots=True)
class Snapped(Event):
    """Seat ``seat`` took the pile of ``count`` cards."""

    seat: int
    count: int


@attrs.define(slots=True, eq=False, kw_only=True)
class SnapState(State):
    """Deck, pile and each seat's won cards; ``waiting`` are the seats yet to answer a pair."""

    deck: Zone[SnapCard]
    pile: Zone[SnapCard]
    won: tuple[Zone[SnapCard], ...]
    current: int = 0
    waiting: tuple[int, ...] = ()


@attrs.frozen
class SnapOptions:
    """Options of Snap: how many ranks (four cards each)."""

    ranks: int = attrs.field(default=6, validator=attrs.validators.in_(range(2, 14)))


class SnapGame(Game[SnapState]):
    """Flip cards onto a pile; when the top two match, anyone may snap it up."""

    name: ClassVar[str] = "snap"
    title: ClassVar[str] = "Snap"
    version: ClassVar[str] = "1.0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    default_players: ClassVar[int] = 3
    actions: ClassVar[tuple[type[Action], ...]] = (Flip, Snap, Pass)
    Options: ClassVar[type[Any]] = SnapOptions

    def initial_state(self, players: int, rng: MatchRandom) -> SnapState:
        cards = [SnapCard(i, i // 4) for i in range(4 * self.options.ranks)]
        return SnapState(
            players=players,
            rng=rng,
            deck=Zone("deck", Visibility.HIDDEN, None, cards),
            pile=Zone("pile", Visibility.PUBLIC),
            won=tuple(Zone(f"won:{s}", Visibility.PUBLIC, s) for s in range(players)),
        )

    def setup(self, state: SnapState) -> None:
        state.shuffle(state.deck)
        state.to_act = (0,)

    def legal_actions(self, state: SnapState, seat: int) -> Sequence[Action]:
        if state.waiting:
            return (SNAP, PASS) if seat in state.waiting else ()
        return (FLIP,) if seat == state.current and not state.over else ()

    def why_illegal(self, state: SnapState, seat: int, action: Action) -> Illegal | None:
        if state.waiting:
            return None if action in (SNAP, PASS) else Illegal("a pair is showing: snap or pass")
        return None if action == FLIP else Illegal("no pair is showing: flip a card")

    def apply(self, state: SnapState, seat: int, action: Action) -> None:
        if isinstance(action, Flip):
            state.draw(state.deck, state.pile)
            cards = state.pile.cards
            if len(cards) >= 2 and cards[-1].rank == cards[-2].rank:
                state.waiting = tuple(range(state.players))  # an open moment: anyone may snap
                state.to_act = state.waiting
            else:
                self._next_turn(state)
        elif isinstance(action, Snap):
            count = len(state.pile)
            state.move_all(state.pile, state.won[seat])
            state.emit(Snapped(seat, count))
            state.waiting = ()
            self._next_turn(state)
        else:
            state.waiting = tuple(s for s in state.waiting if s != seat)
            if state.waiting:
                state.to_act = state.waiting
            else:
                self._next_turn(state)

    def _next_turn(self, state: SnapState) -> None:
        if not state.deck.cards:
            state.over = True
            state.to_act = ()
            return
        state.current = next_seat(state.current, state.players)
        state.to_act = (state.current,)

    def scores(self, state: SnapState) -> tuple[int, ...]:
        return tuple(len(zone) for zone in state.won)

    def view_extra(self, state: SnapState, seat: int | None) -> dict[str, Any]:
        return {"current": state.current, "waiting": list(state.waiting)}
