"""The match seed decides every hidden card: no bot can work it out from its own generator,
and no repr shows it. Matches and their observers are safe to create from several threads,
one game object serves matches in several threads, and nothing keeps a finished match's
observers alive."""

from __future__ import annotations

import gc
import importlib.metadata as metadata
import random
import re
import sys
import threading
import time
import types
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import pytest

import tablecards
from tablecards import Action, EventRecorder, Match, Registry, hookimpl, match_seed
from tablecards.search import _simulate as simulate_module


class SpyBot:
    """A bot that notes its generator's state before its first choice, then plays randomly."""

    seen: ClassVar[list[tuple[int, tuple[Any, ...]]]] = []

    def __init__(self, game: object = None, seat: int = 0) -> None:
        self.seat = seat
        self.noted = False

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        if not self.noted:
            SpyBot.seen.append((self.seat, rng.getstate()))
            self.noted = True
        return actions[rng.randrange(len(actions))]


def _candidates(seeds: list[int], players: int) -> set[tuple[Any, ...]]:
    """Generator states a bot could rebuild from guessed seeds, every way the engine derived
    them before (and the plain ones)."""
    states = set()
    for seed in seeds:
        texts: list[int | str] = [seed, str(seed)]
        texts += [f"{seed}/bot/{seat}" for seat in range(players)]
        for text in texts:
            states.add(random.Random(text).getstate())
    return states


def test_a_bot_given_the_match_seed_would_recover_it() -> None:
    """The attack works when a bot's generator derives from the match seed (the control)."""
    SpyBot.seen = []
    match = Match("hit", 3, seed=12)
    tablecards.play(match, [SpyBot(seat=seat) for seat in range(3)], seed=match.seed)
    assert SpyBot.seen and all(state in _candidates([12], 3) for _, state in SpyBot.seen)


def test_a_bot_cannot_recover_the_seed_from_its_generator_in_a_simulation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bot registered through the public registry sees a generator that no seed derived
    from the simulation's seed reproduces."""
    plugin = types.ModuleType("spy_bot_plugin")

    @hookimpl
    def tablecards_register_bots(register: Callable[..., None]) -> None:
        register("spy", SpyBot, description="notes its generator")

    plugin.tablecards_register_bots = tablecards_register_bots  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spy_bot_plugin", plugin)
    real = metadata.entry_points
    spy = metadata.EntryPoint("spy", "spy_bot_plugin", "tablecards")
    monkeypatch.setattr(metadata, "entry_points", lambda *, group: [*real(group=group), spy])
    registry = Registry.from_plugin_manager(tablecards.plugin_manager())
    monkeypatch.setattr(simulate_module, "registry", lambda: registry)
    SpyBot.seen = []
    games, seed = 30, 1
    report = tablecards.simulate("hit", bots=["spy", "spy", "spy"], games=games, seed=seed)
    assert len(SpyBot.seen) == 3 * games
    guesses = [seed, *(match_seed(seed, index) for index in range(games))]
    candidates = _candidates(guesses, 3)
    assert not any(state in candidates for _, state in SpyBot.seen)
    assert report.bot_seed != seed  # recorded, so the simulation can be reproduced
    SpyBot.seen = []
    again = tablecards.simulate(
        "hit", bots=["spy", "spy", "spy"], games=games, seed=seed, bot_seed=report.bot_seed
    )
    assert again == report


def test_play_without_a_seed_draws_a_fresh_one() -> None:
    SpyBot.seen = []
    for _ in range(2):
        tablecards.play(Match("hit", 2, seed=3), [SpyBot(seat=0), SpyBot(seat=1)])
    first, second = SpyBot.seen[0][1], SpyBot.seen[2][1]
    assert first != second


# -- threads and observers ------------------------------------------------------------------


class Counter:
    """An observer counting the actions it saw."""

    def __init__(self) -> None:
        self.count = 0

    @hookimpl
    def tablecards_action_applied(self, match: Match, seat: int, action: Action) -> None:
        self.count += 1


