"""Loading saves: every malformed input is a SaveError saying what is wrong; honest loads."""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Callable
from typing import Any

import pytest

import tablecards
from tablecards import Match, SaveError, SaveWarning


def _saved(name: str = "stop", moves: int = 30, seed: int = 11) -> tuple[Match, dict[str, Any]]:
    match = Match(name, seed=seed)
    rng = random.Random(seed)
    while not match.is_over and match.moves < moves:
        seat = rng.choice(match.waiting_for)
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
    return match, json.loads(match.to_json())


def _edit(change: Callable[[dict[str, Any]], object]) -> str:
    _, data = _saved()
    change(data)
    return json.dumps(data)


def _set(key: str, value: object) -> Callable[[dict[str, Any]], object]:
    return lambda data: data.__setitem__(key, value)


def _huge_seed(data: dict[str, Any]) -> None:
    data["seed"] = data["state"]["rng"]["seed"] = 10**300


def _entry(index: int, value: object) -> Callable[[dict[str, Any]], object]:
    return lambda data: data["log"].__setitem__(index, value)


def _action(**fields: object) -> Callable[[dict[str, Any]], object]:
    return lambda data: data["log"][0][1].update(fields)


# Every malformed save, with words the refusal must contain (test_fast_loads.py loads them
# without verification too).
MALFORMED: list[tuple[Any, str]] = [
    ({"format": "tablecards.match/1"}, "expected JSON text (str or bytes), not dict"),
    (None, "expected JSON text (str or bytes), not NoneType"),
    (5, "not int"),
    ("[" * 100_000, "nested too deeply"),
    ('{"a":' * 100_000, "nested too deeply"),
    ('{"seed": 1' + "0" * 5000 + "}", "not a saved match"),
    ("[1, 2]", "expected a JSON object, found list"),
    (b'"\xff"', "not UTF-8"),
    ("", "invalid JSON"),
    (_huge_seed, "seed must be an int of at most 256 bits"),
    (_set("seed", "1"), "'seed' must be an integer, not a string '1'"),
    (_set("seed", True), "'seed' must be an integer, not true or false True"),
    (_set("players", 10**300), "played by 3 to 6 players, not <int of"),
    (_set("players", 3.0), "'players' must be an integer"),
    (_set("options", []), "'options' must be an object"),
    (_set("options", {"name": 1}), "unexpected keyword argument 'name'"),
    (_set("options", {"self": 1}), "unexpected keyword argument 'self'"),
    (_set("log", {}), "'log' must be a list"),
    (_set("truncated", "no"), "'truncated' must be true or false"),
    (_set("state", None), "'state' must be an object, not null"),
    (_set("extra", 1), "unknown fields: 'extra'"),
    (_set("game_class", 5), "'game_class' must be a string"),
    (_entry(0, [True, {"type": "Decline"}]), "True (bool) is not a seat"),
    (_entry(0, ["1", {"type": "Decline"}]), "'1' (str) is not a seat"),
    (_entry(0, [1.0, {"type": "Decline"}]), "1.0 (float) is not a seat"),
    (_entry(0, [-1, {"type": "Decline"}]), "-1 is not a seat"),
    (_entry(0, [0]), "expected a [seat, action] pair"),
    (_entry(0, "x"), "expected a [seat, action] pair"),
    (_entry(0, [0, {"type": "Decline"}, 1]), "expected a [seat, action] pair"),
    (_entry(0, [0, "Decline"]), "malformed action: not JSON"),
    (_entry(0, [0, {"type": "Nope"}]), "unknown action type 'Nope'"),
    (_entry(0, [0, []]), "an action is a JSON object"),
    (_set("log", [[0, {"type": "Bid", "value": True, "count": 1}]]), "Bid.value must be int"),
    (_set("log", [[0, {"type": "Bid", "value": 2.0, "count": 1}]]), "Bid.value must be int"),
]


@pytest.mark.parametrize(("text", "words"), MALFORMED)
def test_every_malformed_save_is_a_save_error_saying_what_is_wrong(text: Any, words: str) -> None:
    if callable(text):
        text = _edit(text)
    with pytest.raises(SaveError) as caught:
        Match.from_json(text)
    assert words in str(caught.value)


