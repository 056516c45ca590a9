"""Hit!'s table as its players see it: a face-up row in front of each player, the deck between.

Built from a seat's view alone (:meth:`Hit.scene <tablecards_hit.Hit.scene>`): every card but
the deck's order is public in Hit! (HIT-01..HIT-04 rulings), so the scenes of two seats differ
only in who is "you" and in the decision shown to the player whose turn it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, Final

from tablecards import Action
from tablecards.words import count, listing, names_for, says, whose

__all__ = ["build_scene"]

#: HIT-06: a repeated value busts a row that already holds this many cards.
BUST_FROM = 3


def article(value: object) -> str:
    """ "a 7", "an 8", "an 11"."""
    text = str(value)
    an = text.startswith("8") or text in ("11", "18")
    return f"{'an' if an else 'a'} {text}"


def _values(zone: Mapping[str, Any]) -> list[int]:
    return [*map(_VALUE, zone.get("cards") or ())]


_VALUE: Final = itemgetter("value")
_BY_VALUE: Final = itemgetter("value", "id")
_COPY: Final = dict.copy
# Each card's face, made once: ``{id: (value, face)}``, bounded by the deck's card ids. Scenes
# hand out copies (a caller may change one), as views do.
_FACES: dict[int, tuple[int, dict[str, Any]]] = {}


def _face(card: Mapping[str, Any]) -> dict[str, Any]:
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


def _faces(cards: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Fresh face dicts of ``cards``, in their order."""
    return [*map(_COPY, map(_face, cards))]


# Rows already laid out, by seat, whose they are and their cards (value and id): a row changes
# only when a
# card joins or leaves it, as the view's own zone cache knows (bounded: cleared when full).
_ROWS: dict[tuple[int, bool, tuple[tuple[int, int], ...]], dict[str, Any]] = {}
_ROWS_MAX: Final = 2048


def _row(zone: Mapping[str, Any], seat: int, viewer: int | None) -> dict[str, Any]:
    cards = zone.get("cards") or ()
    key = (seat, seat == viewer, tuple(map(_BY_VALUE, cards)))
    made = _ROWS.get(key)
    if made is None:
        if len(_ROWS) >= _ROWS_MAX:
            _ROWS.clear()
        made = _ROWS[key] = _lay_row(cards, seat, viewer)
    return {**made, "cards": [*map(_COPY, made["cards"])]}


def _lay_row(cards: Sequence[Mapping[str, Any]], seat: int, viewer: int | None) -> dict[str, Any]:
    # HIT-01: the row lies in columns by value; a column's cards sit side by side.
    if not cards:
        return {
            "id": f"row:{seat}",
            "title": "Your face-up row" if seat == viewer else "Face-up row",
            "style": "row",
            "count": 0,
            "cards": [],
            "note": "empty",
        }
    cards = sorted(cards, key=_BY_VALUE)
    values = [*map(_VALUE, cards)]
    parts = []
    index, size = 0, len(values)
    while index < size:
        value = values[index]
        end = index + 1
        while end < size and values[end] == value:
            end += 1
        n = end - index
        parts.append(count(n, str(value)) if n > 1 else article(value))
        index = end
    return {
        "id": f"row:{seat}",
        "title": "Your face-up row" if seat == viewer else "Face-up row",
        "style": "row",
        "count": size,
        "cards": [*map(_face, cards)],
        "note": f"{', '.join(parts)} ({count(sum(values), 'point')})",
    }


# Loot boxes by seat, whose they are, their count and their points (bounded like _ROWS).
_LOOTS: dict[tuple[int, bool, int, int], dict[str, Any]] = {}


def _loot(zone: Mapping[str, Any], seat: int, viewer: int | None) -> dict[str, Any]:
    number = int(zone.get("count", 0))
    points = sum(map(_VALUE, zone.get("cards") or ()))
    key = (seat, seat == viewer, number, points)
    made = _LOOTS.get(key)
    if made is None:
        if len(_LOOTS) >= _ROWS_MAX:
            _LOOTS.clear()
        made = _LOOTS[key] = {
            "id": f"loot:{seat}",
            "title": "Your loot" if seat == viewer else "Loot",
            "style": "stack",
            "count": number,
            "cards": None,
            "note": f"{count(number, 'card')} banked, {count(points, 'point')}",
        }
    return made.copy()


def _victims(view: Mapping[str, Any], seat: int, words: Sequence[str]) -> str:
    """ "Bob's two 7s and your 7": what a steal of the offered value takes."""
    offer = int(view["offer"])
    victims = []
    for other in range(int(view["players"])):
        held = _values(view["zones"][f"row:{other}"]).count(offer)
        if other != seat and held:
            cards = count(held, str(offer)) if held > 1 else str(offer)
            victims.append(f"{whose(words[other])} {cards}")
    return listing(victims) or f"no {offer}s"


def _steal(view: Mapping[str, Any], seat: int, words: Sequence[str]) -> tuple[str, list[str]]:
    offer = int(view["offer"])
    victims = _victims(view, seat, words)
    row = len(_values(view["zones"][f"row:{seat}"]))
    prompt = (
        f"You drew {article(offer)}: steal {victims}? "
        f"Stolen cards join your row of {count(row, 'card')}."
    )
    return prompt, [f"Steal {victims}", "Leave them"]


