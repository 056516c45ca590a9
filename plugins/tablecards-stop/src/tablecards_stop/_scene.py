"""Stop's table as its players see it: bids in front of the bidders, tokens, the red token.

Built from a seat's view alone (:meth:`Stop.scene <tablecards_stop.Stop.scene>`): the hands are
the only secret in Stop, and a view holds only the viewer's own.

A table shows a scene to every seat after every move, and a move changes a hand and a pack, or
a bid: each panel and each zone's box is kept with the zones it is built from
(:func:`tablecards.remember`), its key naming whatever else it shows (whose it is, the name,
the tokens, the badges, the bid's total), so that the next scenes find the unchanged parts.
What the seats' scenes of one position share (who is waited for, the badges, the lines, the
status, the scores, the other seats' panels, what the auction's choices say of the bids) is
made once, by the first of them, and kept with the facts it is made from (:class:`_Table`).
The words and faces that recur (a card's face, "two 3s and a +1", a choice) are kept by value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, Final, final

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


@final
class _Seat:
    """A seat's panel but for whether it is waited for and its badges (its marks): kept with
    its zones (:func:`_seat_panel`), it makes its panel for each set of marks once, as who is
    waited for changes at every draw moment while the zones stay."""

    __slots__ = ("counters", "name", "panels", "seat", "you", "zones")

    def __init__(
        self,
        bid: Mapping[str, Any],
        hand: Mapping[str, Any],
        pack: Mapping[str, Any],
        aside: Mapping[str, Any],
        seat: int,
        name: str,
        you: bool,
        tokens: int,
        goal: int,
    ) -> None:
        self.seat, self.name, self.you = seat, name, you
        self.zones = _boxes(bid, hand, pack, aside, seat, you)
        self.counters = _counters(tokens, goal, int(pack["count"]), int(hand["count"]))
        #: The panels made, by their marks.
        self.panels: dict[int, Json] = {}

    def panel(self, marks: int) -> Json:
        """The panel with ``marks`` (:func:`_marks`, the viewer's :data:`_YOU` included)."""
        made = self.panels.get(marks)
        if made is None:
            made = self.panels[marks] = {
                "seat": self.seat,
                "name": self.name,
                "you": self.you,
                "active": bool(marks & _ACTIVE),
                "badges": _badges(marks >> _BADGE_SHIFT),
                "counters": self.counters,
                "zones": self.zones,
            }
        return made


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


def _marks(view: Mapping[str, Any], waiting: Sequence[int]) -> tuple[int, ...]:
    """Each seat's :data:`_ACTIVE` and badge bits (see :data:`_BADGES`); the viewer's
    :data:`_YOU` is its scene's to add."""
    eliminated = view["eliminated"]
    marks = [0] * len(eliminated)
    red, phase = view["red"], view["phase"]
    for seat in waiting:
        marks[seat] = _ACTIVE
    if red is not None:
        marks[red] |= 1 << _BADGE_SHIFT
    if True in eliminated:
        for seat, out in enumerate(eliminated):
            if out:
                marks[seat] |= 2 << _BADGE_SHIFT
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
    return tuple(marks)


def _panels(
    view: Mapping[str, Any], names: Sequence[str], table: _Table, viewer: int | None
) -> list[Json]:
    """One panel per seat, from the viewer's round the table: the other seats' panels as the
    position's first scene found them (:class:`_Table`), while their zones are the same."""
    zones = view["zones"]
    tokens, goal = view["tokens"], view["tokens_to_win"]
    marks, others = table.marks, table.others
    panels = []
    for seat in _ROUNDS[len(marks)][0 if viewer is None else viewer]:
        if seat != viewer:
            kept = others[seat]
            # The same zones (compared in C: at once when they are the same objects).
            if kept is not None and kept[0] == _HIDDEN_ZONES[seat](zones):
                panels.append(kept[1])
                continue
        bid, hand, pack, aside = _SEAT_ZONES[seat](zones)
        if seat == viewer:
            panels.append(
                _seat_panel(
                    bid, hand, pack, aside, seat, "You", marks[seat] | _YOU, tokens[seat], goal
                )
            )
            continue
        panel = _seat_panel(
            bid, hand, pack, aside, seat, names[seat], marks[seat], tokens[seat], goal
        )
        others[seat] = ((hand, pack, aside), panel)
        panels.append(panel)
    return panels


def _seat_panel(
    bid: Mapping[str, Any],
    hand: Mapping[str, Any],
    pack: Mapping[str, Any],
    aside: Mapping[str, Any],
    seat: int,
    name: str,
    marks: int,
    tokens: int,
    goal: int,
) -> Json:
    """A seat's panel, its :class:`_Seat` kept with its bid zone."""
    you = marks & _YOU == _YOU
    if type(bid) is type(hand) is type(pack) is type(aside) is ZoneView:
        # Everything the panel shows besides its zones and marks: whose it is, its name and
        # its tokens (its bid's total is its bid zone's). remember((bid, hand, pack, aside),
        # ...) would name the other zones by their stamps in the key, as here, after
        # checking the tuple: twice this lookup's time; and a kept part is looked up in
        # the zone's parts first, for the call to remember costs as much as the lookup.
        key = (seat, name, you, tokens, goal, hand.stamp, pack.stamp, aside.stamp)
        kept = bid.parts.get(key)
        if kept is None:
            kept = remember(bid, key, _Seat, bid, hand, pack, aside, seat, name, you, tokens, goal)
        made = kept.panels.get(marks)
        return made if made is not None else kept.panel(marks)
    return _Seat(bid, hand, pack, aside, seat, name, you, tokens, goal).panel(marks)


# The seats in order round the table from each viewer's (from seat 0 for a spectator), by
# the number of players (Stop seats six at most).
_ROUNDS: Final = tuple(
    tuple((*range(viewer, players), *range(viewer)) for viewer in range(players))
    for players in range(17)
)


# The zones' names by seat: its bid, hand, pack and cards set aside.
_BID_ZONES: Final = tuple(f"bid:{seat}" for seat in range(64))
_HAND_ZONES: Final = tuple(f"hand:{seat}" for seat in range(64))
_PACK_ZONES: Final = tuple(f"pack:{seat}" for seat in range(64))
_ASIDE_ZONES: Final = tuple(f"aside:{seat}" for seat in range(64))
# A seat's four zones out of a view's zones, in one call.
_SEAT_ZONES: Final = tuple(map(itemgetter, _BID_ZONES, _HAND_ZONES, _PACK_ZONES, _ASIDE_ZONES))
# A seat's hand, pack and set-aside zones out of a view's zones, in one call.
_HIDDEN_ZONES: Final = tuple(map(itemgetter, _HAND_ZONES, _PACK_ZONES, _ASIDE_ZONES))
# Every seat's bid zone out of a view's zones (a tuple), by the number of players.
_BIDS_OF: Final = {players: itemgetter(*_BID_ZONES[:players]) for players in range(2, 64)}


def _waiting(view: Mapping[str, Any]) -> tuple[int, ...]:
    """Whom the table waits for: in the auction, a seat that passed is not waited for."""
    if view["phase"] != "auction":
        return tuple(view["to_act"])
    passed = view.get("passed", ())
    return tuple([seat for seat in view["to_act"] if seat not in passed])


def _best_bidders(view: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats whose bids are the highest (none before the first bid)."""
    high = view.get("highest", 0)
    return tuple([seat for seat, bid in enumerate(view["bids"]) if bid and bid["total"] == high])


def _highest(view: Mapping[str, Any], words: Sequence[str], bidders: Sequence[int]) -> str:
    """ "highest bid 6 (Ann and you)", or "no bid yet"."""
    key = (view.get("highest", 0), *[words[seat] for seat in bidders])
    made = _HIGHEST.get(key)
    if made is None:
        if len(_HIGHEST) >= _KEPT:
            _HIGHEST.clear()
        made = _HIGHEST[key] = (
            f"highest bid {int(key[0])} ({listing(key[1:])})" if key[1:] else "no bid yet"
        )
    return made


# The words of the highest bid, by its total and its bidders' names.
_HIGHEST: dict[tuple[Any, ...], str] = {}


def _named(view: Mapping[str, Any], bidders: tuple[int, ...]) -> tuple[int, ...]:
    """The seats the phase line names (:func:`_phase_line`): those a viewer reads as "you"."""
    phase = view["phase"]
    if phase == "draw":
        drawer = int(view["drawer"])
        return (drawer,) if view.get("calls_open", True) else (drawer, int(view["red"]))
    if phase == "open":
        return (int(view["caller"]),)
    if phase == "auction":
        return bidders
    if phase == "share":
        return (int(view["winner"]),)
    return ()


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


def _statuses(
    view: Mapping[str, Any], names: Sequence[str], waiting: Sequence[int]
) -> tuple[str, str]:
    """The status of a viewer the table waits for, and of any other (the game's winner reads
    "You win the game", :func:`build_scene`)."""
    if view["over"]:
        winner = view.get("winner")
        if winner is None:
            return _OVER, _OVER
        text = says(names[int(winner)], "wins") + " the game"
        text = text[:1].upper() + text[1:]
        return text, text
    if view["phase"] == "draw":
        return "Call Stop! or let the draw go on", "Anyone may call Stop!" if waiting else ""
    return (
        "Your turn" if len(waiting) == 1 else "Your move (anyone may play)",
        f"Waiting for {listing(names[seat] for seat in waiting)}" if waiting else "",
    )


_OVER: Final = "The game is over"


# -- what the scenes of one position share ---------------------------------------------------


@final
class _Table:
    """What every seat's scene of one position shows alike, made by the first of them.

    A table shows a position to every seat in turn. Who is waited for, the badges, the
    heading, the phase line, the status and the scores read the same for every viewer the
    words do not name, and the panel of a seat reads the same for every viewer but its own:
    kept with the facts and the bid zones they are made from (:func:`_table`), they are made
    once per position rather than once per seat.
    """

    __slots__ = (
        "best",
        "bidders",
        "bidding",
        "bids",
        "board",
        "decisions",
        "draws",
        "facts",
        "goal",
        "lines",
        "marks",
        "named",
        "names",
        "others",
        "status_in",
        "status_out",
        "title",
        "waiting",
        "winner",
        "words",
    )

    def __init__(
        self,
        view: Mapping[str, Any],
        names: tuple[str, ...],
        facts: tuple[Any, ...],
        bids: tuple[Mapping[str, Any], ...],
    ) -> None:
        #: What the table is made from: the facts (:data:`_FACTS`), the bid zones, the names.
        self.facts, self.bids, self.names = facts, bids, names
        self.waiting = waiting = _waiting(view)
        self.marks = _marks(view, waiting)
        self.title, self.goal = _heading(view)
        auction = view["phase"] == "auction"
        #: The seats of the highest bids, in the auction.
        self.bidders = bidders = _best_bidders(view) if auction else ()
        self.best = _highest(view, names, bidders) if auction else ""
        #: The names as each seat reads them ("you" for its own), by seat.
        self.words = words = [names_for(names, seat) for seat in range(len(names))]
        #: The lines, the same for every viewer but those the phase line names, and the best
        #: bid's words in the auction, by the seats they name (each reads "you" there).
        self.lines = [self.goal, _phase_line(view, names, self.best)]
        self.named: dict[int | None, tuple[list[str], str]] = {}
        for seat in _named(view, bidders):
            best = _highest(view, words[seat], bidders) if auction else ""
            self.named[seat] = ([self.goal, _phase_line(view, words[seat], best)], best)
        self.status_in, self.status_out = _statuses(view, names, waiting)
        #: The game's winner, once it is over.
        self.winner = view.get("winner") if view["over"] else None
        self.board = _board(names, tuple(view.get("scores") or view["tokens"]))
        #: In the auction, what its decisions tell of the bids, for every seat.
        self.bidding = (
            _Bidding(
                view,
                names,
                [self.named[s][1] if s in self.named else self.best for s in range(len(names))],
            )
            if view["phase"] in ("open", "auction")
            else None
        )
        #: Each seat's panel as the other seats see it, with its hand, pack and set-aside
        #: zones then (its bid zone is the table's): filled by the first scene that shows it.
        self.others: list[tuple[tuple[Any, ...], Json] | None] = [None] * len(self.marks)
        #: The auction's decisions made, by viewer, with the legal actions they offer: the
        #: next position's table keeps them while the bids stay (:func:`_table`).
        self.decisions: dict[int, tuple[Sequence[Action], str, list[Json]]] = {}
        #: The draw moments' decisions made, by viewer, with the hand zone and the legal
        #: actions they tell: the next positions' tables keep them (:func:`_table`).
        self.draws: dict[int, tuple[Any, Sequence[Action], tuple[str, list[Json]]]] = {}


def _table(view: Mapping[str, Any], names: Sequence[str]) -> _Table:
    """The :class:`_Table` of ``view``'s position: the last one made with the same bid zone
    objects, if made from equal facts, bid zones and names (the zones of one match are not
    another's); else a new one."""
    facts = _FACTS(view)
    bids = _BIDS_OF[len(view["tokens"])](view["zones"])
    # Found by the first bid zone's id, kept alive by the table while it is kept; equal
    # facts (lists compared in C, no key to hash) and equal zones (the same, if shared) make
    # the same table. The view's bids and highest bid are its bid zones' sums (STOP-10).
    last = _TABLES.get(id(bids[0]))
    if last is not None and last.facts == facts and last.bids == bids and last.names == names:
        return last
    names = tuple(names)
    if len(_TABLES) >= _POSITIONS:
        _TABLES.clear()
    made = _TABLES[id(bids[0])] = _Table(view, names, facts, bids)
    if last is not None:
        made.draws = last.draws
        if last.bids == bids and last.names == names and last.facts[0] == facts[0]:
            # The same bids in the same phase: a seat offered the same actions (a seat that
            # passes, say) is offered them in the same words.
            made.decisions = last.decisions
    return made


# Everything a table is made from besides the bid zones and the names, in one call.
_FACTS: Final = itemgetter(
    "phase",
    "round",
    "tokens_to_win",
    "red",
    "drawer",
    "calls_open",
    "caller",
    "winner",
    "over",
    "to_act",
    "passed",
    "eliminated",
    "tokens",
    "scores",
)
# The last table of each match (of each first bid zone): one is wanted while its position's
# scenes are built, one per seat in a row.
_POSITIONS: Final = 256
_TABLES: dict[int, _Table] = {}


@final
class _Board:
    """The scores, as each viewer reads them ("You" for its own seat): kept by the names and
    the scores (:func:`_board`), each viewer's made once."""

    __slots__ = ("names", "scores", "seen")

    def __init__(self, names: tuple[str, ...], scores: tuple[int, ...]) -> None:
        self.names, self.scores = names, scores
        #: The scores made, by viewer.
        self.seen: dict[int | None, list[Json]] = {}

    def scores_for(self, viewer: int | None) -> list[Json]:
        """The scores as ``viewer`` reads them."""
        made = self.seen.get(viewer)
        if made is None:
            made = self.seen[viewer] = [
                {
                    "seat": seat,
                    "name": "You" if seat == viewer else self.names[seat],
                    "score": count(int(score), "token"),
                }
                for seat, score in enumerate(self.scores)
            ]
        return made


def _board(names: tuple[str, ...], scores: tuple[int, ...]) -> _Board:
    """The :class:`_Board` of ``names`` and ``scores``: they change once a round."""
    made = _BOARDS.get((names, scores))
    if made is None:
        if len(_BOARDS) >= _KEPT:
            _BOARDS.clear()
        made = _BOARDS[names, scores] = _Board(names, scores)
    return made


_BOARDS: dict[tuple[tuple[str, ...], tuple[int, ...]], _Board] = {}


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
    table: _Table,
    best: str,
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    """The prompt and the choices: at a draw moment (STOP-06, kept with the hand it tells),
    in the auction (STOP-10..13) and in the share-out (STOP-15); ``best``
    is :func:`_highest`'s words for the viewer."""
    viewer = int(view["seat"])
    phase = view["phase"]
    if phase == "draw":
        hand = view["zones"][_HAND_ZONES[viewer]]
        last = table.draws.get(viewer)
        if last is not None and last[0] is hand and last[1] == legal:
            return last[2]
        # A draw moment's decisions, CallStop and Decline, have no fields: each is its type
        # (whose hash costs less than the action's).
        made = remember(hand, ("draw", *map(type, legal)), _draw, hand, legal, action_json)
        table.draws[viewer] = (hand, legal, made)
        return made
    if phase in ("open", "auction"):
        kept = table.decisions.get(viewer)
        if kept is not None and kept[0] == legal:
            return kept[1], kept[2]
        bidding = table.bidding
        if bidding is None:  # a view whose phase is not its facts': never from a match
            bidding = _Bidding(view, table.names, [best] * len(table.names))
        prompt, actions = _auction(legal, bidding, viewer, action_json)
        table.decisions[viewer] = (legal, prompt, actions)
        return prompt, actions
    if phase == "share":
        return _share(view, legal, table.words[viewer], action_json)
    return "", []


def _draw(
    hand: Mapping[str, Any], legal: Sequence[Action], action_json: Callable[[Action], Json]
) -> tuple[str, list[Json]]:
    """STOP-06: call Stop! or let the draw go on, the hand told: kept by the hand's values and
    the actions' types (they have no fields)."""
    held = _held(hand)
    key = (tuple([order[1] for order, _ in held]), *map(type, legal))
    made = _DRAWS.get(key)
    if made is None:
        words = _cards_words(held) or "no cards"
        calls, actions = _draw_choices(legal, action_json)
        if len(_DRAWS) >= _KEPT:
            _DRAWS.clear()
        made = _DRAWS[key] = (
            f"Call Stop! and open the auction? Your hand: {words}."
            if calls
            else f"You hold no value card to open with ({words}): let the draw go on.",
            actions,
        )
    return made


# The draw moments' decisions, by the hand's values and the actions' types.
_DRAWS: dict[tuple[Any, ...], tuple[str, list[Json]]] = {}


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


@final
class _Bidding:
    """What the auction's decisions tell of the bids (STOP-10..13), made with the position's
    table for every seat: each bid's raises' words, kept by its total and value, its titles,
    and each seat's prompt."""

    __slots__ = ("plain", "prompts", "targets")

    def __init__(self, view: Mapping[str, Any], names: Sequence[str], best: Sequence[str]) -> None:
        bids = view["bids"]
        #: The choices of passes and new bids, by their actions' ids.
        self.plain = _choices(0, None)
        #: Each bid's choices of raises (by their actions' ids), its total and value, and its
        #: title for the other seats and for its own.
        self.targets = [
            (
                _choices(bid["total"], bid.get("value")),
                bid["total"],
                bid.get("value"),
                _raise_title(names[seat], bid["total"]),
                _raise_title("you", bid["total"]),
            )
            if bid
            else (_choices(0, None), 0, None, _raise_title(names[seat], 0), _raise_title("you", 0))
            for seat, bid in enumerate(bids)
        ]
        if view["phase"] == "open":
            self.prompts = [_OPENING] * len(bids)
            return
        high = view.get("highest", 0)
        #: Each seat's prompt: the highest bid as it reads it, and whether it may bid.
        self.prompts = [_prompt(best[seat], high, not bid) for seat, bid in enumerate(bids)]


def _auction(
    legal: Sequence[Action],
    bidding: _Bidding,
    viewer: int,
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    """STOP-10..13: the opening bid, or a pass, a new bid and the raises of each bid."""
    first: list[Json] = []
    raises: dict[int, list[Json]] | None = None
    targets = bidding.targets
    for action in legal:
        if isinstance(action, Raise):
            target = action.bid
            kept = targets[target]
            made = kept[0].get(id(action))
            choice = (
                made[0]
                if made is not None
                else _choice(kept[0], action, kept[1], kept[2], action_json)
            )
            if raises is None:
                raises = {target: [choice]}
            elif target in raises:
                raises[target].append(choice)
            else:
                raises[target] = [choice]
        elif isinstance(action, (Pass, Bid)):
            made = bidding.plain.get(id(action))
            first.append(
                made[0]
                if made is not None
                else _choice(bidding.plain, action, 0, None, action_json)
            )
    if raises is not None:
        for target in sorted(raises):
            title = targets[target][4 if target == viewer else 3]
            first.append({"text": title, "then": {"title": title, "choices": raises[target]}})
    return bidding.prompts[viewer], [{"title": None, "choices": first}]


def _prompt(best: str, high: int, new: bool) -> str:
    """The auction's prompt: the highest bid's words, its total and whether the viewer may
    place a new bid, kept by those."""
    key = (best, high, new)
    prompt = _AUCTION_PROMPTS.get(key)
    if prompt is None:
        if len(_AUCTION_PROMPTS) >= _KEPT:
            _AUCTION_PROMPTS.clear()
        prompt = _AUCTION_PROMPTS[key] = (
            f"{best[:1].upper()}{best[1:]}: raise a bid to at least {int(high)}, "
            f"{'place a new bid, ' if new else ''}or pass."
        )
    return prompt


def _raise_title(name: str, total: int) -> str:
    """ "Raise Ann's bid (6)": kept by the name and the total."""
    made = _RAISE_TITLES.get((name, total))
    if made is None:
        if len(_RAISE_TITLES) >= _KEPT:
            _RAISE_TITLES.clear()
        made = _RAISE_TITLES[name, total] = f"Raise {whose(name)} bid ({total})"
    return made


_RAISE_TITLES: dict[tuple[str, int], str] = {}
_OPENING: Final = "You called Stop!: open the auction with cards of one value (2, 3 or 4)."
# The auction's prompts, by the highest bid's words, its total and whether the viewer may bid.
_AUCTION_PROMPTS: dict[tuple[str, Any, bool], str] = {}


def _choices(total: int, value: int | None) -> dict[int, tuple[Json, Action]]:
    """The choices of passes, bids and raises of a bid of ``total`` in ``value`` cards, by
    their actions' ids (:func:`_choice`): kept by those (the same few recur)."""
    made = _CHOICES.get((total, value))
    if made is None:
        if len(_CHOICES) >= _KEPT:
            _CHOICES.clear()
        made = _CHOICES[total, value] = {}
    return made


def _choice(
    kept: dict[int, tuple[Json, Action]],
    action: Action,
    total: int,
    value: int | None,
    action_json: Callable[[Action], Json],
) -> Json:
    """A pass, a bid or a raise of a bid of ``total`` in ``value`` cards, as a choice, kept in
    ``kept`` (:func:`_choices`) by the action's id, the action with it (kept alive: hashing an
    action costs more than the rest)."""
    if isinstance(action, Raise):
        raised = total + action.values * (value or 0) + action.plus
        text = f"with {_raise_words(action, value)} (to {raised})"
    elif isinstance(action, Bid):
        text = f"Bid {count(action.count, str(action.value))} ({action.value * action.count})"
    else:
        text = "Pass"
    if len(kept) >= _KEPT:
        kept.clear()
    made = kept[id(action)] = ({"text": text, "act": action_json(action)}, action)
    return made[0]


# The choices, by the total and the value of the bid they raise (0 and none: the others).
_CHOICES: dict[tuple[int, int | None], dict[int, tuple[Json, Action]]] = {}


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
_HEADINGS: dict[tuple[Any, Any], tuple[str, str]] = {}


def build_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
) -> Json:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    table = _table(view, names)
    named = table.named.get(viewer) if table.named else None
    lines, best = named if named is not None else (table.lines, table.best)
    prompt: str | None = None
    actions: list[Json] = []
    if viewer is not None and legal:
        prompt, actions = _decision(view, legal, table, best, action_json)
    if viewer is not None and viewer == table.winner:
        status = "You win the game"
    else:
        status = table.status_in if viewer in table.waiting else table.status_out
    return {
        "version": 1,
        "game": "Stop",
        "viewer": viewer,
        "title": table.title,
        "lines": lines,
        "status": status,
        "seats": _panels(view, names, table, viewer),
        "middle": [],
        "prompt": prompt or None,
        "actions": actions,
        "facts": [],
        "scores": table.board.seen.get(viewer) or table.board.scores_for(viewer),
    }
