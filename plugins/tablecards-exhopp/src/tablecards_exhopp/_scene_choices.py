"""The viewer's decision in Ex & Hopp's scene, and the sentences about an exchange.

A seat to act is shown a new decision after nearly every move (a new hand, a sequence grown),
so little of it can be kept with zones; what recurs is kept instead: each sentence, by the
words it is made of, and each action's choice. The game lists shared action instances (one
``Lay`` per sequence and card, one ``Propose`` per pair of colours), so a choice is found by
the action's identity, without hashing it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Final

from tablecards import Action
from tablecards.words import listing, says, whose
from tablecards_exhopp._actions import Accept, Decline, Give, Lay, Propose
from tablecards_exhopp._scene_parts import titled
from tablecards_exhopp._words import a

__all__ = ["decision", "phase_line"]

Json = dict[str, Any]


@lru_cache(maxsize=1024)
def _offer(proposer: str, give: str, want: str) -> str:
    """ "Ann offers a green card for a blue one" (EXH-10)."""
    return f"{says(proposer, 'offers')} {a(give)} card for {a(want)} one"


@lru_cache(maxsize=1024)
def _answer_line(proposer: str, give: str, want: str, asked: str) -> str:
    return titled(
        f"{_offer(proposer, give, want)}; {says(asked, 'answers')} now "
        "(answers go clockwise; the first who accepts exchanges)"
    )


@lru_cache(maxsize=1024)
def _choose_line(proposer: str, give: str, want: str, accepter: str) -> str:
    return titled(
        f"{_offer(proposer, give, want)}; {says(accepter, 'accepted')}: "
        f"{listing([proposer, accepter])} each choose the card they give, at the same time "
        "and in secret"
    )


@lru_cache(maxsize=256)
def _turn_line(current: str) -> str:
    return titled(f"{whose(current)} turn: lay a card or offer an exchange")


def phase_line(
    phase: str, exchange: Mapping[str, Any] | None, current: Any, words: Sequence[str]
) -> str:
    """The line under the title: whose turn, or the exchange under way (EXH-08, EXH-10)."""
    if phase == "answer" and exchange:
        give, want = exchange["give"], exchange["want"]
        proposer, asked = words[int(exchange["proposer"])], words[int(exchange["asked"])]
        return _answer_line(proposer, give, want, asked)
    if phase == "choose" and exchange:
        give, want = exchange["give"], exchange["want"]
        proposer, accepter = words[int(exchange["proposer"])], words[int(exchange["accepter"])]
        return _choose_line(proposer, give, want, accepter)
    if phase == "over":
        return "All point cards are taken: the game is over"
    return _turn_line(words[int(current)])


# -- the choices ---------------------------------------------------------------------------------

# Each action offered so far, by identity: (the action, its JSON, its last text, that choice).
# The action is kept in its entry, so that no other object takes its id while the entry lives;
# an entry is replaced whole, never changed, so a reader always sees one consistent choice.
_KNOWN: dict[int, tuple[Action, Json, str, Json]] = {}
_KNOWN_MAX: Final = 4096


def _choice(action: Action, text: str, action_json: Callable[[Action], Json], shared: bool) -> Json:
    """The choice of ``action`` reading ``text``: one object for every shared scene that offers
    it with the same words, a fresh one for a scene of a view built by hand."""
    known = _KNOWN.get(id(action))
    if known is None or known[0] is not action:
        if len(_KNOWN) >= _KNOWN_MAX:
            _KNOWN.clear()
        act = action_json(action)
        known = _KNOWN[id(action)] = (action, act, text, {"text": text, "act": act})
    elif known[2] != text:
        act = known[1]
        known = _KNOWN[id(action)] = (action, act, text, {"text": text, "act": act})
    if shared:
        return known[3]
    return {"text": text, "act": known[1].copy()}


# How each action of a turn reads, by identity like _KNOWN: (the action, the group it is a
# choice of, that group's words, the sequence it lays on or None for an offer, its own words).
_TURN: dict[int, tuple[Action, Any, str, int | None, str]] = {}


def _turn_reading(action: Action) -> tuple[Action, Any, str, int | None, str]:
    if len(_TURN) >= _KNOWN_MAX:
        _TURN.clear()
    made: tuple[Action, Any, str, int | None, str]
    if isinstance(action, Lay):
        card = (action.colour, action.value)
        made = (action, card, f"Lay your {action.colour} {action.value}", action.sequence, "")
    elif isinstance(action, Propose):
        give = action.give
        made = (action, give, f"Offer {a(give)} card", None, f"for {a(action.want)} card")
    else:
        made = (action, None, "", None, "")
    _TURN[id(action)] = made
    return made


def _turn(
    legal: Sequence[Action],
    on: Sequence[str],
    action_json: Callable[[Action], Json],
    shared: bool,
) -> list[Json]:
    """EXH-08, EXH-10: one choice per card to lay (then where), one per colour to offer."""
    lays: dict[Any, list[Json]] = {}
    offers: dict[Any, list[Json]] = {}
    titles: dict[Any, str] = {}
    turn, known = _TURN, _KNOWN
    for action in legal:
        reading = turn.get(id(action))
        if reading is None or reading[0] is not action:
            reading = _turn_reading(action)
        group = reading[1]
        if group is None:
            continue
        sequence = reading[3]
        text = reading[4] if sequence is None else on[sequence]
        made = known.get(id(action))
        if shared and made is not None and made[0] is action and made[2] == text:
            choice = made[3]
        else:
            choice = _choice(action, text, action_json, shared)
        into = offers if sequence is None else lays
        options = into.get(group)
        if options is None:
            into[group] = [choice]
            titles[group] = reading[2]
        else:
            options.append(choice)
    first = []
    for into in (lays, offers):
        for group, options in sorted(into.items()):
            text = titles[group]
            first.append({"text": text, "then": {"title": text, "choices": options}})
    return [{"title": None, "choices": first}]


@lru_cache(maxsize=64)
def _turn_prompt(colour: str) -> str:
    return (
        f"Your turn (you play {colour}): lay a card at the end of a sequence, "
        "or offer an exchange to the others (they answer clockwise; the first who accepts swaps)."
    )


@lru_cache(maxsize=1024)
def _answer_prompt(proposer: str, give: str, want: str, accepts: bool) -> str:
    prompt = f"{_offer(proposer, give, want)}: accept?"
    if not accepts:
        prompt += f" You hold no {want} card, so you can only decline."
    return titled(prompt)


def decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: Sequence[str],
    on: Sequence[str],
    action_json: Callable[[Action], Json],
    shared: bool,
) -> tuple[str, list[Json]]:
    """The viewer's prompt and choices: ``on`` says each sequence in a choice to lay on it,
    ``shared`` whether the scene is built from shared zones (its parts may then be shared)."""
    viewer = int(view["seat"])
    exchange = view.get("exchange") or {}
    phase = view["phase"]
    if phase == "answer":
        want, give = exchange["want"], exchange["give"]
        choices = []
        accepts = False
        for action in legal:
            if isinstance(action, Accept):
                accepts = True
                text = f"Accept: give {a(want)} card, get {a(give)} one"
                choices.append(_choice(action, text, action_json, shared))
            elif isinstance(action, Decline):
                choices.append(_choice(action, "Decline", action_json, shared))
        proposer = words[int(exchange["proposer"])]
        prompt = _answer_prompt(proposer, give, want, accepts)
        return prompt, [{"title": None, "choices": choices}]
    if phase == "choose":
        proposer_seat = int(exchange["proposer"])
        other = int(exchange["accepter"]) if viewer == proposer_seat else proposer_seat
        mine = exchange["give"] if viewer == proposer_seat else exchange["want"]
        gives = sorted((g for g in legal if isinstance(g, Give)), key=lambda g: g.value)
        choices = [_choice(g, f"Give your {mine} {g.value}", action_json, shared) for g in gives]
        prompt = (
            f"Choose the {mine} card you give {words[other]}. {says(words[other], 'chooses')} "
            "a card at the same time; neither of you sees the other's until both have chosen."
        )
        return prompt, [{"title": None, "choices": choices}]
    return _turn_prompt(view["colours"][viewer]), _turn(legal, on, action_json, shared)
