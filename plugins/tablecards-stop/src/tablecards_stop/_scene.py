"""Stop's table as its players see it: bids in front of the bidders, tokens, the red token.

Built from a seat's view alone (:meth:`Stop.scene <tablecards_stop.Stop.scene>`): the hands are
the only secret in Stop, and a view holds only the viewer's own. A move changes a hand and a
pack, or a bid: each seat's panel is kept with its zones (:func:`tablecards.remember`), for the
next scenes to find while they are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tablecards import (
    Action,
    Game,
    Scene,
    SceneChoices,
    SceneGroup,
    SceneSummary,
    remember,
    round_summary,
    score_lines,
    seat_name,
    table_order,
    waiting_for,
)
from tablecards.words import count, listing, names_for, says
from tablecards_stop._scene_choices import call_or_draw_on, highest_bid, offers, share_out
from tablecards_stop._scene_seats import badges_worn, rank, seat_panel

__all__ = ["build_scene"]


#: The names of each seat's zones, by seat (STOP-01: six packs, six players at most): its bid,
#: hand and pack, and the cards it set aside (STOP-02, STOP-09). Named once: formatting them for
#: every seat of every scene cost about a tenth of the scene.
SEAT_ZONES: Final = tuple(
    (f"bid:{seat}", f"hand:{seat}", f"pack:{seat}", f"aside:{seat}") for seat in range(6)
)


def waited_for(view: Mapping[str, Any]) -> list[int]:
    """Whom the table waits for: in the auction, a seat that passed is not (STOP-13)."""
    if view["phase"] != "auction":
        return list(view["to_act"])
    passed = view.get("passed", ())
    return [seat for seat in view["to_act"] if seat not in passed]


def phase_line(view: Mapping[str, Any], words: Sequence[str]) -> str:
    """What the round is at, the seats as ``words`` name them."""
    phase = view["phase"]
    if phase == "draw":
        # STOP-04, STOP-06, STOP-07: who draws next, and who may call Stop!.
        line = f"Draw phase: {says(words[int(view['drawer'])], 'draws')} next"
        if view.get("calls_open", True):
            return f"{line}; anyone may call Stop! except the red token's holder"
        red = words[int(view["red"])]
        return f"{line}; nobody may call Stop! until {says(red, 'has')} drawn a second card"
    if phase == "open":
        # STOP-10: the caller opens.
        return f"{says(words[int(view['caller'])], 'opens')} the auction after calling Stop!"
    if phase == "auction":
        # STOP-11..13.
        best = highest_bid(view, words)
        return f"Auction: {best}; it ends when everyone has passed in a row"
    if phase == "share":
        # STOP-14, STOP-15.
        return f"{says(words[int(view['winner'])], 'won')} the round and shares out the bids"
    return "The game is over"


def status(
    view: Mapping[str, Any], names: Sequence[str], viewer: int | None, waiting: Sequence[int]
) -> str:
    """STOP-18: who won the game; else who may act (anyone at a draw moment, STOP-06)."""
    if view["over"]:
        winner = view.get("winner")
        if winner is None:
            return "The game is over"
        if winner == viewer:
            return "You win the game"
        text = f"{says(names[int(winner)], 'wins')} the game"
        return text[:1].upper() + text[1:]
    if view["phase"] == "draw":
        if viewer in waiting:
            return "Call Stop! or let the draw go on"
        return "Anyone may call Stop!" if waiting else ""
    yours = "Your turn" if len(waiting) == 1 else "Your move (anyone may play)"
    return waiting_for(waiting, names, viewer, yours)


def decision(
    view: Mapping[str, Any],
    words: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], dict[str, Any]],
) -> tuple[str | None, list[SceneChoices]]:
    """The viewer's prompt and choices, from its legal actions."""
    phase = view["phase"]
    if phase == "draw":
        # Kept with the hand it tells: the others' draws leave it as it was.
        hand = view["zones"][f"hand:{view['seat']}"]
        return remember(hand, tuple(legal), call_or_draw_on, hand, legal, action_json)
    if phase in ("open", "auction"):
        return offers(view, words, legal, action_json)
    if phase == "share":
        return share_out(view, words, legal, action_json)
    return None, []


