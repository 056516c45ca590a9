"""The Ex & Hopp game description: options, setup, legality, views and scores."""

from __future__ import annotations

import operator
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
    seat_option,
)
from tablecards_exhopp import _bots, _determinise, _features, _rules, _scene, _words
from tablecards_exhopp._actions import ACCEPT, DECLINE, Accept, Decline, Give, Lay, Propose
from tablecards_exhopp._scene_parts import point_rank
from tablecards_exhopp._state import (
    COLOUR_CARDS,
    COLOURS,
    NUMBERED,
    POINT_CARDS,
    SEQUENCES,
    Colour,
    ExHoppState,
    NumberCard,
    Phase,
    numbered,
)

_BY_NAME: dict[str, Colour] = {colour.value: colour for colour in COLOURS}

#: EXH-10: how long a seat asked about an exchange may think before it declines.
ANSWER_CLOCK = Clock("decision", 20.0)
#: EXH-10: how long the two players of an agreed exchange may take to choose their cards.
CHOOSE_CLOCK = Clock("decision", 20.0)

# Every possible action, built once: legal_actions hands out these shared instances.
_LAYS: tuple[tuple[Lay, ...], ...] = tuple(
    tuple(Lay(sequence, card.colour.value, card.value) for card in NUMBERED)
    for sequence in range(SEQUENCES)
)
_PROPOSALS: dict[tuple[Colour, Colour], Propose] = {
    (give, want): Propose(give.value, want.value)
    for give in COLOURS
    for want in COLOURS
    if give is not want
}
_GIVES: tuple[Give, ...] = tuple(Give(value) for value in range(13))
_ANSWERS: tuple[Action, ...] = (ACCEPT, DECLINE)
_DECLINE_ONLY: tuple[Action, ...] = (DECLINE,)
# Looked up once for view_extra, which runs for every seat after every action.
_ANSWER = Phase.ANSWER
_CHOOSE = Phase.CHOOSE
_VALUE = operator.attrgetter("_value_")  # an enum's .value property is a slower lookup


@attrs.frozen
class ExHoppOptions:
    """Options of Ex & Hopp.

    Attributes:
        first_player: the seat that starts (EXH-07, "the one who prefers drinking milk").
    """

    first_player: int = seat_option()


