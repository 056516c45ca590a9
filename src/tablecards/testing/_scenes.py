"""The scenes check: every scene follows the schema, says words, and comes from its view only.

At the kit's chosen moments, for every seat and a spectator, :class:`SceneCheck` builds the
scene of the seat's view (:meth:`Game.scene <tablecards.Game.scene>`, with the kit's names and
the seat's legal actions) and checks that

1. it is plain JSON data that follows :func:`tablecards.scene_schema`;
2. every text in it is words for players (:func:`raw_text_problems`), every seat is named
   ("You" for the viewer), a zone of nobody is never titled with a player's name, a card of a
   painted colour names it in its label, and every choice is one of the seat's legal actions
   (every legal action being offered);
3. it shows no card the view does not show (every face's id is a card of the view);
4. it is a function of the view: the same view (and a deep copy of it, and the view of a twin
   state where what the seat cannot see is dealt differently) gives the same scene, building
   it leaves the view unchanged, and at the end of the match every scene is built again from
   its stored view and must not have changed (a scene that reads the state, or anything but
   its view, differs then);
5. :meth:`Match.scene <tablecards.Match.scene>`, which builds from the shared view and finds
   again what the scene kept of unchanged zones (:func:`tablecards.remember`), gives the same
   scene as a fresh view, and leaves the shared zones as they were.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, NoReturn

from tablecards import Action, Game, Match, TablecardsError, scene_schema
from tablecards.core._describe import menu_text
from tablecards.table._scene import scene_of
from tablecards.testing._failure import ConformanceFailure, Where
from tablecards.testing._invariants import check_plain
from tablecards.testing._leaks import perturbed
from tablecards.testing._rawtext import raw_text_problems
from tablecards.testing._schema_check import schema_problems
from tablecards.words import names_for

__all__ = ["KIT_NAMES", "SceneCheck", "kit_names", "scene_problems", "scene_texts"]

#: The names the kit gives the players (then "Player 11", ...).
KIT_NAMES: Final = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo")
# Keys whose values are data (ids, seats, enums, the action to send), never shown as text.
_DATA_KEYS: Final = frozenset(
    {"id", "act", "kind", "seat", "viewer", "version", "style", "tone", "colour", "you"}
)
_SCHEMA: Final = scene_schema()


def _copy(view: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a view (through JSON, in C, when it is plain data, as views are)."""
    try:
        copied: dict[str, Any] = json.loads(json.dumps(view))
    except (TypeError, ValueError):
        return copy.deepcopy(view)
    return copied if copied == view else copy.deepcopy(view)


def _fail(where: Where, detail: str) -> NoReturn:
    raise ConformanceFailure("scenes", where, detail)


def kit_names(players: int) -> list[str]:
    """The kit's player names for ``players`` seats."""
    return [KIT_NAMES[s] if s < len(KIT_NAMES) else f"Player {s + 1}" for s in range(players)]


def scene_texts(scene: Any, path: str = "scene") -> Iterator[tuple[str, str]]:
    """Every text a player reads in ``scene``, with its path (data fields left out)."""
    if isinstance(scene, dict):
        for key, value in scene.items():
            if key not in _DATA_KEYS:
                yield from scene_texts(value, f"{path}.{key}")
    elif isinstance(scene, list):
        for index, item in enumerate(scene):
            yield from scene_texts(item, f"{path}[{index}]")
    elif isinstance(scene, str):
        yield path, scene


def scene_problems(scene: Any) -> list[str]:
    """The raw data in any text a player reads in ``scene``; empty when every text is words.

    Each problem reads ``"path: problem"`` (JSON, ``null``, snake_case words, "seat N"...). The
    texts are those the ``scenes`` check reads (data fields such as ``id``, ``act`` or
    ``style`` left out), each checked with :func:`raw_text_problems`: a game's own scene tests
    can hold their scenes to the kit's standard at positions of their choosing.

    Example:
        >>> from tablecards.testing import scene_problems
        >>> scene_problems({"status": "Your turn", "facts": [{"label": "Bid", "text": "null"}]})
        ["scene.facts[0].text: a null value: 'null'"]
    """
    return [
        f"{path}: {problem}"
        for path, text in scene_texts(scene)
        for problem in raw_text_problems(text)
    ]


