"""The generic words for events and actions, used when a game gives none of its own.

They never show a zone's id (``row:0``, ``hand:2``): a zone reads as its kind and its owner's
name ("Bob's hand", "your hand", "the deck"; a card movement carries both zones' owners); and
never a 0-based seat number: a seat reads as its name, else "player N" (counted from 1).
Games say it better by overriding :meth:`tablecards.Game.describe`,
:meth:`~tablecards.Game.describe_event` and :meth:`~tablecards.Game.describe_play`.
"""

from __future__ import annotations

import functools
import inspect
import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tablecards.core._events import CardsMoved, Event, RoundEnded, Shuffled, TurnStarted
from tablecards.core._fields import fields_of
from tablecards.core._simultaneous import Answered, Revealed
from tablecards.words import count, listing, player_name, says, whose

if TYPE_CHECKING:
    from tablecards.core._actions import Action
    from tablecards.core._game import Game

__all__ = [
    "action_text",
    "action_words",
    "event_words",
    "menu_text",
    "name_of",
    "typed_form",
    "words_of",
    "zone_words",
]

# Event fields that name a seat: their value reads as the seat's name.
_SEAT_FIELDS = frozenset({"seat", "player", "winner", "loser", "actor", "bidder", "to", "by"})
_WHO_FIELDS = frozenset({"seat", "player", "actor"})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def name_of(names: Sequence[str], seat: object) -> str:
    """How seat ``seat`` is called: ``names[seat]``, else "player N" (from 1); "nobody" for
    ``None``."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        if 0 <= seat < len(names):
            return names[seat]
        if seat >= 0:
            return player_name(seat)
    if seat is None:
        return "nobody"
    return words_of(str(seat))


@functools.lru_cache(maxsize=4096)
def words_of(key: str) -> str:
    """An identifier as words: ``"tokens_to_win"`` -> "tokens to win", ``"DrawAgain"`` ->
    "draw again"."""
    return _CAMEL.sub(" ", key).replace("_", " ").replace(":", " ").lower().strip()


def zone_words(zone: str, owner: int | None = None, names: Sequence[str] = ()) -> str:
    """A zone id as words without its number: ``"deck"`` -> "the deck", ``"hand:2"`` -> "a hand".

    A zone of ``owner`` reads as theirs, by the name ``names`` gives them: "Cleo's hand", "your
    hand" ("player 3's hand" when ``names`` is short).
    """
    kind, sep, _ = zone.partition(":")
    kind = kind.replace("_", " ")
    if owner is not None:
        return f"{whose(name_of(names, owner))} {kind}"
    return f"a {kind}" if sep else f"the {kind}"


def _owners(event: CardsMoved) -> tuple[int | None, int | None]:
    """The owners of the zones ``event`` moved cards between."""
    if event.src_owner is not None or event.dst_owner is not None:
        return event.src_owner, event.dst_owner
    # An event built without owners (by hand, or by a game's own code): a move seen by one
    # seat only went into or out of that seat's own zone (the only way the engine restricts a
    # card move is a zone only its owner sees), whose name ends with that seat's number.
    if event.to is None or len(event.to) != 1:
        return None, None
    (seat,) = event.to
    src, dst = (
        seat if zone.partition(":")[2] == str(seat) else None for zone in (event.src, event.dst)
    )
    return src, dst


def event_words(game: Game[Any], event: Event, names: Sequence[str]) -> str | None:
    """The generic sentence for ``event`` (already as its reader may see it)."""
    if isinstance(event, CardsMoved):
        labels = ", ".join(game.card_label(card.to_json()) for card in event.cards)
        verb = "goes" if event.count == 1 else "go"
        src_owner, dst_owner = _owners(event)
        text = (
            f"{count(event.count, 'card')} {verb} from {zone_words(event.src, src_owner, names)} "
            f"to {zone_words(event.dst, dst_owner, names)}"
        )
        return f"{text}: {labels}" if labels else text
    if isinstance(event, Shuffled):
        return f"{zone_words(event.zone)} is shuffled"
    if isinstance(event, TurnStarted):
        return f"{whose(name_of(names, event.seat))} turn"
    if isinstance(event, Answered):
        name = name_of(names, event.seat)
        if event.action is None:
            return f"{says(name, 'has')} chosen"
        return f"{says(name, 'chooses')} {menu_text(game, event.action, names)}"
    if isinstance(event, Revealed):
        shown = menu_text(game, event.action, names)
        return f"{whose(name_of(names, event.seat))} choice is revealed: {shown}"
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
        # A field that only says "who" reads as the name alone: "pile won: Ben, count 4".
        _field_text(game, key, value, names)
        if key in _WHO_FIELDS
        else f"{words_of(key)} {_field_text(game, key, value, names)}"
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
        return ", ".join(f"{words_of(str(k))} {_value_text(game, v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and "_" in value:
        return words_of(value)
    return "none" if value is None else str(value)


def action_words(game: Game[Any], actor: int, action: Action | None, names: Sequence[str]) -> str:
    """The generic log line: "Ana: draw again", or a secret choice."""
    name = name_of(names, actor)
    if action is None:
        return f"{says(name, 'makes')} a secret choice"
    return f"{name}: {menu_text(game, action, names)}"


def action_text(action: Action, names: Sequence[str] | None = None) -> str:
    """The generic menu text of an action: its type and fields in words, seats by name.

    ``Raise(bid=2, values=1)`` reads "raise (bid Cleo, values 1)" with names, "raise (bid
    player 3, values 1)" without; a field declared :data:`tablecards.Seat` is a seat.
    """
    title = words_of(type(action).__name__)
    parts = []
    for field in fields_of(type(action)):
        value = getattr(action, field.name)
        if field.seat and isinstance(value, int):
            shown = name_of(names or (), value)
        else:
            shown = _plain_value(value)
        parts.append(f"{words_of(field.name)} {shown}")
    return f"{title} ({', '.join(parts)})" if parts else title


def _plain_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain_value(item) for item in value) or "none"
    if isinstance(value, str):
        return words_of(value) if "_" in value else value
    return str(value)


def menu_text(game: Game[Any], action: Action, names: Sequence[str] | None) -> str:
    """``game.describe(action, names)``, or ``game.describe(action)`` for a game written
    before :meth:`~tablecards.Game.describe` took the players' names."""
    cls = type(game)
    takes = _TAKES_NAMES.get(cls)
    if takes is None:
        takes = _TAKES_NAMES[cls] = _takes_names(cls)
    if takes:
        return game.describe(action, names)
    old: Any = game.describe  # a describe(action) of an older plugin
    text = str(old(action))
    # Such a plugin said "seat N" (0-based, the engine's old words): say the seat's name.
    return _SEAT_NUMBER.sub(lambda found: name_of(names or (), int(found.group(1))), text)


_SEAT_NUMBER = re.compile(r"\bseat (\d+)")


# Per game class: whether its describe() takes the players' names.
_TAKES_NAMES: dict[type[Any], bool] = {}


def _takes_names(cls: type[Game[Any]]) -> bool:
    try:
        parameters = inspect.signature(cls.describe).parameters
    except (TypeError, ValueError):  # pragma: no cover - a builtin or odd callable
        return True
    return (
        "names" in parameters
        or any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters.values())
        or len(parameters) >= 3
    )


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
