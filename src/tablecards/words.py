"""Small helpers for a game's words: sentences about seats that read right for "you" too.

:meth:`tablecards.Game.describe_event` and :meth:`tablecards.Game.describe_play` receive the
names the reader uses for each seat (``names[i]``); a caller may call the reader's own seat
"you". These helpers keep sentences grammatical either way::

    >>> from tablecards.words import count, listing, says, whose
    >>> says("Ana", "steals") + " " + count(2, "7") + " from " + listing(["Ben", "you"])
    'Ana steals two 7s from Ben and you'
    >>> says("you", "passes"), whose("you"), whose("Cleo")
    ('you pass', 'your', "Cleo's")
    >>> count(1, "card"), count(13, "card")
    ('one card', '13 cards')

Players are called by their names; a reader's own seat is "you" (:func:`names_for`), and a
seat whose name is not known is "player N", counted from 1 (:func:`player_name`): a player
never reads a 0-based seat number.

    >>> from tablecards.words import names_for, player_name
    >>> names_for(["Ana", "Ben", "Cleo"], 1), player_name(0)
    (['Ana', 'you', 'Cleo'], 'player 1')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

__all__ = ["count", "is_you", "listing", "names_for", "player_name", "says", "whose"]

_NUMBERS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
# Third-person forms whose base form is not the verb minus its ending.
_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go", "was": "were"}


def is_you(name: str) -> bool:
    """Whether ``name`` addresses the reader ("you", in any case)."""
    return name.strip().lower() == "you"


def says(name: str, verb: str) -> str:
    """``name`` followed by ``verb`` (given in the third person: "steals", "has", "passes").

    The verb agrees with "you": ``says("you", "steals") == "you steal"``.
    """
    if not is_you(name):
        return f"{name} {verb}"
    first, sep, rest = verb.partition(" ")
    return f"{name} {_base_form(first)}{sep}{rest}"


def _base_form(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def whose(name: str) -> str:
    """The possessive of ``name``: "Ana's", "your"."""
    return "your" if is_you(name) else f"{name}'s"


# Scenes say the same counts again and again ("two cards", "12 points"): remembered.
@lru_cache(maxsize=4096)
def count(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` of ``noun`` in words: "one card", "two 7s", "no cards", "13 cards".

    Numbers up to twelve are spelled out; ``plural`` defaults to ``noun + "s"``.
    """
    word = _NUMBERS[number] if 0 <= number < len(_NUMBERS) else str(number)
    return f"{word} {noun if number == 1 else plural or noun + 's'}"


def listing(items: Iterable[str]) -> str:
    """``["Ana", "Ben", "Cleo"]`` -> ``"Ana, Ben and Cleo"``; one item alone; empty -> ``""``."""
    names = list(items)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def player_name(seat: int) -> str:
    """How a seat is called when nobody gave its player a name: "player N", counted from 1.

    ``player_name(0) == "player 1"``: the first seat is the first player, never "seat 0".
    """
    return f"player {seat + 1}"


def names_for(names: Sequence[str], seat: int | None) -> list[str]:
    """A copy of ``names`` as ``seat`` reads them: "you" at ``seat`` (``None``: unchanged).

    Pass the result to :meth:`tablecards.Game.describe`, :meth:`~tablecards.Game.describe_play`
    and :meth:`~tablecards.Game.describe_event`, whose sentences then speak to the reader:
    ``names_for(["Ana", "Ben"], 0) == ["you", "Ben"]``.
    """
    out = list(names)
    if seat is not None and 0 <= seat < len(out):
        out[seat] = "you"
    return out
