"""Courtiers' table as its players see it: a secret card per player, the played cards in front.

Built from a seat's view alone (:meth:`Courtiers.scene <tablecards_courtiers.Courtiers.scene>`):
the view holds the viewer's own hand, every played card, the cards laid open, and what the
viewer remembers (a card it saw in another hand, every Sentry's "no"); the other hands, the
deck and the card set aside are counts. So the scene says in words only what the viewer knows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablecards import Action
from tablecards.words import count, listing, names_for, says
from tablecards_courtiers._actions import Play
from tablecards_courtiers._cards import (
    COPIES,
    DIPLOMAT,
    DUELIST,
    GUARDIAN,
    HEIR,
    HERALD,
    NAMES,
    REGENT,
    SEER,
    SENTRY,
)

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

_PLURALS = {SENTRY: "Sentries"}


def card_words(rank: int) -> str:
    """ "the Herald (5)": how a sentence names a card."""
    return f"the {NAMES[rank]} ({rank})"


def _a(rank: int) -> str:
    """ "a Seer (2)", "an Heir (8)"."""
    return f"{article(rank)} {NAMES[rank]} ({rank})"


def article(rank: int) -> str:
    """The article before a card's name: "an" Heir (its h is silent), "a" for the others."""
    return "an" if rank == HEIR else "a"


def card_face(card: Mapping[str, Any]) -> Json:
    """A Courtiers card's face: its rank big, its name small (Courtiers' cards have no colour).

    The rank goes big because a hand is drawn fanned: a number stays readable where a name
    would be cut by the next card; the label says both in full.
    """
    rank = int(card["rank"])
    return {
        "id": int(card["id"]),
        "rank": str(rank),
        "colour": None,
        "label": f"{NAMES[rank]} ({rank})",
        "note": NAMES[rank],
        "kind": "court",
    }


def _faces(cards: Sequence[Mapping[str, Any]] | None) -> list[Json] | None:
    return None if cards is None else [card_face(card) for card in cards]


def _hand(view: Mapping[str, Any], seat: int, viewer: int | None, saw: str | None) -> Json:
    zone = view["zones"][f"hand:{seat}"]
    cards = zone.get("cards")
    number = int(zone.get("count", 0))
    if seat == viewer:
        shown = sorted(cards or (), key=lambda card: (int(card["rank"]), int(card["id"])))
        return {
            "id": f"hand:{seat}",
            "title": "Your hand",
            "style": "hand",
            "count": number,
            "cards": _faces(shown),
            "note": None if number else "empty: you are out of the round",
        }
    return {
        "id": f"hand:{seat}",
        "title": "Hand",
        # Face down, unless the view shows every card (a replay for everyone).
        "style": "stack" if cards is None else "row",
        "count": number,
        "cards": _faces(cards),
        "note": saw,
    }


def _played(view: Mapping[str, Any], seat: int, viewer: int | None) -> Json:
    cards = view["zones"][f"played:{seat}"].get("cards") or []
    return {
        "id": f"played:{seat}",
        "title": "Your played cards" if seat == viewer else "Played cards",
        "style": "row",  # COURT-04: in the order they were played, for everyone to see
        "count": len(cards),
        "cards": _faces(cards),
        "note": None,
    }


def _known(view: Mapping[str, Any]) -> dict[int, list[int]]:
    """The ranks the viewer saw in other hands (still there), by seat."""
    out: dict[int, list[int]] = {}
    for entry in view.get("knowledge") or ():
        out.setdefault(int(entry["seat"]), []).append(int(entry["card"]["rank"]))
    return out


def _misses(view: Mapping[str, Any]) -> dict[int, list[int]]:
    """The ranks a Sentry's "no" ruled out, by seat (COURT-05)."""
    out: dict[int, list[int]] = {}
    for entry in view.get("misses") or ():
        ranks = out.setdefault(int(entry["seat"]), [])
        if int(entry["rank"]) not in ranks:
            ranks.append(int(entry["rank"]))
    return out


def _winners(view: Mapping[str, Any]) -> list[int]:
    tokens = [int(t) for t in view["tokens"]]
    goal = int(view["goal"])
    return [seat for seat, t in enumerate(tokens) if t >= goal and t == max(tokens)]


