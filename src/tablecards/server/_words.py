"""Events, plays and cards in words, for the page's log.

The game's own words come first where it declares them (``Game.describe_event``,
``Game.describe_play``, ``Game.card_label``); otherwise a generic text that never shows zone
ids. This is the only module that turns engine data into sentences.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Action, Event, Game

__all__ = ["card_labels", "event_text", "play_text"]

_SPLIT_WORDS = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def play_text(game: Game[Any], actor: int, action: Action | None, names: Sequence[str]) -> str:
    """One line of the log: who played what, as the reader may know it (``None``: hidden)."""
    describe = getattr(game, "describe_play", None)
    if describe is not None:
        return str(describe(actor, action, names))
    if action is None:
        return f"{names[actor]} plays something you cannot see"
    return f"{names[actor]}: {game.describe(action)}"


def event_text(game: Game[Any], event: Event, seat: int | None, names: Sequence[str]) -> str | None:
    """One event as ``seat`` sees it, in words; ``None`` when there is nothing worth saying."""
    describe = getattr(game, "describe_event", None)
    if describe is not None:
        text = describe(event, seat, names)
        return None if text is None else str(text)
    return _generic(game, event.to_json(), names)


def _generic(game: Game[Any], data: Mapping[str, Any], names: Sequence[str]) -> str | None:
    kind = data.get("event")
    if kind == "CardsMoved":
        what = _cards(game, data.get("cards") or []) or _count(int(data.get("count", 0)))
        return f"{what}: {zone_words(data['src'], names)} → {zone_words(data['dst'], names)}"
    if kind == "Shuffled":
        return f"{zone_words(data['zone'], names)} shuffled"
    if kind == "TurnStarted":
        return f"{_whose(_name(names, data['seat']))} turn"
    if kind == "RoundEnded":
        scores = ", ".join(
            f"{_name(names, seat)} {score}" for seat, score in enumerate(data["scores"])
        )
        return f"Round {data['round']} ends: {scores}"
    words = _SPLIT_WORDS.sub(" ", str(kind)).lower().capitalize()
    details = ", ".join(
        f"{key} {_value(value, names, key)}"
        for key, value in data.items()
        if key != "event" and not key.endswith("id")
    )
    return f"{words}: {details}" if details else words


def zone_words(zone: str, names: Sequence[str]) -> str:
    """``"hand:2"`` -> ``"Cleo's hand"``; ``"deck"`` -> ``"deck"``."""
    base, sep, owner = zone.partition(":")
    if sep and owner.isdigit():
        return f"{_whose(_name(names, int(owner)))} {base}"
    return base


def _name(names: Sequence[str], seat: object) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _whose(name: str) -> str:
    return "your" if name == "You" else f"{name}'s"


def _value(value: Any, names: Sequence[str], key: str) -> str:
    if key == "seat":
        return _name(names, value)
    if isinstance(value, list):
        return "[" + ", ".join(str(item) for item in value) + "]"
    return str(value)


def _count(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _cards(game: Game[Any], cards: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(game.card_label(card) for card in cards)


def card_labels(game: Game[Any], view: Mapping[str, Any]) -> dict[str, str]:
    """The game's label of every card the view shows, by card id."""
    labels: dict[str, str] = {}
    for zone in view.get("zones", {}).values():
        for card in zone.get("cards", ()):
            labels[str(card.get("id"))] = game.card_label(card)
    return labels
