"""Stop's table as its players see it: bids in front of the bidders, tokens, the red token.

Built from a seat's view alone (:meth:`Stop.scene <tablecards_stop.Stop.scene>`): the hands are
the only secret in Stop, and a view holds only the viewer's own.

A table shows a scene to every seat after every move, and a move changes a hand and a pack, or
a bid: each panel and each zone's box is kept with the zones it is built from
(:func:`tablecards.remember`), its key naming whatever else it shows (whose it is, the name,
the tokens, the badges, the bid's total), so that the next scenes find the unchanged parts.
What the seats' scenes of one position share (who is waited for, the badges, the lines, the
status, the scores, the other seats' panels, what the auction's choices say of the bids) is
made once, by the first of them, and kept with the facts it is made from (:class:`Table`).
That first scene makes little anew: the table's parts are kept by the few facts each tells
(who is waited for and the statuses, the lines, a bid's raises), and the seats' panels and
the auction's words pass from one position's table to the next while their zones stay, so a
move that changes one bid or one hand finds the rest again.
The words and faces that recur (a card's face, "two 3s and a +1", a choice) are kept by value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, Final, final

from tablecards import Action
from tablecards.words import count, listing, names_for, says
from tablecards_stop._scene_choices import Bidding, decision
from tablecards_stop._scene_seats import BIDS_OF, KEPT, Kept, card_face, seat_marks, seat_panels

__all__ = ["build_scene", "card_face"]

Json = dict[str, Any]


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
        if len(_HIGHEST) >= KEPT:
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
            if len(_DRAW_LINES) >= KEPT:
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
class Table:
    """What every seat's scene of one position shows alike, made by the first of them.

    A table shows a position to every seat in turn. Who is waited for, the badges, the
    heading, the phase line, the status and the scores read the same for every viewer the
    words do not name, and the panel of a seat reads the same for every viewer but its own:
    kept with the facts and the bid zones they are made from (:func:`_table`), they are made
    once per position rather than once per seat.
    """

    __slots__ = (
        "best",
        "bidding",
        "bids",
        "board",
        "decisions",
        "draws",
        "facts",
        "goal",
        "lines",
        "marks",
        "mine",
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
        self.waiting, self.marks, self.status_in, self.status_out = _turn(view, names, facts)
        self.title, self.goal = _heading(view)
        #: The names as each seat reads them ("you" for its own), by seat.
        self.words = _words(names)
        #: The lines, the same for every viewer but those the phase line names, and the best
        #: bid's words in the auction (:func:`_lines`).
        self.lines, self.best, self.named = _lines(view, names, self.goal, self.words)
        #: The game's winner, once it is over.
        self.winner = view.get("winner") if view["over"] else None
        self.board = _board(names, tuple(view.get("scores") or view["tokens"]))
        #: In the auction, what its decisions tell of the bids, for every seat
        #: (:meth:`bidding_for`): kept by the next position's table while the bids stay
        #: (:func:`_table`).
        self.bidding: Bidding | None = None
        #: Each seat's panels as the other seats see them (its :class:`Seat`), with its
        #: zones and tokens then: filled by the first scene that shows it, and shared with
        #: the next tables of the same names and goal (:func:`_table`).
        self.others: list[Kept | None] = [None] * len(self.marks)
        #: Each seat's panels as it sees them itself, the same way.
        self.mine: list[Kept | None] = [None] * len(self.marks)
        #: The auction's decisions made, by viewer, with the legal actions they offer: the
        #: next position's table keeps them while the bids stay (:func:`_table`).
        self.decisions: dict[int, tuple[Sequence[Action], str, list[Json]]] = {}
        #: The draw moments' decisions made, by viewer, with the hand zone and the legal
        #: actions they tell: the next positions' tables keep them (:func:`_table`).
        self.draws: dict[int, tuple[Any, Sequence[Action], tuple[str, list[Json]]]] = {}

    def bidding_for(self, view: Mapping[str, Any]) -> Bidding:
        """What the auction's decisions tell of the bids (:class:`Bidding`), ``view`` being
        one of this position's."""
        made = self.bidding
        if made is None:
            named, best = self.named, self.best
            seats = range(len(self.names))
            made = self.bidding = Bidding(
                view, self.names, [named[s][1] if s in named else best for s in seats]
            )
        return made


def _turn(
    view: Mapping[str, Any], names: tuple[str, ...], facts: tuple[Any, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], str, str]:
    """Whom the table waits for, each seat's marks (:func:`seat_marks`) and the two statuses
    (:func:`_statuses`): kept by the facts they are made from, which recur from round to
    round (who may call Stop!, who passed)."""
    phase, _, _, red, _, _, caller, winner, over, to_act, passed, eliminated = facts[:12]
    key = (phase, red, caller, winner, over, tuple(to_act), tuple(passed), tuple(eliminated))
    made = _TURNS.get((key, names))
    if made is None:
        if len(_TURNS) >= KEPT:
            _TURNS.clear()
        waiting = _waiting(view)
        made = _TURNS[key, names] = (
            waiting,
            seat_marks(view, waiting),
            *_statuses(view, names, waiting),
        )
    return made


