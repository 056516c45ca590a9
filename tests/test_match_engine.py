"""The Match's promises with any game: atomicity, truncation, observers, saves, undo."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from toys import FLIP, Flip, SnapGame, SnapState

import tablecards
from tablecards import (
    CardsMoved,
    EventRecorder,
    Match,
    MatchOver,
    RulesError,
    SaveError,
    UnknownOption,
    hookimpl,
)


class BuggySnap(SnapGame):
    """Moves a card, then crashes, on the third flip: a plugin bug halfway through an action."""

    def apply(self, state: SnapState, seat: int, action: tablecards.Action) -> None:
        if isinstance(action, Flip) and len(state.pile) == 2:
            state.draw(state.deck, state.pile)
            raise ZeroDivisionError("oops")
        super().apply(state, seat, action)


def test_a_rules_bug_is_reported_and_the_match_is_left_as_it_was() -> None:
    match = Match(BuggySnap(), players=2, seed=3)
    while len(match.state.pile) < 2:  # type: ignore[attr-defined]
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    before = match.to_json()
    seat = match.to_act[0]
    with pytest.raises(RulesError, match="snap failed applying Flip.*ZeroDivisionError: oops"):
        match.apply(seat, match.legal_actions(seat)[0])
    assert match.to_json() == before


def test_the_move_limit_truncates_the_match() -> None:
    match = Match(SnapGame(), players=2, seed=1, move_limit=5)
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    result = match.result
    assert result is not None
    assert result.truncated and result.moves == 5 and result.winners == ()
    assert match.to_act == ()
    assert match.legal_actions(0) == ()
    with pytest.raises(MatchOver, match="the match is over"):
        match.apply(0, FLIP)
    loaded = Match.from_json(match.to_json(), SnapGame(), move_limit=5)
    assert loaded.result == result
    with pytest.raises(SaveError, match="move limit of 5, not snap's own 10000"):
        Match.from_json(match.to_json(), SnapGame())


def test_players_and_options_are_validated() -> None:
    with pytest.raises(UnknownOption, match="2 to 5 players, not 6"):
        Match(SnapGame(), players=6)
    with pytest.raises(UnknownOption, match="bad option value"):
        SnapGame(ranks=40)
    with pytest.raises(UnknownOption, match="unexpected keyword argument 'colour'"):
        SnapGame(colour=1)
    with pytest.raises(TypeError, match="seed must be an int"):
        Match(SnapGame(), players=2, seed="7")  # type: ignore[arg-type]


class Lifecycle:
    def __init__(self) -> None:
        self.calls: list[str] = []

    @hookimpl
    def tablecards_match_started(self, match: Match) -> None:
        self.calls.append("started")

    @hookimpl
    def tablecards_match_event(self, match: Match, event: tablecards.Event) -> None:
        self.calls.append(type(event).__name__)

    @hookimpl
    def tablecards_action_applied(self, match: Match, seat: int, action: Any) -> None:
        self.calls.append(f"applied {type(action).__name__}")

    @hookimpl
    def tablecards_match_ended(self, match: Match, result: tablecards.Result) -> None:
        self.calls.append("ended")


def test_observers_follow_the_life_of_a_match_in_order() -> None:
    observer = Lifecycle()
    match = Match(SnapGame(), players=2, seed=2, observers=[observer])
    assert observer.calls == ["Shuffled", "started"]
    match.apply(0, FLIP)
    assert observer.calls[2:] == ["CardsMoved", "applied Flip"]
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    assert observer.calls[-1] == "ended" and observer.calls.count("ended") == 1


def test_events_are_filtered_by_what_each_seat_may_see() -> None:
    recorder = EventRecorder()
    match = Match(SnapGame(), players=2, seed=2, observers=[recorder])
    match.apply(0, FLIP)
    moved = [e for e in recorder.events if isinstance(e, CardsMoved)]
    assert moved and moved[0].src == "deck" and moved[0].dst == "pile"
    # The pile is public: everyone sees the card flipped onto it.
    assert recorder.stream(1)[-1]["cards"] == recorder.stream(None)[-1]["cards"] != []


def test_private_moves_are_redacted_for_other_seats() -> None:
    hand: tablecards.Zone[tablecards.Card] = tablecards.Zone(
        "hand:0", tablecards.Visibility.OWNER, 0
    )
    deck: tablecards.Zone[tablecards.Card] = tablecards.Zone("deck", tablecards.Visibility.HIDDEN)
    card = tablecards.Card(5)
    deck.cards.append(card)
    state = tablecards.State(players=2, rng=tablecards.MatchRandom(0), sink=[])
    state.draw(deck, hand)
    event = state.sink[0] if state.sink else None
    assert isinstance(event, CardsMoved)
    assert event.seen_by(0) is event
    hidden = event.seen_by(1)
    assert hidden is not None and hidden.to_json() == {
        "event": "CardsMoved",
        "src": "deck",
        "dst": "hand:0",
        "count": 1,
        "cards": [],
    }
    assert event.seen_by(None) == hidden


def test_loading_into_the_wrong_game_or_options_is_refused() -> None:
    match = Match(SnapGame(), players=2, seed=1)
    match.apply(0, FLIP)
    text = match.to_json()
    with pytest.raises(SaveError, match="game of 'snap', not 'hit'"):
        Match.from_json(text, tablecards.load_game("hit"))
    with pytest.raises(SaveError, match="options"):
        Match.from_json(text, SnapGame(ranks=5))
    with pytest.raises(SaveError, match="unknown game 'snap'"):
        Match.from_json(text)  # not installed as a plugin
    data = json.loads(text)
    data["log"].append([0, {"type": "Flip"}])  # seat 1 is to flip now
    with pytest.raises(SaveError, match="log entry 1.*not their turn"):
        Match.from_json(json.dumps(data), SnapGame())
    data = json.loads(text)
    data["format"] = "something/else"
    with pytest.raises(SaveError, match="format"):
        Match.from_json(json.dumps(data), SnapGame())
    with pytest.raises(SaveError, match="not a saved match"):
        Match.from_json(b"\xff\xfe\x00garbage", SnapGame())


def test_undo_rejects_impossible_counts_and_observers_survive_loading() -> None:
    match = Match(SnapGame(), players=2, seed=1)
    with pytest.raises(ValueError, match="cannot undo 1 actions: 0 were played"):
        match.undo()
    match.apply(0, FLIP)
    recorder = EventRecorder()
    loaded = Match.from_json(match.to_json(), SnapGame(), observers=[recorder])
    seat = loaded.to_act[0]
    loaded.apply(seat, loaded.legal_actions(seat)[0])
    assert recorder.events, "observers passed to from_json see the rest of the match"


@attrs.frozen
class SeatedOptions:
    ranks: int = 6
    first_player: int = tablecards.seat_option()


class SeatedSnap(SnapGame):
    Options = SeatedOptions


def test_seat_options_are_checked_against_the_seats_of_the_match() -> None:
    Match(SeatedSnap(first_player=2), players=3)
    with pytest.raises(UnknownOption, match="first_player 3 is not a seat of 3"):
        Match(SeatedSnap(first_player=3), players=3)
    for bad in (-1, True, "0"):
        with pytest.raises(UnknownOption, match="first_player must be a seat number"):
            SeatedSnap(first_player=bad)


class ExplainingSnap(SnapGame):
    def why_not_your_turn(
        self, state: SnapState, seat: int, action: tablecards.Action
    ) -> tablecards.Illegal | None:
        if seat == 2:
            raise RuntimeError("a broken explanation")
        return tablecards.Illegal("wait for the flipper", "SNAP-1")


def test_not_your_turn_carries_the_games_reason_and_never_hides_the_refusal() -> None:
    match = Match(ExplainingSnap(), players=3, seed=1)
    with pytest.raises(tablecards.NotYourTurn, match=r"wait for the flipper \[SNAP-1\]") as info:
        match.apply(1, FLIP)
    assert (info.value.reason, info.value.rule) == ("wait for the flipper", "SNAP-1")
    with pytest.raises(tablecards.NotYourTurn) as info:
        match.apply(2, FLIP)  # the explanation crashes: the refusal stands, unexplained
    assert info.value.rule is None


def test_one_observer_follows_many_matches_and_each_event_names_its_match() -> None:
    class Counter:
        def __init__(self) -> None:
            self.seen: dict[int, int] = {}

        @hookimpl
        def tablecards_action_applied(self, match: Match, seat: int, action: Any) -> None:
            self.seen[match.seed] = self.seen.get(match.seed, 0) + 1

    counter = Counter()
    first = Match(SnapGame(), players=2, seed=1, observers=[counter])
    second = Match(SnapGame(), players=2, seed=2, observers=[counter])
    for match in (first, second, first):
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])
    assert counter.seen == {1: 2, 2: 1}
    other = Counter()  # another observer is told only of its own matches
    third = Match(SnapGame(), players=2, seed=3, observers=[other])
    third.apply(third.to_act[0], FLIP)
    assert other.seen == {3: 1}
    assert counter.seen == {1: 2, 2: 1}
