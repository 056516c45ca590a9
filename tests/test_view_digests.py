"""Views are cached and built quickly; their JSON must not change for it."""

from __future__ import annotations

import json
import random

import pytest
from view_digests import EVENT_FIXTURE, FIXTURE, digest, event_digest

import tablecards
from tablecards import Match

CASES = sorted(json.loads(FIXTURE.read_text()).items())


@pytest.mark.parametrize(("key", "expected"), CASES, ids=[key for key, _ in CASES])
def test_views_are_unchanged_on_seeded_matches(key: str, expected: str) -> None:
    """Every seat's and a spectator's view after every action matches the recorded digest
    (recorded from the engine before views were cached)."""
    name, players, seed = key.split("/")
    if name not in tablecards.registry().games:
        pytest.skip(f"{name} is not installed")  # the fixture covers every shipped game
    assert digest(name, int(players), int(seed)) == expected


EVENT_CASES = sorted(json.loads(EVENT_FIXTURE.read_text()).items())


@pytest.mark.parametrize(("key", "expected"), EVENT_CASES, ids=[key for key, _ in EVENT_CASES])
def test_event_streams_are_unchanged_on_seeded_matches(key: str, expected: str) -> None:
    """Every seat's and a spectator's events, as an observer records them and as
    ``events_for`` gives them (after every action, and all at once after a late first call),
    match the digest recorded before events were built more cheaply: same events, same order,
    same redaction per seat."""
    name, players, seed = key.split("/")
    if name not in tablecards.registry().games:
        pytest.skip(f"{name} is not installed")  # the fixture covers every shipped game
    assert event_digest(name, int(players), int(seed)) == expected


def _containers(value: object) -> list[object]:
    """Every dict and list inside ``value`` (itself included)."""
    if isinstance(value, dict):
        return [value, *(inner for item in value.values() for inner in _containers(item))]
    if isinstance(value, list):
        return [value, *(inner for item in value for inner in _containers(item))]
    return []


@pytest.mark.parametrize("name", sorted(tablecards.registry().games))
def test_each_view_is_the_callers_own_data(name: str) -> None:
    """Views cache what does not change, yet no dict or list of one view is part of another:
    a caller who changes (here: empties) a view does not change what the next call returns."""
    game = tablecards.load_game(name)
    match = Match(game, game.default_players, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        if match.is_over:
            break
        for seat in (None, *range(match.players)):
            first = match.view(seat)
            expected = json.dumps(first, sort_keys=True)
            for container in _containers(first):
                assert isinstance(container, (dict, list))
                container.clear()
            second = match.view(seat)
            assert json.dumps(second, sort_keys=True) == expected
            again = match.view(seat)
            assert not {id(c) for c in _containers(second)} & {id(c) for c in _containers(again)}
        actor = match.waiting_for[rng.randrange(len(match.waiting_for))]
        legal = match.legal_actions(actor)
        match.apply(actor, legal[rng.randrange(len(legal))])
