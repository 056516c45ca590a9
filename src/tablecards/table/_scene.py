"""Scenes: what one seat sees of a match, laid out for players, built from its view only.

A scene is plain JSON-ready data (:func:`tablecards.scene_schema`): a header, one panel per
seat around the table from the viewer, the shared middle, zones with styles, cards with faces,
the prompt and the viewer's choices. :meth:`tablecards.Game.scene` builds it; a game without
one (its ``scene`` returns ``None``) is shown :func:`generic_scene` (:func:`scene_of` chooses),
which any game gets for free: zones go to their owner's panel (owners
come from the view, which has them from the engine), zones of nobody to the middle, a game's
extra keys become counters, badges and facts in words.
"""

from __future__ import annotations

import functools
import marshal
import operator
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

import attrs

from tablecards.core._actions import Action
from tablecards.core._cards import ZoneView
from tablecards.core._describe import menu_text, words_of
from tablecards.core._errors import TablecardsError, show
from tablecards.core._game import RESERVED_VIEW_KEYS, Game
from tablecards.table._faces import _sort_key, card_faces, sort_cards
from tablecards.table._facts import label_of, per_seat, value_words
from tablecards.table._remember import remember
from tablecards.words import listing, names_for

__all__ = ["SCENE_VERSION", "check_names", "generic_scene", "scene_of", "seat_order"]

#: The version of the scene layout (:func:`tablecards.scene_schema`).
SCENE_VERSION: Final = 1

# Extra keys the generic scene reads for its header and scores rather than as facts.
_HEADER_KEYS: Final = frozenset({"round", "rounds", "scores"})
# Zone kinds whose cards lie in a heap, only the top one showing.
_PILES: Final = frozenset({"discard", "box", "pile", "waste", "trash", "graveyard"})
_NUMBER: Final = re.compile(r"\d+")
# The keys a renderer gives the first level of choices (1-9).
_KEYS: Final = 9


def check_names(names: Sequence[str], players: int) -> list[str]:
    """``names`` as a list of one name per seat.

    Raises:
        TablecardsError: not one non-empty string per seat.
    """
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TablecardsError(f"names must be a list of {players} names, not {show(names)}")
    out = list(names)
    if len(out) != players or not all(isinstance(n, str) and n.strip() for n in out):
        raise TablecardsError(
            f"names must hold one non-empty name per seat ({players}), not {show(names)}"
        )
    return out


def seat_order(players: int, viewer: int | None) -> list[int]:
    """The seats in table order from ``viewer``: itself first, then clockwise; a spectator
    sees seat 0 first."""
    start = 0 if viewer is None else viewer
    return [(start + step) % players for step in range(players)]


def scene_of(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
) -> dict[str, Any]:
    """The game's scene of ``view`` (:meth:`Game.scene <tablecards.Game.scene>`), or the
    generic scene when the game lays out none (its ``scene`` returns ``None``)."""
    scene = game.scene(view, names, legal)
    if scene is None:
        return generic_scene(game, view, names, legal)
    # A Scene is a TypedDict: the same dict at run time, typed for the game that builds it.
    return cast("dict[str, Any]", scene)


