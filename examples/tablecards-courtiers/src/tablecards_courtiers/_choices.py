"""The decision in Courtiers' scene: the prompt, then a card, then whom, then (Sentry) what."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tablecards import Action, SceneChoice, SceneChoices, scene_choices
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

__all__ = ["Known", "decision"]

#: What the viewer knows of other hands: the ranks it knows of, by seat, in seat order.
Known = Mapping[int, tuple[int, ...]]
ActionJson = Callable[[Action], dict[str, Any]]

#: The question a card that chooses a player asks (COURT-05 to COURT-10).
QUESTIONS: Final = {
    SENTRY: "Sentry: guess whose card",
    SEER: "Seer: look at whose hand",
    DUELIST: "Duelist: compare hands with",
    HERALD: "Herald: who discards and draws again",
    DIPLOMAT: "Diplomat: trade hands with",
}


def decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: Sequence[str],
    known: Known,
    misses: Known,
    action_json: ActionJson,
) -> tuple[str, list[SceneChoices]]:
    """COURT-04: the prompt and the choices of the viewer of ``view``, who may play ``legal``:
    a card, then whom it chooses, then (for the Sentry) which card to name."""
    viewer = view["seat"]
    hand = sorted(card["rank"] for card in view["zones"][f"hand:{viewer}"]["cards"] or ())
    guarded = [words[seat] for seat in view["guarded"] if seat != viewer]
    by_rank: dict[int, list[Play]] = {}
    for play in legal:
        if isinstance(play, Play):  # Courtiers' one action
            by_rank.setdefault(play.rank, []).append(play)
    ranks = sorted(by_rank)
    cards = [card_choice(rank, by_rank[rank], words, known, misses, action_json) for rank in ranks]
    return prompt(hand, guarded, ranks), [{"title": "Play a card", "choices": cards}]


def prompt(hand: Sequence[int], guarded: Sequence[str], ranks: Sequence[int]) -> str:
    """What the viewer holds; COURT-11: the Regent that must be played; COURT-08: who the
    Guardian protects."""
    held = listing(card_words(rank) for rank in hand)
    if len(ranks) == 1 and REGENT in ranks and len(hand) > 1:
        other = next(rank for rank in hand if rank != REGENT)
        return f"You hold {held}: with {card_words(other)} you must play the Regent (COURT-11)."
    text = f"You hold {held}: play one of them."
    if guarded:
        text += f" The Guardian protects {listing(guarded)}: nobody can choose them."
    return text


def guess_text(rank: int, target: int, known: Known, misses: Known) -> str:
    """COURT-05: "a Seer (2)", with what the viewer knows of it: "(you saw it)", "(a Sentry
    heard no)"."""
    if rank in known.get(target, ()):
        return f"{a_card(rank)} (you saw it)"
    if rank in misses.get(target, ()):
        return f"{a_card(rank)} (a Sentry heard no)"
    return a_card(rank)


def card_choice(
    rank: int,
    plays: Sequence[Play],
    words: Sequence[str],
    known: Known,
    misses: Known,
    action_json: ActionJson,
) -> SceneChoice:
    """One card's choice: played at once, or "then whom" (and for the Sentry "then what")."""
    if all(play.target is None for play in plays):
        text = f"Play {card_words(rank)}"
        if rank == HEIR:  # COURT-12
            text += ": you are out of the round"
        elif rank == GUARDIAN:  # COURT-08
            text += ": protect yourself until your next turn"
        elif rank != REGENT:  # COURT-13
            text += ": nobody can be chosen, it does nothing"
        return {"text": text, "act": action_json(plays[0])}
    whom: dict[int, list[Play]] = {}
    for play in plays:
        whom.setdefault(play.target if play.target is not None else -1, []).append(play)
    title = QUESTIONS.get(rank, f"{NAMES[rank]}: choose a player")
    if rank == SENTRY:
        options: list[SceneChoice] = []
        for target, guesses in whom.items():
            named = (
                (guess_text(play.guess or 0, target, known, misses), play)
                for play in sorted(guesses, key=lambda play: play.guess or 0)
            )
            then = scene_choices(named, action_json, f"Name a card {words[target]} might hold")
            options.append({"text": capital(words[target]), "then": then})
        then = {"title": title, "choices": options}
    else:
        targets = ((capital(words[target]), same[0]) for target, same in whom.items())
        then = scene_choices(targets, action_json, title)
    return {"text": f"Play {card_words(rank)}", "then": then}
