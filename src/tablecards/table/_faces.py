"""Cards as a scene draws them: a big rank, a painted colour, a label in full words.

A card of a view is the game's JSON (``{"id": 3, "colour": "purple", "value": 7}``); its
*face* (:func:`face`) is what a renderer needs: ``rank`` "7", ``colour`` "purple" (a name of
the fixed :data:`PALETTE`, else ``None``), ``label`` "purple 7" (the colour is always in the
label too, for colour-blind players). Everything is read from the card's own fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tablecards.core._describe import words_of
from tablecards.core._game import Game

__all__ = ["PALETTE", "card_words", "face", "sort_cards"]

#: The colours a renderer paints; any other colour value stays words only.
PALETTE: Final = (
    "red",
    "orange",
    "yellow",
    "green",
    "blue",
    "purple",
    "black",
    "white",
    "grey",
    "brown",
    "pink",
)
_PALETTE_ORDER: Final = {name: index for index, name in enumerate(PALETTE)}
_COLOUR_FIELDS: Final = ("colour", "color", "suit")
_RANK_FIELDS: Final = ("rank", "value", "points", "number", "face")
_KIND_FIELDS: Final = ("kind", "type")
# Spellings a game may use for a palette colour.
_ALIASES: Final = {"gray": "grey", "violet": "purple"}


def _colour_of(card: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(the palette colour, the colour's word) of ``card``, from its colour field."""
    for key in _COLOUR_FIELDS:
        value = card.get(key)
        if isinstance(value, str) and value:
            word = words_of(value)
            return _ALIASES.get(word, word if word in _PALETTE_ORDER else None), word
    return None, None


def _rank_of(card: Mapping[str, Any]) -> str | None:
    for key in _RANK_FIELDS:
        value = card.get(key)
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int) and value < 0:
            return f"\N{MINUS SIGN}{-value}"
        if isinstance(value, (int, float, str)) and str(value):
            return words_of(value) if isinstance(value, str) and "_" in value else str(value)
    return None


def card_words(card: Mapping[str, Any]) -> str:
    """A card's fields in words, the colour first: "purple 7", "red point card 4".

    Fields that are not the id, a colour or a rank follow in words; ``None`` and ``False``
    fields are left out (a card never reads "null").
    """
    _, colour = _colour_of(card)
    rank = _rank_of(card)
    rest = [
        words_of(value) if isinstance(value, str) else str(value)
        for key, value in card.items()
        if key != "id"
        and key not in _COLOUR_FIELDS
        and key not in _RANK_FIELDS
        and value is not None
        and value is not False
        and not isinstance(value, (list, dict))
    ]
    rest = ["yes" if word == "True" else word for word in rest]
    words = [word for word in (colour, *rest, rank) if word]
    return " ".join(words) if words else "a card"


def face(game: Game[Any], card: Mapping[str, Any]) -> dict[str, Any]:
    """The scene's face of one card of a view (the ``Face`` of :func:`tablecards.scene_schema`).

    The label is the game's :meth:`~tablecards.Game.card_label` when the game says its cards
    its own way, else :func:`card_words`; a painted colour is always named in it. Returns a
    fresh dict (faces are cached: a scene shows the same cards again and again).
    """
    try:
        last = _LAST.get((type(game), card["id"]))
    except TypeError:  # an id that cannot be hashed: no cache for this card
        return _face(game, card)
    if last is not None and last[0] == card:  # the card shown last with this id: one comparison
        return last[1].copy()
    try:
        key = (type(game), *card.items())
        made = _FACES.get(key)
    except TypeError:  # a field that cannot be hashed (a list): no cache for this card
        return _face(game, card)
    if made is None:
        if len(_FACES) >= _FACES_MAX:
            _FACES.clear()
            _LAST.clear()
        made = _FACES[key] = _face(game, card)
    _LAST[type(game), card["id"]] = (dict(card), made)
    return made.copy()


# Faces by (game class, the card's fields): a game's words for a card never change. Hashing all
# of a card's fields costs more than comparing them, so the face last made for each (game class,
# id) is looked up first, with a copy of the card it was made from.
_FACES: dict[tuple[Any, ...], dict[str, Any]] = {}
_LAST: dict[tuple[Any, Any], tuple[dict[str, Any], dict[str, Any]]] = {}
_FACES_MAX: Final = 50_000


def _face(game: Game[Any], card: Mapping[str, Any]) -> dict[str, Any]:
    colour, colour_word = _colour_of(card)
    label = _game_label(game, card)
    if colour_word and colour_word not in label.lower():
        label = f"{colour_word} {label}"
    rank = _rank_of(card) or label
    kind = next(
        (card[key] for key in _KIND_FIELDS if isinstance(card.get(key), str) and card[key]),
        None,
    )
    return {
        "id": card["id"],
        "rank": rank,
        "colour": colour,
        "label": label,
        "note": None,
        "kind": kind,
    }


def _game_label(game: Game[Any], card: Mapping[str, Any]) -> str:
    if type(game).card_label is Game.card_label:
        return card_words(card)
    label = game.card_label(card)
    return words_of(label) if "_" in label else label


def _sort_key(card: Mapping[str, Any]) -> tuple[int, str, float, str, int]:
    colour, word = _colour_of(card)
    order = _PALETTE_ORDER.get(colour, len(PALETTE)) if colour else len(PALETTE)
    number = 0.0
    text = ""
    for key in _RANK_FIELDS:
        value = card.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            number = float(value)
            break
        if isinstance(value, str):
            text = value
            break
    return (order, word or "", number, text, int(card.get("id", 0)))


def sort_cards(cards: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Cards as a player sorts a hand: by colour (in palette order), then by rank."""
    return sorted(cards, key=_sort_key)
