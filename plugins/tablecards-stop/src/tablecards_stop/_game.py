"""The Stop game description: options, setup, legality, views and scores."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

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
    redeal,
    seat_option,
)
from tablecards.words import count, is_you, player_name, whose
from tablecards_stop import _features, _legal, _rules, _saves, _scene, _words
from tablecards_stop._actions import (
    DECLINE,
    PASS,
    Bid,
    CallStop,
    Decline,
    Give,
    GiveRest,
    Pass,
    Raise,
)
from tablecards_stop._state import PACK_SIZE, PLUS, Phase, StopState, make_pack, seat_zones


@attrs.frozen
class StopOptions:
    """Options of Stop.

    Attributes:
        first_player: the seat that starts with the red token (STOP-03).
        tokens_to_win: blue tokens that win the game at once (STOP-18), 1 to 100.
    """

    first_player: int = seat_option()
    tokens_to_win: int = option_range(6, 1, 100)


class Stop(Game[StopState]):
    """Stop: draw from your own pack, shout Stop!, and win the free-for-all auction."""

    name: ClassVar[str] = "stop"
    title: ClassVar[str] = "Stop"
    summary: ClassVar[str] = (
        "A game of nerve: draw until someone calls Stop!, then bid in an auction with no turn"
        " order for the blue tokens."
    )
    length: ClassVar[str] = "rounds until someone holds 6 blue tokens (an option)"
    # 0.2.0: a pass can be taken back until the last player passes (STOP-13).
    # 0.3.0: a seat that passed may not pass again (not a move; the moment stops waiting).
    # 0.4.0: the winner may give the rest of the table at once (GiveRest, STOP-15), and the
    # state keeps the last round's public figures for the round's summary.
    version: ClassVar[str] = "0.4.0"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    actions: ClassVar[tuple[type[Action], ...]] = (
        CallStop,
        Decline,
        Bid,
        Raise,
        Pass,
        Give,
        GiveRest,
    )
    Options: ClassVar[type[Any]] = StopOptions
    options: StopOptions

    def initial_state(self, players: int, rng: MatchRandom) -> StopState:
        """STOP-01, STOP-02: one pack of 21 cards per player; empty hands, bids, asides."""
        return StopState(
            players=players,
            rng=rng,
            packs=tuple(
                Zone(f"pack:{seat}", Visibility.HIDDEN, seat, make_pack(seat))
                for seat in range(players)
            ),
            hands=seat_zones("hand", Visibility.OWNER, players),
            bids=seat_zones("bid", Visibility.PUBLIC, players),
            asides=seat_zones("aside", Visibility.OWNER, players),
            tokens_to_win=self.options.tokens_to_win,
            first_player=self.options.first_player,
            tokens=(0,) * players,
            eliminated=(False,) * players,
        )

    def setup(self, state: StopState) -> None:
        """STOP-02, STOP-03, STOP-07: shuffle the packs and draw up to the first Stop moment."""
        _rules.set_up(state)

    def legal_actions(self, state: StopState, seat: int) -> Sequence[Action]:
        """Call or decline (STOP-06), open (STOP-10), bid, raise or pass (STOP-11..13), or
        give a card or the rest of the table (STOP-15)."""
        return _legal.legal_actions(state, seat)

    def why_illegal(self, state: StopState, seat: int, action: Action) -> Illegal | None:
        """Explains every refusal with its rule (also for seats that are not asked now)."""
        return _legal.why_illegal(state, seat, action)

    def card_label(self, card: Mapping[str, Any]) -> str:
        """STOP-01: a plus card reads "+1"; a value card its value; then the pack's colour."""
        value = card.get("value")
        return f"{'+1' if value == PLUS else value} {card.get('colour')}"

    def why_not_your_turn(self, state: StopState, seat: int, action: Action) -> Illegal | None:
        """STOP-06, STOP-07, STOP-09, STOP-13: the same reasons explain a seat left out."""
        return _legal.why_illegal(state, seat, action)

    def apply(self, state: StopState, seat: int, action: Action) -> None:
        """Apply one decision and every forced step after it (draws, skips, eliminations)."""
        kind = type(action)
        if kind is Decline:
            _rules.decline_stop(state, seat)
        elif kind is Pass:
            _rules.pass_turn(state, seat)
        elif isinstance(action, Raise):
            _rules.raise_bid(state, seat, action.bid, action.values, action.plus)
        elif isinstance(action, Bid):
            _rules.place_bid(state, seat, action.value, action.count)
        elif isinstance(action, Give):
            _rules.give_card(state, seat, action.value, action.to)
        elif isinstance(action, GiveRest):
            _rules.give_rest(state, seat, action.to)
        else:
            _rules.call_stop(state, seat)

    def redeal_unseen(self, state: StopState, seat: int, rng: random.Random) -> None:
        """STOP-01, STOP-04, STOP-15: each seat's pack, hand and set-aside cards, among themselves.

        Everyone knows which cards a seat's pack and hand hold together: a pack starts with
        its 21 known cards, and every card that enters a pack (a share-out, returned bids) or
        leaves a hand (a bid) does so face up. Only how they are split between the pack and the
        hand, and the pack's order, is hidden, so cards never cross from one seat's to
        another's.
        """
        for owner in range(state.players):
            zones = (state.packs[owner], state.hands[owner], state.asides[owner])
            redeal(state, [zone for zone in zones if not zone.visible_to(seat)], rng)

    def search_options(self) -> Mapping[str, Any]:
        """The search bot lets the heuristic bot stand for the other seats and play its
        playouts: random opponents would call Stop and bid with any hand, so a random model
        misjudges every auction (measured in docs/strength.md)."""
        return {"opponent_bot": "heuristic", "playout_bot": "heuristic"}

    def waiting_for(self, state: StopState) -> tuple[int, ...]:
        """STOP-13: in the auction, the seats that have not passed since the last card was
        played (a seat that passed may still play a card, but the round does not wait for
        it); elsewhere every seat asked."""
        return _rules.waited_for(state)

    def clock(self, state: StopState) -> Clock | None:
        """Stop at the pace of a real table (turn 3 real-time reading).

        After a draw, a short reaction window for a Stop! call (STOP-06), after which the draw
        goes on by itself; the opening (STOP-10), the auction after the last card played
        (STOP-11..13) and the share-out (STOP-15, a card at a time or the rest at once) are
        decisions.
        """
        phase = state.phase
        if phase is Phase.DRAW:
            return REACTION
        if phase is Phase.AUCTION:
            return AUCTION_CLOCK
        if phase is Phase.OPEN:
            return OPENING_CLOCK
        if phase is Phase.SHARE:
            return SHARE_CLOCK
        return None

    def default_action(self, state: StopState, seat: int) -> Action | None:
        """What ``seat`` does when a real-time table's clock runs out before it spoke.

        A Stop moment (STOP-06): it declines, so the draw goes on by itself. The auction
        (STOP-13): it passes (a seat that passed already is not waited for: ``None``). The
        opening (STOP-10): the caller opens with its smallest bid, one card of its lowest
        value. The share-out (STOP-15): every card goes back to the bidder whose bid it lies
        in, one by one. ``None`` when the moment does not wait for ``seat``.

        It overrides :meth:`Game.default_action <tablecards.Game.default_action>`, whose
        default is ``None`` everywhere; :meth:`Match.default_action
        <tablecards.Match.default_action>` calls it.
        """
        if seat not in state.to_act:
            return None
        phase = state.phase
        if phase is Phase.DRAW:
            return DECLINE
        if phase is Phase.AUCTION:
            return None if seat in state.passed else PASS
        if phase is Phase.OPEN:
            values = sorted(card.value for card in state.hands[seat].cards if card.value != PLUS)
            return Bid(values[0], 1) if values else None
        if phase is Phase.SHARE:
            for owner, zone in enumerate(state.bids):
                if zone.cards:
                    return Give(zone.cards[0].value, owner)
        return None

    def upgrade_snapshot(self, version: str, snapshot: dict[str, Any]) -> dict[str, Any]:
        """Saves of Stop 0.1.0 load, except those made in an auction after a pass, which are
        refused with :class:`~tablecards.SaveError`: STOP-13 changed (passes can be taken back)
        and the saved position would continue as another match. Saves of 0.2.0 load as they
        are (see :meth:`upgrade_action`)."""
        return _saves.upgrade_snapshot(version, self.version, snapshot)

    def upgrade_action(
        self, version: str, state: StopState, seat: int, action: Action
    ) -> Action | None:
        """STOP-13: a save of Stop before 0.3.0 may hold passes of seats that had passed
        already; they changed nothing and are no longer moves, so they are left out of the
        log (the match reaches the same position)."""
        return _saves.upgrade_action(version, state, seat, action)

    def scores(self, state: StopState) -> tuple[int, ...]:
        """Blue tokens; an eliminated player's tokens no longer count (STOP-09)."""
        return tuple(
            [
                0 if out else tokens
                for tokens, out in zip(state.tokens, state.eliminated, strict=True)
            ]
        )

    def winners(self, state: StopState) -> tuple[int, ...]:
        """STOP-18: the player who reached the token target, or the last one left."""
        if state.over and state.winner is not None:
            return (state.winner,)
        return super().winners(state)

    def rounds_played(self, state: StopState) -> int:
        """How many rounds (Stop calls) have started."""
        return state.round

    def view_extra(self, state: StopState, seat: int | None) -> dict[str, Any]:
        """The public facts: phase, red token, tokens, eliminations, bids, who has passed since
        the last card was played (STOP-13), the share-out and the last round decided."""
        bids: list[dict[str, int | None] | None] = []
        totals = []  # each bid's total once, for "bids" and "highest" (highest_bid's max)
        for zone in state.bids:
            cards = zone.cards
            total = _rules.bid_total(cards)
            totals.append(total)
            if not cards:
                bids.append(None)
                continue
            # During a share-out a bid may be down to its +1s: it has no value then.
            value = None
            for card in cards:
                if card.value != PLUS:
                    value = card.value
                    break
            bids.append({"total": total, "value": value})
        result = state.result
        return {
            # _value_, the plain attribute behind an enum's .value property (a slower lookup).
            "phase": state.phase._value_,
            "round": state.round,
            "red": state.red,
            "tokens": list(state.tokens),
            "tokens_to_win": state.tokens_to_win,
            "eliminated": list(state.eliminated),
            "drawer": state.drawer,
            "calls_open": state.wait_draws == 0,
            "caller": state.caller,
            "winner": state.winner,
            "bids": bids,
            "highest": max(totals),  # = _rules.highest_bid(state)
            "passed": list(state.passed),
            "bidders": list(state.bidders),
            "scores": list(self.scores(state)),
            "result": None
            if result is None
            else {
                "round": result.round,
                "bids": list(result.bids),
                "winner": result.winner,
                "gained": list(result.gained),
                "received": [list(values) for values in result.received],
            },
        }

    def move_limit(self, players: int) -> int:
        """Generous: random players finish a game in a few hundred decisions."""
        return 4000 * players

    def action_catalogue(self, players: int) -> Sequence[Action]:
        """Call, decline, every bid and raise a hand of six cards allows, pass, every gift."""
        return _legal.catalogue(players)

    def observation_features(self, view: Mapping[str, Any]) -> Sequence[float]:
        """For learning agents: the phase, the red token, drawer, caller and round winner
        (seat-relative), and each seat's bid (see ``tablecards.rl``)."""
        return _features.features(view)

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """Menu text for each decision ("bid two 3s (= 6)", "raise Ben's bid with one +1").

        ``names[i]`` calls seat ``i`` ("you" for the reader); without names, "player 2".
        """
        if isinstance(action, Bid):
            bid = count(action.count, str(action.value))
            return f"bid {bid} (= {action.value * action.count})"
        if isinstance(action, Raise):
            parts = [count(action.values, "value card")] if action.values else []
            if action.plus:
                parts.append(count(action.plus, "+1", "+1s"))
            return f"raise {whose(_name(names, action.bid))} bid with {' and '.join(parts)}"
        if isinstance(action, Give):
            card = "+1" if action.value == PLUS else str(action.value)
            if _is_you(names, action.to):
                return f"keep a {card}"
            return f"give a {card} to {_name(names, action.to)}"
        if isinstance(action, GiveRest):
            if _is_you(names, action.to):
                return "keep the rest"
            return f"give the rest to {_name(names, action.to)}"
        return {CallStop: "call Stop!", Decline: "do not call Stop", Pass: "pass"}.get(
            type(action), type(action).__name__
        )

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> Scene:
        """Stop's table: bids with their totals, tokens, the red token, passes, the share-out."""
        return _scene.build_scene(self, view, names, legal)

    def card_face(self, card: Mapping[str, Any]) -> SceneFace:
        """STOP-01, STOP-02: a Stop card's face, its value painted in its pack's colour."""
        value = int(card["value"])
        colour = card.get("colour")
        shown = "+1" if value == PLUS else str(value)
        return {
            "id": int(card["id"]),
            "rank": shown,
            "colour": colour,
            "label": f"{colour} {shown}" if colour else shown,
            "note": None,
            "kind": "plus" if value == PLUS else None,
        }

    def quiet_play(self, action: Action) -> bool:
        """A decline (STOP-06) has no line in the history: the next draw or call tells that
        nobody called (three declines after every draw would bury the log). A raise (STOP-11)
        and the rest of a share-out (STOP-15) are told by their events, which name the cards:
        "Ana adds a 3 and a +1 to Ben's bid: now 9", "Ana keeps two 3s and a +1"."""
        return type(action) in _QUIET

    def describe_play(self, actor: int, action: Action | None, names: Sequence[str]) -> str:
        """ "Cleo calls Stop!", "you bid two 3s", "Ana gives a 2 to Ben"."""
        text = _words.play_words(actor, action, names)
        return text if text is not None else super().describe_play(actor, action, names)

    def describe_event(self, event: Event, seat: int | None, names: Sequence[str]) -> str | None:
        """Draws (the card only for its owner), bids' worth, rounds won, eliminations."""
        if isinstance(event, _words.WORDED):
            return _words.event_words(event, names)
        return super().describe_event(event, seat, names)


#: The decisions the history tells by what followed them (:meth:`Stop.quiet_play`).
_QUIET: Final = frozenset({Decline, Raise, GiveRest})


def _is_you(names: Sequence[str] | None, seat: int) -> bool:
    return names is not None and 0 <= seat < len(names) and is_you(names[seat])


def _name(names: Sequence[str] | None, seat: int) -> str:
    return names[seat] if names is not None and 0 <= seat < len(names) else player_name(seat)


#: STOP-06: the window for a Stop! call after each draw, at normal pace (turn 3 reading).
REACTION: Final = Clock("reaction", 1.8)
#: STOP-10: how long the caller may think over the opening bid.
OPENING_CLOCK: Final = Clock("decision", 20.0)
#: STOP-13: how long the auction waits after the last card played for the last passes.
AUCTION_CLOCK: Final = Clock("decision", 12.0)
#: STOP-15: the winner's share-out, card by card (one moment: the default gives the rest).
SHARE_CLOCK: Final = Clock("decision", 30.0, repeat=True)


def total_cards(players: int) -> int:
    """21 cards per player (STOP-01)."""
    return PACK_SIZE * players
