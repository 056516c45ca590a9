"""Hit!'s table as its players see it: a face-up row in front of each player, the deck between.

Built from a seat's view alone (:meth:`Hit.scene <tablecards_hit.Hit.scene>`): every card but
the deck's order is public in Hit! (HIT-01..HIT-04 rulings), so the scenes of two seats differ
only in who is "you" and in the decision shown to the player whose turn it is.

A table shows a scene to every seat after every move, and a move changes one row, a loot pile
or the deck: each part is kept with the zones it is built from (:func:`tablecards.remember`),
its key naming whatever else it shows (whose it is, the name, the score), so that the next
scenes find the unchanged parts instead of laying them out again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, Final, NamedTuple

from tablecards import Action, ZoneView, remember
from tablecards.words import count, listing, names_for, says, whose

__all__ = ["build_scene"]

Json = dict[str, Any]

#: HIT-06: a repeated value busts a row that already holds this many cards.
BUST_FROM = 3


def article(value: object) -> str:
    """ "a 7", "an 8", "an 11"."""
    text = str(value)
    an = text.startswith("8") or text in ("11", "18")
    return f"{'an' if an else 'a'} {text}"


_VALUE: Final = itemgetter("value")
_BY_VALUE: Final = itemgetter("value", "id")
_COPY: Final = dict.copy
# Each card's face, made once: ``{id: (value, face)}``, bounded by the deck's card ids. Scenes
# hand out copies, so that no two zone boxes share a face.
_FACES: dict[int, tuple[int, Json]] = {}


def _face(card: Mapping[str, Any]) -> Json:
    value = card["value"]
    cached = _FACES.get(card["id"])
    if cached is None or cached[0] != value:
        value = int(value)
        cached = _FACES[int(card["id"])] = (
            value,
            {
                "id": int(card["id"]),
                "rank": str(value),
                "colour": None,
                "label": str(value),  # a Hit! card is its value, and worth as many points
                "note": None,
                "kind": None,
            },
        )
    return cached[1]


def _faces(cards: Sequence[Mapping[str, Any]]) -> list[Json]:
    """Fresh face dicts of ``cards``, in their order."""
    return [*map(_COPY, map(_face, cards))]


# -- the seats' panels ---------------------------------------------------------------------


class _Row(NamedTuple):
    """What a face-up row shows, the same whoever looks at it (HIT-01)."""

    size: int
    #: The faces, by value and id.
    faces: list[Json]
    #: "a 3, two 7s (17 points)".
    note: str
    #: What a steal of each value takes: "two 7s", "7" (HIT-08).
    taken: dict[int, str]
    #: The start of the go-on prompt: the row's worth and the values that bust it (HIT-09).
    held: str


def _row(row: Mapping[str, Any]) -> _Row:
    """HIT-01: the row lies in columns by value; a column's cards sit side by side."""
    cards = row.get("cards")
    if not cards:
        return _Row(0, [], "empty", {}, _EMPTY_HELD)
    cards = sorted(cards, key=_BY_VALUE)
    values = tuple(map(_VALUE, cards))
    words = _ROW_WORDS.get(values)
    if words is None:
        if len(_ROW_WORDS) >= _KEPT:
            _ROW_WORDS.clear()
        words = _ROW_WORDS[values] = _row_words(values)
    return _Row(len(cards), _faces(cards), *words)


def _row_words(values: Sequence[int]) -> tuple[str, dict[int, str], str]:
    """A row's note, what a steal takes of each value and the start of its go-on prompt, by
    its values in order."""
    columns: dict[int, int] = {}
    for value in values:
        columns[value] = columns.get(value, 0) + 1
    points = count(sum(values), "point")
    held = f"You have {count(len(values), 'face-up card')} ({points})"
    if len(values) >= BUST_FROM:
        risky = listing(map(str, columns)).replace(" and ", " or ")
        held = f"{held}; drawing {article(risky)} busts you."
    else:
        held = f"{held}; with fewer than three cards no draw can bust you."
    # Each column's words ("two 7s", "a 7") come back in many rows: made once per column.
    shown: list[str] = []
    taken: dict[int, str] = {}
    for column in columns.items():
        shown_as, taken[column[0]] = _COLUMNS.get(column) or _column(column)
        shown.append(shown_as)
    return f"{', '.join(shown)} ({points})", taken, held


def _column(column: tuple[int, int]) -> tuple[str, str]:
    """A column of ``(value, cards)``'s words in the row's note ("two 7s", "a 7"), and what a
    steal of its value takes ("two 7s", "7")."""
    value, number = column
    taken = count(number, str(value)) if number > 1 else str(value)
    made = _COLUMNS[column] = (taken if number > 1 else article(value), taken)
    return made


# Each column's words, by its value and size (bounded by the deck's values and copies).
_COLUMNS: dict[tuple[int, int], tuple[str, str]] = {}