def test_creating_matches_with_observers_from_four_threads_raises_nothing(
    request: pytest.FixtureRequest,
) -> None:
    """Four threads create matches with shared and fresh observers at once, for 5 seconds
    (``--tablecards-thread-seconds 30`` for the issue's full check).

    The observer cache had no lock: a group looked up by one thread could be evicted by
    another before it was marked as used, a bare KeyError (33 in 30 s in the report). Here
    the threads reuse more groups than such a cache holds and the interpreter switches
    threads a thousand times more often than by default, which shortens the wait for that
    race: run against the unlocked cache, this test failed in about half of its 5-second runs
    (it is a stress test, not a proof). The cache is now locked, so no run may fail.
    """
    shared: list[object] = [EventRecorder(), Counter()]
    errors: list[BaseException] = []
    created = [0] * 4
    stop_at = time.monotonic() + float(request.config.getoption("--tablecards-thread-seconds"))

    def work(index: int) -> None:
        rng = random.Random(index)
        # Groups this thread reuses: with the other threads' ones, more than a small cache
        # holds, so reused groups keep being evicted while others look them up.
        own: list[list[object]] = [[Counter()] for _ in range(3)]
        try:
            while time.monotonic() < stop_at:
                fresh: list[object] = [Counter()] if rng.random() < 0.3 else []
                group = rng.choice([shared, *own]) + fresh
                match = Match("hit", 3, seed=rng.randrange(1000), observers=group)
                if created[index] % 10 == 0:
                    seat = match.to_act[0]
                    match.apply(seat, match.legal_actions(seat)[0])
                created[index] += 1
        except BaseException as error:  # every failure is the test's finding
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(interval / 1000)
    try:
        threads = [threading.Thread(target=work, args=(index,)) for index in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert all(count > 10 for count in created)


def test_one_game_object_serves_matches_in_several_threads_at_once() -> None:
    """Four threads play matches of one shared game object at once, each match in one thread:
    every match ends exactly as the same seed played alone (docs/embedding: thread safety)."""
    game = tablecards.load_game("hit")

    def play_out(seed: int) -> str:
        match = Match(game, 3, seed=seed)
        while not match.is_over:
            seat = match.to_act[0]
            actions = match.legal_actions(seat)
            match.apply(seat, actions[(seed + len(match.log)) % len(actions)])
        return match.to_json()

    alone = {seed: play_out(seed) for seed in range(40)}
    together: dict[int, str] = {}
    errors: list[BaseException] = []

    def work(index: int) -> None:
        try:
            for seed in range(index, 40, 4):
                together[seed] = play_out(seed)
        except BaseException as error:  # every failure is the test's finding
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(interval / 1000)
    try:
        threads = [threading.Thread(target=work, args=(index,)) for index in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert together == alone


def test_a_finished_match_does_not_keep_its_observers_alive() -> None:
    recorder = EventRecorder()
    watched = weakref.ref(recorder)
    match = Match("hit", 3, seed=1, observers=[recorder, Counter()])
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    assert recorder.events
    del match, recorder
    gc.collect()
    assert watched() is None


def test_observers_reused_by_live_matches_are_still_registered_once() -> None:
    recorder = EventRecorder()
    one = Match("hit", 3, seed=1, observers=[recorder])
    two = Match("hit", 3, seed=2, observers=[recorder])
    # The second match shares the first one's hooks instead of registering again.
    assert one._hooks is two._hooks


# -- reprs: no seed, readable bots ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(tablecards.available_games()))
def test_no_repr_of_a_match_or_its_state_shows_the_seed(name: str) -> None:
    # The seed decides every hidden card; reprs end up in logs, tracebacks and debuggers.
    seed = 7_391_046_218_553_901_337
    match = Match(name, seed=seed)
    for _ in range(5):
        if match.is_over:
            break
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])
    for shown in (repr(match), str(match), repr(match.state), repr(match.state.rng)):
        assert str(seed) not in shown
        assert hex(seed)[2:] not in shown
    assert repr(match.state.rng).startswith("MatchRandom(draws=")
    assert match.seed == seed  # still readable on purpose, and saved


@pytest.mark.parametrize("name", sorted(tablecards.available_games()))
def test_every_registered_bot_has_a_readable_repr(name: str) -> None:
    game = tablecards.load_game(name)
    for bot_name in tablecards.registry().bot_names(name):
        bot = tablecards.registry().bot(name, bot_name).factory(game, 1)
        assert " object at 0x" not in repr(bot)
        assert re.fullmatch(r"[A-Z]\w*\(seat=1(, \w+=[^,]+)*\)", repr(bot)), repr(bot)


def test_a_bot_repr_shows_its_options() -> None:
    assert repr(tablecards.RandomBot(seat=2)) == "RandomBot(seat=2)"
    bot = tablecards.IsmctsBot(seat=0, iterations=50, paired=True)
    assert repr(bot) == "IsmctsBot(seat=0, iterations=50, paired=True)"
