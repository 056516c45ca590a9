"""Toy games for the conformance kit's own tests: one correct hand game, then one fault each.

``HandsGame`` is correct (the kit passes it): secret hands, a hidden deck and private gifts of
cards, which it declares through :meth:`Game.known_cards`. Every other class breaks exactly one
promise, by overriding one piece of Snap (``tests/toys.py``) or of ``HandsGame``, and the kit's
tests assert that the kit reports it under the check that exists for it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar

import attrs
from draft_toys import DraftGame, DraftState
from toys import FLIP, PASS, SNAP, SnapGame, Snapped, SnapState

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
    generic_scene,
    next_seat,
    redeal,
    remember,
    unseen_zones,
)

# -- a correct game with secrets ------------------------------------------------------------


@attrs.frozen(slots=True)
class HandCard(Card):
    """A card with a rank."""

    rank: int


@attrs.frozen(slots=True)
class Play(Action):
    """Lay card ``card`` (an id) from your hand on the table, then draw."""

    card: int


@attrs.frozen(slots=True)
class Give(Action):
    """Give card ``card`` from your hand to seat ``to``, face down (only you two see it)."""

    card: int
    to: int


@attrs.frozen(slots=True)
class Gave(Event):
    """Seat ``giver`` gave a card to seat ``taker`` (the card travels in a CardsMoved)."""

    giver: int
    taker: int


@attrs.frozen(slots=True)
class Laid(Event):
    """Seat ``seat`` laid a card on the table."""

    seat: int


@attrs.define(slots=True, eq=False, kw_only=True)
class HandsState(State):
    """A hidden deck, secret hands, a public table; ``gifts`` maps a given card to its giver."""

    deck: Zone[HandCard]
    hands: tuple[Zone[HandCard], ...]
    table: Zone[HandCard]
    current: int = 0
    laid: tuple[int, ...] = ()
    gifts: dict[int, int] = attrs.field(factory=dict)


class HandsGame(Game[HandsState]):
    """Lay your cards one by one, or pass one secretly to a neighbour; the most laid wins."""

    name: ClassVar[str] = "hands"
    title: ClassVar[str] = "Hands"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 3
    actions: ClassVar[tuple[type[Action], ...]] = (Play, Give)

    def initial_state(self, players: int, rng: MatchRandom) -> HandsState:
        return HandsState(
            players=players,
            rng=rng,
            deck=Zone("deck", Visibility.HIDDEN, None, [HandCard(i, i % 5) for i in range(20)]),
            hands=tuple(Zone(f"hand:{s}", Visibility.OWNER, s) for s in range(players)),
            table=Zone("table", Visibility.PUBLIC),
            laid=(0,) * players,
        )

    def setup(self, state: HandsState) -> None:
        state.shuffle(state.deck)
        state.deal(state.deck, state.hands, 3)
        state.to_act = (0,)

    def legal_actions(self, state: HandsState, seat: int) -> Sequence[Action]:
        if seat not in state.to_act:
            return ()
        hand = state.hands[seat].cards
        plays: list[Action] = [Play(card.id) for card in hand]
        gives = [Give(c.id, to) for c in hand for to in range(state.players) if to != seat]
        return plays + gives

    def why_illegal(self, state: HandsState, seat: int, action: Action) -> Illegal | None:
        held = {card.id for card in state.hands[seat].cards}
        if isinstance(action, Play) and action.card in held:
            return None
        if isinstance(action, Give) and action.card in held:
            if type(action.to) is int and 0 <= action.to < state.players and action.to != seat:
                return None
            return Illegal("give to another seat of the table")
        return Illegal("that card is not in your hand")

    def apply(self, state: HandsState, seat: int, action: Action) -> None:
        hand = state.hands[seat]
        card = next(c for c in hand.cards if c.id == action.card)  # type: ignore[attr-defined]
        if isinstance(action, Give):
            # The seats other than the two hands' owners see only that a card left the
            # giver's hand: a gift of theirs still in it may be the one that left (they know
            # the set, not the split), so they no longer know where it lies.
            for other in hand.cards:
                if other is not card and state.gifts.get(other.id) not in (None, action.to):
                    del state.gifts[other.id]
            state.move((card,), hand, state.hands[action.to])
            state.gifts[card.id] = seat
            state.emit(Gave(seat, action.to))
        else:
            self.lay(state, seat, card)
        self.next_turn(state)

    def lay(self, state: HandsState, seat: int, card: HandCard) -> None:
        """Lay ``card`` from the seat's hand, then draw one if the deck has any."""
        state.move((card,), state.hands[seat], state.table)
        state.gifts.pop(card.id, None)
        state.laid = tuple(n + (s == seat) for s, n in enumerate(state.laid))
        state.emit(Laid(seat))
        if state.deck.cards:
            state.draw(state.deck, state.hands[seat])

    def next_turn(self, state: HandsState) -> None:
        """The next seat clockwise that still holds cards; the game ends when nobody does."""
        empty = {s for s in range(state.players) if not state.hands[s].cards}
        if len(empty) == state.players:
            state.over = True
            state.to_act = ()
            return
        state.current = next_seat(state.current, state.players, skip=empty)
        state.to_act = (state.current,)

    def scores(self, state: HandsState) -> tuple[int, ...]:
        return state.laid

    def known_cards(self, state: HandsState, seat: int) -> Collection[Card]:
        """A giver knows where the card it gave lies, until someone moves it again."""
        return [
            card
            for hand in state.hands
            for card in hand.cards
            if state.gifts.get(card.id) == seat and hand.owner != seat
        ]

    def view_extra(self, state: HandsState, seat: int | None) -> dict[str, Any]:
        gave = sorted(card.id for card in self.known_cards(state, seat)) if seat is not None else []
        return {"current": state.current, "laid": list(state.laid), "gave": gave}

    def redact_action(self, action: Action, actor: int, seat: int | None) -> Action | None:
        """A gift's card is seen by the giver and the receiver only (the gift itself is an
        event everyone sees)."""
        if isinstance(action, Give) and seat not in (actor, action.to):
            return None
        return action


