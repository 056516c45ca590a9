"""Courtiers' table as its players see it: a secret card per player, the played cards in front.

Built from a seat's view alone (:meth:`Courtiers.scene <tablecards_courtiers.Courtiers.scene>`):
the view holds the viewer's own hand, every played card, the cards laid open, and what the
viewer remembers (a card it saw in another hand, every Sentry's "no"); the other hands, the
deck and the card set aside are counts. So the scene says in words only what the viewer knows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from tablecards import (
    Action,
    Game,
    Scene,
    SceneBadge,
    SceneChoices,
    SceneFace,
    SceneFact,
    SceneGroup,
    ScenePanel,
    SceneZone,
    card_faces,
    remember,
    score_lines,
    seat_name,
    table_order,
    waiting_for,
)
from tablecards.words import count, listing, names_for, says
from tablecards_courtiers._cards import COPIES, NAMES
from tablecards_courtiers._choices import Known, decision
from tablecards_courtiers._words import a_card, capital, card_words

__all__ = ["build_scene", "card_words"]

#: What each card does, in a few words (COURT-05 to COURT-12).
POWERS: Final = {
    1: "guess another player's card",
    2: "look at another player's hand",
    3: "compare hands: the lower card is out",
    4: "nobody can choose you until your next turn",
    5: "a player discards their hand and draws",
    6: "trade hands with another player",
    7: "must be played with the Herald or the Diplomat",
    8: "you are out if you play or discard it",
}
PLURALS: Final = {1: "Sentries"}
#: The box, one card per line (COURT-01): what each does and how many there are.
BOX: Final[tuple[SceneFact, ...]] = tuple(
    {
        "label": f"{NAMES[rank]} ({rank})",
        "text": f"{power}; {count(COPIES[rank], 'copy', 'copies')}",
    }
    for rank, power in POWERS.items()
)
RULE: Final = "Be the last one in the round, or hold the highest card when the deck runs out"


def faces(game: Game[Any], cards: Sequence[Mapping[str, Any]] | None) -> list[SceneFace] | None:
    """The cards' faces; ``None`` while they lie face down."""
    return None if cards is None else card_faces(game, cards)


# -- a seat's panel ------------------------------------------------------------------------


def hand_box(
    game: Game[Any], zone: Mapping[str, Any], seat: int, you: bool, saw: str | None
) -> SceneZone:
    """COURT-04: the viewer's hand face up and sorted; another's face down, with the card the
    viewer saw in it (COURT-06, COURT-07); COURT-14: empty once out of the round."""
    cards = zone.get("cards")
    number = zone.get("count", 0)
    if you:
        return {
            "id": f"hand:{seat}",
            "title": "Your hand",
            "style": "hand",
            "count": number,
            "cards": faces(game, sorted(cards or (), key=lambda card: (card["rank"], card["id"]))),
            "note": None if number else "out of the round",
        }
    return {
        "id": f"hand:{seat}",
        "title": "Hand",
        # Face down; or face up when the view shows every card (a replay for everyone).
        "style": "stack" if cards is None else "row",
        "count": number,
        "cards": faces(game, cards),
        "note": saw,
    }


def played_box(game: Game[Any], zone: Mapping[str, Any], seat: int, you: bool) -> SceneZone:
    """COURT-04: the cards a seat played, in order, for everyone to see."""
    cards = zone.get("cards") or []
    return {
        "id": f"played:{seat}",
        "title": "Your played cards" if you else "Played cards",
        "style": "row",
        "count": len(cards),
        "cards": faces(game, cards),
        "note": None,
    }


class Marks(NamedTuple):
    """What a seat's badges say."""

    won: bool  # COURT-17: won the match
    playing: bool
    guarded: bool  # COURT-08
    out: bool  # COURT-14


def marks(view: Mapping[str, Any], seat: int, winners: Sequence[int]) -> Marks:
    """A seat's marks: once the match is over, only who won it."""
    if view["over"]:
        return Marks(seat in winners, False, False, False)
    return Marks(False, seat in view["to_act"], seat in view["guarded"], seat in view["out"])