def test_bytes_load_and_the_seed_is_in_the_save() -> None:
    match, data = _saved()
    again = Match.from_json(match.to_json().encode())
    assert again.to_json() == match.to_json() and data["seed"] == match.seed == 11


def test_a_changed_seed_is_reported_as_a_changed_seed_not_another_version() -> None:
    text = _edit(_set("seed", 6))
    with pytest.raises(SaveError, match="the seed was changed") as caught:
        Match.from_json(text)
    assert "version" not in str(caught.value)


def test_an_altered_state_names_what_differs() -> None:
    def alter(data: dict[str, Any]) -> None:
        data["state"]["tokens"] = 99

    with pytest.raises(SaveError, match="does not match its replayed log.*'tokens'.*altered"):
        Match.from_json(_edit(alter))


def test_a_save_cannot_raise_or_lower_the_move_limit_silently() -> None:
    _, data = _saved()
    for limit in (10**9, len(data["log"]), 1):
        data["move_limit"] = limit
        with pytest.raises(SaveError, match=f"move limit of {limit}, not stop's own"):
            Match.from_json(json.dumps(data))
    # The log length plus "truncated" would turn an unfinished match into a finished one.
    data["move_limit"], data["truncated"] = len(data["log"]), True
    with pytest.raises(SaveError, match="move_limit="):
        Match.from_json(json.dumps(data))


def test_a_match_created_with_its_own_limit_loads_with_that_limit_given() -> None:
    short = Match("hit", 3, seed=2, move_limit=4)
    while not short.is_over:
        seat = short.to_act[0]
        short.apply(seat, short.legal_actions(seat)[0])
    text = short.to_json()
    assert Match.from_json(text, move_limit=4).result == short.result
    with pytest.raises(SaveError, match="move limit of 4, not the move_limit=5 given"):
        Match.from_json(text, move_limit=5)
    data = json.loads(text)
    data["truncated"] = False  # truncated must agree with the log
    with pytest.raises(SaveError, match="says truncated=false, but its log of 4 actions"):
        Match.from_json(json.dumps(data), move_limit=4)


def test_a_log_longer_than_the_limit_is_refused_before_replaying() -> None:
    def lengthen(data: dict[str, Any]) -> None:
        data["log"] = data["log"] * 1000

    with pytest.raises(SaveError, match="over the move limit"):
        Match.from_json(_edit(lengthen))


def test_another_version_that_replays_exactly_loads_with_a_warning() -> None:
    """The concepts page: a save of another version loads with a SaveWarning when its log
    replays to its snapshot, and is refused otherwise."""
    text = _edit(_set("game_version", "0.0.1"))
    with pytest.warns(SaveWarning, match="version '0.0.1' of stop"):
        Match.from_json(text)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SaveWarning)
        with pytest.raises(SaveWarning):
            Match.from_json(text)

    def alter(data: dict[str, Any]) -> None:
        data["game_version"] = "0.0.1"
        data["state"]["tokens"] = 99

    with pytest.raises(SaveError, match=r"saved with 0.0.1, installed 0.4.0\), whose rules"):
        Match.from_json(_edit(alter))


def test_an_arranged_game_refuses_to_reload_as_the_ordinary_game() -> None:
    from tablecards_hit import StackedHit

    game = StackedHit(draws=[1, 2, 3, 4, 5, 6])
    match = Match(game, 3, seed=1)
    seat = match.to_act[0]
    match.apply(seat, match.legal_actions(seat)[0])
    text = match.to_json()
    assert json.loads(text)["game_class"].endswith("StackedHit")
    with pytest.raises(SaveError, match=r"arranged in code.*Match.from_json\(text, game\)"):
        Match.from_json(text)
    assert Match.from_json(text, game).to_json() == text
    with pytest.raises(SaveError, match="not the arranged"):
        Match.from_json(Match("hit", 3, seed=1).to_json(), game)
    with pytest.raises(SaveError, match="pass the same arranged game"):
        Match.from_json(text, tablecards.load_game("hit"))


def test_a_different_legal_log_with_its_snapshot_loads() -> None:
    """Saves are checked for consistency, not authenticity (documented)."""
    one, _ = _saved(seed=5, moves=10)
    other, _ = _saved(seed=5, moves=20)
    assert Match.from_json(other.to_json()).moves == other.moves != one.moves