def generic_scene(
    game: Game[Any],
    view: Mapping[str, Any],
    names: Sequence[str],
    legal: Sequence[Action] = (),
) -> dict[str, Any]:
    """The default scene of ``view``: zones grouped by owner, a game's extra keys in words.

    ``names`` are the players' names (index = seat); the scene calls the viewer (``view["seat"]``,
    ``None`` for a spectator) "You". ``legal`` are the viewer's legal actions: they become the
    choices (with :meth:`Game.describe <tablecards.Game.describe>`'s words and
    :meth:`Game.action_json <tablecards.Game.action_json>`'s data). Only ``view``, ``names`` and
    ``legal`` are read, so the scene never shows more than the view. Its parts are shared with
    other scenes (a zone's box kept with the zone, :func:`tablecards.remember`; the words of
    equal extra keys and choices): read the scene, never change it.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
        >>> scene = tablecards.generic_scene(
        ...     match.game, match.view(0), ["Ann", "Bob", "Cleo"], match.legal_actions(0)
        ... )
        >>> [panel["name"] for panel in scene["seats"]], scene["status"]
        (['You', 'Bob', 'Cleo'], 'Your turn')

    Built from a shared view (:meth:`Match.scene_view <tablecards.Match.scene_view>`), its
    zone boxes are kept with their zones (:func:`tablecards.remember`) and shared with the
    match's other scenes: a game that starts from it replaces parts with new ones, never
    changes a part in place.

    Raises:
        TablecardsError: ``names`` is not one name per seat.
    """
    players: int = view["players"]
    viewer: int | None = view.get("seat")
    seating = _seating_of(names, players, viewer)
    to_act = [seat for seat in view.get("to_act", ()) if isinstance(seat, int)]
    over = bool(view.get("over", False))
    words = _extra_words(game, view, players)
    boxes, middle = _lay_out_zones(game, view, players, viewer)
    prompt = None
    actions: list[dict[str, Any]] = []
    if legal and viewer is not None:
        prompt = "Your turn: choose"
        actions = _choices(game, legal, seating.words)
    shown = seating.shown
    return {
        "version": SCENE_VERSION,
        "game": game.title,
        "viewer": viewer,
        "title": words.title,
        "lines": [],
        "status": _status(view, seating.names, viewer, to_act),
        "seats": [
            {
                "seat": seat,
                "name": shown[seat],
                "you": seat == viewer,
                "active": seat in to_act and not over,
                "badges": words.badges[seat],
                "counters": words.counters[seat],
                "zones": boxes[seat],
            }
            for seat in seating.order
        ],
        "middle": middle,
        "prompt": prompt,
        "actions": actions,
        "facts": words.facts,
        "scores": words.score_rows(shown),
        "summary": None,
    }


def _seating_of(names: Sequence[str], players: int, viewer: int | None) -> _Seating:
    """The seats as ``viewer`` reads them, ``names`` checked (:func:`check_names`): once per
    tuple of names."""
    if type(names) is tuple:
        try:
            return _seating(names, players, viewer)
        except TypeError:  # a name that cannot be hashed: check_names says what is wrong
            pass
    return _seating(tuple(check_names(names, players)), players, viewer)


@attrs.frozen
class _Seating:
    """The seats as one viewer reads them: the same from scene to scene, so made once."""

    names: tuple[str, ...]
    shown: tuple[str, ...]  # on panels and scores: "You" for the viewer
    words: tuple[str, ...]  # in sentences (the choices): "you" for the viewer
    order: tuple[int, ...]  # seat_order


@functools.lru_cache(maxsize=256)
def _seating(names: tuple[str, ...], players: int, viewer: int | None) -> _Seating:
    names = tuple(check_names(names, players))
    return _Seating(
        names=names,
        shown=tuple("You" if seat == viewer else name for seat, name in enumerate(names)),
        words=tuple(names_for(names, viewer)),
        order=tuple(seat_order(len(names), viewer)),
    )


def _lay_out_zones(
    game: Game[Any], view: Mapping[str, Any], players: int, viewer: int | None
) -> tuple[list[list[dict[str, Any]]], list[dict[str, Any]]]:
    """The boxes of each seat's zones, by seat, and the middle of the table: the zones of
    nobody, one group each, titled by the zone's kind. Each is kept with its zone."""
    boxes: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    middle: list[dict[str, Any]] = []
    for zone_id, zone in view.get("zones", {}).items():
        owner = zone.get("owner")
        if isinstance(owner, int) and 0 <= owner < players:
            # Only the viewer's own hand looks different to its owner (sorted, fanned): every
            # other box is the same for all who see the zone alike, so it is built once.
            key = _MY_BOX if owner == viewer and zone_id.partition(":")[0] == "hand" else _BOX
            # remember()'s look-up, inlined: a view has many zones, most of them unchanged.
            made = zone.parts.get(key) if type(zone) is ZoneView else None
            if made is None:
                made = remember(zone, key, _zone_box, game, zone_id, zone, owner, viewer)
            boxes[owner].append(made)
        else:
            key = _MY_GROUP if viewer is not None and owner == viewer else _GROUP
            made = zone.parts.get(key) if type(zone) is ZoneView else None
            if made is None:
                made = remember(zone, key, _zone_group, game, zone_id, zone, owner, viewer)
            middle.append(made)
    return boxes, middle


