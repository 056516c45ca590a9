"""What an embedder (a server, an app) relies on: seeds, seat checks, client actions,
per-seat history, defaults for open moments and the view's reserved keys."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from toys import SnapGame

import tablecards
from tablecards import (
    Action,
    CardsMoved,
    MalformedAction,
    Match,
    RulesError,
    TablecardsError,
    UnknownGame,
    UnknownOption,
    UnknownSeat,
)

BAD_SEATS: list[Any] = [True, False, 1.0, Decimal(1), Fraction(1, 1), "1", None, -1, 3, 10**50]


def _play_randomly(match: Match, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if match.is_over:
            return
        seat = rng.choice(match.waiting_for)
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])


# -- seeds ----------------------------------------------------------------------------------


def test_matches_created_without_a_seed_deal_different_hands() -> None:
    first, second = Match("stop", 4), Match("stop", 4)
    assert first.seed != second.seed
    assert first.view(0)["zones"] != second.view(0)["zones"]
    assert json.loads(first.to_json())["seed"] == first.seed
    again = Match.from_json(first.to_json())
    assert again.seed == first.seed and again.to_json() == first.to_json()


def test_a_given_seed_still_replays_byte_for_byte() -> None:
    one, two = Match("hit", 3, seed=7), Match("hit", 3, seed=7)
    rng_one, rng_two = random.Random(1), random.Random(1)
    _play_randomly(one, rng_one, 40)
    _play_randomly(two, rng_two, 40)
    assert one.seed == 7 and one.to_json() == two.to_json()


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"move_limit": "5"}, UnknownOption, "move_limit must be an int of at least 1, not str"),
        ({"move_limit": 0}, UnknownOption, "move_limit must be an int of at least 1"),
        ({"move_limit": True}, UnknownOption, "move_limit must be an int"),
        ({"players": "3"}, UnknownOption, "players must be an int, not str '3'"),
        ({"players": True}, UnknownOption, "players must be an int, not bool"),
        ({"players": 3.0}, UnknownOption, "players must be an int, not float"),
        ({"players": 10**5000}, UnknownOption, "played by 2 to 6 players"),
        ({"seed": 1.5}, UnknownOption, "seed must be an int of at most 256 bits, not float"),
        ({"seed": True}, UnknownOption, "seed must be an int"),
        ({"seed": 10**5000}, UnknownOption, "seed must be an int of at most 256 bits"),
        ({"seed": "7"}, UnknownOption, "seed must be an int"),
    ],
)
def test_bad_constructor_arguments_are_refused_at_construction(
    kwargs: dict[str, Any], error: type[TablecardsError], words: str
) -> None:
    args: dict[str, Any] = {"players": 3, "seed": 1, **kwargs}
    with pytest.raises(error) as caught:
        Match("hit", **args)
    assert words in str(caught.value)


def test_a_game_that_is_neither_a_game_nor_a_name_is_refused() -> None:
    with pytest.raises(UnknownGame, match="installed games: .*hit"):
        Match(5)  # type: ignore[arg-type]
    with pytest.raises(TablecardsError, match="observers must be an iterable"):
        Match("hit", 3, seed=1, observers=5)  # type: ignore[arg-type]


# -- seats ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_every_seat_taking_method_refuses_a_bad_seat(seat: Any) -> None:
    match = Match("stop", 3, seed=4)
    _play_randomly(match, random.Random(4), 5)
    before = match.to_json()
    action = match.legal_actions(match.to_act[0])[0]
    calls: list[Callable[[], object]] = [
        lambda: match.apply(seat, action),
        lambda: match.legal_actions(seat),
        lambda: match.default_action(seat),
    ]
    if seat is not None:  # None is the spectator where a spectator is meant
        calls += [
            lambda: match.view(seat),
            lambda: match.log_for(seat),
            lambda: match.events_for(seat),
        ]
    for call in calls:
        with pytest.raises(UnknownSeat) as caught:
            call()
        assert caught.value.seat is seat and caught.value.players == 3
        assert "seats are 0 to 2" in str(caught.value)
        assert match.to_json() == before


def test_the_spectator_is_named_where_a_spectator_is_allowed() -> None:
    match = Match("hit", 3, seed=1)
    with pytest.raises(UnknownSeat, match="seats are 0 to 2 or None for a spectator"):
        match.view(3)
    with pytest.raises(UnknownSeat, match=r"True \(bool\) is not a seat"):
        match.view(True)
    assert match.view(None)["seat"] is None


class _SpyStop:
    """Wraps Stop's game methods to record every seat they are asked about."""

    def __init__(self) -> None:
        stop = tablecards.load_game("stop")
        self.asked: list[object] = []
        for name in ("why_illegal", "why_not_your_turn", "legal_actions", "default_action"):
            original = getattr(stop, name)

            def spy(state: Any, seat: Any, *rest: Any, _original: Any = original) -> Any:
                self.asked.append(seat)
                return _original(state, seat, *rest)

            setattr(stop, name, spy)
        self.game = stop


