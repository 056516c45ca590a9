"""A Courtiers bot that plays from what a careful player remembers."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Action, Game
from tablecards_courtiers._actions import Play
from tablecards_courtiers._cards import (
    COPIES,
    DIPLOMAT,
    DUELIST,
    GUARDIAN,
    HEIR,
    HERALD,
    SEER,
    SENTRY,
)

__all__ = ["HeuristicBot"]


class HeuristicBot:
    """Guesses what it knows, duels only with a strong card, keeps its high cards.

    It reads only its view: its hand, the face-up cards, what it saw in other hands
    (``knowledge``) and the guesses everyone heard answered "no" (``misses``).
    """

    def __init__(self, game: Game[Any] | None = None, seat: int = 0) -> None:
        self.seat = seat

    def __repr__(self) -> str:
        return f"HeuristicBot(seat={self.seat})"

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """The action with the best score; ties broken at random."""
        seat = view["seat"]
        zones = view["zones"]
        hand = [card["rank"] for card in zones[f"hand:{seat}"]["cards"]]
        known = {entry["seat"]: entry["card"]["rank"] for entry in view.get("knowledge", [])}
        misses = {(miss["seat"], miss["rank"]) for miss in view.get("misses", [])}
        unseen = _unseen(zones, hand)
        scored = [
            (_score(action, hand, known, misses, unseen, seat), index)
            for index, action in enumerate(actions)
            if isinstance(action, Play)
        ]
        best = max(score for score, _ in scored)
        return actions[rng.choice([index for score, index in scored if score == best])]


def _unseen(zones: Mapping[str, Any], hand: list[int]) -> Counter[int]:
    """How many cards of each rank the bot has not seen face up or in its hand."""
    left = Counter(COPIES)
    shown = [card["rank"] for zone in zones.values() for card in zone.get("cards") or ()]
    left.subtract(shown)
    return +left


def _score(
    action: Play,
    hand: list[int],
    known: Mapping[int, int],
    misses: set[tuple[int, int]],
    unseen: Counter[int],
    seat: int,
) -> float:
    rank, target = action.rank, action.target
    kept = list(hand)
    kept.remove(rank)
    other = kept[0] if kept else 0
    if rank == HEIR:
        return -100.0
    score = -rank / 2  # keep the higher card
    if target is None:
        return score
    if rank == SENTRY:
        guess = action.guess or 0
        if known.get(target) == guess:
            return 50.0
        if (target, guess) in misses or target in known:
            return score - 5
        return score + unseen[guess] / max(1, sum(unseen.values()) - unseen[1])
    if rank == DUELIST:
        theirs = known.get(target)
        if theirs is not None:
            return 40.0 if other > theirs else -20.0
        return score + (other - 4.5)
    if rank == SEER:
        return score + (0.5 if target not in known else -1)
    if rank == HERALD:
        if target == seat:
            return score - (3 if other >= GUARDIAN else 0) - (50 if other == HEIR else 0)
        return score + (30 if known.get(target) == HEIR else 0.2)
    if rank == DIPLOMAT:
        theirs = known.get(target, 4)
        return score + (theirs - other)
    return (
        score
        + (1 if rank == GUARDIAN else 0)
        + (0.5 if rank == SEER else 0)
        - (1 if rank in (DUELIST, DIPLOMAT) else 0)
    )