# The keys of the parts kept with a zone: whether it is the viewer's own hand (a box) or the
# viewer owns it (a group) is all they depend on besides the zone (whose id and owner it knows).
_BOX: Final = ("box", False)
_MY_BOX: Final = ("box", True)
_GROUP: Final = ("group", False)
_MY_GROUP: Final = ("group", True)


def _zone_group(
    game: Game[Any], zone_id: str, zone: Mapping[str, Any], owner: object, viewer: int | None
) -> dict[str, Any]:
    box = _zone_box(game, zone_id, zone, owner, viewer)
    return {"id": zone_id, "title": box["title"], "note": None, "badges": [], "zones": [box]}


@functools.lru_cache(maxsize=4096)
def _zone_title(zone_id: str, owner: int | None) -> tuple[str, str]:
    """(kind, title) of a zone: "won:2:red" of seat 2 is ("won", "Won red"), "pile:0" of
    nobody ("pile", "Pile 1"): the owner's number is dropped, other numbers count from 1."""
    kind, *rest = zone_id.split(":")
    if owner is not None and str(owner) in rest:
        rest.remove(str(owner))
    words = [words_of(kind)]
    for part in rest:
        words.append(str(int(part) + 1) if _NUMBER.fullmatch(part) else words_of(part))
    text = " ".join(word for word in words if word)
    return kind, text[:1].upper() + text[1:]


def _zone_box(
    game: Game[Any], zone_id: str, zone: Mapping[str, Any], owner: object, viewer: int | None
) -> dict[str, Any]:
    kind, title = _zone_title(zone_id, owner if isinstance(owner, int) else None)
    count: int = zone.get("count", 0)
    cards = zone.get("cards")
    if cards is None:
        style = "stack" if isinstance(owner, int) else "deck"
        faces = None
    else:
        mine = owner == viewer and viewer is not None and kind == "hand"
        style = "hand" if mine else ("pile" if kind in _PILES else "row")
        faces = card_faces(game, _sorted_hand(cards) if mine else cards)
    return {
        "id": zone_id,
        "title": title,
        "style": style,
        "count": count,
        "cards": faces,
        "note": None,
    }


def _sorted_hand(cards: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """:func:`sort_cards`, each card's place worked out once per content: a hand changes by a
    card or two at a time, and the rest sort as they did."""
    try:
        return sorted(cards, key=_kept_sort_key)
    except TypeError:  # a field that cannot be hashed (a list): no keeping for this hand
        return sort_cards(cards)


def _kept_sort_key(card: Mapping[str, Any]) -> tuple[int, str, float, str, int]:
    return _sort_key_of(tuple(card.items()))


@functools.lru_cache(maxsize=4096)
def _sort_key_of(fields: tuple[tuple[str, Any], ...]) -> tuple[int, str, float, str, int]:
    return _sort_key(dict(fields))


@attrs.frozen
class _Words:
    """A view's extra keys in words: shared by the scenes of equal views, never changed."""

    title: str
    facts: list[dict[str, str]]
    badges: tuple[list[dict[str, str]], ...]  # per seat
    counters: tuple[list[dict[str, str]], ...]  # per seat
    scores: tuple[tuple[int, str], ...]  # (seat, the score in words)
    # The score rows, by the names a viewer reads (_Seating.shown): made once for each.
    _rows: dict[tuple[str, ...], list[dict[str, Any]]] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )

    def score_rows(self, shown: tuple[str, ...]) -> list[dict[str, Any]]:
        """The scores' rows, ``shown`` naming the seats."""
        rows = self._rows.get(shown)
        if rows is None:
            if len(self._rows) >= _ROWS_MAX:
                self._rows.clear()
            rows = self._rows[shown] = [
                {"seat": seat, "name": shown[seat], "score": text} for seat, text in self.scores
            ]
        return rows


# The viewers of one set of words: the seats and a spectator, of a few tables.
_ROWS_MAX: Final = 64


