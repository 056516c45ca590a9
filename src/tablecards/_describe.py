"""The generic words for events and actions, used when a game gives none of its own.

They never show a zone's id (``row:0``, ``hand:2``): a zone reads as its kind ("a hand", "the
deck"), since only the game knows whose a numbered zone is. Games say it better by overriding
:meth:`tablecards.Game.describe_event` and :meth:`tablecards.Game.describe_play`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tablecards._events import CardsMoved, Event, RoundEnded, Shuffled, TurnStarted
from tablecards.words import count, listing, says, whose

if TYPE_CHECKING:
    from tablecards._actions import Action
    from tablecards._game import Game

__all__ = ["action_words", "event_words", "name_of", "typed_form", "zone_words"]

# Event fields that name a seat: their value reads as the seat's name.
_SEAT_FIELDS = frozenset({"seat", "player", "winner", "loser", "actor", "bidder", "to", "by"})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def name_of(names: Sequence[str], seat: object) -> str:
    """How seat ``seat`` is called: ``names[seat]``, else "seat N"."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def zone_words(zone: str, owner: int | None = None, names: Sequence[str] = ()) -> str:
    """A zone id as words without its number: ``"deck"`` -> "the deck", ``"hand:2"`` -> "a hand".

    When the zone is known to be ``owner``'s (``"hand:2"`` and ``owner == 2``), it reads as
    theirs: "Cleo's hand", "your hand".
    """
    kind, sep, rest = zone.partition(":")
    kind = kind.replace("_", " ")
    if sep and owner is not None and rest == str(owner) and 0 <= owner < len(names):
        return f"{whose(names[owner])} {kind}"
    return f"a {kind}" if sep else f"the {kind}"


def _owner(event: Event) -> int | None:
    # An event seen by one seat only moved cards into or out of that seat's own zone: the
    # only way the engine restricts a card move is a zone only its owner sees.
    if event.to is not None and len(event.to) == 1:
        return next(iter(event.to))
    return None


def event_words(game: Game[Any], event: Event, names: Sequence[str]) -> str | None:
    """The generic sentence for ``event`` (already as its reader may see it)."""
    if isinstance(event, CardsMoved):
        labels = ", ".join(game.card_label(card.to_json()) for card in event.cards)
        verb = "goes" if event.count == 1 else "go"
        owner = _owner(event)
        text = (
            f"{count(event.count, 'card')} {verb} from {zone_words(event.src, owner, names)} "
            f"to {zone_words(event.dst, owner, names)}"
        )
        return f"{text}: {labels}" if labels else text
    if isinstance(event, Shuffled):
        return f"{zone_words(event.zone)} is shuffled"
    if isinstance(event, TurnStarted):
        return f"{whose(name_of(names, event.seat))} turn"
    if isinstance(event, RoundEnded):
        scores = ", ".join(
            f"{name_of(names, seat)} {score}" for seat, score in enumerate(event.scores)
        )
        return f"round {event.round} ends: {scores}"
    return _any_event(game, event, names)


def _any_event(game: Game[Any], event: Event, names: Sequence[str]) -> str:
    title = _CAMEL.sub(" ", type(event).__name__).lower()
    data = event.to_json()
    parts = [
        f"{key.replace('_', ' ')} {_field_text(game, key, value, names)}"
        for key, value in data.items()
        if key != "event"
    ]
    return f"{title}: {', '.join(parts)}" if parts else title


def _field_text(game: Game[Any], key: str, value: Any, names: Sequence[str]) -> str:
    if key in _SEAT_FIELDS or key.endswith("seats"):
        if isinstance(value, list):
            return listing(name_of(names, item) for item in value) or "nobody"
        return name_of(names, value)
    return _value_text(game, value)


def _value_text(game: Game[Any], value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_value_text(game, item) for item in value) or "none"
    if isinstance(value, Mapping):
        if "id" in value:
            return game.card_label(value)
        return ", ".join(f"{k} {_value_text(game, v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def action_words(game: Game[Any], actor: int, action: Action | None, names: Sequence[str]) -> str:
    """The generic log line: "Ana: draw again", or a secret choice."""
    name = name_of(names, actor)
    if action is None:
        return f"{says(name, 'makes')} a secret choice"
    return f"{name}: {game.describe(action)}"


def typed_form(action: Action) -> str:
    """The action as a player types it: ``Raise bid=2 values=1 plus=0``, ``Steal``."""
    fields = " ".join(
        f"{field.name}={_typed_value(getattr(action, field.name))}"
        for field in attrs.fields(type(action))
    )
    name = type(action).__name__
    return f"{name} {fields}" if fields else name


def _typed_value(value: object) -> str:
    # A word stays bare when it cannot be read back as anything but itself ("green", not "2").
    if isinstance(value, str) and value and " " not in value:
        try:
            json.loads(value)
        except json.JSONDecodeError:
            return value
    return json.dumps(value, separators=(",", ":"))
