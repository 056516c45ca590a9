"""The viewer's decision in Hattrick's scene: plays grouped by colour, then the passes.

A seat to act is shown a new decision at each of its turns (a hand a card shorter, other
piles open), so little of it can be kept with zones; what recurs is kept instead: each
action's choice, found by the action's identity (the game lists one shared ``Play`` and one
``Pass`` per card), and each sentence, by the words it is made of.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import repeat
from operator import itemgetter
from typing import Any, Final

from tablecards import Action
from tablecards_hattrick._actions import Pass, Play
from tablecards_hattrick._state import COLOURS, DECK

__all__ = ["ORDER", "decision"]

Json = dict[str, Any]
MINUS: Final = "\N{MINUS SIGN}"
#: Where each colour comes in a hand sorted as players hold it (HAT-06): red, blue, green.
ORDER: Final = {colour.value: index for index, colour in enumerate(COLOURS)}
_FIRST: Final = itemgetter(0)


# What each action offered so far reads as, by the action's identity (the game lists one shared
# Play and one Pass per card, HAT-01, so no action is hashed): (the action, a play?, the card's
# colour, its value, its choice, its rank). The action is kept in its entry, so that no other
# object takes its id while the entry lives. The rank orders the actions as the game lists them:
# plays by card, then passes by card; any other action comes last.
_Known = tuple[Action, bool, str, int, Json, int]
_CHOICES: dict[int, _Known] = {}
_CHOICES_MAX: Final = 4096
_PASS_RANK: Final = len(DECK)
_OTHER_RANK: Final = 2 * len(DECK)
# The rank and the choice of each entry, by the same ids, read with no entry unpacked; and the
# choice of each rank (a rank is one card played or shown: every action of it reads alike).
_RANKS: dict[int, int] = {}
_CHOICE_OF: dict[int, Json] = {}
_BY_RANK: list[Json] = [{} for _ in range(_OTHER_RANK + 1)]


def _known(action: Action, action_json: Callable[[Action], Json]) -> _Known:
    if len(_CHOICES) >= _CHOICES_MAX:
        _CHOICES.clear()
        _RANKS.clear()
        _CHOICE_OF.clear()
    known: _Known
    if isinstance(action, (Play, Pass)):
        card = DECK[int(action.card)]
        colour = card.colour.value
        play = isinstance(action, Play)
        text = f"Play {card}" if play else f"Pass, showing {card}"
        choice = {"text": text, "act": action_json(action)}
        rank = card.id if play else _PASS_RANK + card.id
        known = (action, play, colour, card.value, choice, rank)
        _BY_RANK[rank] = choice
    else:
        known = (action, False, "", 0, {}, _OTHER_RANK)
    _CHOICES[id(action)] = known
    _RANKS[id(action)] = known[5]
    _CHOICE_OF[id(action)] = known[4]
    return known


@lru_cache(maxsize=1024)
def _prompt(trick: Any, colours: tuple[str, ...]) -> str:
    if not colours:
        return f"You lead trick {trick}: play any card; its colour starts the first pile."
    if len(colours) == 1:
        return (
            f"Trick {trick}: play on the {colours[0]} pile, or start the second pile "
            "with a card of another colour."
        )
    third = next(c.value for c in COLOURS if c.value not in colours)
    return (
        f"Trick {trick}: play on the {colours[0]} or the {colours[1]} pile, "
        f"or pass by showing a {third} card ({MINUS}2 at the end of the round)."
    )


@lru_cache(maxsize=64)
def _play_title(colour: str, colours: tuple[str, ...]) -> str:
    if colour in colours:
        return f"Play on the {colour} pile"
    if colours:
        return f"Start the second pile with a {colour} card"
    return f"Lead a {colour} card"


_PASS_TITLE: Final = f"Pass, showing a card of the third colour ({MINUS}2)"


def decision(
    view: Mapping[str, Any],
    colours: tuple[str, ...],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
    shared: bool,
) -> tuple[str, list[Json]]:
    """HAT-04, HAT-05: plays grouped by colour, in the hand's order, then the passes. A scene
    built from shared zones (``shared``) shares each choice with the others that offer it."""
    prompt = _prompt(view["trick"], colours)
    if shared:
        # An entry kept for an action keeps the action alive: no other object has its id.
        try:
            ranks = list(map(_RANKS.__getitem__, map(id, legal)))
        except KeyError:
            for action in legal:
                _known(action, action_json)
            ranks = list(map(_RANKS.get, map(id, legal), repeat(_OTHER_RANK)))
        if ranks == sorted(ranks) and (not ranks or ranks[-1] < _OTHER_RANK):
            # as the game lists them: plays by card, then passes by card
            return prompt, _grouped(list(map(_BY_RANK.__getitem__, ranks)), ranks, colours)
    return prompt, _sorted(legal, colours, action_json, shared)


# Where each colour's plays end among ranks sorted (a card's id orders it by colour, then by
# value: HAT-01); the passes follow.
_COLOUR_ENDS: Final = tuple(
    (colour, len(DECK) // len(COLOURS) * (index + 1)) for colour, index in ORDER.items()
)


def _grouped(choices: list[Json], ranks: list[int], colours: tuple[str, ...]) -> list[Json]:
    groups = []
    start = 0
    for colour, end in _COLOUR_ENDS:
        stop = bisect_left(ranks, end, start)
        if stop > start:
            title = _play_title(colour, colours)
            groups.append({"title": title, "choices": choices[start:stop]})
            start = stop
    if len(ranks) > start:
        groups.append({"title": _PASS_TITLE, "choices": choices[start:]})
    return groups


def _sorted(
    legal: Sequence[Action],
    colours: tuple[str, ...],
    action_json: Callable[[Action], Json],
    shared: bool,
) -> list[Json]:
    plays: dict[str, list[tuple[int, Json]]] = {}
    passes: list[Json] = []
    for action in legal:
        known = _CHOICES.get(id(action))
        if known is None or known[0] is not action:
            known = _known(action, action_json)
        _, play, colour, value, choice, _ = known
        if not shared and choice:
            choice = {"text": choice["text"], "act": choice["act"].copy()}
        if play:
            group = plays.get(colour)
            if group is None:
                plays[colour] = [(value, choice)]
            else:
                group.append((value, choice))
        elif colour:
            passes.append(choice)
    groups = []
    for colour in sorted(plays, key=ORDER.__getitem__):
        choices = [choice for _, choice in sorted(plays[colour], key=_FIRST)]
        groups.append({"title": _play_title(colour, colours), "choices": choices})
    if passes:
        groups.append({"title": _PASS_TITLE, "choices": passes})
    return groups
