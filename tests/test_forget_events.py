"""Match.forget_events: a host of many idle matches drops the events events_for recorded."""

from __future__ import annotations

import random

from tablecards import EventRecorder, Match


def played(observers: list[object] | None = None) -> Match:
    match = Match("hit", players=3, seed=4, observers=observers or [])
    rng = random.Random(4)
    for _ in range(20):
        seat = match.to_act[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def test_forgotten_events_come_back_the_same_from_the_log() -> None:
    match = played()
    first = match.events_for(1)
    match.forget_events()
    assert match.state.sink is None  # nothing is recorded any more
    seat = match.to_act[0]
    match.apply(seat, match.legal_actions(seat)[0])
    again = match.events_for(1)
    assert again[: len(first)] == first and len(again) > len(first)


def test_observers_still_receive_every_event_after_forgetting() -> None:
    recorder = EventRecorder()
    match = played([recorder])
    match.events_for(None)
    match.forget_events()
    before = len(recorder.events)
    seat = match.to_act[0]
    match.apply(seat, match.legal_actions(seat)[0])
    assert len(recorder.events) > before
    assert match.events_for(None)[-1][1] == recorder.events[-1].seen_by(None)