DASH: Final = "\N{EM DASH}"


def result_words(result: Mapping[str, Any], words: Sequence[str]) -> str:
    """STOP-14, STOP-16: who won the round with what bid and how many tokens, or the tie."""
    bids = [int(bid) for bid in result["bids"]]
    high = max(bids)
    winner = result["winner"]
    if winner is None:
        tied = listing(words[seat] for seat, bid in enumerate(bids) if bid == high)
        text = f"tie at {high} between {tied}: no token, every bid goes back to its pack"
    else:
        gained = count(int(result["gained"][winner]), "blue token")
        text = f"{says(words[int(winner)], 'wins')} the round with a bid of {high}: {gained}"
    return text[:1].upper() + text[1:]


def summary(
    view: Mapping[str, Any], names: Sequence[str], words: Sequence[str]
) -> SceneSummary | None:
    """STOP-14..STOP-16: the last round decided: each seat's bid, the tokens it won and has,
    and the cards it received in the share-out (so far, while it goes on)."""
    result = view.get("result")
    if not result:
        return None
    cells = {}
    for seat, bid in enumerate(result["bids"]):
        got = sorted(result["received"][seat], reverse=True)
        cells[seat] = [
            str(bid) if bid else DASH,
            f"+{result['gained'][seat]}" if result["gained"][seat] else DASH,
            str(view["tokens"][seat]),
            ", ".join(rank(int(value)) for value in got) if got else DASH,
        ]
    return round_summary(
        f"round:{result['round']}",
        f"Round {result['round']}",
        ("Bid", "Tokens won", "Tokens", "Cards received"),
        cells,
        names,
        view["seat"],
        result_words(result, words),
    )


def last_round(view: Mapping[str, Any], words: Sequence[str]) -> list[SceneGroup]:
    """STOP-14..STOP-16: while the next round draws, how the last one ended."""
    result = view.get("result")
    if not result or view["phase"] != "draw" or view["over"]:
        return []
    return [
        {
            "id": "last-round",
            "title": f"Round {result['round']}",
            "note": result_words(result, words),
            "badges": [],
            "zones": [],
        }
    ]


def build_scene(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action]
) -> Scene:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    words = names_for(names, viewer)
    waiting = waited_for(view)
    zones = view["zones"]
    tokens, goal = view["tokens"], view["tokens_to_win"]
    badges = badges_worn(view)
    seats = []
    for seat in table_order(viewer, int(view["players"])):
        bid, hand, pack, aside = SEAT_ZONES[seat]
        own = (zones[bid], zones[hand], zones[pack], zones[aside])
        shown = (
            seat,
            seat_name(seat, names, viewer),
            seat == viewer,
            seat in waiting,
            badges[seat],
            int(tokens[seat]),
            goal,
        )
        # Kept with the seat's zones, the key naming all else the panel shows: a move changes
        # one or two seats' zones, or who is waited for.
        seats.append(remember(own, shown, seat_panel, game, own, *shown))
    prompt: str | None = None
    actions: list[SceneChoices] = []
    if viewer is not None and legal:
        prompt, actions = decision(view, words, legal, game.action_json)
    round_ = view["round"]
    scores = view.get("scores") or tokens
    return {
        "version": 1,
        "game": "Stop",
        "viewer": viewer,
        "title": f"Stop — round {round_}" if round_ else "Stop",
        "lines": [
            f"First to {count(int(goal), 'blue token')} wins",  # STOP-18
            phase_line(view, words),
        ],
        "status": status(view, names, viewer, waiting),
        "seats": seats,
        "middle": last_round(view, words),
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": score_lines([count(int(score), "token") for score in scores], names, viewer),
        "summary": summary(view, names, words),
    }
