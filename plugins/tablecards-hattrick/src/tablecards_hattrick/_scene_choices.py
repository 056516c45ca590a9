"""The viewer's decision in Hattrick's scene: plays grouped by colour, then the passes.

A seat to act is shown a new decision at each of its turns (a hand a card shorter, other
piles open), so little of it can be kept with zones; what recurs is kept instead: each
action's choice, found by the action's identity (the game lists one shared ``Play`` and one
``Pass`` per card), and each sentence, by the words it is made of. What a decision reads of
the hand (its cards in order, each one's play and pass) is made with the hand's box, while
its seat waits (:class:`Hand`): the seat's turn only checks that its legal actions are the
ones the game lists for that hand, and slices.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import repeat
from operator import itemgetter
from typing import Any, Final, final

from tablecards import Action, ZoneView, remember
from tablecards_hattrick._actions import PASSES, PLAYS, Pass, Play
from tablecards_hattrick._state import COLOURS, DECK

__all__ = ["ORDER", "Hand", "decision", "hand_of"]

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
# The rank of each entry, by the same ids, read with no entry unpacked; and the choice of each
# rank (a rank is one card played or shown: every action of it reads alike).
_RANKS: dict[int, int] = {}
_BY_RANK: list[Json] = [{} for _ in range(_OTHER_RANK + 1)]


def _known(action: Action, action_json: Callable[[Action], Json]) -> _Known:
    if len(_CHOICES) >= _CHOICES_MAX:
        _CHOICES.clear()
        _RANKS.clear()
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
    hand: Mapping[str, Any],
) -> tuple[str, list[Json]]:
    """HAT-04, HAT-05: plays grouped by colour, in the hand's order, then the passes. A scene
    built from shared zones (``shared``) shares each choice with the others that offer it,
    and reads the viewer's ``hand`` as its box left it (:class:`Hand`)."""
    prompt = _prompt(view["trick"], colours)
    if shared and type(hand) is ZoneView and hand.get("cards") is not None:
        kept = remember(hand, HAND, hand_of, hand)
        third = _THIRD.get(colours, 0)
        if (legal if type(legal) is tuple else tuple(legal)) == kept.legal(third):
            return prompt, kept.groups(third, _TITLES.get(colours) or _titles(colours), action_json)
    if shared:
        # An entry kept for an action keeps the action alive: no other object has its id.
        try:
            ranks = list(map(_RANKS.__getitem__, map(id, legal)))
        except KeyError:
            for action in legal:
                _known(action, action_json)
            ranks = list(map(_RANKS.get, map(id, legal), repeat(_OTHER_RANK)))
        if ranks and ranks == sorted(ranks) and ranks[-1] < _OTHER_RANK:
            # As the game lists them: plays by card, then passes by card. A card's id orders
            # it by colour, then by value (HAT-01): each colour's plays end where the next
            # colour's first id would come, the passes follow.
            choices = list(map(_BY_RANK.__getitem__, ranks))
            groups = []
            start = 0
            titles = _TITLES.get(colours) or _titles(colours)
            for end, title in zip(_ENDS, titles, strict=True):
                stop = bisect_left(ranks, end, start)
                if stop > start:
                    groups.append({"title": title, "choices": choices[start:stop]})
                    start = stop
            return prompt, groups
    return prompt, _sorted(legal, colours, action_json, shared)


