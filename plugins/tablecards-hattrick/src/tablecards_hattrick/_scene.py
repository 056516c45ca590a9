"""Hattrick's table as its players see it: the trick's two piles in the middle, won cards by colour.

Built from a seat's view alone (:meth:`Hattrick.scene <tablecards_hattrick.Hattrick.scene>`):
the hands are the only secret, and a view holds only the viewer's own.

A table shows every seat a new scene after every move, yet a card played changes one hand and
one pile of the trick. Each panel, each box of cards and the trick are kept with the zones
they are built from (:func:`tablecards.remember`), under a key naming all else they show, so a
scene rebuilds only what the move changed. What the seats' scenes of one position share (the
title, the status, the lines and scores, the trick, the other seats' panels) is made once, by
the first of them, and kept with the facts and the zones it is made from (:class:`Table`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, Final, final

from tablecards import Action, ZoneView
from tablecards.words import listing, names_for, says
from tablecards_hattrick._scene_choices import decision
from tablecards_hattrick._scene_seats import HANDS, PUBLIC, Rows, panel, rows, signed
from tablecards_hattrick._scene_trick import colours_of, face, middle

__all__ = ["Table", "build_scene", "face", "signed"]

Json = dict[str, Any]
MINUS: Final = "\N{MINUS SIGN}"


@lru_cache(maxsize=256)
def _title(number: Any, rounds: Any) -> str:
    """ "Hattrick — round 2 of 8"."""
    of = f" of {rounds}" if rounds else ""
    return f"Hattrick — round {number}{of}"


_RULE: Final = (
    "Per round: your colour with the most cards won scores +1 a card, "
    f"the other colours {MINUS}1 a card, each penalty card {MINUS}2"
)


@lru_cache(maxsize=1024)
def _lines_of(
    target: Any, last: tuple[Any, ...], names: tuple[str, ...], viewer: int | None
) -> tuple[str, ...]:
    """The lines under the title: the scoring rule, the target, the last round's scores."""
    lines = [_RULE]
    if target:
        lines.append(f"The game ends after the round in which a total reaches {target}")
    if last:
        words = names_for(names, viewer)
        scored = ", ".join(f"{words[seat]} {signed(int(s))}" for seat, s in enumerate(last))
        lines.append(f"Last round: {scored}")
    return tuple(lines)