def badges(marks: Marks) -> list[SceneBadge]:
    """A seat's marks as badges, in this order."""
    shown: list[SceneBadge] = []
    if marks.won:
        shown.append({"text": "won the match", "tone": "good"})
    if marks.playing:
        shown.append({"text": "playing", "tone": "mark"})
    if marks.guarded:
        shown.append({"text": "protected by the Guardian", "tone": "info"})
    if marks.out:
        shown.append({"text": "out of the round", "tone": "bad"})
    return shown


def seat_panel(
    game: Game[Any],
    hand: Mapping[str, Any],
    played: Mapping[str, Any],
    seat: int,
    name: str,
    you: bool,
    active: bool,
    marked: Marks,
    tokens: str,
    saw: tuple[int, ...],
) -> ScenePanel:
    """A seat's hand and played cards, its marks and its tokens (COURT-16, COURT-17)."""
    return {
        "seat": seat,
        "name": name,
        "you": you,
        "active": active,
        "badges": badges(marked),
        "counters": [{"label": "tokens", "value": tokens}],
        "zones": [
            hand_box(game, hand, seat, you, saw_words(saw) if saw else None),
            # Kept apart: the played cards change on the seat's own turn only.
            remember(played, ("played", you), played_box, game, played, seat, you),
        ],
    }


def saw_words(ranks: Sequence[int]) -> str:
    """COURT-06, COURT-07: "You saw the Seer (2)"."""
    return f"You saw {listing(card_words(rank) for rank in ranks)}"


# -- the middle of the table ---------------------------------------------------------------


def middle(
    game: Game[Any], deck: Mapping[str, Any], aside: Mapping[str, Any], laid: Mapping[str, Any]
) -> SceneGroup:
    """COURT-02: the deck, the card set aside face down and, with two players, the three cards
    set aside face up."""
    number = int(deck["count"])
    boxes: list[SceneZone] = [
        {
            "id": "deck",
            "title": "Deck",
            "style": "deck" if deck.get("cards") is None else "row",
            "count": number,
            "cards": faces(game, deck.get("cards")),
            "note": None,
        },
        {
            "id": "aside",
            "title": "Set aside face down",
            "style": "stack" if aside.get("cards") is None else "row",
            "count": int(aside["count"]),
            "cards": faces(game, aside.get("cards")),
            "note": "drawn only by a Herald when the deck is empty",
        },
    ]
    open_cards = laid.get("cards") or []
    if open_cards:
        boxes.append(
            {
                "id": "open",
                "title": "Set aside face up",
                "style": "row",
                "count": len(open_cards),
                "cards": faces(game, open_cards),
                "note": "out of this round",
            }
        )
    note = f"{count(number, 'card')} to draw; the round ends when the deck is empty"
    return {"id": "middle", "title": "The deck", "note": note, "badges": [], "zones": boxes}


# -- what the viewer knows -----------------------------------------------------------------


def seen_in_hands(view: Mapping[str, Any]) -> dict[int, tuple[int, ...]]:
    """COURT-06, COURT-07: the ranks the viewer saw in other hands (still there), by seat."""
    seen: dict[int, tuple[int, ...]] = {}
    for entry in sorted(view["knowledge"], key=lambda entry: int(entry["seat"])):
        seat = int(entry["seat"])
        seen[seat] = (*seen.get(seat, ()), int(entry["card"]["rank"]))
    return seen


def heard_no(view: Mapping[str, Any]) -> dict[int, tuple[int, ...]]:
    """COURT-05: the ranks a Sentry's "no" ruled out, by seat."""
    ruled_out: dict[int, tuple[int, ...]] = {}
    for entry in sorted(view["misses"], key=lambda entry: int(entry["seat"])):
        seat, rank = int(entry["seat"]), int(entry["rank"])
        if rank not in ruled_out.get(seat, ()):
            ruled_out[seat] = (*ruled_out.get(seat, ()), rank)
    return ruled_out