# Where each colour's plays end among ranks sorted, then where the passes do.
_ENDS: Final = (
    *(len(DECK) // len(COLOURS) * (index + 1) for index in range(len(COLOURS))),
    _OTHER_RANK,
)


# The titles of each colour's plays (in ORDER), then of the passes, by the trick's colours:
# () before the lead, one colour, or two (the order the piles opened in).
def _titles(colours: tuple[str, ...]) -> tuple[str, ...]:
    return (*(_play_title(colour.value, colours) for colour in COLOURS), _PASS_TITLE)


_TITLES: Final = {
    opened: _titles(opened)
    for opened in [
        (),
        *((c.value,) for c in COLOURS),
        *((a.value, b.value) for a in COLOURS for b in COLOURS if a is not b),
    ]
}


# The legal actions' order by the trick's colours (:attr:`Hand.legal`): 0 while a card of any
# colour may be played, else 1 + the index of the third colour, whose cards are shown to pass.
_THIRD: Final[dict[tuple[str, ...], int]] = {
    (a.value, b.value): 1 + next(i for i, c in enumerate(COLOURS) if c is not a and c is not b)
    for a in COLOURS
    for b in COLOURS
    if a is not b
}
#: The key a hand's :class:`Hand` is kept under with its zone (:func:`tablecards.remember`).
HAND: Final = "the hand's actions"
_SUIT: Final = len(DECK) // len(COLOURS)


def hand_of(hand: Mapping[str, Any]) -> Hand:
    """The :class:`Hand` of a hand zone that shows its cards."""
    return Hand(sorted(map(_ID, hand["cards"])))


_ID: Final = itemgetter("id")


@final
class Hand:
    """What a seat's decisions read of its hand, made once per hand (with its box, while the
    seat waits, :func:`hand_of`): its plays and passes by card, and their choices.

    The game lists every card played by id before the second pile opens; after it, the cards
    of the piles' colours played, then the third colour's shown (HAT-04, HAT-05). A card's id
    orders it by colour, then by value (HAT-01): a decision whose legal actions are the ones
    the game lists for this hand groups them by slicing these.
    """

    __slots__ = ("choices", "cuts", "ids", "passes", "plays")

    def __init__(self, ids: list[int]) -> None:
        #: The cards' ids, sorted, and where each colour's end among them.
        self.ids = ids
        self.cuts = (bisect_left(ids, _SUIT), bisect_left(ids, 2 * _SUIT))
        self.plays = tuple(map(PLAYS.__getitem__, ids))
        self.passes = tuple(map(PASSES.__getitem__, ids))
        #: Each card's play's choice and pass's choice, once every one has been offered.
        self.choices = self._offered()

    def _offered(self) -> tuple[list[Json], list[Json]] | None:
        """Each card's play's and pass's choices, or ``None`` while one is not known."""
        plays = list(map(_BY_RANK.__getitem__, self.ids))
        passes = list(map(_BY_RANK.__getitem__, map(_PASS_RANK.__add__, self.ids)))
        return (plays, passes) if all(plays) and all(passes) else None

    def legal(self, third: int) -> tuple[Action, ...]:
        """The legal actions the game lists for this hand, by :data:`_THIRD` ``third``."""
        plays, passes = self.plays, self.passes
        red, blue = self.cuts
        if third == 0:
            return plays
        if third == 1:
            return plays[red:] + passes[:red]
        if third == 2:
            return plays[:red] + plays[blue:] + passes[red:blue]
        return plays[:blue] + passes[blue:]

    def groups(
        self, third: int, titles: tuple[str, ...], action_json: Callable[[Action], Json]
    ) -> list[Json]:
        """The decision's groups for :data:`_THIRD` ``third``, under ``titles``
        (:data:`_TITLES`)."""
        choices = self.choices
        if choices is None:
            # An action offered for the first time: its choice is made once, for every scene.
            for play, shown in zip(self.plays, self.passes, strict=True):
                if not _BY_RANK[play.card]:
                    _known(play, action_json)
                if not _BY_RANK[_PASS_RANK + shown.card]:
                    _known(shown, action_json)
            choices = self.choices = self._offered()
            assert choices is not None
        plays, passes = choices
        red, blue = self.cuts
        # Unrolled: this runs for every decision shown.
        groups = []
        if red and third != 1:
            groups.append({"title": titles[0], "choices": plays[:red]})
        if blue > red and third != 2:
            groups.append({"title": titles[1], "choices": plays[red:blue]})
        if len(plays) > blue and third != 3:
            groups.append({"title": titles[2], "choices": plays[blue:]})
        if third:
            # the third colour's cards, shown to pass
            third_colour = passes[(0, red, blue)[third - 1] : (red, blue, len(passes))[third - 1]]
            if third_colour:
                groups.append({"title": titles[3], "choices": third_colour})
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