class SceneCheck:
    """The scenes check over one kit match: :meth:`at` each chosen moment, :meth:`finish`
    once the match has ended."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self._built: list[tuple[Where, str, dict[str, Any], list[str], tuple[Action, ...], Any]]
        self._built = []
        # Texts already read and found to be words: labels and titles come back in every scene.
        self._words: set[str] = set()
        # The scenes Match.scene gave at the last moment, with a copy of each: their parts may
        # be shared with later scenes, so a later scene that changes a part changes them.
        self._shared: list[tuple[Where, str, dict[str, Any], dict[str, Any]]] = []

    def at(self, match: Match, where: Where) -> None:
        """Check the scene of every seat and a spectator at this moment of ``match``."""
        earlier, self._shared = self._shared, []
        names = kit_names(match.players)
        # Its own generator: the kit's other checks draw what they drew before this one.
        rng = random.Random(f"tablecards.testing/scenes/{where.describe()}")
        twins = perturbed(self.game, match.state, rng)
        for watcher in (*range(match.players), None):
            who = "a spectator" if watcher is None else f"seat {watcher}"
            view = match.view(watcher)
            legal = tuple(match.legal_actions(watcher)) if watcher is not None else ()
            kept = _copy(view)
            scene = self._build(view, names, legal, where, who)
            check_plain(scene, where, f"the scene of {who}", "scenes")
            self._check_scene(scene, view, names, legal, where, who)
            # Again from the copy (the copy is kept for the end of the match).
            again = self._build(kept, list(names), legal, where, who)
            if view != kept:
                _fail(where, f"building the scene of {who} changed its view")
            if again != scene:
                _fail(where, f"the same view of {who} gave two different scenes")
            if twins is not None:
                twin = self.game.view(twins, watcher)
                twin["moves"] = view["moves"]
                twin["over"], twin["to_act"] = view["over"], view["to_act"]
                if twin == view and self._build(twin, names, legal, where, who) != scene:
                    _fail(
                        where,
                        f"the view of {who} is the same when the cards it cannot see lie "
                        "elsewhere, but its scene differs: the scene reads more than its view",
                    )
            self._check_shared(match, watcher, names, scene, view, where, who)
            self._built.append((where, who, kept, names, legal, scene))
        self._check_untouched(earlier)

    def _check_shared(
        self,
        match: Match,
        watcher: int | None,
        names: list[str],
        scene: dict[str, Any],
        view: dict[str, Any],
        where: Where,
        who: str,
    ) -> None:
        """The scene :meth:`Match.scene` builds from the shared view, with what the game kept
        of unchanged zones (:func:`tablecards.remember`), is the scene of a fresh view, and
        building it changes no shared zone."""
        built = match.scene(watcher, names)
        if built != scene:
            _fail(
                where,
                f"the scene of {who} built by Match.scene differs from the scene of a fresh "
                "copy of its view: a part kept with tablecards.remember depends on something "
                "its key does not name, or was changed after it was kept",
            )
        shared = self.game.scene_view(match.state, watcher)
        if shared["zones"] != view["zones"]:
            _fail(where, f"building the scene of {who} changed the shared zones of its view")
        self._shared.append((where, who, built, _copy(built)))

    def _check_untouched(
        self, scenes: list[tuple[Where, str, dict[str, Any], dict[str, Any]]]
    ) -> None:
        """The scenes Match.scene gave before are as they were when it gave them."""
        for where, who, scene, kept in scenes:
            if scene != kept:
                _fail(
                    where,
                    f"the scene of {who} built by Match.scene changed after it was returned: "
                    "a later scene changed a part it shares with it (a part kept with "
                    "tablecards.remember, or one of the generic scene's): replace parts, never "
                    "change them in place",
                )

    def finish(self) -> None:
        """Build every scene again from its stored view: it must not have changed."""
        self._check_untouched(self._shared)
        self._shared = []
        for where, who, view, names, legal, scene in self._built:
            if self._build(view, names, legal, where, who) != scene:
                _fail(
                    where,
                    f"the scene of {who} built again from the same view at the end of the "
                    "match differs: the scene reads more than its view (the state, a global)",
                )
        self._built.clear()

    def _build(
        self,
        view: dict[str, Any],
        names: Sequence[str],
        legal: Sequence[Action],
        where: Where,
        who: str,
    ) -> dict[str, Any]:
        scene = scene_of(self.game, view, names, legal)
        if not isinstance(scene, dict):
            _fail(where, f"the scene of {who} is {type(scene).__name__}, not a dict")
        return scene

    def _check_scene(
        self,
        scene: dict[str, Any],
        view: Mapping[str, Any],
        names: Sequence[str],
        legal: Sequence[Action],
        where: Where,
        who: str,
    ) -> None:
        problems = schema_problems(scene, _SCHEMA)
        if problems:
            _fail(
                where,
                f"the scene of {who} does not follow tablecards.scene_schema(): "
                + "; ".join(problems),
            )
        for path, text in scene_texts(scene):
            if text in self._words:
                continue
            found = raw_text_problems(text)
            if found:
                _fail(
                    where,
                    f"the scene of {who} shows raw data at {path}: {text!r} ({'; '.join(found)})",
                )
            self._words.add(text)
        _check_table(scene, view, names, where, who)
        _check_cards(scene, view, where, who)
        _check_choices(self.game, scene, legal, names_for(names, view["seat"]), where, who)


def _check_table(
    scene: Mapping[str, Any],
    view: Mapping[str, Any],
    names: Sequence[str],
    where: Where,
    who: str,
) -> None:
    viewer = view["seat"]
    players = view["players"]
    if scene["viewer"] != viewer:
        _fail(where, f"the scene of {who} says its viewer is {scene['viewer']!r}")
    start = 0 if viewer is None else viewer
    order = [(start + step) % players for step in range(players)]
    seats = [panel["seat"] for panel in scene["seats"]]
    if seats != order:
        _fail(where, f"the scene of {who} has its seats in the order {seats}, not {order}")
    for panel in scene["seats"]:
        seat = panel["seat"]
        wanted = "You" if seat == viewer else names[seat]
        if panel["name"] != wanted or panel["you"] != (seat == viewer):
            _fail(where, f"the scene of {who} calls seat {seat} {panel['name']!r}, not {wanted!r}")
    nobody = {name for name, zone in view["zones"].items() if "owner" not in zone}
    for box in _zone_boxes(scene):
        note = box.get("note") or ""
        if box.get("count") == 0 and note.lower().startswith("empty"):
            # Every table already writes "empty" after an empty zone's title: a note saying
            # it again reads "Face-up row empty empty".
            _fail(
                where,
                f"the scene of {who} notes the empty zone {box['id']!r} as {note!r}: the table "
                "says it is empty already; say what else matters, or nothing",
            )
        if box["id"] in nobody and _names_a_player(box["title"], names):
            _fail(
                where,
                f"the scene of {who} titles zone {box['id']!r}, which belongs to nobody, "
                f"{box['title']!r}: as a player's",
            )


def _names_a_player(title: str, names: Sequence[str]) -> bool:
    plain = title.replace("\N{RIGHT SINGLE QUOTATION MARK}", "'").replace("'s", " ")
    words = {word.strip(".,:;!?'").lower() for word in plain.split()}
    return bool(words & {"you", "your"}) or any(name.lower() in words for name in names)


def _zone_boxes(scene: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    for panel in scene["seats"]:
        yield from panel["zones"]
    for group in scene["middle"]:
        yield from group["zones"]


def _card_ids(value: Any, out: set[int]) -> set[int]:
    if isinstance(value, dict):
        if isinstance(value.get("id"), int):
            out.add(value["id"])
        for item in value.values():
            _card_ids(item, out)
    elif isinstance(value, list):
        for item in value:
            _card_ids(item, out)
    return out


def _check_cards(scene: Mapping[str, Any], view: Mapping[str, Any], where: Where, who: str) -> None:
    shown = _card_ids({key: value for key, value in view.items() if key != "seat"}, set())
    for box in _zone_boxes(scene):
        for card in box["cards"] or ():
            if card["id"] not in shown:
                _fail(
                    where,
                    f"the scene of {who} shows card {card['id']} ({card['label']!r}), which "
                    "its view does not show",
                )
            colour = card["colour"]
            if colour is not None and colour not in card["label"].lower():
                _fail(
                    where,
                    f"the scene of {who} paints a card {colour} without saying it in its "
                    f"label {card['label']!r} (colour-blind players read the label)",
                )


def _leaves(groups: Sequence[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    for group in groups:
        for choice in group["choices"]:
            if "then" in choice:
                yield from _leaves([choice["then"]])
            else:
                yield choice


def _check_choices(
    game: Game[Any],
    scene: Mapping[str, Any],
    legal: Sequence[Action],
    names: Sequence[str],
    where: Where,
    who: str,
) -> None:
    groups = scene["actions"]
    if not legal:
        if groups or scene["prompt"] is not None:
            _fail(where, f"the scene of {who} offers choices or a prompt, but it may not act")
        return
    offered = set()
    for choice in _leaves(groups):
        try:
            action = game.parse_action(choice["act"])
        except TablecardsError as error:
            _fail(where, f"the scene of {who} offers {choice['text']!r}, not an action: {error}")
        if action not in legal:
            _fail(where, f"the scene of {who} offers {choice['text']!r}, which is not legal")
        offered.add(action)
    missing = [action for action in legal if action not in offered]
    texts = {choice["text"] for choice in _leaves(groups)}
    # Two actions that read alike (two equal cards) may be offered as one choice.
    if missing and any(menu_text(game, action, names) not in texts for action in missing):
        _fail(where, f"the scene of {who} does not offer the legal action {missing[0]!r}")
    for group in groups:
        seen = [choice["text"] for choice in group["choices"]]
        if len(seen) != len(set(seen)):
            _fail(where, f"the scene of {who} offers two choices that read alike: {seen}")