def _status(view: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> str:
    """Whose turn it is, or who won."""
    if view["over"]:
        words = names_for(names, viewer)
        scores = [int(s) for s in view["scores"]]
        best = max(scores)
        winners = [words[seat] for seat, score in enumerate(scores) if score == best]
        who = listing(winners)
        verb = says(who, "wins") if len(winners) == 1 else f"{who} share the win"
        text = f"{verb} with {signed(best)}"
        return text[:1].upper() + text[1:]
    current = view.get("current")
    if current is None:
        return ""
    return "Your turn" if current == viewer else f"Waiting for {names[int(current)]}"


def _scores(
    viewer: int | _Every | None, names: Sequence[str], scores: Sequence[Any], players: int
) -> list[Json]:
    """The scores line as ``viewer`` reads it; with :data:`_ALL`, each seat's entry as its own
    viewer reads it."""
    return [
        {
            "seat": seat,
            "name": "You" if seat == viewer or viewer is _ALL else names[seat],
            "score": signed(int(scores[seat])),
        }
        for seat in range(players)
    ]


@final
class _Every:
    """The type of :data:`_ALL`."""


#: Every viewer at once (:func:`_scores`).
_ALL: Final = _Every()


# -- what the scenes of one position share ---------------------------------------------------


@final
class Table:
    """What every seat's scene of one position shows alike, made by the first of them.

    A table shows a position to every seat in turn: the title, the trick's colours, the
    status of the seats that wait, the trick (one part for every viewer its notes do not
    name) and each seat's panel as the other seats see it are made once per position rather
    than once per seat, the lines and the scores once per viewer while they read the same
    (:func:`_table`).
    """

    __slots__ = (
        "colours",
        "current",
        "deck",
        "entries",
        "facts",
        "lines",
        "middles",
        "named",
        "names",
        "others",
        "piles",
        "rows",
        "scores",
        "title",
        "to_act",
        "waiting",
    )

    def __init__(
        self,
        view: Mapping[str, Any],
        names: tuple[str, ...],
        facts: tuple[Any, ...],
        last: Table | None,
        shared: bool,
    ) -> None:
        zones = view["zones"]
        players = int(view["players"])
        #: What the table is made from: the facts (:data:`_FACTS`), the names, the trick's
        #: piles and the rows' zones; the deck zone finds it (:data:`_TABLES`): kept alive
        #: here, no other zone takes its id.
        self.facts, self.names, self.deck = facts, names, zones.get("deck")
        self.piles = (zones["pile:0"], zones["pile:1"])
        self.rows: Rows = rows(view, names, players, None if last is None else last.rows)
        self.colours = colours_of(zones)
        self.title = _title(view["round"], view.get("rounds"))
        self.to_act = view["to_act"]
        self.current = None if view["over"] else view.get("current")
        #: The status of a viewer who does not act, the game not over (:func:`_status`).
        self.waiting = "" if self.current is None else f"Waiting for {names[int(self.current)]}"
        #: The seats the trick's notes name: a viewer among them reads "you" there.
        seats = view.get("pile_seats", ((), ()))
        self.named = {view.get("leader"), *seats[0], *seats[1]}
        #: The trick, by the viewer its notes name, or ``None`` for every other viewer: that
        #: one made at once, for the seat to act reads it (it has not played on the trick).
        self.middles: dict[int | None, list[Json]] = {}
        if shared:
            self.middles[None] = middle(view, names, None, self.colours)
        #: Each seat's panel as the other seats see it, with its hand then: filled by the
        #: first scene that shows it.
        self.others: list[tuple[Mapping[str, Any], Json] | None] = [None] * players
        #: The lines and the scores, by viewer: the last table's while they read the same.
        self.lines: dict[int | None, list[str]] = {}
        self.scores: dict[int | None, list[Json]] = {}
        #: Each seat's entry of the scores as the other viewers read it, then as its own
        #: does ("You"), made at the first viewer's (:meth:`scores_for`).
        self.entries: tuple[list[Json], list[Json]] | None = None
        if last is not None and last.names == names:
            old = last.facts
            if old[_TARGET] == facts[_TARGET] and old[_LAST_SCORES] == facts[_LAST_SCORES]:
                self.lines = last.lines
            if old[_SCORES] == facts[_SCORES] and old[_PLAYERS] == facts[_PLAYERS]:
                self.scores, self.entries = last.scores, last.entries

    def scores_for(self, viewer: int | None, scores: Sequence[Any]) -> list[Json]:
        """The scores line as ``viewer`` reads it, kept (``scores``: the view's)."""
        entries = self.entries
        if entries is None:
            players = len(self.others)
            entries = self.entries = (
                _scores(None, self.names, scores, players),
                _scores(_ALL, self.names, scores, players),
            )
        theirs, yours = entries
        made = self.scores[viewer] = (
            [*theirs]
            if viewer is None
            else [*theirs[:viewer], yours[viewer], *theirs[viewer + 1 :]]
        )
        return made

    def seats(self, viewer: int | None, zones: Mapping[str, Any]) -> list[Json]:
        """Each seat's panel (HAT-09), from the viewer's own on around the table."""
        rows, to_act, others = self.rows, self.to_act, self.others
        panels = []
        if viewer is not None:
            panels.append(panel(rows, viewer, True, viewer in to_act, zones[HANDS[viewer]]))
        for seat in _AROUND[len(others)][viewer]:
            hand = zones[HANDS[seat]]
            made = others[seat]
            if made is None or made[0] is not hand:
                made = others[seat] = (hand, panel(rows, seat, False, seat in to_act, hand))
            panels.append(made[1])
        return panels


# The other seats in the order a viewer's panels show them, by player count and viewer (None:
# a spectator, who sees every seat from the first on).
_AROUND: Final = {
    players: {
        None: tuple(range(players)),
        **{
            viewer: tuple((viewer + step) % players for step in range(1, players))
            for viewer in range(players)
        },
    }
    for players in range(1, 17)
}

# Everything a table is made from besides the zones and the names, in one call; the places of
# those the lines and the scores are made from.
_FACTS: Final = itemgetter(
    "players",
    "over",
    "round",
    "rounds",
    "target",
    "dealer",
    "trick",
    "leader",
    "current",
    "to_act",
    "pile_seats",
    "totals",
    "last_scores",
    "scores",
)
_PLAYERS, _TARGET, _LAST_SCORES, _SCORES = 0, 4, 12, 13
# The last table of each match (of its deck zone): one is wanted while its position's scenes
# are built, one per seat in a row.
_POSITIONS: Final = 256
_TABLES: dict[int, Table] = {}


def _table(view: Mapping[str, Any], names: tuple[str, ...], shared: bool) -> Table:
    """The :class:`Table` of ``view``'s position: the last one found by the same deck zone
    object, if made from equal facts, names and zones (the same, or equal ones: a table made
    from equal zones shows the same); else a new one. A view built by hand (not ``shared``)
    gets its own, kept nowhere, that shares nothing."""
    zones = view["zones"]
    try:
        facts = _FACTS(view)
        deck = zones["deck"]
    except KeyError:
        shared = False
    if not shared or type(deck) is not ZoneView:
        return Table(view, names, (), None, False)
    last = _TABLES.get(id(deck))
    if (
        last is not None
        and last.facts == facts
        and last.names == names
        and last.piles == (zones["pile:0"], zones["pile:1"])
        and last.rows.public == PUBLIC[len(last.others)](zones)
    ):
        return last
    if len(_TABLES) >= _POSITIONS:
        _TABLES.clear()
    made = _TABLES[id(deck)] = Table(view, names, facts, last, True)
    return made


def build_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
) -> Json:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    zones = view["zones"]
    names = tuple(names)  # named in the keys of the parts kept
    # Parts are kept with shared zones only (Match.scene); a view built by hand builds anew.
    shared = type(zones["pile:0"]) is ZoneView
    table = _table(view, names, shared)
    prompt: str | None = None
    actions: list[Json] = []
    if viewer is not None and legal:
        hand = zones[HANDS[viewer]]
        prompt, actions = decision(view, table.colours, legal, action_json, shared, hand)
    lines = table.lines.get(viewer)
    if lines is None:
        last = view.get("last_scores") or ()
        lines = [*_lines_of(view.get("target"), tuple(last), names, viewer)]
        if shared:
            table.lines[viewer] = lines
    scores = table.scores.get(viewer)
    if scores is None:
        players = len(table.others)
        if shared:
            scores = table.scores_for(viewer, view.get("scores") or [0] * players)
        else:
            scores = _scores(viewer, names, view.get("scores") or [0] * players, players)
    you = viewer if viewer in table.named else None
    trick = table.middles.get(you)
    if trick is None:
        trick = table.middles[you] = middle(view, names, viewer, table.colours)
    if table.current is not None:
        status = "Your turn" if viewer == table.current else table.waiting
    else:
        status = _status(view, names, viewer)
    return {
        "version": 1,
        "game": "Hattrick",
        "viewer": viewer,
        "title": table.title,
        "lines": lines,
        "status": status,
        "seats": table.seats(viewer, zones),
        "middle": trick,
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": scores,
    }