def _extra_words(game: Game[Any], view: Mapping[str, Any], players: int) -> _Words:
    """The view's extra keys in words, made once per content: the same values come back move
    after move (a phase, the scores), and wording them costs more than looking them up."""
    extra_keys, values_of = _extra_keys(tuple(view))
    key = (type(game), players, extra_keys, _content(values_of(view)))
    made = _WORDS.get(key)
    if made is None:
        if len(_WORDS) >= _WORDS_MAX:
            _WORDS.clear()
        extra = {name: view[name] for name in extra_keys}
        made = _WORDS[key] = _word_extra(game, extra, players)
    return made


def _content(value: Any) -> bytes | str:
    """A key that says all of ``value``, plain JSON data: equal keys, equal values of equal
    types (``1``, ``1.0`` and ``True`` apart, as their words are)."""
    try:
        # marshal writes plain data exactly, in a third of the time repr takes.
        return marshal.dumps(value, 2)
    except ValueError:  # not plain data (a subclass of a JSON type): its repr says it
        return repr(value)


@functools.lru_cache(maxsize=256)
def _extra_keys(keys: tuple[str, ...]) -> tuple[tuple[str, ...], Callable[[Any], Any]]:
    """The extra keys among a view's ``keys``, and a function that gives their values."""
    extra = tuple(key for key in keys if key not in RESERVED_VIEW_KEYS)
    # itemgetter of one key gives its value alone, of several a tuple; of none it cannot be.
    return extra, operator.itemgetter(*extra) if extra else _no_values


def _no_values(view: Mapping[str, Any]) -> tuple[()]:
    return ()


_WORDS: dict[tuple[Any, ...], _Words] = {}
_WORDS_MAX: Final = 4096


def _word_extra(game: Game[Any], extra: Mapping[str, Any], players: int) -> _Words:
    facts = []
    badges: list[list[dict[str, str]]] = [[] for _ in range(players)]
    counters: list[list[dict[str, str]]] = [[] for _ in range(players)]
    for key, value in extra.items():
        if key in _HEADER_KEYS:
            continue
        fact, seats = _word_item(game, players, key, value)
        if fact is not None:
            facts.append(fact)
        for seat, badge, counter in seats:
            if badge is not None:
                badges[seat].append(badge)
            if counter is not None:
                counters[seat].append(counter)
    return _Words(
        title=_title(game, extra),
        facts=facts,
        badges=tuple(badges),
        counters=tuple(counters),
        scores=_word_scores(game, extra.get("scores"), players),
    )


# One seat's part of an extra key: (seat, badge, counter), one of the two None.
_SeatWords = tuple[int, dict[str, str] | None, dict[str, str] | None]
# One extra key in words: a fact, or a badge or a counter per seat.
_Item = tuple[dict[str, str] | None, tuple[_SeatWords, ...]]


def _word_item(game: Game[Any], players: int, key: str, value: Any) -> _Item:
    """One extra key in words, made once per content: most keys keep their value from one
    move to the next while another key changes."""
    memo = (type(game), players, key, _content(value))
    made = _ITEMS.get(memo)
    if made is None:
        if len(_ITEMS) >= _WORDS_MAX:
            _ITEMS.clear()
        made = _ITEMS[memo] = _word_value(game, players, key, value)
    return made


_ITEMS: dict[tuple[Any, ...], _Item] = {}


def _word_value(game: Game[Any], players: int, key: str, value: Any) -> _Item:
    label = label_of(key)
    seats = per_seat(value, players)
    if seats is None:
        text = value_words(game, value)
        return (None if text is None else {"label": label, "text": text}), ()
    out: list[_SeatWords] = []
    for seat, item in enumerate(seats):
        if item is True:
            out.append((seat, {"text": label, "tone": "info"}, None))
        elif item is not False:
            text = value_words(game, item)
            if text is not None:
                out.append((seat, None, {"label": label, "value": text}))
    return None, tuple(out)


def _title(game: Game[Any], extra: Mapping[str, Any]) -> str:
    round_ = extra.get("round")
    if isinstance(round_, int) and not isinstance(round_, bool):
        rounds = extra.get("rounds")
        of = f" of {rounds}" if isinstance(rounds, int) and not isinstance(rounds, bool) else ""
        return f"{game.title} \N{EM DASH} round {round_}{of}"
    return game.title


