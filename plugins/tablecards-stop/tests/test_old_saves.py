"""Saves written by Stop 0.1.0, before STOP-13's passes could be taken back (the files in
``saves/``, written by ``saves/make_v0_1_0_saves.py`` with that version).

A 0.1.0 save loads when its log is still legal and reaches the same position; one made during
an auction after someone passed is refused: the same log now lets the seats that passed play
again, which 0.1.0 forbade, so it would continue as another match.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablecards import Match, SaveError, SaveWarning, action_from_json, snapshot
from tablecards_stop import Stop, StopState

SAVES = Path(__file__).parent / "saves"


def saved(name: str) -> str:
    return (SAVES / f"stop-0.1.0-{name}.json").read_text()


def data_of(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(saved(name))
    assert data["game"] == "stop" and data["game_version"] == "0.1.0"
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
    """STOP-13: the log replays under 0.2.0 and reaches the saved position, passes empty."""
    data = data_of(name)
    with pytest.warns(SaveWarning, match="version '0.1.0' of stop"):
        match = Match.from_json(saved(name))
    assert match.moves == len(data["log"])
    state = match.state
    assert isinstance(state, StopState) and state.passed == ()
    assert {**data["state"], "passed": []} == snapshot(state)
    again = json.loads(match.to_json())
    assert again["game_version"] == Stop.version == "0.2.0"
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
    assert "Stop 0.1.0" in message and "Stop 0.2.0" in message and "STOP-13" in message
    # Why: the same log, played by 0.2.0, gives the seats that passed a say again.
    match = apply_log(data)
    assert data["state"]["phase"] == "auction"
    assert set(data["state"]["to_act"]) < set(match.to_act)
    assert match.view(None)["passed"] == sorted(set(match.to_act) - set(data["state"]["to_act"]))


def test_stop_13_a_tampered_0_1_0_save_is_still_refused() -> None:
    data = data_of("draw_phase")
    data["state"]["tokens"][0] += 1
    with pytest.raises(SaveError, match="saved with 0.1.0, installed 0.2.0"):
        Match.from_json(json.dumps(data))
    data = data_of("auction_before_any_pass")
    del data["state"]["hands"]
    with pytest.raises(SaveError, match="cannot read the state saved by stop 0.1.0"):
        Match.from_json(json.dumps(data))
