"""Scenes: what one seat sees of a match, laid out for players, built from its view only.

A scene is plain JSON-ready data (:func:`tablecards.scene_schema`): a header, one panel per
seat around the table from the viewer, the shared middle, zones with styles, cards with faces,
the prompt and the viewer's choices. :meth:`tablecards.Game.scene` builds it; its default is
:func:`generic_scene`, which any game gets for free: zones go to their owner's panel (owners
come from the view, which has them from the engine), zones of nobody to the middle, a game's
extra keys become counters, badges and facts in words.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from tablecards._actions import Action
from tablecards._describe import menu_text, words_of
from tablecards._errors import TablecardsError, show
from tablecards._faces import face, sort_cards
from tablecards._facts import label_of, per_seat, value_words
from tablecards._game import RESERVED_VIEW_KEYS, Game
from tablecards._remember import remember
from tablecards.words import listing, names_for

__all__ = ["SCENE_VERSION", "check_names", "generic_scene", "seat_order"]

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
    ``legal`` are read, so the scene never shows more than the view.

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
    names = check_names(names, players)
    viewer: int | None = view.get("seat")
    to_act = [seat for seat in view.get("to_act", ()) if isinstance(seat, int)]
    shown = ["You" if seat == viewer else name for seat, name in enumerate(names)]
    extra = {key: value for key, value in view.items() if key not in RESERVED_VIEW_KEYS}
    over = bool(view.get("over", False))
    panels = {
        seat: _panel(seat, shown[seat], viewer, seat in to_act and not over)
        for seat in range(players)
    }
    middle = _lay_out_zones(game, view, panels, viewer)
    facts = _extra_words(game, extra, panels, players)
    prompt = None
    actions: list[dict[str, Any]] = []
    if legal and viewer is not None:
        prompt = "Your turn: choose"
        actions = _action_groups(game, legal, names_for(names, viewer))
    return {
        "version": SCENE_VERSION,
        "game": game.title,
        "viewer": viewer,
        "title": _title(game, extra),
        "lines": [],
        "status": _status(view, names, viewer, to_act),
        "seats": [panels[seat] for seat in seat_order(players, viewer)],
        "middle": middle,
        "prompt": prompt,
        "actions": actions,
        "facts": facts,
        "scores": _scores(game, extra.get("scores"), shown, players),
    }


def _panel(seat: int, name: str, viewer: int | None, active: bool) -> dict[str, Any]:
    return {
        "seat": seat,
        "name": name,
        "you": seat == viewer,
        "active": active,
        "badges": [],
        "counters": [],
        "zones": [],
    }


def _lay_out_zones(
    game: Game[Any],
    view: Mapping[str, Any],
    panels: dict[int, dict[str, Any]],
    viewer: int | None,
) -> list[dict[str, Any]]:
    """Each zone of the view into its owner's panel; the zones of nobody, returned as the
    middle of the table (one group each, titled by the zone's kind)."""
    middle: list[dict[str, Any]] = []
    for zone_id, zone in view.get("zones", {}).items():
        owner = zone.get("owner")
        mine = viewer is not None and owner == viewer
        if isinstance(owner, int) and owner in panels:
            panels[owner]["zones"].append(
                remember(zone, ("box", mine), _zone_box, game, zone_id, zone, owner, viewer)
            )
        else:
            middle.append(
                remember(zone, ("group", mine), _zone_group, game, zone_id, zone, owner, viewer)
            )
    return middle


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
        faces = [face(game, card) for card in (sort_cards(cards) if mine else cards)]
    return {
        "id": zone_id,
        "title": title,
        "style": style,
        "count": count,
        "cards": faces,
        "note": None,
    }


def _extra_words(
    game: Game[Any], extra: Mapping[str, Any], panels: dict[int, dict[str, Any]], players: int
) -> list[dict[str, str]]:
    facts = []
    for key, value in extra.items():
        if key in _HEADER_KEYS:
            continue
        label = label_of(key)
        seats = per_seat(value, players)
        if seats is not None:
            for seat, item in enumerate(seats):
                if item is True:
                    panels[seat]["badges"].append({"text": label, "tone": "info"})
                elif item is not False:
                    text = value_words(game, item)
                    if text is not None:
                        panels[seat]["counters"].append({"label": label, "value": text})
            continue
        text = value_words(game, value)
        if text is not None:
            facts.append({"label": label, "text": text})
    return facts


def _title(game: Game[Any], extra: Mapping[str, Any]) -> str:
    round_ = extra.get("round")
    if isinstance(round_, int) and not isinstance(round_, bool):
        rounds = extra.get("rounds")
        of = f" of {rounds}" if isinstance(rounds, int) and not isinstance(rounds, bool) else ""
        return f"{game.title} \N{EM DASH} round {round_}{of}"
    return game.title


def _status(
    view: Mapping[str, Any], names: Sequence[str], viewer: int | None, to_act: Sequence[int]
) -> str:
    if view.get("over"):
        return "The match is over"
    if viewer in to_act:
        return "Your turn"
    if not to_act:
        return "Waiting"
    return f"Waiting for {listing(names[seat] for seat in to_act)}"


def _scores(
    game: Game[Any], scores: Any, shown: Sequence[str], players: int
) -> list[dict[str, Any]]:
    seats = per_seat(scores, players) if players > 1 else scores
    if not isinstance(seats, list) or len(seats) != players:
        return []
    out = []
    for seat, score in enumerate(seats):
        text = value_words(game, score)
        if text is not None:
            out.append({"seat": seat, "name": shown[seat], "score": text})
    return out


def _action_groups(
    game: Game[Any], legal: Sequence[Action], names: Sequence[str]
) -> list[dict[str, Any]]:
    # Two actions that read alike (two equal cards in a hand) are one choice for a player.
    groups: dict[str, list[dict[str, Any]]] = {}
    seen: set[str] = set()
    for action in legal:
        text = menu_text(game, action, names)
        if text in seen:
            continue
        seen.add(text)
        choice = {"text": text, "act": game.action_json(action)}
        groups.setdefault(type(action).__name__, []).append(choice)
    if len(seen) <= _KEYS or len(groups) == 1:
        return [{"title": None, "choices": [c for group in groups.values() for c in group]}]
    # More choices than keys: one group per kind of action, so that none is a wall.
    return [{"title": label_of(kind), "choices": choices} for kind, choices in groups.items()]