# A row's words, by its values in order (kept: the same rows recur; bounded, cleared when full).
_ROW_WORDS: dict[tuple[int, ...], tuple[str, dict[int, str], str]] = {}


_EMPTY_HELD: Final = (
    "You have no face-up cards (no points); with fewer than three cards no draw can bust you."
)


def _kept_row(row: Mapping[str, Any]) -> _Row:
    """The row's :class:`_Row`, kept with its zone: every viewer's panel and the drawer's
    decision read it."""
    if type(row) is ZoneView:
        # Looked up in the zone's parts first: the call to remember costs as much again.
        made: _Row | None = row.parts.get(_ROW)
        if made is not None:
            return made
    return remember(row, _ROW, _row, row)


# The key a row's _Row is kept under with its zone.
_ROW: Final = "row"


def _row_box(row: Mapping[str, Any], seat: int, you: bool) -> Json:
    """A face-up row's box, titled for its owner or for the others."""
    made = _kept_row(row)
    return {
        "id": _ROW_ZONES[seat],
        "title": "Your face-up row" if you else "Face-up row",
        "style": "row",
        "count": made.size,
        "cards": made.faces,
        "note": made.note,
    }


class _Loot(NamedTuple):
    """What a loot pile shows, the same whoever looks at it (HIT-13: banked cards score)."""

    size: int
    #: "four cards banked, 23 points".
    note: str
    #: "four cards": the panel's counter.
    cards: str


def _loot(loot: Mapping[str, Any]) -> _Loot:
    """A loot pile's words, made once by whichever viewer sees it first."""
    number = int(loot.get("count", 0))
    points = sum(map(_VALUE, loot.get("cards") or ()))
    cards = count(number, "card")
    return _Loot(number, f"{cards} banked, {count(points, 'point')}", cards)


def _loot_box(loot: Mapping[str, Any], seat: int, you: bool) -> Json:
    """A loot pile's box, titled for its owner or for the others."""
    made = remember(loot, _LOOT, _loot, loot)
    return {
        "id": _LOOT_ZONES[seat],
        "title": "Your loot" if you else "Loot",
        "style": "stack",
        "count": made.size,
        "cards": None,
        "note": made.note,
    }


# The key a loot pile's _Loot is kept under with its zone.
_LOOT: Final = "loot"


def _panel(
    row: Mapping[str, Any],
    loot: Mapping[str, Any],
    seat: int,
    you: bool,
    name: str,
    active: bool,
    score: int,
) -> Json:
    """One seat's panel: its row and loot pile, its score and whether it is drawing."""
    key = (_LOOT, seat, you, score)
    kept = loot.parts.get(key) if type(loot) is ZoneView else None
    if kept is None:
        kept = remember(loot, key, _loot_parts, loot, seat, you, score)
    loot_box, counters = kept
    return {
        "seat": seat,
        "name": name,
        "you": you,
        "active": active,
        "badges": _DRAWING if active else _NO_BADGES,
        "counters": counters,
        # The row box is made with the panel: a panel is kept with its row.
        "zones": [_row_box(row, seat, you), loot_box],
    }


def _loot_parts(
    loot: Mapping[str, Any], seat: int, you: bool, score: int
) -> tuple[Json, list[Json]]:
    """The loot pile's box and the panel's counters (the score, the loot's size)."""
    return _loot_box(loot, seat, you), _counters(loot, score)


def _counters(loot: Mapping[str, Any], score: int) -> list[Json]:
    """The panel's counters: the seat's score and its loot's size."""
    return [
        {"label": "score", "value": str(score)},
        {"label": "loot", "value": remember(loot, _LOOT, _loot, loot).cards},
    ]


# Shared by every panel, as kept parts are: a scene is read, never changed.
_DRAWING: Final = [{"text": "drawing", "tone": "mark"}]
_NO_BADGES: Final[list[Json]] = []


# -- the middle ----------------------------------------------------------------------------


def _middle(deck: Mapping[str, Any], box: Mapping[str, Any]) -> list[Json]:
    """The deck, face down, and the box of the cards lost in busts."""
    number = deck["count"]
    if deck.get("cards") is None:
        # Face down, the deck shows its size alone: its note and box are kept by size.
        made = _DECKS.get(number)
        if made is None:
            made = _DECKS[number] = (_deck_note(number), _deck_box(deck))
        note, deck_box = made
    else:
        note, deck_box = _deck_note(number), _deck_box(deck)
    return [
        {
            "id": "middle",
            "title": "The deck",
            "note": note,
            "badges": [],
            "zones": [deck_box, remember(box, "box", _box_box, box)],
        }
    ]


def _deck_note(number: Any) -> str:
    return f"{count(int(number), 'card')} to draw; the round ends with the last one"