# -- one fault each -------------------------------------------------------------------------


class EndlessSnap(SnapGame):
    """Fault (playout): never ends, so it flips from an empty deck and crashes."""

    def _next_turn(self, state: SnapState) -> None:
        state.current = next_seat(state.current, state.players)
        state.to_act = (state.current,)


class DuplicatingSnap(SnapGame):
    """Fault (conservation): a snap copies the pile into the winner's cards instead of moving it."""

    def apply(self, state: SnapState, seat: int, action: Action) -> None:
        if action == SNAP:
            state.won[seat].cards.extend(state.pile.cards)  # the pile keeps them too
            state.waiting = ()
            self._next_turn(state)
            return
        super().apply(state, seat, action)


class StuckSnap(SnapGame):
    """Fault (liveness): on a pair the flipper is asked to act but may not snap or pass."""

    def legal_actions(self, state: SnapState, seat: int) -> Sequence[Action]:
        if state.waiting and seat == state.current:
            return ()
        return super().legal_actions(state, seat)


class MutatingSnap(SnapGame):
    """Fault (rejection): refusing an action first moves the turn on."""

    def why_illegal(self, state: SnapState, seat: int, action: Action) -> Illegal | None:
        why = super().why_illegal(state, seat, action)
        if why is not None:
            state.current = next_seat(state.current, state.players)  # a change before refusing
        return why


class UnseededSnap(SnapGame):
    """Fault (determinism): shuffles with Python's global generator, not the match's."""

    def setup(self, state: SnapState) -> None:
        random.shuffle(state.deck.cards)
        state.to_act = (0,)


class LaxSnap(SnapGame):
    """Fault (rejection): why_illegal accepts every action of the game, legal now or not."""

    def why_illegal(self, state: SnapState, seat: int, action: Action) -> Illegal | None:
        return None


class TrustingHands(HandsGame):
    """Fault (rejection): a gift to a seat number out of range crashes instead of being refused."""

    def why_illegal(self, state: HandsState, seat: int, action: Action) -> Illegal | None:
        if isinstance(action, Give) and state.hands[action.to] is state.hands[seat]:
            return Illegal("give to another seat")  # the lookup raises IndexError first
        return super().why_illegal(state, seat, action)


@attrs.define(slots=True, eq=False, kw_only=True)
class SentinelSnapState(SnapState):
    """Snap's state with a float that starts as NaN, "no flip yet": a magic sentinel."""

    mean_rank: float = float("nan")


class UnsavableSnap(SnapGame):
    """Fault (persistence): a saved match does not load back.

    Its state holds NaN, which JSON writes and reads back, but which never equals itself: the
    loaded snapshot never matches the replayed one. Replays alone stay byte-identical.
    """

    def initial_state(self, players: int, rng: MatchRandom) -> SnapState:
        base = super().initial_state(players, rng)
        return SentinelSnapState(
            players=players, rng=rng, deck=base.deck, pile=base.pile, won=base.won
        )


