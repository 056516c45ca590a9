"""Digests of the views and event streams of seeded random matches: ``uv run python
tests/view_digests.py`` rewrites ``tests/data/view_digests.json`` and
``tests/data/event_digests.json`` (only when a view's layout or a game's events change on
purpose)."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path

import tablecards
from tablecards import Match

FIXTURE = Path(__file__).with_name("data") / "view_digests.json"
EVENT_FIXTURE = Path(__file__).with_name("data") / "event_digests.json"
SEEDS = (0, 1, 2)


def digest(name: str, players: int, seed: int) -> str:
    """SHA-256 of every seat's and a spectator's view JSON after every action of one match."""
    match = Match(tablecards.load_game(name), players, seed)
    rng = random.Random(seed)
    hasher = hashlib.sha256()

    def views() -> None:
        for seat in (None, *range(players)):
            hasher.update(json.dumps(match.view(seat), sort_keys=True).encode())

    views()
    while not match.is_over:
        seat = match.waiting_for[rng.randrange(len(match.waiting_for))]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
        views()
    return hasher.hexdigest()


def event_digest(name: str, players: int, seed: int) -> str:
    """SHA-256 of every seat's and a spectator's event stream in one match, read three ways:
    as an observer recorded it, from ``events_for(seat, since)`` after every action, and from
    ``events_for(seat)`` of a match that recorded no events until asked at the end."""
    recorder = tablecards.EventRecorder()
    match = Match(tablecards.load_game(name), players, seed, observers=[recorder])
    asked = Match(tablecards.load_game(name), players, seed)
    late = Match(tablecards.load_game(name), players, seed)
    seats = (None, *range(players))
    rng = random.Random(seed)
    hasher = hashlib.sha256()

    def update(data: object) -> None:
        hasher.update(json.dumps(data, sort_keys=True).encode())

    def ask(since: int) -> None:
        for seat in seats:
            update([[move, event.to_json()] for move, event in asked.events_for(seat, since)])

    ask(0)
    while not match.is_over:
        seat = match.waiting_for[rng.randrange(len(match.waiting_for))]
        legal = match.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        for each in (match, asked, late):
            each.apply(seat, action)
        ask(match.moves)
    for seat in seats:
        update(recorder.stream(seat))
        update([[move, event.to_json()] for move, event in late.events_for(seat)])
    return hasher.hexdigest()


def all_digests(digest: Callable[[str, int, int], str] = digest) -> dict[str, str]:
    """The digest of every installed game, player count and seed."""
    out = {}
    registry = tablecards.registry()
    for name in sorted(registry.games):
        game = registry.load_game(name)
        for players in range(game.min_players, game.max_players + 1):
            for seed in SEEDS:
                out[f"{name}/{players}/{seed}"] = digest(name, players, seed)
    return out


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(all_digests(), indent=1, sort_keys=True) + "\n")
    EVENT_FIXTURE.write_text(json.dumps(all_digests(event_digest), indent=1, sort_keys=True) + "\n")