class ExHopp(Game[ExHoppState]):
    """Ex & Hopp: lay cards behind point cards so that your colour wins the black ones."""

    name: ClassVar[str] = "exhopp"
    title: ClassVar[str] = "Ex & Hopp"
    summary: ClassVar[str] = (
        "Play for a colour of your own: lay cards into four shared sequences to win black "
        "point cards and dodge the red ones."
    )
    length: ClassVar[str] = "until every point card has been taken"
    version: ClassVar[str] = "0.2.0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    actions: ClassVar[tuple[type[Action], ...]] = (Lay, Propose, Accept, Decline, Give)
    Options: ClassVar[type[Any]] = ExHoppOptions
    options: ExHoppOptions

    def initial_state(self, players: int, rng: MatchRandom) -> ExHoppState:
        """EXH-01..EXH-03: every card in its pile before the deal; empty table zones."""
        seats = range(players)
        return ExHoppState(
            players=players,
            rng=rng,
            stock=Zone("stock", Visibility.HIDDEN, None, list(NUMBERED)),
            discard=Zone("discard", Visibility.PUBLIC),
            box=Zone("box", Visibility.PUBLIC),
            colour_pile=Zone("colours", Visibility.HIDDEN, None, list(COLOUR_CARDS)),
            colours_aside=Zone("colours:aside", Visibility.PUBLIC),
            colour_cards=tuple(Zone(f"colour:{s}", Visibility.PUBLIC, s) for s in seats),
            hands=tuple(Zone(f"hand:{s}", Visibility.OWNER, s) for s in seats),
            point_stock=Zone("point_stock", Visibility.HIDDEN, None, list(POINT_CARDS)),
            point_cards=tuple(Zone(f"point:{i}", Visibility.PUBLIC) for i in range(SEQUENCES)),
            sequences=tuple(Zone(f"sequence:{i}", Visibility.PUBLIC) for i in range(SEQUENCES)),
            taken=tuple(Zone(f"taken:{s}", Visibility.PUBLIC, s) for s in seats),
            first_player=self.options.first_player,
        )

    def setup(self, state: ExHoppState) -> None:
        """EXH-04..EXH-07: colours, hands, the four point cards, then the first player."""
        _rules.deal_colours(state)
        _rules.deal_hands(state)
        _rules.turn_up_point_cards(state)
        _rules.start_turn(state, state.first_player)

    # -- legality ---------------------------------------------------------------------------------

    def legal_actions(self, state: ExHoppState, seat: int) -> Sequence[Action]:
        """Lay or propose (EXH-08, EXH-10); accept or decline; choose the card to give."""
        if seat not in state.to_act:
            return ()
        phase = state.phase
        hand = state.hands[seat].cards
        if phase is Phase.TURN:
            return self._turn_actions(state, hand)
        if phase is Phase.ANSWER:
            want = state.want
            return _ANSWERS if any(card.colour is want for card in hand) else _DECLINE_ONLY
        if phase is Phase.CHOOSE:
            colour = state.give if seat == state.current else state.want
            return [_GIVES[card.value] for card in hand if card.colour is colour]
        return ()

    @staticmethod
    def _turn_actions(state: ExHoppState, hand: list[NumberCard]) -> list[Action]:
        actions: list[Action] = []
        for index, slot in enumerate(state.point_cards):
            if slot.cards and len(state.sequences[index].cards) < slot.cards[-1].points:
                lays = _LAYS[index]
                actions.extend(lays[card.id] for card in hand)
        # In the hand's order, not a set's: a set of enums iterates in a per-process hash order,
        # which would make the list of actions (and random playouts) differ between processes.
        held = dict.fromkeys(card.colour for card in hand)
        for give in held:
            for want in state.colours:
                if want is not give:
                    actions.append(_PROPOSALS[give, want])
        return actions

    def why_illegal(self, state: ExHoppState, seat: int, action: Action) -> Illegal | None:
        """Explains each rejection with the rule it breaks."""
        phase = state.phase
        if phase is Phase.TURN:
            if type(action) is Lay:
                return _why_not_lay(state, seat, action)
            if type(action) is Propose:
                return _why_not_propose(state, seat, action)
            return Illegal("it is your turn: lay a card or propose an exchange", "EXH-08")
        if phase is Phase.ANSWER:
            if type(action) is Decline:
                return None
            if type(action) is Accept:
                want = state.want
                if any(card.colour is want for card in state.hands[seat].cards):
                    return None
                return Illegal(
                    f"you hold no {_name(want)} card to give: you can only decline", "EXH-10"
                )
            return Illegal(
                f"answer player {state.current + 1}'s proposal first: accept or decline", "EXH-10"
            )
        colour = state.give if seat == state.current else state.want
        if type(action) is Give:
            value = action.value
            for card in state.hands[seat].cards:
                if card.colour is colour and card.value == value:
                    return None
            return Illegal(f"you hold no {_name(colour)} {value!r} to give", "EXH-10")
        return Illegal(f"choose the {_name(colour)} card you give in the exchange", "EXH-10")

    def apply(self, state: ExHoppState, seat: int, action: Action) -> None:
        """Resolve one decision and every automatic step it triggers (scoring, draws, turns)."""
        if isinstance(action, Lay):
            card = numbered(_BY_NAME[action.colour], action.value)
            _rules.lay_card(state, seat, action.sequence, card)
        elif isinstance(action, Propose):
            _rules.propose_exchange(state, seat, _BY_NAME[action.give], _BY_NAME[action.want])
        elif isinstance(action, Accept):
            _rules.accept_exchange(state, seat)
        elif isinstance(action, Decline):
            _rules.decline_exchange(state, seat)
        elif isinstance(action, Give):
            _rules.choose_card(state, seat, action.value)

    # -- results and views ------------------------------------------------------------------------

    def scores(self, state: ExHoppState) -> tuple[int, ...]:
        """EXH-17: black point cards taken minus red ones (shared win on equal best, default)."""
        return _rules.final_scores(state)

    def view_extra(self, state: ExHoppState, seat: int | None) -> dict[str, Any]:
        """Whose turn, every seat's colour and score, the exchange as ``seat`` may know it, and
        the last sequence finished (public).

        The values chosen in an exchange appear only in the view of the seat that chose them.
        """
        exchange: dict[str, Any] | None = None
        phase = state.phase
        if phase is _ANSWER or phase is _CHOOSE:
            exchange = {
                "proposer": state.current,
                "give": _name(state.give),
                "want": _name(state.want),
                "asked": state.asked,
                "accepter": state.accepter,
            }
            if seat is not None and seat == state.current and state.given is not None:
                exchange["your_card"] = state.given
            elif seat is not None and seat == state.accepter and state.returned is not None:
                exchange["your_card"] = state.returned
        finished = state.finished
        return {
            "current": state.current,
            # _value_, the plain attribute behind an enum's .value property (a slower lookup).
            "phase": phase._value_,
            # map() with attrgetters, in C: every seat's view after every action shows these.
            "colours": list(map(_VALUE, state.colours)),
            "scores": list(_rules.final_scores(state)),
            "exchange": exchange,
            "finished": None
            if finished is None
            else {
                "number": finished.number,
                "sequence": finished.sequence,
                "cards": [NUMBERED[card].to_json() for card in finished.cards],
                "point": POINT_CARDS[finished.point - POINT_CARDS[0].id].to_json(),
                "winner": finished.winner,
            },
        }

    def known_cards(self, state: ExHoppState, seat: int) -> list[NumberCard]:
        """EXH-10: the cards ``seat`` gave in exchanges, and those chosen in the one under way.

        A giver knows where its card went. The cards chosen in the exchange under way are
        settled: the state refers to them by value until both choices are made, so the
        conformance kit's no-leak check must not swap them out of their hands.
        """
        chosen = (
            (state.give, state.given, state.current),
            (state.want, state.returned, state.accepter),
        )
        return [
            *_determinise.known_to(state, seat),
            *(
                _rules._held(state.hands[owner].cards, colour, value)
                for colour, value, owner in chosen
                if colour is not None and value is not None and owner is not None
            ),
        ]

    def redeal_unseen(self, state: ExHoppState, seat: int, rng: random.Random) -> None:
        """EXH-10: redeal what ``seat`` cannot see, keeping what exchanges taught it.

        The cards it gave stay in the takers' hands; during an exchange the proposer (and the
        accepter) keep a card of the colour offered (wanted); a value another seat chose face
        down is chosen again in its redealt hand.
        """
        _determinise.redeal_unseen(state, seat, rng)

    def playout_action(
        self, state: ExHoppState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The heuristic bot's reasoning read straight from the state (for the search bot)."""
        return _bots.playout_action(state, seat, legal)

    def search_options(self) -> Mapping[str, Any]:
        """The search bot overrules the heuristic bot only when clearly better, at 100
        iterations: a lay's worth shows only when its sequence is finished, often beyond what
        random playouts can tell apart. Inside the tree and in the playouts the other seats
        (and the bot's own later moves) follow the heuristic's reasoning
        (:meth:`playout_action`), and a playout stops after 40 actions, scored by what each
        seat gained meanwhile (measured in docs/strength.md)."""
        return {
            "prior_bot": "heuristic",
            "iterations": 100,
            "policy_playouts": True,
            "policy_opponents": True,
            "playout_moves": 40,
        }

    def default_action(self, state: ExHoppState, seat: int) -> Action | None:
        """EXH-10, EXH-11: a player asked about an exchange who does not answer declines it;
        one who does not choose the card to give in an agreed exchange gives its lowest card
        of the colour asked.

        A turn has no default: it is the player's own decision, and a table keeps waiting.
        """
        if seat not in state.to_act:
            return None
        if state.phase is Phase.ANSWER:
            return DECLINE
        if state.phase is Phase.CHOOSE:
            colour = state.give if seat == state.current else state.want
            values = [card.value for card in state.hands[seat].cards if card.colour is colour]
            return _GIVES[min(values)] if values else None
        return None

    def clock(self, state: ExHoppState) -> Clock | None:
        """At a real-time table, answering an exchange offer and choosing the card to give
        (EXH-10) are decisions with a limit; a turn waits for its player."""
        phase = state.phase
        if phase is Phase.ANSWER:
            return ANSWER_CLOCK
        if phase is Phase.CHOOSE:
            return CHOOSE_CLOCK
        return None

    def redact_action(self, action: Action, actor: int, seat: int | None) -> Action | None:
        """EXH-10: the value of a card given in an exchange is seen by the two players only."""
        if type(action) is Give and seat != actor:
            return None
        return action

    def move_limit(self, players: int) -> int:
        """EXH-18: a generous cut for endless play.

        Random play finishes in fewer than 200 actions per seat (measured over 1,000 matches),
        so a match still going after 600 actions per seat is going round in circles.
        """
        return 600 * players

    def action_catalogue(self, players: int) -> Sequence[Action]:
        """Every lay (sequence x numbered card), proposal (colour pair), answer and gift."""
        return (
            *(lay for lays in _LAYS for lay in lays),
            *_PROPOSALS.values(),
            ACCEPT,
            DECLINE,
            *_GIVES[1:],  # the numbered cards are 1 to 12
        )

    def observation_features(self, view: Mapping[str, Any]) -> Sequence[float]:
        """For learning agents: the phase, every seat's colour and the exchange in play
        (see ``tablecards.rl``)."""
        return _features.features(view)

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """Menu text for each decision; sequences are numbered 1 to 4 for players."""
        if isinstance(action, Lay):
            return f"lay your {action.colour} {action.value} on sequence {action.sequence + 1}"
        if isinstance(action, Propose):
            return f"offer {_words.a(action.give)} card for {_words.a(action.want)} card"
        if isinstance(action, Give):
            return f"give your {action.value}"
        return {Accept: "accept the exchange", Decline: "decline the exchange"}.get(
            type(action), type(action).__name__
        )

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> Scene:
        """Ex & Hopp's table: the four sequences behind their point cards, colours, exchanges."""
        return _scene.build_scene(self, view, names, legal)

    def card_face(self, card: Mapping[str, Any]) -> SceneFace:
        """EXH-01..EXH-03: a numbered card ("green 7"), a colour card, or a point card ("+5")."""
        colour: str | None
        if "points" in card:
            ink = str(card["ink"])
            rank = point_rank(ink, int(card["points"]))
            label, colour, kind = f"{ink} point card {rank}", ink, "point"
        elif "value" in card:
            colour, rank, kind = card.get("colour"), str(card["value"]), None
            label = f"{colour} {rank}"
        else:
            colour, kind = card.get("colour"), "colour"
            rank, label = str(colour), f"{colour} colour card"
        return {
            "id": int(card["id"]),
            "rank": rank,
            "colour": colour,
            "label": label,
            "note": None,
            "kind": kind,
        }

    def describe_play(self, actor: int, action: Action | None, names: Sequence[str]) -> str:
        """ "Ana offers a green card for a red card"; a hidden choice of card stays hidden."""
        text = _words.play_words(actor, action, names)
        return text if text is not None else super().describe_play(actor, action, names)

    def describe_event(self, event: Event, seat: int | None, names: Sequence[str]) -> str | None:
        """Draws, exchanges (values for the two players only), finished sequences."""
        if isinstance(event, _words.WORDED):
            return _words.event_words(event, names)
        return super().describe_event(event, seat, names)


def _name(colour: Colour | None) -> str:
    return colour.value if colour is not None else "?"


def _colour(name: object) -> Colour | None:
    return _BY_NAME.get(name) if isinstance(name, str) else None


def _why_not_lay(state: ExHoppState, seat: int, action: Lay) -> Illegal | None:
    index = action.sequence
    if not isinstance(index, int) or not 0 <= index < SEQUENCES:
        return Illegal(f"there is no sequence {index!r}: they are numbered 0-3", "EXH-06")
    slot = state.point_cards[index].cards
    if not slot:
        return Illegal(f"sequence {index + 1} has no point card left to play for", "EXH-14")
    if len(state.sequences[index].cards) >= slot[-1].points:
        return Illegal(f"sequence {index + 1} is already complete", "EXH-12")
    colour = _colour(action.colour)
    for card in state.hands[seat].cards:
        if card.colour is colour and card.value == action.value:
            return None
    return Illegal(f"you hold no {action.colour} {action.value!r}", "EXH-08")


def _why_not_propose(state: ExHoppState, seat: int, action: Propose) -> Illegal | None:
    give, want = _colour(action.give), _colour(action.want)
    if give is None or want is None or want not in state.colours:
        return Illegal(
            f"propose colours in play ({', '.join(c.value for c in state.colours)})", "EXH-10"
        )
    if give is want:
        return Illegal("an exchange offers one colour against another", "EXH-10")
    if not any(card.colour is give for card in state.hands[seat].cards):
        return Illegal(f"you hold no {give.value} card to offer", "EXH-10")
    return None