# The go-on decisions already worded, by the row's values and the deck's count (bounded).
_GO_ON: dict[tuple[tuple[int, ...], int], tuple[str, list[str]]] = {}


def _go_on(view: Mapping[str, Any], seat: int) -> tuple[str, list[str]]:
    row = _values(view["zones"][_ROW_ZONES[seat]])
    deck = int(view["zones"]["deck"]["count"])
    key = (tuple(row), deck)
    made = _GO_ON.get(key)
    if made is None:
        if len(_GO_ON) >= _ROWS_MAX:
            _GO_ON.clear()
        made = _GO_ON[key] = _word_go_on(row, deck)
    return made[0], list(made[1])


def _word_go_on(row: list[int], deck: int) -> tuple[str, list[str]]:
    held = f"You have {count(len(row), 'face-up card')} ({count(sum(row), 'point')})"
    if len(row) >= BUST_FROM:
        risky = listing(f"{value}" for value in sorted(set(row))).replace(" and ", " or ")
        risk = f"drawing {article(risky)} busts you"
    else:
        risk = "with fewer than three cards no draw can bust you"
    prompt = f"{held}; {risk}. Draw again ({count(deck, 'card')} left) or end your turn?"
    return prompt, ["Draw again", "End your turn (your row is banked at your next turn)"]


def _decision(
    view: Mapping[str, Any],
    seat: int,
    words: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], dict[str, Any]],
) -> tuple[str, list[dict[str, Any]]]:
    """The prompt and the two choices: steal or not (HIT-08), draw again or stop (HIT-09)."""
    prompt, texts = (
        _steal(view, seat, words) if view.get("phase") == "steal" else _go_on(view, seat)
    )
    # The legal actions come in the rules' order: steal, then not; draw again, then stop.
    choices = [
        {"text": text, "act": action_json(action)}
        for text, action in zip(texts, legal, strict=False)
    ]
    return prompt, [{"title": None, "choices": choices}]


def _status(
    view: Mapping[str, Any], viewer: int | None, names: Sequence[str], scores: Sequence[int]
) -> str:
    words = names_for(names, viewer)
    if view.get("over"):
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


# The zones' names by seat (HIT-01: a row and a loot pile in front of each player).
_ROW_ZONES: Final = tuple(f"row:{seat}" for seat in range(64))
_LOOT_ZONES: Final = tuple(f"loot:{seat}" for seat in range(64))


def build_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], dict[str, Any]],
) -> dict[str, Any]:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    players = int(view["players"])
    zones = view["zones"]
    current = view.get("current")
    over = bool(view.get("over"))
    scores = [int(score) for score in view.get("scores", [0] * players)]
    start = viewer if viewer is not None else 0
    seats = []
    for step in range(players):
        seat = (start + step) % players
        active = seat == current and not over
        loot = _loot(zones[_LOOT_ZONES[seat]], seat, viewer)
        seats.append(
            {
                "seat": seat,
                "name": "You" if seat == viewer else names[seat],
                "you": seat == viewer,
                "active": active,
                "badges": [{"text": "drawing", "tone": "mark"}] if active else [],
                "counters": [
                    {"label": "score", "value": str(scores[seat])},
                    {"label": "loot", "value": count(loot["count"], "card")},
                ],
                "zones": [_row(zones[_ROW_ZONES[seat]], seat, viewer), loot],
            }
        )
    deck = int(zones["deck"]["count"])
    shown = zones["deck"].get("cards")
    box = zones["box"]
    middle = [
        {
            "id": "middle",
            "title": "The deck",
            "note": f"{count(deck, 'card')} to draw; the round ends with the last one",
            "badges": [],
            "zones": [
                {
                    "id": "deck",
                    "title": "Deck",
                    # Face down, unless the view shows every card (a replay for everyone).
                    "style": "deck" if shown is None else "row",
                    "count": deck,
                    "cards": None if shown is None else _faces(shown),
                    "note": None,
                },
                {
                    "id": "box",
                    "title": "The box (cards lost in busts)",
                    "style": "pile",
                    "count": int(box.get("count", 0)),
                    "cards": _faces(box.get("cards") or ()),
                    "note": None,
                },
            ],
        }
    ]
    prompt: str | None = None
    actions: list[dict[str, Any]] = []
    if viewer is not None and legal:
        words = names_for(names, viewer)
        prompt, actions = _decision(view, viewer, words, legal, action_json)
    status = _status(view, viewer, names, scores)
    return {
        "version": 1,
        "game": "Hit!",
        "viewer": viewer,
        "title": f"Hit! — round {view.get('round')} of {view.get('rounds')}",
        "lines": ["Bank the most points: a repeated value busts a row of three or more cards"],
        "status": status,
        "seats": seats,
        "middle": middle,
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": [
            {
                "seat": seat,
                "name": "You" if seat == viewer else names[seat],
                "score": str(scores[seat]),
            }
            for seat in range(players)
        ],
    }
