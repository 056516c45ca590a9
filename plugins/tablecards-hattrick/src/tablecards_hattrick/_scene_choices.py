"""The viewer's decision in Hattrick's scene: plays grouped by colour, then the passes.

A seat to act is shown a new decision at each of its turns (a hand a card shorter, other
piles open), so little of it can be kept with zones; what recurs is kept instead: each
action's choice, found by the action's identity (the game lists one shared ``Play`` and one
``Pass`` per card), and each sentence, by the words it is made of.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
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
# colour, its value, its choice). The action is kept in its entry, so that no other object
# takes its id while the entry lives.
_CHOICES: dict[int, tuple[Action, bool, str, int, Json]] = {}
_CHOICES_MAX: Final = 4096


def _known(
    action: Action, action_json: Callable[[Action], Json]
) -> tuple[Action, bool, str, int, Json]:
    if len(_CHOICES) >= _CHOICES_MAX:
        _CHOICES.clear()
    card = DECK[int(action.card)]  # type: ignore[attr-defined]
    made: tuple[Action, bool, str, int, str]
    if isinstance(action, Play):
        made = (action, True, card.colour.value, card.value, f"Play {card}")
    elif isinstance(action, Pass):
        made = (action, False, card.colour.value, card.value, f"Pass, showing {card}")
    else:
        made = (action, False, "", 0, "")
    choice = {"text": made[4], "act": action_json(action)} if made[2] else {}
    known = _CHOICES[id(action)] = (*made[:4], choice)
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
    plays: dict[str, list[tuple[int, Json]]] = {}
    passes: list[Json] = []
    for action in legal:
        known = _CHOICES.get(id(action))
        if known is None or known[0] is not action:
            known = _known(action, action_json)
        _, play, colour, value, choice = known
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
    return _prompt(view["trick"], colours), groups
