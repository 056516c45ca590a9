"""Courtiers' table as its players see it: a secret card per player, the played cards in front.

Built from a seat's view alone (:meth:`Courtiers.scene <tablecards_courtiers.Courtiers.scene>`):
the view holds the viewer's own hand, every played card, the cards laid open, and what the
viewer remembers (a card it saw in another hand, every Sentry's "no"); the other hands, the
deck and the card set aside are counts. So the scene says in words only what the viewer knows.

A scene is built after every move for every seat, and most of it has not changed since the
last one: each seat's panel is kept with that seat's zones (:func:`tablecards.remember`) under
a key of the few values it shows besides them (its name, its turn, its badges, its tokens), the
middle with the deck's zones; the words that depend on a few values only (the header, the
facts, the choices) are made once per content and shared.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from tablecards import Action, remember
from tablecards.words import count, listing, names_for, says
from tablecards_courtiers._cards import COPIES, NAMES
from tablecards_courtiers._choices import Known, decision
from tablecards_courtiers._words import a_card, capital, card_face, card_words, face

__all__ = ["build_scene", "card_face", "card_words"]

Json = dict[str, Any]

#: What each card does, in a few words (COURT-05 to COURT-12).
POWERS: dict[int, str] = {
    1: "guess another player's card",
    2: "look at another player's hand",
    3: "compare hands: the lower card is out",
    4: "nobody can choose you until your next turn",
    5: "a player discards their hand and draws",
    6: "trade hands with another player",
    7: "must be played with the Herald or the Diplomat",
    8: "you are out if you play or discard it",
}

_PLURALS = {1: "Sentries"}
_RANKS: Final = tuple(sorted(COPIES))
# The badges a panel can show: the same few in every scene.
_WON: Final = {"text": "won the match", "tone": "good"}
_PLAYING: Final = {"text": "playing", "tone": "mark"}
_GUARDED: Final = {"text": "protected by the Guardian", "tone": "info"}
_OUT: Final = {"text": "out of the round", "tone": "bad"}
# In this order; a panel's flags say which it shows.
_BADGES: Final = (_WON, _PLAYING, _GUARDED, _OUT)
_RULE: Final = "Be the last one in the round, or hold the highest card when the deck runs out"


def _faces(cards: Sequence[Mapping[str, Any]] | None) -> list[Json] | None:
    return None if cards is None else [face(card["id"], card["rank"]) for card in cards]


def _by_rank(card: Mapping[str, Any]) -> tuple[int, int]:
    return card["rank"], card["id"]


def _hand(zone: Mapping[str, Any], seat: int, you: bool, saw: str | None) -> Json:
    cards = zone.get("cards")
    number = zone.get("count", 0)
    if you:
        return {
            "id": f"hand:{seat}",
            "title": "Your hand",
            "style": "hand",
            "count": number,
            "cards": _faces(sorted(cards or (), key=_by_rank)),
            "note": None if number else "empty: you are out of the round",
        }
    if cards is None:  # face down: the same few boxes again and again
        return _hidden_hand(seat, number, saw)
    return {
        "id": f"hand:{seat}",
        "title": "Hand",
        "style": "row",  # the view shows every card (a replay for everyone)
        "count": number,
        "cards": _faces(cards),
        "note": saw,
    }


@functools.lru_cache(maxsize=256)
def _hidden_hand(seat: int, number: int, saw: str | None) -> Json:
    return {
        "id": f"hand:{seat}",
        "title": "Hand",
        "style": "stack",
        "count": number,
        "cards": None,
        "note": saw,
    }


def _played(zone: Mapping[str, Any], seat: int, you: bool) -> Json:
    cards = zone.get("cards") or []
    return {
        "id": f"played:{seat}",
        "title": "Your played cards" if you else "Played cards",
        "style": "row",  # COURT-04: in the order they were played, for everyone to see
        "count": len(cards),
        "cards": _faces(cards),
        "note": None,
    }


def _known(view: Mapping[str, Any]) -> Known:
    """The ranks the viewer saw in other hands (still there), by seat."""
    if not view["knowledge"]:
        return ()
    out: dict[int, tuple[int, ...]] = {}
    for entry in view["knowledge"]:
        seat = int(entry["seat"])
        out[seat] = (*out.get(seat, ()), int(entry["card"]["rank"]))
    return tuple(sorted(out.items()))


def _misses(view: Mapping[str, Any]) -> Known:
    """The ranks a Sentry's "no" ruled out, by seat (COURT-05)."""
    if not view["misses"]:
        return ()
    out: dict[int, tuple[int, ...]] = {}
    for entry in view["misses"]:
        seat, rank = int(entry["seat"]), int(entry["rank"])
        ranks = out.get(seat, ())
        if rank not in ranks:
            out[seat] = (*ranks, rank)
    return tuple(sorted(out.items()))


def _winners(tokens: Sequence[int], goal: int) -> list[int]:
    return [seat for seat, t in enumerate(tokens) if t >= goal and t == max(tokens)]


