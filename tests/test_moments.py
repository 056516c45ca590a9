"""Moments: whom a moment waits for (``waiting_for``), how long (``clock``) and what a silent
seat does then (``default_action``), for the engine and for every shipped game."""

from __future__ import annotations

import random
from typing import Any

import pytest
from toys import SnapGame

import tablecards
from tablecards import Clock, Match


def test_a_clock_has_a_known_kind_and_a_positive_limit() -> None:
    assert Clock("decision", 12) == Clock("decision", 12.0, repeat=False)
    for kind, seconds in [("nap", 1.0), ("Reaction", 1.0), ("turn", 0), ("turn", -1)]:
        with pytest.raises(ValueError, match="a clock's"):
            Clock(kind, seconds)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a clock's seconds are a number above 0"):
        Clock("turn", True)


def test_by_default_a_moment_waits_for_every_seat_to_act_and_for_ever() -> None:
    match = Match(SnapGame(), players=3, seed=1)
    assert match.waiting_for == match.to_act == (0,)
    assert match.clock is None
    game: Any = SnapGame()
    flip = tablecards.action_from_json(game.action_types(), {"type": "Flip"})
    assert game.upgrade_action("0.9", match.state, 0, flip) == flip  # old logs replay as is


def test_an_ended_match_waits_for_nobody_and_runs_no_clock() -> None:
    match = Match("stop", players=3, seed=2)
    rng = random.Random(2)
    while not match.is_over:
        seat = rng.choice(match.waiting_for)
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert match.waiting_for == () and match.clock is None
    assert all(match.default_action(seat) is None for seat in range(3))


#: The kinds of clock each game declares (None: a moment that waits for ever).
KINDS: dict[str, set[str | None]] = {
    "stop": {"reaction", "decision"},  # STOP-06 windows; the opening, auction and share-out
    "exhopp": {None, "decision"},  # EXH-10: answers and the card given; a turn waits
    "hit": {"turn"},  # HIT-08, HIT-09
    "hattrick": {"turn"},  # HAT-04, HAT-05
}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_clock_comes_with_a_legal_default_for_each_seat_it_waits_for(name: str) -> None:
    """A real-time table plays the default of every waited seat when a clock runs out: each
    must exist and be legal, and a game declares only the kinds of clock it means."""
    seen: set[str | None] = set()
    for seed in range(12):
        game = tablecards.load_game(name)
        match = Match(game, players=game.default_players, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            clock = match.clock
            seen.add(None if clock is None else clock.kind)
            waiting = match.waiting_for
            assert waiting and set(waiting) <= set(match.to_act)
            if clock is not None:
                for seat in waiting:
                    default = match.default_action(seat)
                    assert default is not None and default in match.legal_actions(seat)
            seat = rng.choice(waiting)
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert seen == KINDS[name]


def play_until(name: str, seed: int, done: Any) -> Match:
    match = Match(name, seed=seed)
    rng = random.Random(seed)
    while not match.is_over and not done(match):
        seat = rng.choice(match.waiting_for)
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert not match.is_over
    return match


def test_hit_08_09_a_turn_clock_runs_out_with_no_steal_then_the_end_of_the_turn() -> None:
    from tablecards_hit import END_TURN, NO_STEAL

    steal = play_until("hit", 3, lambda m: m.view(None)["phase"] == "steal")
    seat = steal.waiting_for[0]
    clock = steal.clock
    assert clock is not None and clock.kind == "turn" and clock.seconds > 0
    assert steal.default_action(seat) == NO_STEAL
    go_on = play_until("hit", 3, lambda m: m.view(None)["phase"] == "go_on")
    assert go_on.default_action(go_on.waiting_for[0]) == END_TURN


def test_hat_05_a_turn_clock_runs_out_with_the_lowest_card_that_may_be_played() -> None:
    from tablecards_hattrick import DECK, Pass, Play

    for seed in range(5):
        match = play_until("hattrick", seed, lambda m: m.moves >= 7)
        seat = match.waiting_for[0]
        legal = [action for action in match.legal_actions(seat) if isinstance(action, Play)]
        shown = [action for action in match.legal_actions(seat) if isinstance(action, Pass)]
        default = match.default_action(seat)
        # A card to play when there is one (HAT-05), else a card shown to pass: the lowest.
        if legal:
            assert isinstance(default, Play)
            assert DECK[default.card].value == min(DECK[a.card].value for a in legal)
        else:
            assert isinstance(default, Pass)
            assert DECK[default.card].value == min(DECK[a.card].value for a in shown)


def test_exh_10_an_exchange_answer_and_the_card_given_close_by_themselves() -> None:
    from tablecards_exhopp import DECLINE, Give

    answer = play_until("exhopp", 4, lambda m: m.view(None)["phase"] == "answer")
    seat = answer.waiting_for[0]
    assert answer.clock is not None and answer.clock.kind == "decision"
    assert answer.default_action(seat) == DECLINE
    choose = play_until("exhopp", 4, lambda m: m.view(None)["phase"] == "choose")
    assert len(choose.waiting_for) == 2  # a blind choice of both, at once
    for seat in choose.waiting_for:
        default = choose.default_action(seat)
        assert isinstance(default, Give)
        assert default.value == min(a.value for a in choose.legal_actions(seat))  # type: ignore[attr-defined]
    turn = play_until("exhopp", 4, lambda m: m.view(None)["phase"] == "turn")
    assert turn.clock is None  # a turn is the player's own: it waits