# Whom the table waits for, the marks and the statuses, by the facts and the names.
_TURNS: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[int, ...], str, str]] = {}


def _words(names: tuple[str, ...]) -> list[list[str]]:
    """The names as each seat reads them ("you" for its own): kept by the names."""
    made = _WORDS.get(names)
    if made is None:
        if len(_WORDS) >= KEPT:
            _WORDS.clear()
        made = _WORDS[names] = [names_for(names, seat) for seat in range(len(names))]
    return made


_WORDS: dict[tuple[str, ...], list[list[str]]] = {}


def _lines(
    view: Mapping[str, Any], names: tuple[str, ...], goal: str, words: Sequence[Sequence[str]]
) -> tuple[list[str], str, dict[int | None, tuple[list[str], str]]]:
    """The lines (the goal and the phase line) and the best bid's words in the auction, as
    every viewer reads them but those the phase line names, and those seats' own: kept by
    the phase, the goal, the names, the seats named and the highest bid (all they tell)."""
    auction = view["phase"] == "auction"
    bidders = _best_bidders(view) if auction else ()
    key = (view["phase"], goal, names, view.get("highest", 0) if auction else 0)
    named = _named(view, bidders)
    made = _LINES.get((key, named))
    if made is None:
        if len(_LINES) >= KEPT:
            _LINES.clear()
        best = _highest(view, names, bidders) if auction else ""
        own: dict[int | None, tuple[list[str], str]] = {}
        for seat in named:
            theirs = _highest(view, words[seat], bidders) if auction else ""
            own[seat] = ([goal, _phase_line(view, words[seat], theirs)], theirs)
        made = _LINES[key, named] = ([goal, _phase_line(view, names, best)], best, own)
    return made


# The lines, the best bid's words and the named seats' own, by what they tell.
_LINES: dict[tuple[Any, ...], tuple[list[str], str, dict[int | None, tuple[list[str], str]]]] = {}


def _table(view: Mapping[str, Any], names: Sequence[str]) -> Table:
    """The :class:`Table` of ``view``'s position: the last one made with the same bid zone
    objects, if made from equal facts, bid zones and names (the zones of one match are not
    another's); else a new one."""
    facts = _FACTS(view)
    bids = BIDS_OF[len(view["tokens"])](view["zones"])
    # Found by the first bid zone's id, kept alive by the table while it is kept; equal
    # facts (lists compared in C, no key to hash) and equal zones (the same, if shared) make
    # the same table. The view's bids and highest bid are its bid zones' sums (STOP-10).
    last = _TABLES.get(id(bids[0]))
    if last is not None and last.facts == facts and last.bids == bids and last.names == names:
        return last
    names = tuple(names)
    if len(_TABLES) >= _POSITIONS:
        _TABLES.clear()
    made = _TABLES[id(bids[0])] = Table(view, names, facts, bids)
    if last is not None:
        made.draws = last.draws
        if last.names == names and last.facts[2] == facts[2]:
            # The seats' panels as kept so far: each is found again while its seat's zones
            # and tokens are the same (the names and the goal are).
            made.others, made.mine = last.others, last.mine
        if last.bids == bids and last.names == names and last.facts[0] == facts[0]:
            # The same bids in the same phase: a seat offered the same actions (a seat that
            # passes, say) is offered them in the same words, and the bids read the same.
            made.decisions, made.bidding = last.decisions, last.bidding
    if made.bidding is None and facts[0] in ("open", "auction"):
        # Made by the position's first scene, as the rest of the table, rather than by its
        # first acting seat's.
        made.bidding_for(view)
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
_TABLES: dict[int, Table] = {}


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
        if len(_BOARDS) >= KEPT:
            _BOARDS.clear()
        made = _BOARDS[names, scores] = _Board(names, scores)
    return made


_BOARDS: dict[tuple[tuple[str, ...], tuple[int, ...]], _Board] = {}


def _heading(view: Mapping[str, Any]) -> tuple[str, str]:
    """The title and the goal, kept by the round and the tokens to win."""
    key = (view["round"], view["tokens_to_win"])
    made = _HEADINGS.get(key)
    if made is None:
        if len(_HEADINGS) >= KEPT:
            _HEADINGS.clear()
        title = f"Stop — round {key[0]}" if key[0] else "Stop"
        made = _HEADINGS[key] = (title, f"First to {count(int(key[1]), 'blue token')} wins")
    return made


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
    lines = named[0] if named is not None else table.lines
    prompt: str | None = None
    actions: list[Json] = []
    if viewer is not None and legal:
        prompt, actions = decision(view, legal, table, action_json)
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
        "seats": seat_panels(view, names, table, viewer),
        "middle": [],
        "prompt": prompt or None,
        "actions": actions,
        "facts": [],
        "scores": table.board.seen.get(viewer) or table.board.scores_for(viewer),
    }
