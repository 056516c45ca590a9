"""The trick in the middle of Hattrick's table (HAT-04), and a card's face.

Every card played changes one pile of the trick, and the viewers read it alike but for the one
who played a card on it (or leads): the trick is kept with its two piles under the names its
notes use, the viewer's "you" only when it is among them, so that every other viewer finds the
part the first one built.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Final

from tablecards import ZoneView, remember
from tablecards.words import names_for, says, whose

__all__ = ["colours_of", "face", "middle"]

Json = dict[str, Any]


def face(card: Mapping[str, Any], note: str | None = None) -> Json:
    """A Hattrick card's face: its value painted in its colour."""
    colour = str(card["colour"])
    return {
        "id": int(card["id"]),
        "rank": str(card["value"]),
        "colour": colour,
        "label": f"{colour} {card['value']}",
        "note": note,
        "kind": None,
    }


# Each face noted with who played it, by id and name (bounded: cleared when full).
_NOTED: dict[tuple[int, str | None], Json] = {}
_NOTED_MAX: Final = 4096


def _noted(card: Mapping[str, Any], note: str | None, shared: bool) -> Json:
    """The face of a card of the trick with who played it (``note``), kept like _faces."""
    if not shared:
        return face(card, note)
    key = (card["id"], note)
    made = _NOTED.get(key)
    if made is None:
        if len(_NOTED) >= _NOTED_MAX:
            _NOTED.clear()
        made = _NOTED[key] = face(card, note)
    return made


def _pile_colour(pile: Mapping[str, Any]) -> str | None:
    cards = pile.get("cards") or ()
    return str(cards[0]["colour"]) if cards else None


@lru_cache(maxsize=1024)
def _trick_title(trick: Any, colours: tuple[str, ...]) -> str:
    piles = ", ".join(f"{colour} pile" for colour in colours) or "no pile yet"
    return f"Trick {trick}: {piles}"


_unopened = ("First pile (not open yet)", "Second pile (not open yet)")
_PILES: Final = ("pile:0", "pile:1")
_NO_SEATS: Final = ((), ())


def colours_of(zones: Mapping[str, Any]) -> tuple[str, ...]:
    """The colours of the trick's piles opened so far, first pile first (HAT-04)."""
    first, second = zones["pile:0"].get("cards"), zones["pile:1"].get("cards")
    if first:
        return (first[0]["colour"], second[0]["colour"]) if second else (first[0]["colour"],)
    return (second[0]["colour"],) if second else ()


def middle(
    view: Mapping[str, Any], names: Sequence[str], viewer: int | None, colours: tuple[str, ...]
) -> list[Json]:
    """HAT-04: the trick's two piles, each card noted with who played it; kept with the piles
    under all else it shows, the viewer named only when it played a card or leads (every other
    viewer reads the same names and finds the same part)."""
    zones = view["zones"]
    seats = view.get("pile_seats", _NO_SEATS)
    first, second = tuple(seats[0]), tuple(seats[1])
    leader = view.get("leader")
    you = viewer if viewer == leader or viewer in first or viewer in second else None
    piles = (zones["pile:0"], zones["pile:1"])
    key = (view["trick"], leader, first, second, names, you, colours)
    return remember(piles, key, _middle_of, piles, key)


def _middle_of(piles: tuple[Mapping[str, Any], ...], key: tuple[Any, ...]) -> list[Json]:
    trick, leader, first, second, names, you, colours = key
    return [
        {
            "id": "trick",
            "title": _trick_title(trick, colours),
            "note": (
                None if leader is None else _leads("you" if leader == you else names[int(leader)])
            ),
            "badges": [],
            "zones": [
                _pile(piles[0], 0, first, names, you),
                _pile(piles[1], 1, second, names, you),
            ],
        }
    ]


@lru_cache(maxsize=256)
def _leads(name: str) -> str:
    return says(name, "leads")


def _pile(
    pile: Mapping[str, Any],
    index: int,
    seats: tuple[int, ...],
    names: tuple[str, ...],
    you: int | None,
) -> Json:
    """One pile of the trick, kept with its zone under who played its cards and their names,
    the viewer's only when it played one of them (a move adds to one pile: the other is found
    again, and only a viewer who played on it reads it differently)."""
    you = you if you in seats else None
    key = (index, seats, names, you)
    return remember(pile, key, _pile_of, pile, index, seats, names, you)


def _pile_of(
    pile: Mapping[str, Any],
    index: int,
    seats: tuple[int, ...],
    names: tuple[str, ...],
    you: int | None,
) -> Json:
    title, top, holder = remember(pile, (index, seats), _pile_facts, pile, index, seats)
    cards = pile.get("cards") or ()
    shared = type(pile) is ZoneView
    words = names_for(names, you)
    played = len(seats)
    faces = [
        _noted(card, words[seats[at]] if at < played else None, shared)
        for at, card in enumerate(cards)
    ]
    note = None
    if top is not None:
        by = f" ({whose(words[holder])})" if holder is not None else ""
        note = f"highest {top}{by}"
    return {
        "id": _PILES[index],
        "title": title,
        "style": "row",
        "count": len(cards),
        "cards": faces,
        "note": note,
    }


def _pile_facts(
    pile: Mapping[str, Any], index: int, seats: tuple[int, ...]
) -> tuple[str, Any, int | None]:
    """What a pile shows every viewer alike: its title, its highest value and who played it."""
    cards = pile.get("cards") or ()
    colour = _pile_colour(pile)
    title = f"{colour.capitalize()} pile" if colour else _unopened[index]
    if not cards:
        return title, None, None
    top = max(cards, key=lambda c: int(c["value"]))
    holder = seats[list(cards).index(top)] if len(seats) == len(cards) else None
    return title, top["value"], holder