class ZoneInViewSnap(SnapGame):
    """Fault (views / bots): the view hands out the pile zone itself, a live part of the state."""

    def view_extra(self, state: SnapState, seat: int | None) -> dict[str, Any]:
        return {**super().view_extra(state, seat), "pile": state.pile}


class DeckInViewSnap(SnapGame):
    """Fault (leaks, in a view): every view shows the hidden deck's top card."""

    def view_extra(self, state: SnapState, seat: int | None) -> dict[str, Any]:
        top = state.deck.top
        return {**super().view_extra(state, seat), "next": top.to_json() if top else None}


class ShownHands(HandsGame):
    """Fault (leaks, in a view): every view shows every hand."""

    def view_extra(self, state: HandsState, seat: int | None) -> dict[str, Any]:
        hands = {h.name: [c.id for c in h.cards] for h in state.hands}
        return {**super().view_extra(state, seat), "hands": hands}


@attrs.frozen(slots=True)
class HandTold(Event):
    """The hand of seat ``seat`` (public: the fault)."""

    seat: int
    cards: tuple[HandCard, ...]


class TellingHands(HandsGame):
    """Fault (leaks, in an event): the next seat's hand is announced to everyone."""

    def next_turn(self, state: HandsState) -> None:
        super().next_turn(state)
        if not state.over:
            state.emit(HandTold(state.current, tuple(state.hands[state.current].cards)))


class ForgetfulHands(HandsGame):
    """Fault (leaks, undeclared knowledge): shows a giver its gifts but declares no known cards.

    Its views are right, but the kit cannot tell them from a leak: ``known_cards`` is the way a
    game says what a seat knows of zones it cannot see.
    """

    def known_cards(self, state: HandsState, seat: int) -> Collection[Card]:
        return ()

    def view_extra(self, state: HandsState, seat: int | None) -> dict[str, Any]:
        gave = (
            sorted(
                card.id
                for hand in state.hands
                for card in hand.cards
                if state.gifts.get(card.id) == seat and hand.owner != seat
            )
            if seat is not None
            else []
        )
        return {"current": state.current, "laid": list(state.laid), "gave": gave}


# -- broken determinisers (each keeps HandsGame's rules and breaks one promise of redealing) ----


class LeakyRedeal(HandsGame):
    """Fault (determinisation): the hand of the seat on the left keeps its real cards."""

    def redeal_unseen(self, state: HandsState, seat: int, rng: random.Random) -> None:
        left = state.hands[(seat + 1) % state.players]
        zones = [zone for zone in unseen_zones(state, seat) if zone is not left]
        redeal(state, zones, rng, keep=self.known_cards(state, seat))


class LosingRedeal(HandsGame):
    """Fault (determinisation): a redealt hand gets a copy of a deck card, losing its own."""

    def redeal_unseen(self, state: HandsState, seat: int, rng: random.Random) -> None:
        super().redeal_unseen(state, seat, rng)
        other = state.hands[(seat + 1) % state.players].cards
        if other and state.deck.cards:
            other[0] = state.deck.cards[-1]


class PeekingRedeal(HandsGame):
    """Fault (determinisation): the seat's own hand is redealt with the rest."""

    def redeal_unseen(self, state: HandsState, seat: int, rng: random.Random) -> None:
        zones = [zone for zone in state.zones() if zone.cards and zone.name != "table"]
        redeal(state, zones, rng, keep=self.known_cards(state, seat))


class IdleRedeal(HandsGame):
    """Fault (determinisation): nothing is redealt; every determinisation is the real state."""

    def redeal_unseen(self, state: HandsState, seat: int, rng: random.Random) -> None:
        return None


class OrderedRedeal(HandsGame):
    """Fault (determinisation): shuffles the unseen cards from where they really lie."""

    def redeal_unseen(self, state: HandsState, seat: int, rng: random.Random) -> None:
        known = {card.id for card in self.known_cards(state, seat)}
        slots = [
            (zone.cards, index)
            for zone in unseen_zones(state, seat)
            for index, card in enumerate(zone.cards)
            if card.id not in known
        ]
        cards = [pile[index] for pile, index in slots]
        rng.shuffle(cards)  # from the real order: the result depends on it
        for (pile, index), card in zip(slots, cards, strict=True):
            pile[index] = card


