"""Cards as a scene draws them: a big rank, a painted colour, a label in full words.

A card of a view is the game's JSON (``{"id": 3, "colour": "purple", "value": 7}``); its
*face* (:func:`card_faces`) is what a renderer needs: ``rank`` "7", ``colour`` "purple" (a
name of the fixed :data:`PALETTE`, else ``None``), ``label`` "purple 7" (the colour is always
in the label too, for colour-blind players). A game draws its own
(:meth:`Game.card_face <tablecards.Game.card_face>`), or the engine reads it from the card's
own fields. Either way it is drawn once per card: the card's JSON, as the engine keeps it
(:class:`~tablecards.core._cards.CardJson`), carries it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from tablecards.core._cards import CardJson
from tablecards.core._describe import words_of
from tablecards.core._game import Game
from tablecards.core._vocabulary import SceneFace

__all__ = ["PALETTE", "card_faces", "card_text", "card_words", "face", "sort_cards"]

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


def card_faces(game: Game[Any], cards: Iterable[Mapping[str, Any]]) -> list[SceneFace]:
    """The faces of cards of a view, in the order given, as ``game`` draws them.

    A face is the game's :meth:`Game.card_face <tablecards.Game.card_face>`, or the engine's
    face from the card's fields when the game draws none.

    The engine draws each card once: the cards of a scene view
    (:meth:`Match.scene_view <tablecards.Match.scene_view>`, what a scene hook is given) carry
    their faces once drawn, so a scene asks for faces each time it shows cards and keeps none
    itself. Any other card (a view built by hand) is drawn on the spot. Each face returned is
    a fresh dict: a scene may add a ``note`` to it.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> row = match.scene_view(0)["zones"]["row:0"]["cards"]
        >>> tablecards.card_faces(match.game, row)
        [{'id': 87, 'rank': '10', 'colour': None, 'label': '10', 'note': None, 'kind': None}]
    """
    return [face(game, card) for card in cards]


def face(game: Game[Any], card: Mapping[str, Any]) -> SceneFace:
    """The face of one card of a view (see :func:`card_faces`): a fresh dict."""
    if type(card) is CardJson:
        kept = card.faces
        drawn: SceneFace | None = kept.get(type(game))
        if drawn is None:
            drawn = kept[type(game)] = _drawn(game, card)
        return drawn.copy()
    return _drawn(game, card)


def _drawn(game: Game[Any], card: Mapping[str, Any]) -> SceneFace:
    """The game's face of ``card``, or the engine's when the game draws none."""
    drawn = game.card_face(card)
    return _face(game, card) if drawn is None else drawn


def card_text(game: Game[Any], card: Mapping[str, Any]) -> str:
    """A card in the engine's own texts (a history line, a fact): the game's
    :meth:`~tablecards.Game.card_label`, else its fields in words, a colour always named.

    Not the face's label: a game that draws its own faces keeps the words its history had.
    """
    _, colour_word = _colour_of(card)
    label = _game_label(game, card)
    if colour_word and colour_word not in label.lower():
        label = f"{colour_word} {label}"
    return label


def _face(game: Game[Any], card: Mapping[str, Any]) -> SceneFace:
    colour, _ = _colour_of(card)
    label = card_text(game, card)
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
