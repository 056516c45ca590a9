"""Every public exception travels: pickled (to a worker process and back) it is the same error.

An error raised in a worker of :func:`tablecards.simulate` or on a Dask cluster reaches the
caller by pickle. Every exception class that a public module exports is found by walking the
modules' ``__all__``, so a new one is covered as soon as it is exported (and fails here until
it has a sample below).
"""

from __future__ import annotations

import multiprocessing
import pickle
import types
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest
import travel

import tablecards
import tablecards.rl
import tablecards.server
import tablecards.testing
from tablecards.testing import Where

MODULES: tuple[types.ModuleType, ...] = (
    tablecards,
    tablecards.rl,
    tablecards.server,
    tablecards.testing,
)

PUBLIC = sorted(
    {
        value
        for module in MODULES
        for name in module.__all__
        if isinstance(value := getattr(module, name), type) and issubclass(value, BaseException)
    },
    key=lambda cls: f"{cls.__module__}.{cls.__qualname__}",
)

HIT = tablecards.load_game("hit")
DRAW = tablecards.Match(HIT, players=3, seed=1).legal_actions(0)[0]

#: One instance of each public exception, with every field set (a value other than a default).
SAMPLES: dict[str, BaseException] = {
    "BotError": tablecards.BotError("nowhere:mine", "module 'nowhere' does not import"),
    "CatalogueError": tablecards.CatalogueError("hit", "'fly' is not in the action catalogue"),
    "IllegalAction": tablecards.IllegalAction(0, DRAW, "the deck is empty", rule="HIT-04"),
    "MalformedAction": tablecards.MalformedAction("unknown action type 'Fly'"),
    "MatchOver": tablecards.MatchOver("seat 0 cannot play EndTurn(): the match is over"),
    "MoveNumberError": tablecards.MoveNumberError(-1, "since must be a move number"),
    "NotYourTurn": tablecards.NotYourTurn(1, DRAW, [0, 2], reason="red token", rule="STOP-05"),
    "PlayerCountError": tablecards.PlayerCountError("hit", 9, "Hit! is played by 2 to 6"),
    "PluginError": tablecards.PluginError("game name 'hit' registered twice"),
    "RulesError": tablecards.RulesError("hit failed applying DrawAgain() for seat 0"),
    "SaveError": tablecards.SaveError("not a saved match"),
    "SaveWarning": tablecards.SaveWarning("saved by tablecards-hit 0.0.9"),
    "SeedError": tablecards.SeedError("hit", "7", "seed must be an int"),
    "TablecardsError": tablecards.TablecardsError("something went wrong"),
    "UnknownBot": tablecards.UnknownBot("hit", "genius", ["random", "heuristic"]),
    "UnknownGame": tablecards.UnknownGame("chess", ["hit", "stop"], broken=["poker"]),
    "UnknownOption": tablecards.UnknownOption("hit", "bad option", {"rounds": None}),
    "UnknownSeat": tablecards.UnknownSeat(True, 3, spectator=True),
    "UnknownZone": tablecards.rl.UnknownZone("no zone 'attic'"),
    "ServeError": tablecards.server.ServeError("port 80 is taken"),
    "StoreError": tablecards.server.StoreError("the store is gone"),
    "ConformanceFailure": tablecards.testing.ConformanceFailure(
        "views",
        Where(game="hit", players=3, seed=1, index=1, seat=0, action=DRAW, log=((0, DRAW),)),
        "seat 1 saw a hidden card",
    ),
}


def same_error(one: BaseException, other: BaseException) -> None:
    assert type(other) is type(one)
    assert str(other) == str(one)
    assert other.args == one.args
    assert vars(other) == vars(one)


def test_every_public_exception_has_a_sample() -> None:
    assert {cls.__name__ for cls in PUBLIC} == set(SAMPLES)
    for cls in PUBLIC:
        assert type(SAMPLES[cls.__name__]) is cls


@pytest.mark.parametrize("cls", PUBLIC, ids=lambda cls: cls.__name__)
def test_a_public_exception_pickles_to_an_equal_one(cls: type[BaseException]) -> None:
    error = SAMPLES[cls.__name__]
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        same_error(error, pickle.loads(pickle.dumps(error, protocol)))


def test_a_message_is_not_doubled_by_a_round_trip() -> None:
    error = tablecards.MalformedAction("not JSON")
    again = pickle.loads(pickle.dumps(pickle.loads(pickle.dumps(error))))
    assert str(again) == "malformed action: not JSON"


@pytest.fixture(scope="module")
def worker() -> Iterator[ProcessPoolExecutor]:
    # spawn: a fresh interpreter that imports everything itself, as on another machine.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        yield pool


@pytest.mark.slow
@pytest.mark.parametrize("cls", PUBLIC, ids=lambda cls: cls.__name__)
def test_a_public_exception_raised_in_a_worker_reaches_the_caller_intact(
    cls: type[BaseException], worker: ProcessPoolExecutor
) -> None:
    error = SAMPLES[cls.__name__]
    with pytest.raises(cls) as raised:
        worker.submit(travel.raise_it, error).result(timeout=60)
    # The worker's traceback comes back as the cause; the error itself is as it was sent.
    same_error(error, raised.value)


def test_errors_the_engine_raises_travel_too() -> None:
    match = tablecards.Match("hit", players=3, seed=1)
    raised: list[BaseException] = []
    for attempt in (
        lambda: match.apply(1, DRAW),
        lambda: match.view(7),
        lambda: match.parse_action({"type": "Fly"}),
        lambda: tablecards.load_game("chess"),
        lambda: tablecards.registry().bot("hit", "genius"),
        lambda: tablecards.Match("hit", players=9),
        lambda: tablecards.Match("hit", players=3, seed="7"),  # type: ignore[arg-type]
        lambda: match.events_for(0, since=-1),
    ):
        with pytest.raises(tablecards.TablecardsError) as info:
            attempt()
        raised.append(info.value)
    assert [type(error).__name__ for error in raised] == [
        "NotYourTurn",
        "UnknownSeat",
        "MalformedAction",
        "UnknownGame",
        "UnknownBot",
        "PlayerCountError",
        "SeedError",
        "MoveNumberError",
    ]
    for error in raised:
        same_error(error, pickle.loads(pickle.dumps(error)))