class CheatingBot:
    """Fault (bots): answers with an action that is not among the legal ones."""

    def __init__(self, game: Game[Any] | None = None, seat: int = 0) -> None:
        self.seat = seat

    def choose(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        return PASS if PASS not in actions else SNAP


__all__ = [
    "CheatingBot",
    "DeckInViewSnap",
    "DuplicatingSnap",
    "EndlessSnap",
    "ForgetfulHands",
    "Give",
    "GossipHands",
    "HandBuiltViewSnap",
    "HandsGame",
    "HandsState",
    "HastySnap",
    "LaxSnap",
    "MutatingSnap",
    "ShadowingSnap",
    "ShownHands",
    "StuckSnap",
    "TellingHands",
    "TrustingHands",
    "UnrebuildableSnap",
    "UnsavableSnap",
    "UnseededSnap",
    "ZoneInViewSnap",
]


class ShadowingSnap(SnapGame):
    """Fault (views): its view_extra overwrites the engine's ``over`` key."""

    def view_extra(self, state: SnapState, seat: int | None) -> dict[str, Any]:
        return {**super().view_extra(state, seat), "over": "banana"}


class HandBuiltViewSnap(SnapGame):
    """Fault (views): builds its view by hand and breaks the schema's ``over``."""

    def view(self, state: SnapState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        out["over"] = "banana"
        return out


class GossipHands(HandsGame):
    """Fault (leaks): every seat's log shows which card was given in a private gift."""

    def redact_action(self, action: Action, actor: int, seat: int | None) -> Action | None:
        return action


class HastySnap(SnapGame):
    """Fault (liveness): declares a default action that is not legal (flip while a pair shows)."""

    def default_action(self, state: SnapState, seat: int) -> Action | None:
        return FLIP if state.waiting else None


class HashOrderSnap(SnapGame):
    """Fault (processes): lists its actions in a set's order, which follows the hash seed.

    Every replay inside one process agrees with itself; another interpreter plays another match.
    """

    def legal_actions(self, state: SnapState, seat: int) -> Sequence[Action]:
        actions = list(super().legal_actions(state, seat))
        if len(actions) < 2:
            return actions
        # Where "a" falls in a set of letters depends on the interpreter's hash seed.
        turn = list(set("abcdefghijklmnopqrstuvwxyz")).index("a") % len(actions)
        return actions[turn:] + actions[:turn]


class UnrebuildableSnap(SnapGame):
    """Fault (processes): its saved options name one the class does not accept."""

    def options_json(self) -> dict[str, Any]:
        return {"colour": "red"}


class PeekingPolicy(HandsGame):
    """Its search policy plays the card the next seat also holds a card of the same rank of:
    it reads another seat's secret hand."""

    def playout_action(
        self, state: HandsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        neighbour = {card.rank for card in state.hands[(seat + 1) % state.players].cards}
        for action in legal:
            if isinstance(action, Play) and _rank(state, seat, action.card) in neighbour:
                return action
        return legal[0]


class MovingPolicy(HandsGame):
    """Its search policy lays a card itself instead of only choosing one."""

    def playout_action(
        self, state: HandsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        self.apply(state, seat, legal[0])
        return legal[0]


class HonestPolicy(HandsGame):
    """Its search policy plays its lowest card: it reads only its own hand."""

    def playout_action(
        self, state: HandsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        plays = [a for a in legal if isinstance(a, Play)]
        return min(plays, key=lambda a: _rank(state, seat, a.card)) if plays else None


def _rank(state: HandsState, seat: int, card_id: int) -> int:
    return next(card.rank for card in state.hands[seat].cards if card.id == card_id)


class RawSceneHands(HandsGame):
    """Fault (scenes): its scene prints the view's data as JSON ("Laid: [0, 1, 0]")."""

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> dict[str, Any]:
        scene = generic_scene(self, view, names, legal)
        scene["facts"].append({"label": "Laid", "text": json.dumps(view["laid"])})
        return scene


class PeekingSceneHands(HandsGame):
    """Fault (scenes): its scene reads the state its view was built from (kept on the game),
    and tells the rank of the deck's top card, which nobody may see."""

    peeked: HandsState | None = None

    def view_extra(self, state: HandsState, seat: int | None) -> dict[str, Any]:
        self.peeked = state
        return super().view_extra(state, seat)

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> dict[str, Any]:
        scene = generic_scene(self, view, names, legal)
        top = self.peeked.deck.top if self.peeked is not None else None
        if top is not None:
            scene["lines"].append(f"The next card is a {top.rank}")
        return scene


class MisnamedTableHands(HandsGame):
    """Fault (scenes): its scene titles the table, a zone of nobody, as the first player's."""

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> dict[str, Any]:
        scene = generic_scene(self, view, names, legal)
        for group in scene["middle"]:
            for zone in group["zones"]:
                if zone["id"] == "table":
                    zone["title"] = f"{names[0]}'s table"
        return scene


class EmptyNotedHands(HandsGame):
    """Fault (scenes): its scene notes each empty zone "empty", which every table already
    writes after the title ("Table empty empty")."""

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> dict[str, Any]:
        scene = generic_scene(self, view, names, legal)
        for box in [zone for panel in scene["seats"] for zone in panel["zones"]] + [
            zone for group in scene["middle"] for zone in group["zones"]
        ]:
            if box["count"] == 0:
                box["note"] = "empty"
        return scene


class EchoingSnap(SnapGame):
    """Fault (no_op): after passing on a pair a seat is still asked and may pass again, a
    logged move that changes nothing (as Stop's passes did before 0.3.0)."""

    def legal_actions(self, state: SnapState, seat: int) -> Sequence[Action]:
        if state.waiting and seat in state.to_act and seat not in state.waiting:
            return (PASS,)
        return super().legal_actions(state, seat)

    def why_illegal(self, state: SnapState, seat: int, action: Action) -> Illegal | None:
        if state.waiting and seat not in state.waiting:
            return None if action == PASS else Illegal("you passed: pass again or wait")
        return super().why_illegal(state, seat, action)

    def apply(self, state: SnapState, seat: int, action: Action) -> None:
        if action == PASS and state.waiting:
            state.waiting = tuple(other for other in state.waiting if other != seat)
            if not state.waiting:
                self._next_turn(state)
            return  # to_act keeps every seat: a seat that passed may pass again
        super().apply(state, seat, action)


class StaleKeyHands(HandsGame):
    """Fault (scenes): it keeps the table's box with the table alone (tablecards.remember), but
    the box's note says whose turn it is, which the key does not name: once kept, the note is
    stale."""

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> dict[str, Any]:
        scene = generic_scene(self, view, names, legal)
        table = view["zones"]["table"]
        turn = view["to_act"][0] if view["to_act"] else None
        box = remember(table, "table", _noted_table, table, "" if turn is None else names[turn])
        scene["middle"] = [
            {**group, "zones": [box]} if group["id"] == "table" else group
            for group in scene["middle"]
        ]
        return scene


def _noted_table(table: Mapping[str, Any], name: str) -> dict[str, Any]:
    return {
        "id": "table",
        "title": "Table",
        "style": "row",
        "count": table["count"],
        "cards": None,
        "note": f"laid before {name} plays" if name else None,
    }


class RepaintingHands(HandsGame):
    """Fault (scenes): it starts from the generic scene and changes the table's box in place,
    writing whose turn it is into its note: the box is shared with the match's earlier
    scenes, which change with it."""

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> dict[str, Any]:
        scene = generic_scene(self, view, names, legal)
        turn = view["to_act"][0] if view["to_act"] else None
        for group in scene["middle"]:
            for zone in group["zones"]:
                if zone["id"] == "table" and turn is not None:
                    zone["note"] = f"{names[turn]} plays next"
        return scene


class OverclaimingDraft(DraftGame):
    """Fault (knowledge): the draft of ``tests/draft_toys.py`` listing, as ``known_cards``,
    every card a seat passed on (as an author reading "a card chosen face down" would): once
    the next seat picked one of them face down, the seat knows the set, not the split, yet its
    determinisations keep the real split."""

    def known_cards(self, state: DraftState, seat: int) -> Collection[Card]:
        passed = {card_id for owner, ids in state.passed_on if owner == seat for card_id in ids}
        return [card for card in state.cards() if card.id in passed]


class CountingSnap(SnapGame):
    """Fault (leaks): each snap also tells the game's own tally of snaps, kept outside the
    state, so the events rebuilt from the log (``Match.events_for``) are not those recorded
    live."""

    def __init__(self) -> None:
        super().__init__()
        self.snaps = 0

    def apply(self, state: SnapState, seat: int, action: Action) -> None:
        super().apply(state, seat, action)
        if action == SNAP:
            self.snaps += 1
            state.emit(Snapped(seat, self.snaps))
