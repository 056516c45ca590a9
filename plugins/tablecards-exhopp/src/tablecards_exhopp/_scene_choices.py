"""What Ex & Hopp's table says about the turn: the line under the title, and the viewer's
prompt and choices, built from the legal actions.

A turn is a decision in two steps: the card to lay, then the sequence to lay it on; or the
colour to offer, then the colour wanted for it (EXH-08, EXH-10).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablecards import Action, SceneAct, SceneChoice, SceneChoices, SceneStep, scene_choices
from tablecards.words import listing, says, whose
from tablecards_exhopp._actions import Accept, Decline, Give, Lay, Propose
from tablecards_exhopp._scene_parts import titled
from tablecards_exhopp._words import a

__all__ = ["decision", "phase_line"]

ActionJson = Callable[[Action], dict[str, Any]]


def offer(proposer: str, give: str, want: str) -> str:
    """EXH-10: "Ann offers a green card for a blue one"."""
    return f"{says(proposer, 'offers')} {a(give)} card for {a(want)} one"


def phase_line(view: Mapping[str, Any], words: Sequence[str]) -> str:
    """EXH-08, EXH-10, EXH-16: whose turn it is, or how far the exchange under way has come."""
    phase, exchange = view["phase"], view.get("exchange")
    if phase == "answer" and exchange:
        proposer, asked = words[int(exchange["proposer"])], words[int(exchange["asked"])]
        return titled(
            f"{offer(proposer, exchange['give'], exchange['want'])}; "
            f"{says(asked, 'answers')} now "
            "(answers go clockwise; the first who accepts exchanges)"
        )
    if phase == "choose" and exchange:
        proposer, accepter = words[int(exchange["proposer"])], words[int(exchange["accepter"])]
        return titled(
            f"{offer(proposer, exchange['give'], exchange['want'])}; "
            f"{says(accepter, 'accepted')}: {listing([proposer, accepter])} each choose the "
            "card they give, at the same time and in secret"
        )
    if phase == "over":
        return "All point cards are taken: the game is over"
    return titled(f"{whose(words[int(view['current'])])} turn: lay a card or offer an exchange")


def step(text: str, choices: list[SceneChoice]) -> SceneStep:
    """The first step of a decision in two, which opens the choices of its second."""
    return {"text": text, "then": {"title": text, "choices": choices}}


def turn_choices(
    legal: Sequence[Action], on: Sequence[str], action_json: ActionJson
) -> list[SceneChoices]:
    """EXH-08, EXH-10: a card to lay, then the sequence (``on`` names each); or a colour to
    offer, then the one wanted. Cards come by colour and value, offers by colour."""
    lays: dict[tuple[str, int], list[SceneChoice]] = {}
    offers: dict[str, list[SceneChoice]] = {}
    for action in legal:
        if isinstance(action, Lay):
            choice: SceneAct = {"text": on[action.sequence], "act": action_json(action)}
            lays.setdefault((action.colour, action.value), []).append(choice)
        elif isinstance(action, Propose):
            choice = {"text": f"for {a(action.want)} card", "act": action_json(action)}
            offers.setdefault(action.give, []).append(choice)
    steps: list[SceneChoice] = [
        step(f"Lay your {colour} {value}", lays[colour, value]) for colour, value in sorted(lays)
    ]
    steps += [step(f"Offer {a(give)} card", offers[give]) for give in sorted(offers)]
    return [{"title": None, "choices": steps}]


def answer_choices(
    view: Mapping[str, Any], legal: Sequence[Action], words: Sequence[str], action_json: ActionJson
) -> tuple[str, list[SceneChoices]]:
    """EXH-10, EXH-11: accept the exchange offered (holding the colour wanted), or decline."""
    exchange = view["exchange"]
    give, want = exchange["give"], exchange["want"]
    choices: list[tuple[str, Action]] = []
    for action in legal:
        if isinstance(action, Accept):
            choices.append((f"Accept: give {a(want)} card, get {a(give)} one", action))
        elif isinstance(action, Decline):
            choices.append(("Decline", action))
    prompt = f"{offer(words[int(exchange['proposer'])], give, want)}: accept?"
    if not any(isinstance(action, Accept) for action in legal):
        prompt += f" You hold no {want} card, so you can only decline."
    return titled(prompt), [scene_choices(choices, action_json)]


def give_choices(
    view: Mapping[str, Any], legal: Sequence[Action], words: Sequence[str], action_json: ActionJson
) -> tuple[str, list[SceneChoices]]:
    """EXH-10: the card of the colour promised that the viewer gives, chosen in secret."""
    exchange, viewer = view["exchange"], view["seat"]
    proposes = viewer == int(exchange["proposer"])
    other = words[int(exchange["accepter"]) if proposes else int(exchange["proposer"])]
    mine = exchange["give"] if proposes else exchange["want"]
    gives = sorted((act for act in legal if isinstance(act, Give)), key=lambda act: act.value)
    prompt = (
        f"Choose the {mine} card you give {other}. {says(other, 'chooses')} a card at the same "
        "time; neither of you sees the other's until both have chosen."
    )
    choices = [(f"Give your {mine} {act.value}", act) for act in gives]
    return prompt, [scene_choices(choices, action_json)]


def decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: Sequence[str],
    on: Sequence[str],
    action_json: ActionJson,
) -> tuple[str, list[SceneChoices]]:
    """The viewer's prompt and choices: an answer to an exchange, a card to give, or a turn
    (``on`` names each sequence in a choice to lay on it)."""
    if view["phase"] == "answer":
        return answer_choices(view, legal, words, action_json)
    if view["phase"] == "choose":
        return give_choices(view, legal, words, action_json)
    colour = view["colours"][view["seat"]]
    prompt = (
        f"Your turn (you play {colour}): lay a card at the end of a sequence, or offer an "
        "exchange to the others (they answer clockwise; the first who accepts swaps)."
    )
    return prompt, turn_choices(legal, on, action_json)
