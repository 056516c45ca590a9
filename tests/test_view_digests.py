"""Views are cached and built quickly; their JSON must not change for it."""

from __future__ import annotations

import json

import pytest
from view_digests import EVENT_FIXTURE, FIXTURE, digest, event_digest

import tablecards

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