def _panels(view: Mapping[str, Any], seating: _Seating, known: Known) -> list[Json]:
    """Each seat's panel, kept with that seat's hand and played cards (:func:`remember`) under
    the few values it shows besides them: a panel of another seat is shared by every viewer
    but that seat, and found again after a move that did not touch it."""
    zones = view["zones"]
    to_act, guarded, out = view["to_act"], view["guarded"], view["out"]
    tokens, goal = view["tokens"], view["goal"]
    over = view["over"]
    winners = _winners([int(t) for t in tokens], int(goal)) if over else ()
    saw = dict(known)
    panels = []
    for seat, name, you, hand_id, played_id in seating.panels:
        hand, played = zones[hand_id], zones[played_id]
        active = seat in to_act
        if over:
            flags = (seat in winners, False, False, False)
        else:
            flags = (False, active, seat in guarded, seat in out)
        # Everything the panel shows that its zones do not.
        key = (name, you, active, flags, tokens[seat], goal, saw.get(seat))
        panels.append(remember((hand, played), key, _panel, seat, hand, played, *key))
    return panels


def _panel(
    seat: int,
    hand: Mapping[str, Any],
    played: Mapping[str, Any],
    name: str,
    you: bool,
    active: bool,
    flags: tuple[bool, bool, bool, bool],
    tokens: int,
    goal: int,
    saw: tuple[int, ...] | None,
) -> Json:
    return {
        "seat": seat,
        "name": name,
        "you": you,
        "active": active,
        "badges": _badges(flags),
        "counters": _counters(tokens, goal),
        "zones": [
            _hand(hand, seat, you, _saw_words(saw) if saw else None),
            # A panel changes with its seat's turn, its played cards only on its turn.
            remember(played, ("played", you), _played, played, seat, you),
        ],
    }


@functools.lru_cache(maxsize=256)
def _saw_words(ranks: tuple[int, ...]) -> str:
    return f"You saw {listing(card_words(rank) for rank in ranks)}"


@functools.lru_cache(maxsize=16)
def _badges(flags: tuple[bool, bool, bool, bool]) -> list[Json]:
    return [badge for badge, on in zip(_BADGES, flags, strict=True) if on]


@functools.lru_cache(maxsize=256)
def _counters(tokens: int, goal: int) -> list[Json]:
    return [{"label": "tokens", "value": f"{tokens} of {goal}"}]


def _unseen(zones: Mapping[str, Mapping[str, Any]], seating: _Seating, known: Known) -> str:
    """The cards the viewer has not seen this round, by rank: what the hidden cards can be."""
    # The cards in front of the players and laid open are the same for every viewer: their
    # ranks are kept with those zones, and the other viewers' scenes find them there.
    public = tuple(zones[name] for name in seating.public)
    shown = remember(public, "ranks", _ranks, public)
    private = [card["rank"] for name in seating.private for card in zones[name].get("cards") or ()]
    return _unseen_words(shown, tuple(private), known)


def _ranks(zones: Sequence[Mapping[str, Any]]) -> tuple[int, ...]:
    return tuple(sorted(card["rank"] for zone in zones for card in zone.get("cards") or ()))


# Bounded by the box's contents: which cards were seen.
@functools.lru_cache(maxsize=4096)
def _unseen_words(public: tuple[int, ...], private: tuple[int, ...], known: Known) -> str:
    left = dict(COPIES)
    for rank in (*public, *private):
        left[rank] -= 1
    for _, ranks in known:
        for rank in ranks:
            left[rank] -= 1
    return listing([_LEFT[rank][left[rank]] for rank in _RANKS if left[rank] > 0]) or "none"


# "three Sentries (1)": each rank's words for each number of its cards still unseen.
_LEFT: Final = {
    rank: [f"{count(left, NAMES[rank], _PLURALS.get(rank))} ({rank})" for left in range(copies + 1)]
    for rank, copies in COPIES.items()
}


# The box, one card per line (COURT-01): the same in every scene, so worded once.
_BOX_FACTS: tuple[Json, ...] = tuple(
    {
        "label": f"{NAMES[rank]} ({rank})",
        "text": f"{POWERS[rank]}; {count(COPIES[rank], 'copy', 'copies')}",
    }
    for rank in sorted(NAMES)
)


@functools.lru_cache(maxsize=4096)
def _facts(words: tuple[str, ...], known: Known, misses: Known, unseen: str | None) -> list[Json]:
    """What the viewer knows, in words: shared by the scenes that know the same."""
    facts: list[Json] = []
    for seat, ranks in known:
        holds = says(words[seat], "holds")
        facts.append(
            {"label": "You saw", "text": f"{holds} {listing(card_words(r) for r in ranks)}"}
        )
    for seat, ranks in misses:
        verb = "do not" if words[seat] == "you" else "does not"
        facts.append(
            {
                "label": "A Sentry heard no",
                "text": f"{words[seat]} {verb} hold "
                + listing(a_card(rank) for rank in ranks).replace(" and ", " or "),
            }
        )
    if unseen is not None:
        facts.append({"label": "Still unseen this round", "text": unseen})
    # The box, one card per line: what each does and how many there are (COURT-01).
    facts.extend(_BOX_FACTS)
    return facts