def test_invalid_seats_never_reach_stop_nor_describe_another_seat() -> None:
    """STOP-10..13: the auction's refusals describe the sender's hand; a bad seat gets none."""
    checked = 0
    for seed in range(20):
        spy = _SpyStop()
        match = Match(spy.game, 4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and match.moves < 120:
            for bogus in (-1, -4, 4, 5):
                for action in match.legal_actions(match.to_act[0]):
                    spy.asked.clear()
                    with pytest.raises(UnknownSeat) as caught:
                        match.apply(bogus, action)
                    assert spy.asked == [], "an invalid seat reached the game's code"
                    assert "hold" not in str(caught.value)
                    checked += 1
            _play_randomly(match, rng, 1)
    assert checked > 1000


def test_an_int_subclass_seat_is_logged_as_a_plain_int() -> None:
    class Seat(int):
        pass

    match = Match("hit", 3, seed=1)
    seat = match.to_act[0]
    match.apply(Seat(seat), match.legal_actions(seat)[0])
    assert type(match.log[0][0]) is int
    assert Match.from_json(match.to_json()).to_json() == match.to_json()


# -- client actions -------------------------------------------------------------------------


def test_parse_action_reads_dicts_text_and_bytes_and_omits_rule_defaults() -> None:
    match = Match("stop", 3, seed=1)
    raise_ = match.parse_action({"type": "Raise", "bid": 1, "values": 1})
    assert raise_ == match.parse_action('{"type": "Raise", "bid": 1, "values": 1, "plus": 0}')
    assert raise_ == match.parse_action(b'{"type":"Raise","bid":1,"values":1}')
    assert match.action_json(raise_) == {"type": "Raise", "bid": 1, "values": 1, "plus": 0}
    assert match.game.parse_action(match.game.action_json(raise_)) == raise_


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("[", "not JSON"),
        (b"\xff", "UTF-8"),
        ("[" * 100_000, "nested too deeply"),
        ('{"type": "Bid", "value": 1' + "0" * 5000 + ', "count": 1}', "not readable JSON"),
        (5, "JSON object"),
        ([], "JSON object"),
        ("null", "JSON object"),
        ({}, "unknown action type None; known types: Bid, CallStop"),
        ({"type": "Stop!"}, "unknown action type 'Stop!'"),
        ({"type": 3}, "unknown action type 3"),
        ({"type": "Bid", "value": 2}, "Bid needs field 'count' (Bid(value: int, count: int))"),
        ({"type": "Bid", "value": 2, "count": 1, "x": 1}, "Bid has no field 'x'"),
        ({"type": "Bid", "value": True, "count": 1}, "Bid.value must be int, not True"),
        ({"type": "Bid", "value": 2.0, "count": 1}, "Bid.value must be int, not 2.0"),
        ({"type": "Bid", "value": "2", "count": 1}, "Bid.value must be int, not '2'"),
        ({"type": "Bid", "value": [2], "count": 1}, "Bid.value must be int, not [2]"),
        ({"type": "Pass", "plus": 0}, "Pass has no field 'plus'"),
    ],
)
def test_malformed_client_actions_say_what_was_expected(data: Any, words: str) -> None:
    match = Match("stop", 3, seed=1)
    with pytest.raises(MalformedAction) as caught:
        match.parse_action(data)
    assert words in str(caught.value)
    assert caught.value.reason in str(caught.value)


def test_action_json_refuses_another_games_action() -> None:
    hit = Match("hit", 3, seed=1)
    stop_action = Match("stop", 3, seed=1).parse_action({"type": "Pass"})
    with pytest.raises(MalformedAction, match="is not an action of hit"):
        hit.action_json(stop_action)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hit", "stop", "exhopp", "hattrick"])
