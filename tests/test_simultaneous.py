"""Moments where everyone answers on their own (issue #38): Goofspiel's sealed bids.

What each test proves is in its name; GOPS-xx are the rules of
examples/tablecards-goofspiel/src/tablecards_goofspiel/rules.md.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tablecards
from tablecards import Answered, IllegalAction, Match, NotYourTurn, Revealed
from tablecards.testing import ConformanceFailure, check_game
from tablecards_goofspiel import Bid, Goofspiel, GopsState

NAMES = ("Ann", "Bob", "Cleo")


def _match(players: int = 3, seed: int = 1, **options: Any) -> Match:
    return Match(Goofspiel(**options), players=players, seed=seed, observers=[])


def _state(match: Match) -> GopsState:
    state = match.state
    assert isinstance(state, GopsState)
    return state


def test_every_awaited_seat_answers_and_an_answer_never_closes_the_moment_for_the_others() -> None:
    match = _match()
    assert list(match.to_act) == [0, 1, 2] and list(match.waiting_for) == [0, 1, 2]
    match.apply(1, Bid(5))
    assert list(match.to_act) == [0, 2] and list(match.waiting_for) == [0, 2]
    match.apply(0, Bid(3))  # accepted: no "too late" for a seat that answers second
    assert list(match.to_act) == [2] and _state(match).round == 1
    match.apply(2, Bid(9))
    assert _state(match).round == 2 and match.to_act == (0, 1, 2)


def test_a_seat_that_has_chosen_may_not_choose_again_when_answers_are_final() -> None:
    match = _match()
    match.apply(0, Bid(3))
    with pytest.raises(NotYourTurn, match="already chosen"):
        match.apply(0, Bid(4))
    assert match.legal_actions(0) == ()


def _seen_by(match: Match, seat: int | None) -> str:
    """Everything one seat is shown of a match: view, scene, history, events and log."""
    shown = {
        "view": match.view(seat),
        "scene": match.scene(seat, NAMES),
        "history": match.history(seat, NAMES),
        "events": [event.to_json() for _, event in match.events_for(seat)],
        "log": [
            [actor, None if a is None else match.action_json(a)] for actor, a in match.log_for(seat)
        ],
    }
    return json.dumps(shown, sort_keys=True)


@pytest.mark.parametrize("watcher", [1, 2, None])
def test_until_the_moment_closes_nobody_else_is_shown_a_seats_answer(watcher: int | None) -> None:
    seen = set()
    for bid in (1, 7, 13):
        match = _match()
        match.apply(0, Bid(bid))
        other = 2 if watcher == 1 else 1
        match.apply(other, Bid(4))
        seen.add(_seen_by(match, watcher))
    assert len(seen) == 1  # the three bids of seat 0 look the same to the others


def test_the_author_sees_its_answer_and_the_others_see_only_that_it_chose() -> None:
    match = _match()
    match.apply(0, Bid(7))
    assert match.view(0)["answers"] == {"chosen": [0], "yours": {"type": "Bid", "value": 7}}
    assert match.view(1)["answers"] == {"chosen": [0], "yours": None}
    assert match.log_for(1) == ((0, None),) and match.log_for(0) == ((0, Bid(7)),)
    assert match.history(1, NAMES)[-1]["then"] == ["Ann has chosen"]
    assert match.history(0, NAMES)[-1]["then"] == ["You choose bid 7"]


def test_the_last_answer_reveals_all_together_in_seat_order_then_the_rules_resolve() -> None:
    match = _match()
    match.apply(2, Bid(2))
    match.apply(0, Bid(13))
    match.apply(1, Bid(5))
    last = [event for move, event in match.events_for(None) if move == 3]
    revealed = [event for event in last if isinstance(event, Revealed)]
    assert [(e.seat, e.action) for e in revealed] == [(0, Bid(13)), (1, Bid(5)), (2, Bid(2))]
    assert isinstance(last[0], Answered) and last[0].action is None
    # Revealed first, then the rules' consequences (GOPS-05, GOPS-06).
    assert last.index(revealed[-1]) < min(
        i for i, e in enumerate(last) if type(e).__name__ == "PrizeWon"
    )
    assert match.log_for(1) == ((2, Bid(2)), (0, Bid(13)), (1, Bid(5)))
    assert _state(match).won[0].cards  # the one highest bid won the prize (GOPS-06)


def test_the_defaults_of_the_silent_seats_close_the_moment() -> None:
    match = _match()
    match.apply(1, Bid(10))
    assert match.default_action(1) is None  # it has answered: not waited for
    for seat in match.waiting_for:
        default = match.default_action(seat)
        assert default == Bid(1)  # GOPS-09: the lowest card
        match.apply(seat, default)
    assert _state(match).round == 2


def test_a_save_with_an_open_moment_round_trips_and_replays_byte_for_byte() -> None:
    match = _match(seed=5)
    match.apply(0, Bid(3))
    match.apply(2, Bid(8))
    text = match.to_json()
    assert json.loads(text)["state"]["sealed"] == [
        [0, {"type": "Bid", "value": 3}],
        [2, {"type": "Bid", "value": 8}],
    ]
    for verify in (True, False):
        again = Match.from_json(text, verify=verify)
        assert again.to_json() == text
        assert again.view(1)["answers"] == {"chosen": [0, 2], "yours": None}
        again.apply(1, Bid(1))
        assert _state(again).round == 2
    replay = _match(seed=5)
    for seat, action in match.log:
        replay.apply(seat, action)
    assert replay.to_json() == text


def test_a_save_between_moments_has_no_answers_key() -> None:
    assert "sealed" not in json.loads(_match().to_json())["state"]
    assert "sealed" not in json.loads(Match("hit", players=3, seed=1).to_json())["state"]


def test_undo_takes_an_answer_back_and_the_seat_may_answer_again() -> None:
    match = _match()
    match.apply(0, Bid(3))
    match.apply(1, Bid(4))
    match.undo()
    assert list(match.to_act) == [1, 2] and match.view(0)["answers"]["chosen"] == [0]
    match.apply(1, Bid(6))
    match.undo(2)
    assert list(match.to_act) == [0, 1, 2] and match.view(0)["answers"]["chosen"] == []


class ChangingBids(Goofspiel):
    """Goofspiel where a bid may be changed until everyone has chosen."""

    def may_change_answer(self, state: GopsState, seat: int) -> bool:
        return True


def test_a_game_may_let_a_seat_change_its_answer_before_the_moment_closes() -> None:
    match = Match(ChangingBids(), players=2, seed=1)
    match.apply(0, Bid(3))
    assert match.to_act == (0, 1) and match.waiting_for == (1,)
    assert Bid(3) not in match.legal_actions(0)  # answering the same again changes nothing
    with pytest.raises(IllegalAction, match="already the seat's answer"):
        match.apply(0, Bid(3))
    match.apply(0, Bid(13))
    assert match.view(0)["answers"]["yours"] == {"type": "Bid", "value": 13}
    match.apply(1, Bid(12))
    assert [c.value for c in _state(match).spent[0].cards] == [13]  # the last answer counts


def test_a_determinisation_draws_the_others_answers_again_and_keeps_the_seats_own() -> None:
    match = _match(players=2)
    match.apply(0, Bid(13))
    kept = set()
    for seed in range(30):
        drawn = tablecards.determinise(match, 1, random.Random(seed))
        (answer,) = drawn.state.sealed
        kept.add(answer[1])
        assert drawn.log_for(1) == ((0, None),)
    assert len(kept) > 3  # seat 1 cannot know seat 0's bid: it is drawn again
    mine = tablecards.determinise(match, 0, random.Random(1))
    assert mine.state.sealed == ((0, Bid(13)),)


@pytest.mark.slow
def test_goofspiel_passes_the_conformance_kit_with_changeable_answers_too() -> None:
    check_game(ChangingBids(cards=4), seeds=15, process_seeds=1)


class PeekingBids(Goofspiel):
    """GOPS-04 broken: every view shows the bids chosen so far."""

    def view_extra(self, state: GopsState, seat: int | None) -> dict[str, Any]:
        shown = {str(s): a.value for s, a in state.sealed if isinstance(a, Bid)}
        return {**super().view_extra(state, seat), "bids": shown}


def test_the_kit_fails_a_game_whose_views_show_a_pending_answer() -> None:
    with pytest.raises(ConformanceFailure) as info:
        check_game(PeekingBids(cards=4), seeds=20, checks={"leaks"}, process_seeds=0)
    assert info.value.check == "leaks" and "'bids'" in info.value.detail


def test_an_information_set_with_pending_answers_travels_to_another_process() -> None:
    # A networked table's search bot thinks in worker processes: the set is pickled.
    import pickle

    match = _match()
    match.apply(0, Bid(5))
    again = pickle.loads(pickle.dumps(tablecards.InformationSet(match, 1)))
    assert again.view()["answers"] == {"chosen": [0], "yours": None}
    assert again.legal_actions() == match.legal_actions(1)


def test_an_empty_waiting_for_means_every_seat_to_act() -> None:
    class QuietBids(Goofspiel):
        def waiting_for(self, state: GopsState) -> tuple[int, ...]:
            return ()

    match = Match(QuietBids(), players=3, seed=1)
    match.apply(0, Bid(5))
    assert _state(match).round == 1  # one answer of three: the moment is still open
