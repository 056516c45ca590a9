"""A game's extra view keys in words, for the generic scene.

The generic scene cannot know what a game's keys mean, so it says them plainly and never as
data: a key reads as words ("tokens_to_win" -> "Tokens to win"), a value as words (``None``
left out, ``true`` "yes", a card by its label, an object as "key value" pairs); a list with one
entry per seat goes to the seats' panels (a counter each, or a badge for a ``true``). Whether a
lone number is a seat cannot be known, so it stays a number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards.core._describe import words_of
from tablecards.core._game import Game
from tablecards.table._faces import card_text

__all__ = ["label_of", "per_seat", "value_words"]


def label_of(key: str) -> str:
    """A key as a label: ``"tokens_to_win"`` -> "Tokens to win"."""
    words = words_of(key)
    return words[:1].upper() + words[1:]


def value_words(game: Game[Any], value: Any) -> str | None:
    """``value`` as words for players; ``None`` when there is nothing to say (null, empty)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return words_of(value) if "_" in value else value
    if isinstance(value, (int, float)):
        return _number(value)
    if isinstance(value, Mapping):
        if "id" in value and isinstance(value["id"], int):
            return card_text(game, value)
        parts = []
        for key, item in value.items():
            text = value_words(game, item)
            if text is not None:
                parts.append(f"{words_of(str(key))} {text}")
        return ", ".join(parts) or None
    if isinstance(value, (list, tuple)):
        items = [text for item in value if (text := value_words(game, item)) is not None]
        return ", ".join(items) or "none"
    return words_of(str(value))


def _number(value: float) -> str:
    if isinstance(value, int) and value < 0:
        return f"\N{MINUS SIGN}{-value}"
    return str(value)


def per_seat(value: Any, players: int) -> Sequence[Any] | None:
    """``value`` as one entry per seat when it is a list of exactly ``players`` entries."""
    if isinstance(value, list) and len(value) == players and players > 1:
        return value
    return None
