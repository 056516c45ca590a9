"""The Hattrick game description: options, setup, legality, views and scores."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar

import attrs

from tablecards import (
    Action,
    Clock,
    Event,
    Game,
    Illegal,
    MatchRandom,
    Scene,
    SceneFace,
    Visibility,
    Zone,
    option_range,
    seat_option,
)
from tablecards_hattrick import _bots, _rules, _scene, _words
from tablecards_hattrick._actions import PASSES, PLAYS, Pass, Play
from tablecards_hattrick._state import COLOURS, DECK, HatCard, HattrickState

_BY_ID = attrgetter("id")


def _lowest_first(action: Action) -> tuple[bool, int]:
    """Plays before passes, then the lowest card (a turn clock's default)."""
    card = action.card if isinstance(action, (Play, Pass)) else 0
    return (type(action) is Pass, DECK[card].value)


#: HAT-04, HAT-05: a turn's limit when a real-time table runs turn clocks.
TURN_CLOCK = Clock("turn", 30.0)


@attrs.frozen
class HattrickOptions:
    """Options of Hattrick.

    Attributes:
        first_dealer: the dealer of the first round (HAT-03); the seat to its left leads.
        rounds: how many rounds (HAT-11), 1 to 50. ``None``: twice the number of players, or, when a
            ``target`` is set, no limit (the target alone ends the game).
        target: the variant of HAT-12: the game ends after the first round at whose end some
            total reaches ``target`` (1 to 1000). With ``rounds`` also set, whichever comes
            first ends it.
    """

    first_dealer: int = seat_option()
    rounds: int | None = option_range(None, 1, 50, none=True)
    target: int | None = option_range(None, 1, 1000, none=True)


class Hattrick(Game[HattrickState]):
    """Hattrick: tricks with two piles, forced and chosen passes, colour majorities."""

    name: ClassVar[str] = "hattrick"
    title: ClassVar[str] = "Hattrick"
    summary: ClassVar[str] = (
        "Tricks with two piles: collect one colour and as few cards as you can of the two others."
    )
    length: ClassVar[str] = "twice as many rounds as players (8 to 12), or to a target score"
    version: ClassVar[str] = "0.2.0"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    actions: ClassVar[tuple[type[Action], ...]] = (Play, Pass)
    Options: ClassVar[type[Any]] = HattrickOptions
    options: HattrickOptions

    def round_limit(self, players: int) -> int | None:
        """The number of rounds that ends the game, ``None`` when only the target does."""
        if self.options.rounds is not None:
            return int(self.options.rounds)
        return 2 * players if self.options.target is None else None

    def initial_state(self, players: int, rng: MatchRandom) -> HattrickState:
        """HAT-01: the 60 cards in the deck; an empty hand, won zones and penalty zone per seat."""
        return HattrickState(
            players=players,
            rng=rng,
            deck=Zone("deck", Visibility.HIDDEN, None, list(DECK)),
            hands=tuple(Zone(f"hand:{seat}", Visibility.OWNER, seat) for seat in range(players)),
            piles=(Zone("pile:0", Visibility.PUBLIC), Zone("pile:1", Visibility.PUBLIC)),
            won=tuple(
                Zone(f"won:{seat}:{colour.value}", Visibility.PUBLIC, seat)
                for seat in range(players)
                for colour in COLOURS
            ),
            # Face down, but each penalty card was shown to everyone first (HAT-05).
            penalties=tuple(
                Zone(f"penalty:{seat}", Visibility.KNOWN, seat) for seat in range(players)
            ),
            rounds=self.round_limit(players),
            target=self.options.target,
            first_dealer=self.options.first_dealer,
            dealer=self.options.first_dealer,
            totals=(0,) * players,
        )

    def setup(self, state: HattrickState) -> None:
        """HAT-02, HAT-03: shuffle, deal, and the first dealer's left leads."""
        _rules.start_round(state)

    def legal_actions(self, state: HattrickState, seat: int) -> Sequence[Action]:
        """Any card to lead (HAT-04); then a pile's colour, a second colour, or a pass (HAT-05)."""
        if seat != state.current or state.over:
            return ()
        hand = sorted(state.hands[seat].cards, key=_BY_ID)
        first, second = state.piles[0].cards, state.piles[1].cards
        if not second:
            return tuple(PLAYS[card.id] for card in hand)
        one, two = first[0].colour, second[0].colour
        plays: list[Action] = []
        passes: list[Action] = []
        for card in hand:
            if card.colour is one or card.colour is two:
                plays.append(PLAYS[card.id])
            else:
                passes.append(PASSES[card.id])
        return (*plays, *passes)

    def clock(self, state: HattrickState) -> Clock | None:
        """A turn (HAT-04, HAT-05): a real-time table that wants turn clocks limits it."""
        return None if state.over else TURN_CLOCK

    def default_action(self, state: HattrickState, seat: int) -> Action | None:
        """When a turn clock runs out: the lowest card the seat may play (HAT-05), or the
        lowest it may show to pass when it can play none."""
        legal = self.legal_actions(state, seat)
        if not legal:
            return None
        return min(legal, key=_lowest_first)

    def why_illegal(self, state: HattrickState, seat: int, action: Action) -> Illegal | None:
        """Explains with the rule why a card may not be played or shown now."""
        card_id = getattr(action, "card", None)
        if (
            not isinstance(card_id, int)
            or not 0 <= card_id < len(DECK)
            or DECK[card_id] not in state.hands[seat].cards
        ):
            return Illegal(f"card {card_id!r} is not in your hand", "HAT-05")
        card = DECK[card_id]
        colours = [pile.cards[0].colour for pile in state.piles if pile.cards]
        if type(action) is Play:
            if len(colours) == 2 and card.colour not in colours:
                return Illegal(
                    f"{card} is of the third colour, which may never be played: play on a pile "
                    "or pass by showing it",
                    "HAT-05",
                )
            return None
        if len(colours) < 2:
            who = "the leader plays any card" if not colours else "only one pile is open"
            return Illegal(f"you may pass only when two piles are open ({who})", "HAT-05")
        if card.colour in colours:
            return Illegal(
                f"a pass shows a card of the third colour; {card} belongs on its pile", "HAT-05"
            )
        return None

    def apply(self, state: HattrickState, seat: int, action: Action) -> None:
        """Play or show the card, and every automatic step it triggers (tricks, rounds)."""
        card = DECK[action.card]  # type: ignore[attr-defined]
        if type(action) is Play:
            _rules.play_card(state, seat, card)
        else:
            _rules.pass_turn(state, seat, card)

    def scores(self, state: HattrickState) -> tuple[int, ...]:
        """HAT-09, HAT-10: the finished rounds' totals, plus the round in play while playing."""
        if state.over:
            return state.totals
        return tuple(
            [
                total + score
                for total, score in zip(state.totals, _rules.round_scores(state), strict=True)
            ]
        )

    def rounds_played(self, state: HattrickState) -> int:
        """The number of the round in play (or the last round)."""
        return state.round

    def search_options(self) -> Mapping[str, Any]:
        """Inside the search bot's tree and in its playouts, the other seats (and the bot's own
        later moves) follow the heuristic bot's reasoning (:meth:`playout_action`), at 100
        iterations: random opponents are a poor model of players who keep the high cards of
        the colour they collect (measured in docs/strength.md)."""
        return {"policy_playouts": True, "policy_opponents": True, "iterations": 100}

    def playout_action(
        self, state: HattrickState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The heuristic bot's reasoning read straight from the state (for the search bot)."""
        return _bots.playout_action(state, seat, legal)

    def view_extra(self, state: HattrickState, seat: int | None) -> dict[str, Any]:
        """The trick and round in play, who played each pile card, the scores, the last trick
        taken and what each seat won in the last round (all public)."""
        return {
            "round": state.round,
            "rounds": state.rounds,
            "target": state.target,
            "dealer": state.dealer,
            "trick": state.trick,
            "leader": state.leader,
            "current": state.current,
            "pile_seats": [list(seats) for seats in state.pile_seats],
            "totals": list(state.totals),
            "last_scores": list(state.last_scores),
            "round_won": None
            if state.round_won is None
            else {
                "round": state.round_won.round,
                "counts": [list(c) for c in state.round_won.counts],
            },
            "last_trick": None
            if state.last_trick is None
            else {
                "round": state.last_trick.round,
                "trick": state.last_trick.trick,
                "piles": [
                    [[seat, DECK[card].to_json()] for seat, card in pile]
                    for pile in state.last_trick.piles
                ],
            },
            "scores": list(self.scores(state)),
        }

    def move_limit(self, players: int) -> int:
        """A round takes fewer than 60 actions; a target-only game is cut after 250 rounds."""
        return 60 * (self.round_limit(players) or 250)

    def action_catalogue(self, players: int) -> Sequence[Action]:
        """Playing each of the 60 cards, then passing by showing each of them."""
        return (*PLAYS, *PASSES)

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """Menu text: the card played, or the card shown to pass (no seat is named)."""
        card = _card_of(action)
        if card is None:
            return type(action).__name__
        if type(action) is Play:
            return f"play {card}"
        return f"pass, showing {card} (a \N{MINUS SIGN}2 penalty card)"

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> Scene:
        """Hattrick's table: the trick's piles, won cards by colour, penalties, totals."""
        return _scene.build_scene(self, view, names, legal)

    def card_face(self, card: Mapping[str, Any]) -> SceneFace:
        """HAT-01: a card's value painted in its colour."""
        colour = str(card["colour"])
        return {
            "id": int(card["id"]),
            "rank": str(card["value"]),
            "colour": colour,
            "label": f"{colour} {card['value']}",
            "note": None,
            "kind": None,
        }

    def describe_play(self, actor: int, action: Action | None, names: Sequence[str]) -> str:
        """ "Ana plays the red 9", "you pass, showing the green 20 (a -2 penalty)"."""
        text = _words.play_words(actor, action, names)
        return text if text is not None else super().describe_play(actor, action, names)

    def describe_event(self, event: Event, seat: int | None, names: Sequence[str]) -> str | None:
        """Deals (each seat's own cards for itself), leads, won piles, round scores."""
        if isinstance(event, _words.WORDED):
            return _words.event_words(event, names)
        return super().describe_event(event, seat, names)


def _card_of(action: Action) -> HatCard | None:
    card_id = getattr(action, "card", None)
    if isinstance(card_id, int) and 0 <= card_id < len(DECK):
        return DECK[card_id]
    return None