def test_every_legal_action_round_trips_through_parse_action(name: str) -> None:
    for seed in range(30):
        match = Match(name, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and match.moves < 300:
            for seat in match.to_act:
                for action in match.legal_actions(seat):
                    data = match.action_json(action)
                    assert match.parse_action(data) == action
                    assert match.parse_action(json.dumps(data)) == action
            _play_randomly(match, rng, 1)


# -- per-seat history -----------------------------------------------------------------------


def _history(match: Match) -> list[Any]:
    seats: list[int | None] = [None, *range(match.players)]
    return [(match.log_for(seat), match.events_for(seat)) for seat in seats]


@pytest.mark.parametrize("name", ["hit", "stop", "exhopp", "hattrick"])
def test_history_is_the_same_live_reloaded_and_after_undo(name: str) -> None:
    match = Match(name, seed=3)
    live: list[tuple[int, Any]] = list(match.events_for(0))
    rng = random.Random(3)
    while not match.is_over and match.moves < 200:
        seen = match.moves
        _play_randomly(match, rng, 1)
        live.extend(match.events_for(0, since=seen + 1))
    assert tuple(live) == match.events_for(0)
    reloaded = Match.from_json(match.to_json())
    assert _history(reloaded) == _history(match)
    match.undo(5)
    shorter = Match.from_json(match.to_json())
    assert _history(match) == _history(shorter)
    assert all(move <= match.moves for move, _ in match.events_for(None))


def test_events_for_counts_moves_from_the_setup() -> None:
    match = Match("hit", 3, seed=2)
    assert {move for move, _ in match.events_for(None)} == {0}
    seat = match.to_act[0]
    match.apply(seat, match.legal_actions(seat)[0])
    assert {move for move, _ in match.events_for(None, since=1)} == {1}
    assert match.events_for(None, since=2) == ()
    with pytest.raises(TablecardsError, match="since must be a move number"):
        match.events_for(None, since=-1)


def test_a_third_seat_never_sees_ex_and_hopp_exchanged_values() -> None:
    """EXH-10: the values given in an exchange are seen by the two players only."""
    swaps = 0
    for seed in range(20):
        match = Match("exhopp", 4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and match.moves < 400:
            _play_randomly(match, rng, 1)
        gives = [i for i, (_, action) in enumerate(match.log) if type(action).__name__ == "Give"]
        for index in gives:
            actor = match.log[index][0]
            for seat in range(4):
                assert match.log_for(seat)[index] == (
                    actor,
                    match.log[index][1] if seat == actor else None,
                )
        # The second Give of a pair swaps the cards: hand to hand, seen by the two hands only.
        seen_by = {seat: match.events_for(seat) for seat in range(4)}
        for move, event in match.events_for(None):
            if not isinstance(event, CardsMoved):
                continue
            if not (event.src.startswith("hand:") and event.dst.startswith("hand:")):
                continue
            pair = {int(event.src[5:]), int(event.dst[5:])}
            for third in set(range(4)) - pair:
                moved = [e for m, e in seen_by[third] if m == move and isinstance(e, CardsMoved)]
                assert moved and all(e.cards == () for e in moved if e.dst[:5] == "hand:")
            for seat in pair:  # the two players do see the cards they swapped
                assert any(
                    m == move and isinstance(e, CardsMoved) and e.src == event.src and e.cards
                    for m, e in seen_by[seat]
                )
            swaps += 1
    assert swaps > 10


# -- open moments ---------------------------------------------------------------------------


def test_ex_and_hopp_declines_an_unanswered_exchange_offer() -> None:
    """EXH-10, EXH-11: a seat asked about an exchange that does not answer declines it; one
    that does not choose the card to give gives its lowest of the colour; a turn has none."""
    found = 0
    for seed in range(20):
        match = Match("exhopp", 4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and match.moves < 300:
            phase = match.view(None)["phase"]
            for seat in range(4):
                default = match.default_action(seat)
                if phase == "answer" and seat in match.to_act:
                    assert default == match.parse_action({"type": "Decline"})
                    assert default in match.legal_actions(seat)
                    found += 1
                elif phase == "choose" and seat in match.to_act:
                    assert default in match.legal_actions(seat)
                else:
                    assert default is None
            _play_randomly(match, rng, 1)
    assert found > 20


def test_a_game_declares_no_default_unless_it_says_so() -> None:
    match = Match(SnapGame(), 3, seed=1)
    assert match.default_action(match.to_act[0]) is None


# -- views ----------------------------------------------------------------------------------


class _ShadowingSnap(SnapGame):
    name = "shadowing-snap"

    def view_extra(self, state: Any, seat: int | None) -> dict[str, Any]:
        return {"over": "banana", "current": 0}


def test_a_game_cannot_overwrite_the_engines_view_keys() -> None:
    match = Match(_ShadowingSnap(), 3, seed=1)
    with pytest.raises(RulesError, match="reserved key\\(s\\) over"):
        match.view(0)


def test_the_view_schema_names_the_engine_keys() -> None:
    schema = tablecards.view_schema()
    assert set(schema["required"]) == {
        "game",
        "seat",
        "players",
        "to_act",
        "over",
        "zones",
        "moves",
    }
    schema["title"] = "changed"
    assert tablecards.view_schema()["title"] != "changed"


def test_action_from_json_now_raises_the_library_error() -> None:
    types = tablecards.load_game("hit").action_types()
    with pytest.raises(MalformedAction):
        tablecards.action_from_json(types, {"type": "Nope"})
    assert isinstance(MalformedAction("x"), ValueError)  # code catching ValueError still works
    assert issubclass(UnknownSeat, TablecardsError)
    assert isinstance(tablecards.action_from_json(types, {"type": "Steal"}), Action)