def _middle(deck: Mapping[str, Any], aside: Mapping[str, Any], laid: Mapping[str, Any]) -> Json:
    number = int(deck["count"])
    boxes: list[Json] = [
        {
            "id": "deck",
            "title": "Deck",
            "style": "deck" if deck.get("cards") is None else "row",
            "count": number,
            "cards": _faces(deck.get("cards")),
            "note": None,
        },
        {
            "id": "aside",
            "title": "Set aside face down",
            "style": "stack" if aside.get("cards") is None else "row",
            "count": int(aside["count"]),
            "cards": _faces(aside.get("cards")),
            "note": "drawn only by a Herald when the deck is empty",
        },
    ]
    open_cards = laid.get("cards") or []
    if open_cards:  # COURT-02: with two players, three cards lie face up, out of the round
        boxes.append(
            {
                "id": "open",
                "title": "Set aside face up",
                "style": "row",
                "count": len(open_cards),
                "cards": _faces(open_cards),
                "note": "out of this round",
            }
        )
    note = f"{count(number, 'card')} to draw; the round ends when the deck is empty"
    return {"id": "middle", "title": "The deck", "note": note, "badges": [], "zones": boxes}


# The header's words: its title, lines, status and scores.
_Header = tuple[str, list[str], str, list[Json]]


@functools.lru_cache(maxsize=4096)
def _header(
    seating: _Seating,
    round_: int,
    goal: int,
    tokens: tuple[int, ...],
    waiting: tuple[int, ...],
    over: bool,
) -> _Header:
    """The title, the lines, the status and the scores: made once per the few values they
    show, which come back turn after turn until a round ends."""
    title = f"Courtiers — round {round_}"
    lines = [f"First to {count(goal, 'token')} wins the match", _RULE]
    if over:
        winners = [seating.words[seat] for seat in _winners(tokens, goal)]
        who = listing(winners)
        text = says(who, "wins") if len(winners) == 1 else f"{who} share the win of"
        status = capital(f"{text} the match")
    elif seating.viewer in waiting:
        status = "Your turn"
    else:
        status = f"Waiting for {listing(seating.names[s] for s in waiting)}" if waiting else ""
    scores = [
        {"seat": seat, "name": name, "score": count(tokens[seat], "token")}
        for seat, name in enumerate(seating.shown)
    ]
    return title, lines, status, scores


@attrs.frozen(cache_hash=True)
class _Seating:
    """The table as one viewer reads it, the same from move to move: made once per viewer."""

    names: tuple[str, ...]
    viewer: int | None
    words: tuple[str, ...]  # names in sentences: "you" for the viewer
    shown: tuple[str, ...]  # names on panels: "You" for the viewer
    # (seat, name, you, hand zone, played zone) from the viewer, clockwise (seat 0 first for
    # a spectator)
    panels: tuple[tuple[int, str, bool, str, str], ...]
    public: tuple[str, ...]  # the zones every viewer sees alike: the played cards, the open
    private: tuple[str, ...]  # the others: the hands, the deck, the card set aside


@functools.lru_cache(maxsize=256)
def _seating(names: tuple[str, ...], viewer: int | None) -> _Seating:
    players = len(names)
    shown = list(names)
    if viewer is not None:
        shown[viewer] = "You"
    start = 0 if viewer is None else viewer
    order = [(start + step) % players for step in range(players)]
    return _Seating(
        names=names,
        viewer=viewer,
        words=tuple(names_for(names, viewer)),
        shown=tuple(shown),
        panels=tuple(
            (seat, shown[seat], seat == viewer, f"hand:{seat}", f"played:{seat}") for seat in order
        ),
        public=(*(f"played:{seat}" for seat in range(players)), "open"),
        private=(*(f"hand:{seat}" for seat in range(players)), "deck", "aside"),
    )


def build_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
) -> Json:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`). Its parts are shared with
    other scenes: read it, never change it."""
    viewer: int | None = view["seat"]
    zones = view["zones"]
    seating = _seating(tuple(names), viewer)
    # What the viewer remembers of other hands: nothing, most of the time.
    known, misses = (
        (_known(view), _misses(view)) if view["knowledge"] or view["misses"] else ((), ())
    )
    prompt: str | None = None
    actions: list[Json] = []
    if viewer is not None and legal:
        prompt, actions = decision(view, legal, seating.words, known, misses, action_json)
    unseen = None if view["over"] else _unseen(zones, seating, known)
    deck, aside, laid = zones["deck"], zones["aside"], zones["open"]
    title, lines, status, scores = _header(
        seating,
        int(view["round"]),
        int(view["goal"]),
        tuple(view["tokens"]),
        tuple(view["to_act"]),
        bool(view["over"]),
    )
    return {
        "version": 1,
        "game": "Courtiers",
        "viewer": viewer,
        "title": title,
        "lines": lines,
        "status": status,
        "seats": _panels(view, seating, known),
        "middle": [remember((deck, aside, laid), "middle", _middle, deck, aside, laid)],
        "prompt": prompt,
        "actions": actions,
        "facts": _facts(seating.words if known or misses else (), known, misses, unseen),
        "scores": scores,
    }
