"""The decision in Courtiers' scene: the prompt, then a card, then whom, then (Sentry) what.

The choices are words and action data only, so they are made once per content (the hand, the
names, what the viewer knows, the legal plays) and shared by the scenes that ask the same; each
card's choice too: a card kept in the hand finds its choice again on the next turn.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tablecards import Action
from tablecards.words import listing
from tablecards_courtiers._actions import Play
from tablecards_courtiers._cards import (
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
from tablecards_courtiers._words import a_card, capital, card_words

__all__ = ["decision"]

Json = dict[str, Any]
# What the viewer knows of other hands, by seat: (seat, ranks) pairs in seat order.
Known = tuple[tuple[int, tuple[int, ...]], ...]
# A play as plain data: its rank, target and guess (all of Play's fields).
Fields = tuple[int, int | None, int | None]

_FIELDS: Final = operator.attrgetter("rank", "target", "guess")
_QUESTIONS: Final = {
    SENTRY: "Sentry: guess whose card",
    SEER: "Seer: look at whose hand",
    DUELIST: "Duelist: compare hands with",
    HERALD: "Herald: who discards and draws again",
    DIPLOMAT: "Diplomat: trade hands with",
}


def decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: tuple[str, ...],
    known: Known,
    misses: Known,
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    """The prompt and the choices of the viewer of ``view``, who may play ``legal``. Shared
    between scenes: never change them."""
    viewer = view["seat"]
    cards = view["zones"][f"hand:{viewer}"]["cards"] or ()
    hand = tuple(sorted(card["rank"] for card in cards))
    guarded = tuple(words[seat] for seat in view["guarded"] if seat != viewer)
    # Courtiers' one action is Play: the legal plays as plain fields, cheap to compare.
    plays = tuple(map(_FIELDS, legal))
    return _decided(words, hand, guarded, known, misses, plays, action_json)


# By content rather than kept with the hand (tablecards.remember): the player to act has just
# drawn, so its hand is new, yet a hand and a table like it come back.
@functools.lru_cache(maxsize=4096)
def _decided(
    words: tuple[str, ...],
    hand: tuple[int, ...],
    guarded: tuple[str, ...],
    known: Known,
    misses: Known,
    plays: tuple[Fields, ...],
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    by_rank: dict[int, list[Fields]] = {}
    for play in plays:
        by_rank.setdefault(play[0], []).append(play)
    ranks = tuple(sorted(by_rank))
    first = []
    for rank in ranks:
        group = tuple(by_rank[rank])
        # What a card's choice depends on, and no more: a card kept in the hand finds its
        # choice again on the next turn.
        chooses = any(target is not None for _, target, _ in group)
        sentry = rank == SENTRY
        first.append(
            _group(
                rank,
                group,
                words if chooses else (),
                known if sentry else (),
                misses if sentry else (),
                action_json,
            )
        )
    return _prompt(hand, guarded, ranks), [{"title": "Play a card", "choices": first}]


@functools.lru_cache(maxsize=4096)
def _group(
    rank: int,
    plays: tuple[Fields, ...],
    words: tuple[str, ...],
    known: Known,
    misses: Known,
    action_json: Callable[[Action], Json],
) -> Json:
    def choice(text: str, action: Play) -> Json:
        return {"text": text, "act": action_json(action)}

    actions = [Play(*play) for play in plays]
    return _choose_group(rank, actions, words, choice, dict(known), dict(misses))


@functools.lru_cache(maxsize=1024)
def _prompt(hand: tuple[int, ...], guarded: tuple[str, ...], ranks: tuple[int, ...]) -> str:
    held = listing(card_words(rank) for rank in hand)
    if len(ranks) == 1 and REGENT in ranks and len(hand) > 1:
        other = next(rank for rank in hand if rank != REGENT)
        return f"You hold {held}: with {card_words(other)} you must play the Regent (COURT-11)."
    text = f"You hold {held}: play one of them."
    if guarded:
        text += f" The Guardian protects {listing(guarded)}: nobody can choose them."
    return text


def _guess_text(
    rank: int,
    target: int,
    known: Mapping[int, tuple[int, ...]],
    ruled_out: Mapping[int, tuple[int, ...]],
) -> str:
    """ "a Seer (2)", with what the viewer knows of it: "(you saw it)", "(a Sentry heard no)"."""
    if rank in known.get(target, ()):
        return f"{a_card(rank)} (you saw it)"
    if rank in ruled_out.get(target, ()):
        return f"{a_card(rank)} (a Sentry heard no)"
    return a_card(rank)


def _choose_group(
    rank: int,
    actions: Sequence[Play],
    words: Sequence[str],
    choice: Callable[[str, Play], Json],
    known: Mapping[int, tuple[int, ...]],
    ruled_out: Mapping[int, tuple[int, ...]],
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
            options.append({"text": capital(who), "then": then})
        else:
            options.append(choice(capital(who), plays[0]))
    title = _QUESTIONS.get(rank, f"{NAMES[rank]}: choose a player")
    return {"text": f"Play {card_words(rank)}", "then": {"title": title, "choices": options}}
