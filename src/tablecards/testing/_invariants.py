"""Checks of one moment of a match: structure, conservation of cards, liveness, plain views."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tablecards import Action, Card, Match, State
from tablecards.testing._failure import ConformanceFailure, Where

__all__ = ["card_count", "check_cards", "check_live", "check_plain", "check_structure"]


def card_count(state: State) -> int:
    """How many cards the zones hold (the cheap conservation check after every action)."""
    return sum(len(zone.cards) for zone in state.zones())


def check_structure(match: Match, where: Where) -> Counter[Card]:
    """Zone names unique, owners real seats, card ids unique; return the match's cards."""
    state = match.state
    names: set[str] = set()
    for zone in state.zones():
        if zone.name in names:
            raise ConformanceFailure("structure", where, f"two zones are named {zone.name!r}")
        names.add(zone.name)
        if zone.owner is not None and not 0 <= zone.owner < state.players:
            raise ConformanceFailure(
                "structure", where, f"zone {zone.name!r} belongs to seat {zone.owner}, not a seat"
            )
    cards = state.cards()
    ids = Counter(card.id for card in cards)
    shared = sorted(card_id for card_id, count in ids.items() if count > 1)
    if shared:
        raise ConformanceFailure(
            "structure", where, f"several cards share the ids {shared[:10]}: ids must be unique"
        )
    if state.players != match.players:
        raise ConformanceFailure(
            "structure", where, f"the state has {state.players} seats, the match {match.players}"
        )
    return Counter(cards)


def check_cards(state: State, expected: Counter[Card], where: Where) -> None:
    """Every card of the match is in exactly one zone, unchanged (the full conservation check)."""
    found = Counter(state.cards())
    if found == expected:
        return
    places: dict[Card, list[str]] = {}
    for zone in state.zones():
        for card in zone.cards:
            places.setdefault(card, []).append(zone.name)
    problems = []
    twice = [card for card, count in found.items() if count > 1]
    if twice:
        shown = "; ".join(f"{card!r} in {places[card]}" for card in twice[:5])
        problems.append(f"{len(twice)} card(s) in more than one place: {shown}")
    lost = list((expected - found).elements())
    if lost:
        problems.append(f"{len(lost)} card(s) vanished from every zone: {lost[:5]!r}")
    new = [card for card in (found - expected) if card not in twice]
    if new:
        problems.append(
            f"{len(new)} card(s) appeared or changed fields: {new[:5]!r} (cards are immutable)"
        )
    raise ConformanceFailure("conservation", where, "; ".join(problems))


def check_live(match: Match, where: Where) -> dict[int, Sequence[Action]]:
    """While the match is not over, every seat the moment waits for has a legal action.

    The seats waited for (:attr:`Match.waiting_for`) are part of ``to_act``; when the game
    names none, every seat in ``to_act`` is waited for. A seat that may act but is not waited
    for (a Stop seat that passed) may have no legal action.

    Returns the legal actions of each seat in ``to_act`` that has some.
    """
    state = match.state
    to_act = state.to_act
    if state.over:
        if to_act:
            raise ConformanceFailure(
                "liveness", where, f"the match is over but to_act is {to_act} (should be empty)"
            )
        return {}
    if match.is_over:  # truncated by the move limit
        return {}
    if not to_act:
        raise ConformanceFailure(
            "liveness", where, "to_act is empty but the match is not over: nobody can move"
        )
    if len(set(to_act)) != len(to_act) or not all(0 <= s < match.players for s in to_act):
        raise ConformanceFailure(
            "liveness", where, f"to_act {to_act} must list distinct seats of the match"
        )
    waiting = match.waiting_for
    if not set(waiting) <= set(to_act) or len(set(waiting)) != len(waiting):
        raise ConformanceFailure(
            "liveness",
            where,
            f"waiting_for {waiting} must list distinct seats of to_act {to_act}",
        )
    asked = waiting or to_act
    legal = {}
    for seat in to_act:
        actions = match.legal_actions(seat)
        if actions:
            legal[seat] = actions
        elif seat in asked:
            raise ConformanceFailure(
                "liveness",
                where,
                f"seat {seat} is in to_act {to_act}"
                + (f" and waited for {waiting}" if waiting else "")
                + " but has no legal action",
            )
    return legal


_SCALARS = (str, int, float, bool, type(None))


def check_plain(value: Any, where: Where, path: str, check: str = "views") -> None:
    """``value`` is plain JSON data (dicts, lists, strings, numbers): no game object inside.

    That is what keeps a bot from reaching the full state through its view.
    """
    try:
        # The fast path, in C: plain data survives a JSON round trip unchanged.
        if json.loads(json.dumps(value)) == value:
            return
    except (TypeError, ValueError):
        pass
    _check_plain(value, where, path, check)


def _check_plain(value: Any, where: Where, path: str, check: str) -> None:
    kind = type(value)
    if kind in _SCALARS:
        return
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str:
                raise ConformanceFailure(
                    check, where, f"{path} has a key {key!r} that is not a string"
                )
            _check_plain(item, where, f"{path}[{key!r}]", check)
        return
    if kind is list or kind is tuple:
        for number, item in enumerate(value):
            _check_plain(item, where, f"{path}[{number}]", check)
        return
    raise ConformanceFailure(
        check,
        where,
        f"{path} holds a {kind.__module__}.{kind.__qualname__} object: a view must be plain "
        "JSON data (dicts, lists, strings, numbers), or a bot can reach the game's state "
        "through it",
    )
