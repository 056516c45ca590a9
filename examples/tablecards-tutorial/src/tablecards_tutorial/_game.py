"""The Climb game description: options, setup, legality, views and scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from tablecards import (
    Action,
    Event,
    Game,
    Illegal,
    MatchRandom,
    Scene,
    SceneFace,
    Visibility,
    Zone,
    seat_option,
)
from tablecards.words import count, says
from tablecards_tutorial import _rules, _scene
from tablecards_tutorial._actions import DRAW, PASS, PLAYS, Draw, Pass, Play
from tablecards_tutorial._state import DECK, ClimbState

__all__ = ["Climb", "ClimbOptions"]


@attrs.frozen
class ClimbOptions:
    """Options of Climb; the validators reject bad values with a clear message.

    Attributes:
        hand_size: how many cards each player is dealt (CLIMB-02), 3 to 8.
        first_player: the seat that begins (CLIMB-03).
    """

    hand_size: int = attrs.field(
        default=5,
        validator=[
            attrs.validators.instance_of(int),
            attrs.validators.ge(3),
            attrs.validators.le(8),
        ],
    )
    first_player: int = seat_option()


class Climb(Game[ClimbState]):
    """Climb: play ever higher cards onto the pile; win the pile by playing its last card."""

    name: ClassVar[str] = "climb"
    title: ClassVar[str] = "Climb"
    summary: ClassVar[str] = (
        "The tutorial's example game: play ever higher cards onto a shared pile, and win it "
        "with its last card."
    )
    length: ClassVar[str] = "one deck, a few minutes"
    example: ClassVar[bool] = True
    version: ClassVar[str] = "0.1.0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 3
    actions: ClassVar[tuple[type[Action], ...]] = (Play, Draw, Pass)
    Options: ClassVar[type[Any]] = ClimbOptions
    options: ClimbOptions

    def initial_state(self, players: int, rng: MatchRandom) -> ClimbState:
        """CLIMB-01: the 40 cards in the deck; an empty hand, won pile and shown hand per seat."""
        return ClimbState(
            players=players,
            rng=rng,
            deck=Zone("deck", Visibility.HIDDEN, None, list(DECK)),
            hands=tuple(Zone(f"hand:{seat}", Visibility.OWNER, seat) for seat in range(players)),
            pile=Zone("pile", Visibility.PUBLIC),
            # Face down, but every card in it was face up on the pile (CLIMB-07).
            won=tuple(Zone(f"won:{seat}", Visibility.KNOWN, seat) for seat in range(players)),
            # Empty until the end, when the hands are laid face up (CLIMB-10).
            shown=tuple(Zone(f"shown:{seat}", Visibility.PUBLIC, seat) for seat in range(players)),
        )

    def setup(self, state: ClimbState) -> None:
        """CLIMB-02, CLIMB-03: shuffle, deal the hands, the first player begins."""
        state.shuffle(state.deck)
        state.deal(state.deck, state.hands, self.options.hand_size)
        _rules.start_turn(state, self.options.first_player)

    def legal_actions(self, state: ClimbState, seat: int) -> Sequence[Action]:
        """Cards above the pile's top (CLIMB-04), then draw (CLIMB-05) or pass (CLIMB-06)."""
        if seat != state.current or state.over:
            return ()
        top = state.pile.cards[-1].value if state.pile.cards else 0
        actions: list[Action] = [
            PLAYS[card.id] for card in state.hands[seat].cards if card.value > top
        ]
        if state.deck.cards:
            actions.append(DRAW)
        elif not actions:
            actions.append(PASS)
        return actions

    def why_illegal(self, state: ClimbState, seat: int, action: Action) -> Illegal | None:
        """Explains every refusal with the rule it breaks."""
        top = state.pile.cards[-1].value if state.pile.cards else 0
        if isinstance(action, Play):
            card = next((c for c in state.hands[seat].cards if c.id == action.card), None)
            if card is None:
                return Illegal(f"card {action.card} is not in your hand", "CLIMB-04")
            if card.value <= top:
                return Illegal(
                    f"a {card.value} is not higher than the {top} on top of the pile", "CLIMB-04"
                )
            return None
        if isinstance(action, Draw):
            if not state.deck.cards:
                return Illegal("the deck is empty: play a card or pass", "CLIMB-05")
            return None
        if state.deck.cards:
            return Illegal("you may pass only once the deck is empty: draw instead", "CLIMB-06")
        if any(card.value > top for card in state.hands[seat].cards):
            return Illegal(f"you hold a card higher than the {top}: play it", "CLIMB-06")
        return None

    def apply(self, state: ClimbState, seat: int, action: Action) -> None:
        """Play, draw or pass; the rules move the cards and choose who acts next."""
        if type(action) is Play:
            _rules.play_card(state, seat, action.card)
        elif type(action) is Draw:
            _rules.draw_card(state, seat)
        else:
            _rules.pass_turn(state, seat)

    def scores(self, state: ClimbState) -> tuple[int, ...]:
        """CLIMB-09: cards won minus cards in hand."""
        return _rules.scores(state)

    def view_extra(self, state: ClimbState, seat: int | None) -> dict[str, Any]:
        """Whose turn, who leads the pile, the passes and the scores: all public in Climb."""
        return {
            "current": state.current,
            "leader": state.leader,
            "passes": state.passes,
            "scores": list(_rules.scores(state)),
        }

    def move_limit(self, players: int) -> int:
        """40 plays, 40 draws and fewer than 3 passes per play: a match ends in < 200 actions."""
        return 500

    def action_catalogue(self, players: int) -> Sequence[Action]:
        """Every action Climb can offer, in a fixed order: play each of the 40 cards, draw, pass.

        :mod:`tablecards.rl` numbers actions by their place here, so the order never changes.
        """
        return (*PLAYS, DRAW, PASS)

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """Menu text for each decision (a card's value follows from its id)."""
        if isinstance(action, Play):
            value = DECK[action.card].value
            return f"play {'an' if value == 8 else 'a'} {value}"
        return "draw a card" if isinstance(action, Draw) else "pass"

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> Scene:
        """Climb's table: the pile in the middle, each seat's hand, won cards and score."""
        return _scene.build_scene(self, view, names, legal)

    def card_face(self, card: Mapping[str, Any]) -> SceneFace:
        """CLIMB-01: a Climb card shows its value, big; Climb's cards have no colour."""
        value = str(card["value"])
        return {
            "id": card["id"],
            "rank": value,
            "colour": None,
            "label": value,
            "note": None,
            "kind": None,
        }

    def describe_event(self, event: Event, seat: int | None, names: Sequence[str]) -> str | None:
        """Climb's own event in words; the engine's generic words tell the others."""
        if isinstance(event, _rules.PileWon):
            return f"{says(names[event.seat], 'wins')} the pile ({count(event.count, 'card')})"
        return super().describe_event(event, seat, names)