def _word_scores(game: Game[Any], scores: Any, players: int) -> tuple[tuple[int, str], ...]:
    """The scores in words, made once per content: they change less often than the rest."""
    memo = (type(game), players, _content(scores))
    made = _SCORES.get(memo)
    if made is None:
        if len(_SCORES) >= _WORDS_MAX:
            _SCORES.clear()
        made = _SCORES[memo] = _scores(game, scores, players)
    return made


_SCORES: dict[tuple[Any, ...], tuple[tuple[int, str], ...]] = {}


def _scores(game: Game[Any], scores: Any, players: int) -> tuple[tuple[int, str], ...]:
    seats = per_seat(scores, players) if players > 1 else scores
    if not isinstance(seats, list) or len(seats) != players:
        return ()
    out = []
    for seat, score in enumerate(seats):
        text = value_words(game, score)
        if text is not None:
            out.append((seat, text))
    return tuple(out)


def _status(
    view: Mapping[str, Any], names: Sequence[str], viewer: int | None, to_act: Sequence[int]
) -> str:
    if view.get("over"):
        return "The match is over"
    if viewer in to_act:
        return "Your turn"
    if not to_act:
        return "Waiting"
    return _waiting_for(tuple(names), tuple(to_act))


@functools.lru_cache(maxsize=1024)
def _waiting_for(names: tuple[str, ...], to_act: tuple[int, ...]) -> str:
    return f"Waiting for {listing(names[seat] for seat in to_act)}"


def _choices(
    game: Game[Any], legal: Sequence[Action], names: tuple[str, ...]
) -> list[dict[str, Any]]:
    """The choices of ``legal`` in words, made once per content: a seat is offered the same
    moves again and again (draw, pass, the same hand), and wording them is what costs."""
    try:
        key = (game, tuple(legal), tuple(names))
        made = _CHOICES.get(key)
    except TypeError:  # an action that cannot be hashed: worded every time
        return _action_groups(game, legal, lambda action: _choice(game, action, list(names)))
    if made is None:
        if len(_CHOICES) >= _CHOICES_MAX:
            _CHOICES.clear()
        # One action's words come back in other sets of choices (a card kept in a hand).
        reader = (game, key[2])
        kept = _CHOICE.get(reader)
        if kept is None:
            if len(_CHOICE) >= _READERS_MAX:
                _CHOICE.clear()
            kept = _CHOICE[reader] = {}
        made = _CHOICES[key] = _action_groups(
            game, legal, lambda action: _kept_choice(game, action, key[2], kept)
        )
    return made


def _choice(game: Game[Any], action: Action, names: Sequence[str]) -> dict[str, Any]:
    return {"text": menu_text(game, action, names), "act": game.action_json(action)}


def _kept_choice(
    game: Game[Any],
    action: Action,
    names: tuple[str, ...],
    kept: dict[Action, dict[str, Any]],
) -> dict[str, Any]:
    made = kept.get(action)
    if made is None:
        if len(kept) >= _CHOICES_MAX:
            kept.clear()
        made = kept[action] = _choice(game, action, list(names))
    return made


# Actions are frozen values (equal fields, equal actions), and a game's words for one of them
# depend on the players' names only (Game.describe): the choices of a set of actions by (game,
# actions, names), and one action's choice by (game, names), then by action.
_CHOICES: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
_CHOICE: dict[tuple[Any, ...], dict[Action, dict[str, Any]]] = {}
_CHOICES_MAX: Final = 4096
# The readers of choices: each seat of a few tables, by game.
_READERS_MAX: Final = 256


def _action_groups(
    game: Game[Any], legal: Sequence[Action], choice_of: Callable[[Action], dict[str, Any]]
) -> list[dict[str, Any]]:
    # Two actions that read alike (two equal cards in a hand) are one choice for a player.
    groups: dict[str, list[dict[str, Any]]] = {}
    seen: set[str] = set()
    for action in legal:
        choice = choice_of(action)
        text = choice["text"]
        if text in seen:
            continue
        seen.add(text)
        groups.setdefault(type(action).__name__, []).append(choice)
    if len(seen) <= _KEYS or len(groups) == 1:
        return [{"title": None, "choices": [c for group in groups.values() for c in group]}]
    # More choices than keys: one group per kind of action, so that none is a wall.
    return [{"title": label_of(kind), "choices": choices} for kind, choices in groups.items()]
