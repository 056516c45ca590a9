"""Saves written by earlier versions of Stop (the files in ``saves/``, written by
``saves/make_v0_1_0_saves.py`` and ``saves/make_v0_2_0_saves.py`` with those versions).

Stop 0.1.0, before STOP-13's passes could be taken back: a save loads when its log is still
legal and reaches the same position; one made during an auction after someone passed is
refused: the same log now lets the seats that passed play again, which 0.1.0 forbade, so it
would continue as another match.

Stop 0.2.0, when a seat that had passed could pass again (a logged move that changed
nothing): its saves load with those passes left out of the log, at the same position.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablecards import (
    IllegalAction,
    Match,
    SaveError,
    SaveWarning,
    action_from_json,
    snapshot,
)
from tablecards_stop import GiveRest, Pass, Stop, StopState

SAVES = Path(__file__).parent / "saves"


def saved(name: str, version: str = "0.1.0") -> str:
    return (SAVES / f"stop-{version}-{name}.json").read_text()


def data_of(name: str, version: str = "0.1.0") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(saved(name, version))
    assert data["game"] == "stop" and data["game_version"] == version
    return data


def apply_log(data: dict[str, Any]) -> Match:
    """The saved log played again by the installed Stop, without the snapshot check."""
    game = Stop(**data["options"])
    match = Match(game, data["players"], data["seed"], move_limit=data["move_limit"])
    for seat, raw in data["log"]:
        match.apply(seat, action_from_json(game.action_types(), raw))
    return match


@pytest.mark.parametrize("name", ["finished", "draw_phase", "auction_before_any_pass"])
def test_stop_13_a_0_1_0_save_where_nothing_changed_loads_into_the_same_match(name: str) -> None:
    """STOP-13: the log replays under 0.3.0 and reaches the saved position, passes empty."""
    data = data_of(name)
    with pytest.warns(SaveWarning, match="version '0.1.0' of stop"):
        match = Match.from_json(saved(name))
    assert match.moves == len(data["log"])
    state = match.state
    assert isinstance(state, StopState) and state.passed == ()
    now = snapshot(state)
    # Stop 0.4.0 added the last round's result for the table: the replay tells it.
    assert "result" not in data["state"]
    assert {**data["state"], "passed": [], "result": now["result"]} == now
    again = json.loads(match.to_json())
    assert again["game_version"] == Stop.version == "0.4.0"
    assert again["log"] == data["log"]
    assert Match.from_json(match.to_json()).to_json() == match.to_json()


def test_stop_13_the_finished_0_1_0_match_keeps_its_result() -> None:
    """STOP-13: the old match ends as it ended: same winner, same tokens."""
    data = data_of("finished")
    with pytest.warns(SaveWarning, match="version '0.1.0' of stop"):
        match = Match.from_json(saved("finished"))
    result = match.result
    assert result is not None and not result.truncated
    assert list(result.scores) == data["state"]["tokens"]
    assert list(result.winners) == [data["state"]["winner"]]


def test_stop_13_the_0_1_0_auction_before_any_pass_goes_on_under_the_new_rule() -> None:
    """STOP-13: nobody had passed, so nothing the old rule decided is undone; from here a
    pass can be taken back."""
    with pytest.warns(SaveWarning, match="version '0.1.0' of stop"):
        match = Match.from_json(saved("auction_before_any_pass"))
    seat = match.to_act[0]
    match.apply(seat, match.legal_actions(seat)[0])  # a pass (the first legal action)
    assert seat in match.to_act and match.view(None)["passed"] == [seat]


def test_stop_13_a_0_1_0_save_made_in_an_auction_after_a_pass_is_refused() -> None:
    """STOP-13: refused with a SaveError naming both versions and the rule that changed."""
    data = data_of("auction_after_passes")
    with pytest.raises(SaveError) as info:
        Match.from_json(saved("auction_after_passes"))
    message = str(info.value)
    assert "Stop 0.1.0" in message and "Stop 0.4.0" in message and "STOP-13" in message
    # Why: the same log, played by 0.3.0, gives the seats that passed a say again.
    match = apply_log(data)
    assert data["state"]["phase"] == "auction"
    assert set(data["state"]["to_act"]) < set(match.to_act)
    assert match.view(None)["passed"] == sorted(set(match.to_act) - set(data["state"]["to_act"]))


def test_stop_13_a_tampered_0_1_0_save_is_still_refused() -> None:
    data = data_of("draw_phase")
    data["state"]["tokens"][0] += 1
    with pytest.raises(SaveError, match="saved with 0.1.0, installed 0.4.0"):
        Match.from_json(json.dumps(data))
    data = data_of("auction_before_any_pass")
    del data["state"]["hands"]
    with pytest.raises(SaveError, match="cannot read the state saved by stop 0.1.0"):
        Match.from_json(json.dumps(data))


# -- 0.2.0: repeated passes ---------------------------------------------------------------------

REPEATED = ["repeated_passes_auction", "repeated_passes_finished"]


def repeated_passes(data: dict[str, Any]) -> list[int]:
    """The log indexes of passes by a seat that had passed already (0.2.0 logged them)."""
    game = Stop(**data["options"])
    match = Match(game, data["players"], data["seed"], move_limit=data["move_limit"])
    found = []
    for index, (seat, raw) in enumerate(data["log"]):
        action = action_from_json(game.action_types(), raw)
        state = match.state
        assert isinstance(state, StopState)
        if raw == {"type": "Pass"} and seat in state.passed:
            found.append(index)
            continue
        match.apply(seat, action)
    return found


@pytest.mark.parametrize("name", REPEATED)
def test_stop_13_a_0_2_0_save_with_repeated_passes_loads_without_them(name: str) -> None:
    """STOP-13 (turn 3 reading): passing again is not a move. A 0.2.0 save that holds such
    passes loads with them left out of its log, at the very position it was saved in."""
    data = data_of(name, "0.2.0")
    dropped = repeated_passes(data)
    assert dropped  # the save does hold repeated passes
    with pytest.warns(SaveWarning, match="version '0.2.0' of stop"):
        match = Match.from_json(saved(name, "0.2.0"))
    assert match.moves == len(data["log"]) - len(dropped)
    now = snapshot(match.state)  # 0.4.0 added the last round's result, told by the replay
    assert now == {**data["state"], "result": now["result"]}  # the same position
    kept = [entry for index, entry in enumerate(data["log"]) if index not in dropped]
    again = json.loads(match.to_json())
    assert again["game_version"] == Stop.version and again["log"] == kept
    assert Match.from_json(match.to_json()).to_json() == match.to_json()
    # No move of the loaded log changes nothing: each one is a real move now.
    replay = Match(Stop(**data["options"]), data["players"], data["seed"])
    for seat, raw in kept:
        before = snapshot(replay.state)
        replay.apply(seat, action_from_json(replay.game.action_types(), raw))
        assert snapshot(replay.state) != before


def test_stop_13_the_0_2_0_auction_goes_on_and_refuses_a_repeated_pass() -> None:
    """STOP-13: the loaded auction waits only for the seats that have not passed."""
    data = data_of("repeated_passes_auction", "0.2.0")
    with pytest.warns(SaveWarning):
        match = Match.from_json(saved("repeated_passes_auction", "0.2.0"))
    passed = data["state"]["passed"]
    assert passed and match.view(None)["passed"] == passed
    assert set(match.waiting_for) == set(data["state"]["to_act"]) - set(passed)
    seat = passed[0]
    assert seat in match.to_act and Pass() not in match.legal_actions(seat)
    with pytest.raises(IllegalAction, match="STOP-13"):
        match.apply(seat, Pass())


def test_stop_13_a_tampered_0_2_0_save_is_still_refused() -> None:
    data = data_of("repeated_passes_finished", "0.2.0")
    data["state"]["tokens"][0] += 1
    with pytest.raises(SaveError, match="saved with 0.2.0, installed 0.4.0"):
        Match.from_json(json.dumps(data))


@pytest.mark.parametrize("name", ["finished", "share_out_begun"])
def test_stop_15_a_0_3_0_save_of_single_gifts_loads_into_the_same_match(name: str) -> None:
    """STOP-15: Stop 0.4.0 added the rest of a share-out at once; the single gifts of a 0.3.0
    log stay legal, so its saves load as they are and replay to the saved position."""
    data = data_of(name, "0.3.0")
    with pytest.warns(SaveWarning, match="version '0.3.0' of stop"):
        match = Match.from_json(saved(name, "0.3.0"))
    assert match.moves == len(data["log"])
    # Every field the 0.3.0 state had is as saved; 0.4.0 added the last round's figures
    # (``result``, for the round's summary), taken from the replay.
    now = snapshot(match.state)
    assert set(now) - set(data["state"]) == {"result"}
    assert {key: now[key] for key in data["state"]} == data["state"]
    again = json.loads(match.to_json())
    assert again["game_version"] == Stop.version and again["log"] == data["log"]


def test_stop_15_a_0_3_0_save_in_a_share_out_goes_on_with_the_rest_at_once() -> None:
    """STOP-15: the share-out a 0.3.0 save left half done can end in one move now."""
    with pytest.warns(SaveWarning):
        match = Match.from_json(saved("share_out_begun", "0.3.0"))
    state = match.state
    assert isinstance(state, StopState) and state.winner is not None
    winner = state.winner
    assert GiveRest(winner) in match.legal_actions(winner)
    match.apply(winner, GiveRest(winner))
    assert not any(zone.cards for zone in state.bids)