# A face-down deck's note and box, by its size (bounded by the deck's).
_DECKS: dict[Any, tuple[str, Json]] = {}


def _deck_box(deck: Mapping[str, Any]) -> Json:
    shown = deck.get("cards")
    return {
        "id": "deck",
        "title": "Deck",
        # Face down, unless the view shows every card (a replay for everyone).
        "style": "deck" if shown is None else "row",
        "count": int(deck["count"]),
        "cards": None if shown is None else _faces(shown),
        "note": None,
    }


def _box_box(box: Mapping[str, Any]) -> Json:
    return {
        "id": "box",
        "title": "The box (cards lost in busts)",
        "style": "pile",
        "count": int(box.get("count", 0)),
        "cards": _faces(box.get("cards") or ()),
        "note": None,
    }


# -- the decision --------------------------------------------------------------------------
# Only the player drawing decides, and a draw has changed its row or the deck since its last
# decision: the decision is not kept with the zones. It reads the rows' kept parts (_Row), and
# what recurs (the choices) is kept by value.


def _decision(
    view: Mapping[str, Any],
    seat: int,
    names: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    """The drawer's prompt and choices: steal or not (HIT-08), draw again or stop (HIT-09)."""
    if view.get("phase") == "steal":
        prompt, texts = _steal(view, seat, names)
    else:
        prompt, texts = _go_on(view["zones"], seat)
    return prompt, _choices(texts, legal, action_json)


def _victims(view: Mapping[str, Any], offer: int, seat: int, names: Sequence[str]) -> str:
    """ "Bob's two 7s and your 7": what a steal of the offered value takes."""
    zones = view["zones"]
    victims = []
    for other in range(int(view["players"])):
        if other == seat:
            continue
        cards = _kept_row(zones[_ROW_ZONES[other]]).taken.get(offer)
        if cards is not None:
            # names_for(names, seat)[other] is names[other]: the viewer is not a victim.
            victims.append(f"{whose(names[other])} {cards}")
    return listing(victims) or f"no {offer}s"


def _steal(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> tuple[str, Texts]:
    """HIT-08: the value drawn, and whose cards a steal takes."""
    offer = int(view["offer"])
    victims = _victims(view, offer, seat, names)
    size = _kept_row(view["zones"][_ROW_ZONES[seat]]).size
    prompt = (
        f"You drew {article(offer)}: steal {victims}? "
        f"Stolen cards join your row of {count(size, 'card')}."
    )
    return prompt, (f"Steal {victims}", "Leave them")


def _go_on(zones: Mapping[str, Any], seat: int) -> tuple[str, Texts]:
    """HIT-09: the row's worth, the values that bust it, and the cards left to draw."""
    held = _kept_row(zones[_ROW_ZONES[seat]]).held
    number = zones["deck"]["count"]
    left = _LEFT.get(number)
    if left is None:
        left = _LEFT[number] = count(int(number), "card")
    return f"{held} Draw again ({left} left) or end your turn?", _GO_ON


_GO_ON: Final = ("Draw again", "End your turn (your row is banked at your next turn)")
# "37 cards", by the deck's size (bounded by the deck's).
_LEFT: dict[Any, str] = {}


def _choices(
    texts: Texts, legal: Sequence[Action], action_json: Callable[[Action], Json]
) -> list[Json]:
    """The decision's one group of choices, kept by its texts with the actions they offer."""
    if type(legal) is not tuple:
        legal = tuple(legal)
    kept = _GROUPS.get(texts)
    # The game lists the same two actions for every decision of a phase: a tuple compares
    # its items by identity first, and Hit!'s actions have no fields.
    if kept is not None and kept[0] == legal:
        return kept[1]
    if len(_GROUPS) >= _KEPT:
        _GROUPS.clear()
    # The legal actions come in the rules' order: steal, then not; draw again, then stop.
    choices = []
    for text, action in zip(texts, legal, strict=False):
        act = _ACTS.get(action)
        if act is None:
            act = _ACTS[action] = action_json(action)
        choices.append({"text": text, "act": act})
    made = [{"title": None, "choices": choices}]
    _GROUPS[texts] = (legal, made)
    return made


Texts = tuple[str, ...]
# Bounded: cleared when full.
_KEPT: Final = 2048
# The groups of choices, with the actions they offer, by their texts.
_GROUPS: dict[Texts, tuple[tuple[Action, ...], list[Json]]] = {}
# Each action's JSON (Hit!'s four decisions have no fields): a steal's texts name its victims,
# so a new group is made at many steals.
_ACTS: dict[Action, Json] = {}


# -- the scene -----------------------------------------------------------------------------


def _status(
    view: Mapping[str, Any], viewer: int | None, names: Sequence[str], scores: Sequence[int]
) -> str:
    if view.get("over"):
        words = names_for(names, viewer)
        best = max(scores)
        winners = [words[seat] for seat, score in enumerate(scores) if score == best]
        who = listing(winners)
        verb = says(who, "wins") if len(winners) == 1 else f"{who} share the win"
        text = f"{verb} with {count(best, 'point')}"
        return text[:1].upper() + text[1:]
    current = view.get("current")
    if current is None:
        return ""
    return "Your turn" if current == viewer else f"Waiting for {names[int(current)]}"


def _scores(viewer: int | None, names: Sequence[str], scores: Sequence[int]) -> list[Json]:
    """The scores by name, kept by value: they change at a bank, the names never. A player's
    entries are a spectator's but its own ("You"): after a bank, the first viewer makes them,
    the others find them."""
    key = (viewer, *names, *scores)
    made = _SCORES.get(key)
    if made is None:
        if viewer is None:
            made = [
                {"seat": seat, "name": names[seat], "score": str(int(score))}
                for seat, score in enumerate(scores)
            ]
        else:
            made = _scores(None, names, scores).copy()
            made[viewer] = {**made[viewer], "name": "You"}
        if len(_SCORES) >= _KEPT:
            _SCORES.clear()
        _SCORES[key] = made
    return made


_SCORES: dict[tuple[Any, ...], list[Json]] = {}


# The zones' names by seat (HIT-01: a row and a loot pile in front of each player).
_ROW_ZONES: Final = tuple(f"row:{seat}" for seat in range(64))
_LOOT_ZONES: Final = tuple(f"loot:{seat}" for seat in range(64))
# A seat's row and loot pile out of a view's zones, in one call.
_SEAT_ZONES: Final = tuple(map(itemgetter, _ROW_ZONES, _LOOT_ZONES))
_LINES: Final = ["Bank the most points: a repeated value busts a row of three or more cards"]
# The titles by round and number of rounds: a match has a few.
_TITLES: dict[tuple[Any, Any], str] = {}


def _title(view: Mapping[str, Any]) -> str:
    key = (view.get("round"), view.get("rounds"))
    title = _TITLES.get(key)
    if title is None:
        title = _TITLES[key] = f"Hit! — round {key[0]} of {key[1]}"
    return title


def build_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
) -> Json:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    scores = view.get("scores") or [0] * int(view["players"])
    zones = view["zones"]
    deck, box = zones["deck"], zones["box"]
    if type(deck) is type(box) is ZoneView:  # as for the panels (_seats)
        key = ("middle", box.stamp)
        middle = deck.parts.get(key)  # looked up first: the call to remember costs as much
        if middle is None:
            middle = remember(deck, key, _middle, deck, box)
    else:
        middle = _middle(deck, box)
    prompt: str | None = None
    actions: list[Json] = []
    if viewer is not None and legal:
        prompt, actions = _decision(view, viewer, names, legal, action_json)
    return {
        "version": 1,
        "game": "Hit!",
        "viewer": viewer,
        "title": _title(view),
        "lines": _LINES,
        "status": _status(view, viewer, names, scores),
        "seats": _seats(view, names, scores),
        "middle": middle,
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": _scores(viewer, names, scores),
    }


def _seats(view: Mapping[str, Any], names: Sequence[str], scores: Sequence[int]) -> list[Json]:
    """One panel per seat, from the viewer's round the table."""
    viewer: int | None = view["seat"]
    players = int(view["players"])
    zones = view["zones"]
    drawing = None if view.get("over") else view.get("current")
    seats = []
    for seat in _round(viewer, players):
        you = seat == viewer
        name = "You" if you else names[seat]
        row, loot = _SEAT_ZONES[seat](zones)
        active, score = seat == drawing, int(scores[seat])
        if type(loot) is type(row) is ZoneView:
            # remember((row, loot), ...) names the loot by its stamp in the key, as here, after
            # checking the tuple: twice this lookup's time; and a kept panel is looked up in
            # the row's parts first, for the call to remember costs as much as the lookup.
            key = ("panel", seat, you, name, active, score, loot.stamp)
            panel = row.parts.get(key)
            if panel is None:
                panel = remember(row, key, _panel, row, loot, seat, you, name, active, score)
            seats.append(panel)
        else:
            seats.append(_panel(row, loot, seat, you, name, active, score))
    return seats


def _round(viewer: int | None, players: int) -> tuple[int, ...]:
    """The seats from the viewer's round the table (from seat 0 for a spectator)."""
    made = _ROUNDS.get((viewer, players))
    if made is None:
        start = viewer if viewer is not None else 0
        made = _ROUNDS[viewer, players] = (*range(start, players), *range(start))
    return made


# The seats in order round the table, by viewer and number of players.
_ROUNDS: dict[tuple[int | None, int], tuple[int, ...]] = {}