def unseen(view: Mapping[str, Any], known: Known) -> str:
    """COURT-01: the cards the viewer has not seen this round, by rank: what hidden cards can
    be (every card the view shows was seen, and those the viewer saw in other hands)."""
    left = dict(COPIES)
    for zone in view["zones"].values():
        for card in zone.get("cards") or ():
            left[card["rank"]] -= 1
    for ranks in known.values():
        for rank in ranks:
            left[rank] -= 1
    return (
        listing(
            f"{count(left[rank], NAMES[rank], PLURALS.get(rank))} ({rank})"
            for rank in sorted(COPIES)
            if left[rank] > 0
        )
        or "none"
    )


def facts(words: Sequence[str], known: Known, misses: Known, hidden: str | None) -> list[SceneFact]:
    """What the viewer knows, in words, then the box, one card per line (COURT-01)."""
    said: list[SceneFact] = []
    for seat, ranks in known.items():
        holds = f"{says(words[seat], 'holds')} {listing(card_words(rank) for rank in ranks)}"
        said.append({"label": "You saw", "text": holds})
    for seat, ranks in misses.items():
        verb = "do not" if words[seat] == "you" else "does not"
        cards = listing(a_card(rank) for rank in ranks).replace(" and ", " or ")
        said.append({"label": "A Sentry heard no", "text": f"{words[seat]} {verb} hold {cards}"})
    if hidden is not None:
        said.append({"label": "Still unseen this round", "text": hidden})
    return [*said, *BOX]


# -- the scene -----------------------------------------------------------------------------


def status(view: Mapping[str, Any], names: Sequence[str], winners: Sequence[int]) -> str:
    """COURT-17: who won the match; else whose turn it is."""
    viewer = view["seat"]
    if not view["over"]:
        return waiting_for(view["to_act"], names, viewer)
    words = names_for(names, viewer)
    who = listing(words[seat] for seat in winners)
    text = says(who, "wins") if len(winners) == 1 else f"{who} share the win of"
    return capital(f"{text} the match")


def build_scene(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action]
) -> Scene:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    zones, tokens, goal = view["zones"], view["tokens"], int(view["goal"])
    words = names_for(names, viewer)  # in sentences: "you" for the viewer
    known, misses = seen_in_hands(view), heard_no(view)
    best = max(tokens)
    winners = [seat for seat, won in enumerate(tokens) if won >= goal and won == best]
    seats = []
    for seat in table_order(viewer, int(view["players"])):
        hand, played = zones[f"hand:{seat}"], zones[f"played:{seat}"]
        looks = (
            seat,
            seat_name(seat, names, viewer),
            seat == viewer,
            seat in view["to_act"],
            marks(view, seat, winners),
            f"{tokens[seat]} of {goal}",
            known.get(seat, ()),
        )
        # The engine keeps a panel while its zones and how it looks are unchanged.
        seats.append(remember((hand, played), looks, seat_panel, game, hand, played, *looks))
    prompt: str | None = None
    actions: list[SceneChoices] = []
    if viewer is not None and legal:
        prompt, actions = decision(view, legal, words, known, misses, game.action_json)
    deck, aside, laid = zones["deck"], zones["aside"], zones["open"]
    return {
        "version": 1,
        "game": "Courtiers",
        "viewer": viewer,
        "title": f"Courtiers — round {view['round']}",
        "lines": [f"First to {count(goal, 'token')} wins the match", RULE],
        "status": status(view, names, winners),
        "seats": seats,
        "middle": [remember((deck, aside, laid), "middle", middle, game, deck, aside, laid)],
        "prompt": prompt,
        "actions": actions,
        "facts": facts(words, known, misses, None if view["over"] else unseen(view, known)),
        "scores": score_lines([count(won, "token") for won in tokens], names, viewer),
        "summary": None,
    }
