"""The Hit! game description: options, setup, legality, views and scores."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
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
from tablecards_hit import _bots, _rules, _scene, _words
from tablecards_hit._actions import (
    DRAW_AGAIN,
    END_TURN,
    NO_STEAL,
    STEAL,
    DrawAgain,
    EndTurn,
    NoSteal,
    Steal,
)
from tablecards_hit._state import DECK, HitState, Phase

_draw_card = _rules.draw_card
_start_turn = _rules.start_turn

_STEAL_CHOICES: tuple[Action, ...] = (STEAL, NO_STEAL)
_GO_ON_CHOICES: tuple[Action, ...] = (DRAW_AGAIN, END_TURN)
# Looked up once: the hot path compares phases by identity (an enum's hash is slow Python code).
#: HIT-08, HIT-09: a turn's limit when a real-time table runs turn clocks.
TURN_CLOCK = Clock("turn", 20.0)

_STEAL_PHASE = Phase.STEAL
_OVER_PHASE = Phase.OVER
_GO_ON_PHASE = Phase.GO_ON


@attrs.frozen
class HitOptions:
    """Options of Hit!.

    Attributes:
        first_player: the seat that starts (HIT-03, "the player with the largest hat").
        rounds: how many rounds (HIT-14), 1 to 20; ``None`` plays one round per player.
    """

    first_player: int = seat_option()
    rounds: int | None = option_range(1, 1, 20, none=True)


class Hit(Game[HitState]):
    """Hit!: draw from the deck, steal the opponents' face-up cards, stop before you bust."""

    name: ClassVar[str] = "hit"
    title: ClassVar[str] = "Hit!"
    summary: ClassVar[str] = (
        "Push your luck: turn cards over, steal your rivals' cards of the same value, and "
        "stop before one card too many loses your row."
    )
    length: ClassVar[str] = "one pass through the 90-card deck (one round by default)"
    version: ClassVar[str] = "0.2.0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 3
    actions: ClassVar[tuple[type[Action], ...]] = (Steal, NoSteal, DrawAgain, EndTurn)
    Options: ClassVar[type[Any]] = HitOptions
    options: HitOptions

    def initial_state(self, players: int, rng: MatchRandom) -> HitState:
        """HIT-01: the 90 cards in the deck; an empty row and loot per seat; an empty box."""
        return HitState(
            players=players,
            rng=rng,
            deck=Zone("deck", Visibility.HIDDEN, None, list(DECK)),
            rows=tuple(Zone(f"row:{seat}", Visibility.PUBLIC, seat) for seat in range(players)),
            # The loot is face down, but every card in it was face up before (HIT-04 ruling).
            loots=tuple(Zone(f"loot:{seat}", Visibility.KNOWN, seat) for seat in range(players)),
            box=Zone("box", Visibility.PUBLIC),
            rounds=self.options.rounds or players,
            first_player=self.options.first_player,
            totals=(0,) * players,
        )

    def setup(self, state: HitState) -> None:
        """HIT-02, HIT-03: shuffle, then the first player starts by drawing."""
        state.shuffle(state.deck)
        _rules.start_turn(state, state.first_player)

    def legal_actions(self, state: HitState, seat: int) -> Sequence[Action]:
        """Steal or not (HIT-08), then draw again or end the turn (HIT-09)."""
        phase = state.phase
        if seat != state.current or phase is _OVER_PHASE:
            return ()
        return _STEAL_CHOICES if phase is _STEAL_PHASE else _GO_ON_CHOICES

    def why_illegal(self, state: HitState, seat: int, action: Action) -> Illegal | None:
        """Explains with the rule which decision the current player faces."""
        # By type: the actions have no fields, and comparing attrs instances is Python code.
        kind = type(action)
        if state.phase is _STEAL_PHASE:
            if kind is Steal or kind is NoSteal:
                return None
            return Illegal(
                f"first decide whether to steal the opponents' face-up {state.offer}s", "HIT-08"
            )
        if kind is DrawAgain or kind is EndTurn:
            return None
        return Illegal("there is nothing to steal: choose to draw again or end the turn", "HIT-09")

    def clock(self, state: HitState) -> Clock | None:
        """A turn (HIT-08, HIT-09): a real-time table that wants turn clocks limits it."""
        return None if state.phase is _OVER_PHASE else TURN_CLOCK

    def default_action(self, state: HitState, seat: int) -> Action | None:
        """When a turn clock runs out: no steal (HIT-08), then end the turn (HIT-09), banking
        what the row holds."""
        if seat != state.current or state.phase is _OVER_PHASE:
            return None
        return NO_STEAL if state.phase is _STEAL_PHASE else END_TURN

    def apply(self, state: HitState, seat: int, action: Action) -> None:
        """Resolve one decision and every automatic step it triggers (draws, banks, busts)."""
        # The hot rule functions bound by name (no module lookup): this runs for every action.
        kind = type(action)
        if kind is DrawAgain:
            _draw_card(state)
        elif kind is EndTurn:
            # HIT-09: stop drawing; the next seat clockwise starts its turn (HIT-03).
            _start_turn(state, (state.current + 1) % state.players)
        else:
            if kind is Steal:
                _rules.steal_cards(state, seat)
            # HIT-09, HIT-11: go on or stop, unless that was the deck's last card.
            if state.deck.cards:
                state.phase = _GO_ON_PHASE
            else:
                _rules.end_round(state)

    def search_options(self) -> Mapping[str, Any]:
        """The search bot compares its two choices on the same luck (``paired``: which cards
        come next dwarfs the difference between drawing and stopping), with playouts that
        follow the heuristic bot's rule (:meth:`playout_action`). In a match of one round (the
        default) a playout is scored by the match as it stands (``reward="share"``): such a
        match is won by being ahead at its end. Measured in docs/strength.md."""
        options: dict[str, Any] = {"paired": True, "policy_playouts": True}
        if self.options.rounds == 1:
            options["reward"] = "share"
        return options

    def playout_action(
        self, state: HitState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The heuristic bot's rule read straight from the state (for the search bot)."""
        return _bots.playout_action(state, seat)

    def scores(self, state: HitState) -> tuple[int, ...]:
        """HIT-13, HIT-14: finished rounds' totals plus the loots of the round in play."""
        if state.over:
            return state.totals
        return tuple([t + s for t, s in zip(state.totals, _rules.round_scores(state), strict=True)])

    def rounds_played(self, state: HitState) -> int:
        """The number of the round in play (or the last round)."""
        return state.round

    def view_extra(self, state: HitState, seat: int | None) -> dict[str, Any]:
        """The decision in play, the round, every seat's scores, what each banked in the last
        finished round and the last bust while the turn after it lasts (all public in Hit!)."""
        phase = state.phase
        return {
            "current": state.current,
            # _value_, the plain attribute behind an enum's .value property (a slower lookup).
            "phase": phase._value_,
            "offer": state.offer if phase is _STEAL_PHASE else None,
            "round": state.round,
            "rounds": state.rounds,
            "scores": list(self.scores(state)),
            "banked": None
            if state.banked is None
            else {
                "round": state.banked.round,
                "cards": list(state.banked.cards),
                "points": list(state.banked.points),
            },
            "last_bust": None
            if state.last_bust is None
            else {
                "seat": state.last_bust.seat,
                "value": state.last_bust.value,
                "cards": [DECK[card].to_json() for card in state.last_bust.cards],
            },
        }

    def move_limit(self, players: int) -> int:
        """Every decision but a steal choice draws a card, so a round takes < 180 decisions."""
        return 200 * (self.options.rounds or players)

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """Menu text for each decision (Hit!'s decisions name nobody: the prompt does)."""
        return {
            Steal: "steal the face-up cards of the value you drew",
            NoSteal: "do not steal",
            DrawAgain: "draw again",
            EndTurn: "end your turn",
        }.get(type(action), type(action).__name__)

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> Scene:
        """Hit!'s table: each player's face-up row and loot, the deck, the steal offer."""
        return _scene.build_scene(self, view, names, legal)

    def card_face(self, card: Mapping[str, Any]) -> SceneFace:
        """HIT-01: a Hit! card shows its value, and is worth as many points."""
        value = str(card["value"])
        return {
            "id": int(card["id"]),
            "rank": value,
            "colour": None,
            "label": value,
            "note": None,
            "kind": None,
        }

    def describe_play(self, actor: int, action: Action | None, names: Sequence[str]) -> str:
        """ "Ana draws again", "you steal", "Ben ends the turn"."""
        text = _words.play_words(actor, action, names)
        return text if text is not None else super().describe_play(actor, action, names)

    def describe_event(self, event: Event, seat: int | None, names: Sequence[str]) -> str | None:
        """Draws, banks, busts and steals in words ("Ana takes two 7s from Ben")."""
        if isinstance(event, _words.WORDED):
            return _words.event_words(event, names)
        return super().describe_event(event, seat, names)