def _panel(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> Json:
    viewer = view["seat"]
    over = bool(view["over"])
    badges: list[Json] = []
    if over and seat in _winners(view):
        badges.append({"text": "won the match", "tone": "good"})
    elif not over:
        if seat in view["to_act"]:
            badges.append({"text": "playing", "tone": "mark"})
        if seat in view["guarded"]:
            badges.append({"text": "protected by the Guardian", "tone": "info"})
        if seat in view["out"]:
            badges.append({"text": "out of the round", "tone": "bad"})
    saw = _known(view).get(seat)
    seen = f"You saw {listing(card_words(rank) for rank in saw)}" if saw else None
    tokens = int(view["tokens"][seat])
    return {
        "seat": seat,
        "name": "You" if seat == viewer else names[seat],
        "you": seat == viewer,
        "active": seat in view["to_act"],
        "badges": badges,
        "counters": [{"label": "tokens", "value": f"{tokens} of {view['goal']}"}],
        "zones": [_hand(view, seat, viewer, seen), _played(view, seat, viewer)],
    }


def _unseen(view: Mapping[str, Any]) -> str:
    """The cards the viewer has not seen this round, by rank: what the hidden cards can be."""
    seen: Counter[int] = Counter()
    for zone in view["zones"].values():
        for card in zone.get("cards") or ():
            seen[int(card["rank"])] += 1
    for ranks in _known(view).values():
        seen.update(ranks)
    key = tuple(seen[rank] for rank in _RANKS)
    text = _UNSEEN.get(key)
    if text is None:
        text = _UNSEEN[key] = _word_unseen(seen)
    return text


_RANKS = tuple(sorted(COPIES))
# The unseen cards in words, by how many of each rank were seen: bounded by the box's contents.
_UNSEEN: dict[tuple[int, ...], str] = {}


def _word_unseen(seen: Counter[int]) -> str:
    parts = [
        f"{count(COPIES[rank] - seen[rank], NAMES[rank], _PLURALS.get(rank))} ({rank})"
        for rank in sorted(COPIES)
        if COPIES[rank] > seen[rank]
    ]
    return listing(parts) or "none"


# The box, one card per line (COURT-01): the same in every scene, so worded once.
_BOX_FACTS: tuple[Json, ...] = tuple(
    {
        "label": f"{NAMES[rank]} ({rank})",
        "text": f"{POWERS[rank]}; {count(COPIES[rank], 'copy', 'copies')}",
    }
    for rank in sorted(NAMES)
)


def _facts(view: Mapping[str, Any], words: Sequence[str]) -> list[Json]:
    facts: list[Json] = []
    for seat, ranks in sorted(_known(view).items()):
        holds = says(words[seat], "holds")
        facts.append(
            {"label": "You saw", "text": f"{holds} {listing(card_words(r) for r in ranks)}"}
        )
    for seat, ranks in sorted(_misses(view).items()):
        verb = "do not" if words[seat] == "you" else "does not"
        facts.append(
            {
                "label": "A Sentry heard no",
                "text": f"{words[seat]} {verb} hold "
                + listing(_a(rank) for rank in ranks).replace(" and ", " or "),
            }
        )
    if not view["over"]:
        facts.append({"label": "Still unseen this round", "text": _unseen(view)})
    # The box, one card per line: what each does and how many there are (COURT-01).
    facts.extend(map(dict.copy, _BOX_FACTS))
    return facts


def _middle(view: Mapping[str, Any]) -> list[Json]:
    zones = view["zones"]
    deck = int(zones["deck"]["count"])
    boxes: list[Json] = [
        {
            "id": "deck",
            "title": "Deck",
            "style": "deck" if zones["deck"].get("cards") is None else "row",
            "count": deck,
            "cards": _faces(zones["deck"].get("cards")),
            "note": None,
        },
        {
            "id": "aside",
            "title": "Set aside face down",
            "style": "stack" if zones["aside"].get("cards") is None else "row",
            "count": int(zones["aside"]["count"]),
            "cards": _faces(zones["aside"].get("cards")),
            "note": "drawn only by a Herald when the deck is empty",
        },
    ]
    open_cards = zones["open"].get("cards") or []
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
    note = f"{count(deck, 'card')} to draw; the round ends when the deck is empty"
    return [{"id": "middle", "title": "The deck", "note": note, "badges": [], "zones": boxes}]


def _status(view: Mapping[str, Any], names: Sequence[str]) -> str:
    viewer = view["seat"]
    words = names_for(names, viewer)
    if view["over"]:
        winners = [words[seat] for seat in _winners(view)]
        who = listing(winners)
        text = says(who, "wins") if len(winners) == 1 else f"{who} share the win of"
        return _capital(f"{text} the match")
    waiting = list(view["to_act"])
    if viewer in waiting:
        return "Your turn"
    return f"Waiting for {listing(names[seat] for seat in waiting)}" if waiting else ""


# -- the decision ----------------------------------------------------------------------------


def _prompt(view: Mapping[str, Any], words: Sequence[str], legal: Sequence[Play]) -> str:
    viewer = int(view["seat"])
    ranks = sorted(int(card["rank"]) for card in view["zones"][f"hand:{viewer}"]["cards"] or ())
    held = listing(card_words(rank) for rank in ranks)
    if len({action.rank for action in legal}) == 1 and legal[0].rank == REGENT and len(ranks) > 1:
        other = next(rank for rank in ranks if rank != REGENT)
        return f"You hold {held}: with {card_words(other)} you must play the Regent (COURT-11)."
    text = f"You hold {held}: play one of them."
    guarded = [words[seat] for seat in view["guarded"] if seat != viewer]
    if guarded:
        text += f" The Guardian protects {listing(guarded)}: nobody can choose them."
    return text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _guess_text(
    rank: int, target: int, known: Mapping[int, list[int]], ruled_out: Mapping[int, list[int]]
) -> str:
    """ "a Seer (2)", with what the viewer knows of it: "(you saw it)", "(a Sentry heard no)"."""
    if rank in known.get(target, ()):
        return f"{_a(rank)} (you saw it)"
    if rank in ruled_out.get(target, ()):
        return f"{_a(rank)} (a Sentry heard no)"
    return _a(rank)


def _choose_group(
    rank: int,
    actions: Sequence[Play],
    words: Sequence[str],
    choice: Callable[[str, Play], Json],
    view: Mapping[str, Any],
) -> Json:
    """One card's choice: played at once, or "then whom" (and for the Sentry "then what")."""
    if all(action.target is None for action in actions):
        text = f"Play {card_words(rank)}"
        if rank == HEIR:
            text += ": you are out of the round"
        elif rank == GUARDIAN:
            text += ": protect yourself until your next turn"
        elif rank != REGENT:
            text += ": nobody can be chosen, it does nothing"
        return choice(text, actions[0])
    known, ruled_out = _known(view), _misses(view)
    whom: dict[int, list[Play]] = {}
    for action in actions:
        whom.setdefault(action.target if action.target is not None else -1, []).append(action)
    options: list[Json] = []
    for target, plays in whom.items():
        who = words[target]
        if rank == SENTRY:
            guesses = [
                choice(_guess_text(p.guess or 0, target, known, ruled_out), p)
                for p in sorted(plays, key=lambda p: p.guess or 0)
            ]
            title = f"Name a card {who} might hold"
            then = {"title": title, "choices": guesses}
            options.append({"text": _capital(who), "then": then})
        else:
            options.append(choice(_capital(who), plays[0]))
    questions = {
        SENTRY: "Sentry: guess whose card",
        SEER: "Seer: look at whose hand",
        DUELIST: "Duelist: compare hands with",
        HERALD: "Herald: who discards and draws again",
        DIPLOMAT: "Diplomat: trade hands with",
    }
    title = questions.get(rank, f"{NAMES[rank]}: choose a player")
    return {"text": f"Play {card_words(rank)}", "then": {"title": title, "choices": options}}


def _decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: Sequence[str],
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    plays = [action for action in legal if isinstance(action, Play)]

    def choice(text: str, action: Play) -> Json:
        return {"text": text, "act": action_json(action)}

    by_rank: dict[int, list[Play]] = {}
    for action in plays:
        by_rank.setdefault(action.rank, []).append(action)
    first = [_choose_group(rank, by_rank[rank], words, choice, view) for rank in sorted(by_rank)]
    return _prompt(view, words, plays), [{"title": "Play a card", "choices": first}]


def build_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
) -> Json:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    players = int(view["players"])
    words = names_for(names, viewer)
    start = viewer if viewer is not None else 0
    order = [(start + step) % players for step in range(players)]
    prompt: str | None = None
    actions: list[Json] = []
    if viewer is not None and legal:
        prompt, actions = _decision(view, legal, words, action_json)
    tokens = [int(t) for t in view["tokens"]]
    return {
        "version": 1,
        "game": "Courtiers",
        "viewer": viewer,
        "title": f"Courtiers — round {view['round']}",
        "lines": [
            f"First to {count(int(view['goal']), 'token')} wins the match",
            "Be the last one in the round, or hold the highest card when the deck runs out",
        ],
        "status": _status(view, names),
        "seats": [_panel(view, seat, names) for seat in order],
        "middle": _middle(view),
        "prompt": prompt,
        "actions": actions,
        "facts": _facts(view, words),
        "scores": [
            {
                "seat": seat,
                "name": "You" if seat == viewer else names[seat],
                "score": count(tokens[seat], "token"),
            }
            for seat in range(players)
        ],
    }
