"""Stop's table as its players see it: bids in front of the bidders, tokens, the red token.

Built from a seat's view alone (:meth:`Stop.scene <tablecards_stop.Stop.scene>`): the hands are
the only secret in Stop, and a view holds only the viewer's own.

A table shows a scene to every seat after every move, and a move changes a hand and a pack, or
a bid: each panel and each zone's box is kept with the zones it is built from
(:func:`tablecards.remember`), its key naming whatever else it shows (whose it is, the name,
the tokens, the badges, the bid's total), so that the next scenes find the unchanged parts.
The words and faces that recur (a card's face, "two 3s and a +1", a choice) are kept by value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, Final

from tablecards import Action, ZoneView, remember
from tablecards.words import count, listing, names_for, says, whose
from tablecards_stop._actions import Bid, CallStop, Give, Pass, Raise
from tablecards_stop._state import PLUS

__all__ = ["build_scene", "card_face"]

Json = dict[str, Any]


def _rank(value: int) -> str:
    return "+1" if value == PLUS else str(value)


def card_face(card: Mapping[str, Any]) -> Json:
    """A Stop card's face: its value ("+1" for a plus card) painted in its pack's colour."""
    value = int(card["value"])
    colour = card.get("colour")
    rank = _rank(value)
    return {
        "id": int(card["id"]),
        "rank": rank,
        "colour": colour,
        "label": f"{colour} {rank}" if colour else rank,
        "note": None,
        "kind": "plus" if value == PLUS else None,
    }


def _card(card: Mapping[str, Any]) -> tuple[tuple[bool, int, int], Json]:
    """Where the card goes in a hand (the +1s after the value cards, each value together), and
    its face: made once per card and kept (bounded by the cards' ids)."""
    made = _CARDS.get(card["id"])
    if made is None or made[1]["colour"] != card.get("colour") or made[0][1] != card["value"]:
        value = int(card["value"])
        made = _CARDS[int(card["id"])] = ((value == PLUS, value, int(card["id"])), card_face(card))
    return made


_CARDS: dict[int, tuple[tuple[bool, int, int], Json]] = {}


def _sorted(cards: Sequence[Mapping[str, Any]]) -> list[tuple[tuple[bool, int, int], Json]]:
    """The cards as players hold them, each with its face (ids differ: faces never compared)."""
    return sorted(map(_card, cards))


def _held(zone: Mapping[str, Any]) -> list[tuple[tuple[bool, int, int], Json]]:
    """A zone's cards sorted as players hold them (:func:`_sorted`), kept with the zone: a hand's
    box and the draw moment's prompt both tell it."""
    return remember(zone, "held", _sorted, zone.get("cards") or ())


def _faces(held: Sequence[tuple[Any, Json]]) -> list[Json]:
    """Fresh face dicts, in order: no two boxes share one."""
    return [face.copy() for _, face in held]


def _cards_words(held: Sequence[tuple[tuple[bool, int, int], Json]]) -> str:
    """ "two 3s and one +1": the sorted cards ``held`` by value, kept by their values."""
    values = tuple([order[1] for order, _ in held])
    made = _WORDS.get(values)
    if made is None:
        columns: dict[int, int] = {}
        for value in values:
            columns[value] = columns.get(value, 0) + 1
        parts = [
            count(n, _rank(value), "+1s" if value == PLUS else None) for value, n in columns.items()
        ]
        if len(_WORDS) >= _KEPT:
            _WORDS.clear()
        made = _WORDS[values] = listing(parts)
    return made


# The words of a group of cards, by their values in order.
_WORDS: dict[tuple[int, ...], str] = {}


# -- the seats' panels ---------------------------------------------------------------------
# A panel is kept with its four zones (bid, hand, pack, set aside), each box with its zone; the
# keys name what else they show: whose they are, the name, the tokens, the badges.


def _bid_box(bid: Mapping[str, Any], seat: int) -> Json:
    cards = _sorted(bid.get("cards") or ())
    # STOP-10: a bid is worth the sum of its cards (a +1 adds one), as the view's "bids" say.
    total = sum([order[1] for order, _ in cards])
    return {
        "id": _BID_ZONES[seat],
        "title": f"Bid {total}" if cards else "Bid",
        "style": "row",
        "count": len(cards),
        "cards": _faces(cards),
        "note": f"bid {total}: {_cards_words(cards)}" if cards else None,
    }


def _hand_box(hand: Mapping[str, Any], seat: int, you: bool) -> Json:
    cards = hand.get("cards")
    number = int(hand.get("count", 0))
    if you and cards is not None:
        return {
            "id": _HAND_ZONES[seat],
            "title": "Your hand",
            "style": "hand",
            "count": number,
            "cards": _faces(_held(hand)),
            "note": None,
        }
    # Face down, unless the view shows every card (a replay for everyone).
    return {
        "id": _HAND_ZONES[seat],
        "title": "Your hand" if you else "Hand",
        "style": "stack" if cards is None else "row",
        "count": number,
        "cards": None if cards is None else _faces(_held(hand)),
        "note": None,
    }


def _pack_box(pack: Mapping[str, Any], seat: int, you: bool) -> Json:
    shown = pack.get("cards")
    return {
        "id": _PACK_ZONES[seat],
        "title": "Your pack" if you else "Pack",
        "style": "deck" if shown is None else "row",
        "count": int(pack.get("count", 0)),
        "cards": None if shown is None else [card_face(card) for card in shown],
        "note": None,
    }


def _aside_box(aside: Mapping[str, Any], seat: int) -> Json:
    cards = aside.get("cards")
    return {
        "id": _ASIDE_ZONES[seat],
        "title": "Set aside (out of the game)",
        "style": "row" if cards is not None else "stack",
        "count": int(aside["count"]),
        "cards": _faces(_sorted(cards)) if cards is not None else None,
        "note": None,
    }


def _panel(
    bid: Mapping[str, Any],
    hand: Mapping[str, Any],
    pack: Mapping[str, Any],
    aside: Mapping[str, Any],
    facts: tuple[Any, ...],
) -> Json:
    """One seat's panel. ``facts`` begins with the seat, its name, its marks (:data:`_YOU`,
    :data:`_ACTIVE`, the badges' bits), its tokens and the tokens to win; the stamps of the
    hand, pack and set-aside zones follow when the zones are shared."""
    seat, name, marks, tokens, goal = facts[:5]
    you = bool(marks & _YOU)
    if len(facts) > 5:
        # The boxes outlive the marks (who is waited for changes at every draw moment).
        key = ("boxes", seat, you, *facts[5:])
        zones = remember(bid, key, _boxes, bid, hand, pack, aside, seat, you)
    else:
        zones = _boxes(bid, hand, pack, aside, seat, you)
    return {
        "seat": seat,
        "name": name,
        "you": you,
        "active": bool(marks & _ACTIVE),
        "badges": _badges(marks >> _BADGE_SHIFT),
        "counters": _counters(tokens, goal, int(pack["count"]), int(hand["count"])),
        "zones": zones,
    }


def _boxes(
    bid: Mapping[str, Any],
    hand: Mapping[str, Any],
    pack: Mapping[str, Any],
    aside: Mapping[str, Any],
    seat: int,
    you: bool,
) -> list[Json]:
    """A seat's zones' boxes: its bid, hand and pack, and the cards it set aside if any."""
    zones = [
        remember(bid, ("bid", seat), _bid_box, bid, seat),
        remember(hand, ("hand", seat, you), _hand_box, hand, seat, you),
        remember(pack, ("pack", seat, you), _pack_box, pack, seat, you),
    ]
    if int(aside.get("count", 0)):
        zones.append(remember(aside, ("aside", seat), _aside_box, aside, seat))
    return zones


def _counters(tokens: int, goal: int, pack: int, hand: int) -> list[Json]:
    """Tokens, pack and hand: kept by value (a few hundred at most)."""
    key = (tokens, goal, pack, hand)
    made = _COUNTERS.get(key)
    if made is None:
        if len(_COUNTERS) >= _KEPT:
            _COUNTERS.clear()
        made = _COUNTERS[key] = [
            {"label": "tokens", "value": f"{int(tokens)} of {goal}"},
            {"label": "pack", "value": count(pack, "card")},
            {"label": "hand", "value": count(hand, "card")},
        ]
    return made


_COUNTERS: dict[tuple[int, int, int, int], list[Json]] = {}


def _badges(worn: int) -> list[Json]:
    made = _WORN.get(worn)
    if made is None:
        made = _WORN[worn] = [badge for bit, badge in enumerate(_BADGES) if worn >> bit & 1]
    return made


#: The badges a seat may wear, in the order they are shown, from the lowest bit of the marks'
#: badge bits up.
_BADGES: Final = (
    {"text": "red token", "tone": "bad"},
    {"text": "out", "tone": "bad"},
    {"text": "called Stop!", "tone": "mark"},  # STOP-06, while the auction runs
    {"text": "passed", "tone": "info"},  # STOP-13
    {"text": "won the round", "tone": "good"},  # while sharing out
    {"text": "winner", "tone": "good"},
)
_YOU: Final = 1
_ACTIVE: Final = 2
_BADGE_SHIFT: Final = 2
# The lists of badges, by which are worn (at most 64).
_WORN: dict[int, list[Json]] = {}


def _marks(view: Mapping[str, Any], waiting: Sequence[int]) -> list[int]:
    """Each seat's :data:`_YOU`, :data:`_ACTIVE` and badge bits (see :data:`_BADGES`)."""
    eliminated = view["eliminated"]
    marks = [0] * len(eliminated)
    viewer, red, phase = view["seat"], view["red"], view["phase"]
    if viewer is not None:
        marks[viewer] = _YOU
    for seat in waiting:
        marks[seat] |= _ACTIVE
    if red is not None:
        marks[red] |= 1 << _BADGE_SHIFT
    if True in eliminated:
        for seat, out in enumerate(eliminated):
            if out:
                marks[seat] |= 2 << _BADGE_SHIFT
    if phase == "draw":
        return marks
    if phase in ("open", "auction"):
        caller = view.get("caller")
        if caller is not None:
            marks[caller] |= 4 << _BADGE_SHIFT
        if phase == "auction":
            for seat in view.get("passed", ()):
                marks[seat] |= 8 << _BADGE_SHIFT
    elif phase in ("share", "over"):
        winner = view.get("winner")
        if winner is not None:
            marks[winner] |= (16 if phase == "share" else 32) << _BADGE_SHIFT
    return marks


def _panels(view: Mapping[str, Any], names: Sequence[str], marks: Sequence[int]) -> list[Json]:
    """One panel per seat, from the viewer's round the table."""
    zones = view["zones"]
    tokens, goal = view["tokens"], view["tokens_to_win"]
    panels = []
    for seat in _round(view["seat"], len(marks)):
        bid, hand, pack, aside = _SEAT_ZONES[seat](zones)
        mark = marks[seat]
        name = "You" if mark & _YOU else names[seat]
        # Everything the panel shows besides its zones: whose it is, its name, whether it is
        # waited for, its badges and its tokens (its bid's total is its bid zone's).
        if type(hand) is type(pack) is type(aside) is ZoneView:
            # remember((bid, hand, pack, aside), ...) names the other zones by their stamps in
            # the key, as here, after checking the tuple: twice this lookup's time.
            facts: tuple[Any, ...] = (
                seat,
                name,
                mark,
                tokens[seat],
                goal,
                hand.stamp,
                pack.stamp,
                aside.stamp,
            )
            panels.append(remember(bid, facts, _panel, bid, hand, pack, aside, facts))
        else:
            facts = (seat, name, mark, tokens[seat], goal)
            panels.append(_panel(bid, hand, pack, aside, facts))
    return panels


def _round(viewer: int | None, players: int) -> tuple[int, ...]:
    """The seats from the viewer's round the table (from seat 0 for a spectator)."""
    made = _ROUNDS.get((viewer, players))
    if made is None:
        start = viewer if viewer is not None else 0
        made = _ROUNDS[viewer, players] = (*range(start, players), *range(start))
    return made


# The seats in order round the table, by viewer and number of players.
_ROUNDS: dict[tuple[int | None, int], tuple[int, ...]] = {}


# The zones' names by seat: its bid, hand, pack and cards set aside.
_BID_ZONES: Final = tuple(f"bid:{seat}" for seat in range(64))
_HAND_ZONES: Final = tuple(f"hand:{seat}" for seat in range(64))
_PACK_ZONES: Final = tuple(f"pack:{seat}" for seat in range(64))
_ASIDE_ZONES: Final = tuple(f"aside:{seat}" for seat in range(64))
# A seat's four zones out of a view's zones, in one call.
_SEAT_ZONES: Final = tuple(map(itemgetter, _BID_ZONES, _HAND_ZONES, _PACK_ZONES, _ASIDE_ZONES))


def _waiting(view: Mapping[str, Any]) -> list[int]:
    """Whom the table waits for: in the auction, a seat that passed is not waited for."""
    if view["phase"] != "auction":
        return list(view["to_act"])
    passed = view.get("passed", ())
    return [seat for seat in view["to_act"] if seat not in passed]


def _highest(view: Mapping[str, Any], words: Sequence[str]) -> str:
    """ "highest bid 6 (Ann and you)", or "no bid yet"."""
    high = view.get("highest", 0)
    key = (
        high,
        *[words[seat] for seat, bid in enumerate(view["bids"]) if bid and bid["total"] == high],
    )
    made = _HIGHEST.get(key)
    if made is None:
        if len(_HIGHEST) >= _KEPT:
            _HIGHEST.clear()
        made = _HIGHEST[key] = (
            f"highest bid {int(high)} ({listing(key[1:])})" if key[1:] else "no bid yet"
        )
    return made


# The words of the highest bid, by its total and its bidders' names.
_HIGHEST: dict[tuple[Any, ...], str] = {}


def _phase_line(view: Mapping[str, Any], words: Sequence[str], best: str) -> str:
    """What the round is at; ``best`` is :func:`_highest`'s words in the auction."""
    phase = view["phase"]
    if phase == "draw":
        drawer = words[int(view["drawer"])]
        red = None if view.get("calls_open", True) else words[int(view["red"])]
        made = _DRAW_LINES.get((drawer, red))
        if made is None:
            if len(_DRAW_LINES) >= _KEPT:
                _DRAW_LINES.clear()
            made = _DRAW_LINES[drawer, red] = _draw_line(drawer, red)
        return made
    if phase == "open":
        return f"{says(words[int(view['caller'])], 'opens')} the auction after calling Stop!"
    if phase == "auction":
        return f"Auction: {best}; it ends when everyone has passed in a row"
    if phase == "share":
        return f"{says(words[int(view['winner'])], 'won')} the round and shares out the bids"
    return "The game is over"


def _draw_line(drawer: str, red: str | None) -> str:
    """STOP-06: who draws next, and who may call Stop! (``red`` once calls wait for it)."""
    line = f"Draw phase: {says(drawer, 'draws')} next"
    if red is not None:
        return f"{line}; nobody may call Stop! until {says(red, 'has')} drawn a second card"
    return f"{line}; anyone may call Stop! except the red token's holder"


# The draw phase's lines, by the drawer's and the red token holder's names (a few per match).
_DRAW_LINES: dict[tuple[str, str | None], str] = {}


def _status(view: Mapping[str, Any], names: Sequence[str], waiting: Sequence[int]) -> str:
    viewer = view["seat"]
    if view["over"]:
        winner = view.get("winner")
        if winner is None:
            return "The game is over"
        text = says(names_for(names, viewer)[int(winner)], "wins") + " the game"
        return text[:1].upper() + text[1:]
    if view["phase"] == "draw":
        if viewer in waiting:
            return "Call Stop! or let the draw go on"
        return "Anyone may call Stop!" if waiting else ""
    if viewer in waiting:
        return "Your turn" if len(waiting) == 1 else "Your move (anyone may play)"
    return f"Waiting for {listing(names[seat] for seat in waiting)}" if waiting else ""


# -- decisions -------------------------------------------------------------------------------


def _raise_words(action: Raise, value: int | None) -> str:
    parts = []
    if action.values:
        card = str(value) if value is not None else "value card"
        parts.append(count(action.values, card))
    if action.plus:
        parts.append(count(action.plus, "+1", "+1s"))
    return " and ".join(parts)


def _decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: Sequence[str],
    best: str,
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    """The prompt and the choices: at a draw moment (STOP-06, kept with the hand it tells),
    in the auction (STOP-10..13) and in the share-out (STOP-15)."""
    viewer = int(view["seat"])
    phase = view["phase"]
    if phase == "draw":
        hand = view["zones"][_HAND_ZONES[viewer]]
        # A draw moment's decisions, CallStop and Decline, have no fields: each is its type
        # (whose hash costs less than the action's).
        key = ("draw", *map(type, legal))
        return remember(hand, key, _draw, hand, legal, action_json)
    if phase in ("open", "auction"):
        return _auction(view, legal, words, best, action_json)
    if phase == "share":
        return _share(view, legal, words, action_json)
    return "", []


def _draw(
    hand: Mapping[str, Any], legal: Sequence[Action], action_json: Callable[[Action], Json]
) -> tuple[str, list[Json]]:
    """STOP-06: call Stop! or let the draw go on, the hand told."""
    held = _cards_words(_held(hand)) or "no cards"
    calls, actions = _draw_choices(legal, action_json)
    if calls:
        return f"Call Stop! and open the auction? Your hand: {held}.", actions
    return f"You hold no value card to open with ({held}): let the draw go on.", actions


def _draw_choices(
    legal: Sequence[Action], action_json: Callable[[Action], Json]
) -> tuple[bool, list[Json]]:
    """Whether Stop! may be called, and the choices: kept by the legal actions (a few)."""
    key = tuple(map(type, legal))  # field-less actions (see _decision)
    made = _DRAW_CHOICES.get(key)
    if made is None:
        choices = [
            {
                "text": "Call Stop!" if isinstance(action, CallStop) else "Let the draw go on",
                "act": action_json(action),
            }
            for action in legal
        ]
        calls = any(isinstance(action, CallStop) for action in legal)
        made = _DRAW_CHOICES[key] = (calls, [{"title": None, "choices": choices}])
    return made


# The draw moment's choices, by the legal actions: call and decline, or decline alone.
_DRAW_CHOICES: dict[tuple[type[Action], ...], tuple[bool, list[Json]]] = {}


def _auction(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: Sequence[str],
    best: str,
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    first: list[Json] = []
    raises: dict[int, list[Json]] = {}
    bids = view["bids"]
    for action in legal:
        if isinstance(action, Raise):
            bid = bids[action.bid]
            total, value = (bid["total"], bid.get("value")) if bid else (0, None)
            options = raises.get(action.bid)
            if options is None:
                options = raises[action.bid] = []
            options.append(_choice(action, total, value, action_json))
        elif isinstance(action, (Pass, Bid)):
            first.append(_choice(action, 0, None, action_json))
    if raises:
        for target, options in sorted(raises.items()):
            bid = bids[target]
            title = f"Raise {whose(words[target])} bid ({bid['total'] if bid else 0})"
            first.append({"text": title, "then": {"title": title, "choices": options}})
    if view["phase"] == "open":
        return _OPENING, [{"title": None, "choices": first}]
    key = (best, view.get("highest", 0), not bids[int(view["seat"])])
    prompt = _AUCTION_PROMPTS.get(key)
    if prompt is None:
        if len(_AUCTION_PROMPTS) >= _KEPT:
            _AUCTION_PROMPTS.clear()
        prompt = _AUCTION_PROMPTS[key] = (
            f"{best[:1].upper()}{best[1:]}: raise a bid to at least {int(key[1])}, "
            f"{'place a new bid, ' if key[2] else ''}or pass."
        )
    return prompt, [{"title": None, "choices": first}]


_OPENING: Final = "You called Stop!: open the auction with cards of one value (2, 3 or 4)."
# The auction's prompts, by the highest bid's words, its total and whether the viewer may bid.
_AUCTION_PROMPTS: dict[tuple[str, Any, bool], str] = {}


def _choice(
    action: Action, total: int, value: int | None, action_json: Callable[[Action], Json]
) -> Json:
    """A pass, a bid or a raise of a bid of ``total`` in ``value`` cards, as a choice: kept by
    those (the same few recur)."""
    key = (action, total, value)
    made = _CHOICES.get(key)
    if made is None:
        if isinstance(action, Raise):
            raised = total + action.values * (value or 0) + action.plus
            text = f"with {_raise_words(action, value)} (to {raised})"
        elif isinstance(action, Bid):
            text = f"Bid {count(action.count, str(action.value))} ({action.value * action.count})"
        else:
            text = "Pass"
        if len(_CHOICES) >= _KEPT:
            _CHOICES.clear()
        made = _CHOICES[key] = {"text": text, "act": action_json(action)}
    return made


_CHOICES: dict[tuple[Action, int, int | None], Json] = {}


def _share(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: Sequence[str],
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    def choice(text: str, action: Action) -> Json:
        return {"text": text, "act": action_json(action)}

    on_table: Counter[int] = Counter(
        int(card["value"])
        for seat in range(int(view["players"]))
        for card in view["zones"][f"bid:{seat}"].get("cards") or ()
    )
    by_value: dict[int, list[Json]] = {}
    for action in legal:
        if isinstance(action, Give):
            by_value.setdefault(action.value, []).append(choice(f"to {words[action.to]}", action))
    first = []
    for value, options in sorted(by_value.items(), key=lambda item: (item[0] == PLUS, item[0])):
        card = "a +1" if value == PLUS else f"a {value}"
        title = f"Give {card} ({count(on_table[value], 'left', 'left')})"
        first.append({"text": title, "then": {"title": f"Give {card}", "choices": options}})
    bidders = listing(words[seat] for seat in view.get("bidders", ()))
    left = sum(on_table.values())
    prompt = (
        f"You won the round: share out the {count(left, 'card')} of the bids among "
        f"the bidders ({bidders}), one card at a time: which card, then to whom?"
    )
    return prompt, [{"title": None, "choices": first}]


def _scores(viewer: int | None, names: Sequence[str], scores: Sequence[int]) -> list[Json]:
    """The tokens by name, kept by value: they change once a round, the names never."""
    key = (viewer, *names, *scores)
    made = _SCORES.get(key)
    if made is None:
        if len(_SCORES) >= _KEPT:
            _SCORES.clear()
        made = _SCORES[key] = [
            {
                "seat": seat,
                "name": "You" if seat == viewer else names[seat],
                "score": count(int(score), "token"),
            }
            for seat, score in enumerate(scores)
        ]
    return made


def _heading(view: Mapping[str, Any]) -> tuple[str, str]:
    """The title and the goal, kept by the round and the tokens to win."""
    key = (view["round"], view["tokens_to_win"])
    made = _HEADINGS.get(key)
    if made is None:
        if len(_HEADINGS) >= _KEPT:
            _HEADINGS.clear()
        title = f"Stop — round {key[0]}" if key[0] else "Stop"
        made = _HEADINGS[key] = (title, f"First to {count(int(key[1]), 'blue token')} wins")
    return made


# Bounded: cleared when full.
_KEPT: Final = 2048
_SCORES: dict[tuple[Any, ...], list[Json]] = {}
_HEADINGS: dict[tuple[Any, Any], tuple[str, str]] = {}


def build_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
) -> Json:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    words = names_for(names, viewer)
    best = _highest(view, words) if view["phase"] == "auction" else ""
    prompt: str | None = None
    actions: list[Json] = []
    if viewer is not None and legal:
        prompt, actions = _decision(view, legal, words, best, action_json)
    waiting = _waiting(view)
    marks = _marks(view, waiting)
    title, goal = _heading(view)
    return {
        "version": 1,
        "game": "Stop",
        "viewer": viewer,
        "title": title,
        "lines": [goal, _phase_line(view, words, best)],
        "status": _status(view, names, waiting),
        "seats": _panels(view, names, marks),
        "middle": [],
        "prompt": prompt or None,
        "actions": actions,
        "facts": [],
        "scores": _scores(viewer, names, view.get("scores") or view["tokens"]),
    }
