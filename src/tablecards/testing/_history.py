"""What an embedder relies on beyond the rules: the view's engine keys, each seat's log and
events (no leaks there either), and the defaults a real-time table applies."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from tablecards import Action, Event, EventRecorder, Game, Match, State, action_to_json
from tablecards.core._errors import show
from tablecards.core._events import _NOT_IN_JSON
from tablecards.core._serial import dumps
from tablecards.core._simultaneous import play
from tablecards.testing._failure import ConformanceFailure, Where

__all__ = ["check_defaults", "check_events_for", "check_redaction", "check_view_keys"]


def _is_seat(value: object, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def check_view_keys(view: dict[str, Any], players: int, seat: int | None, where: Where) -> None:
    """The engine's keys of a view hold what :func:`tablecards.view_schema` says.

    A game that shadows one of them (``"over": "banana"``) fails here, even when it builds its
    view by hand instead of through :meth:`Game.view_extra`.
    """
    problems = []
    if type(view.get("game")) is not str:
        problems.append(f"'game' is {show(view.get('game'))}, not the game's name")
    if view.get("seat") != seat or type(view.get("seat")) is bool:
        problems.append(f"'seat' is {show(view.get('seat'))}, not {seat}")
    if view.get("players") != players or type(view.get("players")) is not int:
        problems.append(f"'players' is {show(view.get('players'))}, not {players}")
    to_act = view.get("to_act")
    if type(to_act) is not list or not all(_is_seat(s, players) for s in to_act):
        problems.append(f"'to_act' is {show(to_act)}, not a list of seats")
    if type(view.get("over")) is not bool:
        problems.append(f"'over' is {show(view.get('over'))}, not true or false")
    if type(view.get("moves")) is not int or view["moves"] < 0:
        problems.append(f"'moves' is {show(view.get('moves'))}, not a number of actions")
    zones = view.get("zones")
    if type(zones) is not dict:
        problems.append(f"'zones' is {show(zones)}, not an object of zones by name")
    else:
        for name, zone in zones.items():
            if not _zone_fits(zone, players):
                problems.append(f"zone {name!r} is {show(zone)}, not {{count, owner?, cards?}}")
                break
    if problems:
        raise ConformanceFailure(
            "views",
            where,
            f"the view of {_who(seat)} does not follow the view schema (tablecards."
            f"view_schema): {'; '.join(problems)}",
        )


def _zone_fits(zone: object, players: int) -> bool:
    if type(zone) is not dict or not set(zone) <= {"count", "owner", "cards"}:
        return False
    if "owner" in zone and not _is_seat(zone["owner"], players):
        return False
    count = zone.get("count")
    if type(count) is not int or count < 0:
        return False
    cards = zone.get("cards", [])
    return type(cards) is list and all(
        type(card) is dict and type(card.get("id")) is int for card in cards
    )


def check_redaction(
    game: Game[Any], state: State, actor: int, rng: random.Random, where: Where, choices: int = 6
) -> None:
    """The log must not tell a seat apart two choices that nothing else it sees does.

    Some of ``actor``'s legal actions are applied to copies of the state. For a watcher (a
    random other seat, and a spectator), choices after which it sees the same events and the
    same view must read the same in its log (:meth:`Game.redact_action`): otherwise the log
    tells it what the game hides (the value of a card given face down).
    """
    legal = list(game.legal_actions(state, actor))
    if len(legal) < 2:
        return
    tried = rng.sample(legal, min(choices, len(legal)))
    others = [seat for seat in range(state.players) if seat != actor]
    watchers: list[int | None] = [rng.choice(others), None] if others else [None]
    outcomes = [_outcome(game, state, actor, action, where) for action in tried]
    for watcher in watchers:
        seen: dict[str, tuple[Action, str]] = {}
        for action, after in zip(tried, outcomes, strict=True):
            observed = dumps(
                [
                    [e.to_json() for e in _seen(after, watcher)],
                    game.view(after, watcher),
                ]
            )
            # An answer to a moment everyone answers on their own that leaves it open is
            # hidden from the others (Match.log_for), whatever the game's redact_action says.
            hidden = bool(after.sealed) and watcher != actor
            redacted = None if hidden else game.redact_action(action, actor, watcher)
            logged = dumps(None if redacted is None else action_to_json(redacted))
            first = seen.setdefault(observed, (action, logged))
            if first[1] != logged:
                raise ConformanceFailure(
                    "leaks",
                    where,
                    f"{_who(watcher)} sees the same events and view whether seat {actor} plays "
                    f"{show(first[0])} or {show(action)}, but its log shows them apart "
                    f"({first[1]} and {logged}): Game.redact_action must hide what the game "
                    "hides",
                )


def _outcome(game: Game[Any], state: State, actor: int, action: Action, where: Where) -> State:
    after = state.clone()
    after.sink = []
    try:
        play(game, after, actor, action)
    except Exception as error:
        raise ConformanceFailure(
            "leaks",
            where,
            f"the rules failed applying the legal {show(action)} of seat {actor} to a copy of "
            f"the state: {type(error).__name__}: {error}",
        ) from error
    return after


def _seen(state: State, watcher: int | None) -> list[Any]:
    seen = (event.seen_by(watcher) for event in state.sink or ())
    return [event for event in seen if event is not None]


def check_events_for(match: Match, recorder: EventRecorder, where: Where) -> None:
    """:meth:`Match.events_for`, rebuilt by replaying the log, gives each seat exactly the
    events an observer recorded live, as that seat may see them."""
    written: dict[int, tuple[Event, dict[str, Any]]] = {}

    def to_json(event: Event) -> dict[str, Any]:
        # An event every seat sees is the same object for each of them: written once. The
        # event is kept with its JSON so that its id is not reused while the dict lives.
        known = written.get(id(event))
        if known is None:
            known = written[id(event)] = (event, event.to_json())
        return known[1]

    for watcher in (*range(match.players), None):
        seen = [e for e in (x.seen_by(watcher) for x in recorder.events) if e]
        again = [event for _, event in match.events_for(watcher)]
        if again == seen and all(_compared_whole(kind) for kind in {type(e) for e in seen}):
            continue  # equal events whose comparison covers their JSON: the same JSON
        live = [to_json(event) for event in seen]
        rebuilt = [to_json(event) for event in again]
        if rebuilt != live:
            raise ConformanceFailure(
                "leaks",
                where,
                f"the events {_who(watcher)} gets from events_for() differ from those recorded "
                "as the match was played: are events built from anything but the state?",
            )


def _compared_whole(cls: type[Event]) -> bool:
    """Whether equal events of ``cls`` write the same JSON: every field of its JSON takes
    part in its comparison (a field left out of both, as CardsMoved's owners, does not
    matter)."""
    if not attrs.has(cls):
        return False
    return all(field.eq for field in attrs.fields(cls) if not field.metadata.get(_NOT_IN_JSON))


def check_defaults(match: Match, legal: dict[int, Sequence[Action]], where: Where) -> None:
    """A declared default (:meth:`Game.default_action`) is one of the seat's legal actions."""
    for seat, actions in legal.items():
        default = match.default_action(seat)
        if default is not None and default not in actions:
            raise ConformanceFailure(
                "liveness",
                where,
                f"the default action of seat {seat}, {show(default)}, is not one of its legal "
                "actions: a real-time table closing this moment would fail",
            )


def _who(watcher: int | None) -> str:
    return "a spectator" if watcher is None else f"seat {watcher}"
