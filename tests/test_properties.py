"""Properties over seeded random matches of every game: actions round-trip through JSON,
views fit the published schema, and wrong-typed actions are refused without a trace."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest

import tablecards
from tablecards import IllegalAction, Match, UnknownOption

GAMES = ["hit", "stop", "exhopp", "hattrick"]


def _seat_counts(game: tablecards.Game[Any]) -> list[int]:
    counts = []
    for players in range(game.min_players, game.max_players + 1):
        try:
            game.check_players(players)
        except UnknownOption:
            continue
        counts.append(players)
    return counts


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_of_1000_matches_round_trips_through_json(name: str) -> None:
    """``parse_action(action_json(a)) == a`` for every legal action of every seat that may
    act at every moment of 1,000 seeded random matches (each distinct action converted once:
    equal actions convert alike)."""
    game = tablecards.load_game(name)
    counts = _seat_counts(game)
    converted: set[tablecards.Action] = set()
    met = 0
    for seed in range(1000):
        match = Match(game, counts[seed % len(counts)], seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            to_act = match.to_act
            for seat in to_act:
                legal = match.legal_actions(seat)
                met += len(legal)
                for action in legal:
                    if action not in converted:
                        data = match.action_json(action)
                        assert match.parse_action(data) == action, data
                        converted.add(action)
            asked = match.waiting_for
            seat = asked[0] if len(asked) == 1 else rng.choice(asked)
            legal = match.legal_actions(seat)
            match.apply(seat, legal[rng.randrange(len(legal))])
    assert converted and met > 10_000


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_views_of_every_seat_and_the_spectator_fit_the_published_schema(
    name: str, request: pytest.FixtureRequest
) -> None:
    """Every view of every seat and the spectator, at every moment of seeded random matches
    (``--tablecards-schema-matches``, seat counts in turn), validates against
    :func:`tablecards.view_schema`. (The kit also checks the engine's keys of every view at its
    sampled moments of every match it plays.)"""
    game = tablecards.load_game(name)
    counts = _seat_counts(game)
    validator = jsonschema.Draft202012Validator(tablecards.view_schema())
    views = 0
    for seed in range(request.config.getoption("--tablecards-schema-matches")):
        players = counts[seed % len(counts)]
        match = Match(game, players, seed=seed)
        rng = random.Random(seed)
        while True:
            for watcher in (*range(players), None):
                validator.validate(match.view(watcher))
                views += 1
            if match.is_over:
                break
            seat = rng.choice(match.waiting_for)
            legal = match.legal_actions(seat)
            match.apply(seat, legal[rng.randrange(len(legal))])
    assert views > 100


def _twins(value: object, players: int, seat_field: bool) -> list[object]:
    """Values of the wrong type (or not a seat) standing in for ``value``."""
    loop: list[object] = []
    loop.append(loop)  # a self-referential list: its refusal must not crash
    common: list[object] = [None, loop, 1.5, b"x", ("x",)]
    if isinstance(value, bool):
        return [*common, int(value), str(value)]
    if isinstance(value, int):
        twins = [*common, bool(value % 2), float(value), Decimal(value), Fraction(value)]
        twins += [str(value)]
        if seat_field:
            twins += [-1, players, -players - 1]
        return twins
    if isinstance(value, str):
        return [*common, 0, True, value.encode()]
    return [*common, 0, "x"]


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_every_wrong_typed_twin_of_a_legal_action_is_refused_and_changes_nothing(
    name: str,
) -> None:
    """Each field of legal actions swapped for a wrong-typed twin (``bool``, ``float``,
    ``Decimal``, ``Fraction``, ``str``, ``None``, a self-referential list, a seat out of
    range): always ``IllegalAction`` naming the field, and the match unchanged and savable."""
    from tablecards.core._fields import fields_of

    game = tablecards.load_game(name)
    refused = 0
    for players in _seat_counts(game):
        for seed in range(2):
            match = Match(game, players, seed=seed)
            rng = random.Random(seed)
            while not match.is_over:
                seat = rng.choice(match.waiting_for)
                legal = list(match.legal_actions(seat))
                before = match.to_json()
                for action in rng.sample(legal, min(3, len(legal))):
                    for field in fields_of(type(action)):
                        value = getattr(action, field.name)
                        for twin in _twins(value, players, field.seat):
                            bad = attrs.evolve(action, **{field.name: twin})
                            with pytest.raises(IllegalAction) as caught:
                                match.apply(seat, bad)
                            assert f"field {field.name!r}" in str(caught.value)
                            refused += 1
                assert match.to_json() == before
                match.apply(seat, legal[rng.randrange(len(legal))])
            assert Match.from_json(match.to_json()).to_json() == match.to_json()
    if name != "hit":  # Hit!'s actions have no fields
        assert refused > 100
