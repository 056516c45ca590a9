"""The viewer's decision in Stop's scene: at a draw moment, in the auction, in the share-out.

A draw moment's decision is kept by the values of the hand it tells; the auction's words for
the bids (each bid's titles and raises, each seat's prompt) are made once per position, with
its table (:class:`Bidding`), and each choice is kept by the bid it raises and its action's
id. A seat shown the same hand, or offered the same actions while the bids stay, is shown the
same decision again (kept by viewer from one position's table to the next).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, final

from tablecards import Action
from tablecards.words import count, listing, whose
from tablecards_stop._actions import Bid, CallStop, Give, Pass, Raise
from tablecards_stop._scene_seats import HAND_ZONES, KEPT, cards_words, held_cards
from tablecards_stop._state import PLUS

if TYPE_CHECKING:
    from tablecards_stop._scene import Table

__all__ = ["Bidding", "decision"]

Json = dict[str, Any]


def _raise_words(action: Raise, value: int | None) -> str:
    parts = []
    if action.values:
        card = str(value) if value is not None else "value card"
        parts.append(count(action.values, card))
    if action.plus:
        parts.append(count(action.plus, "+1", "+1s"))
    return " and ".join(parts)


def decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    table: Table,
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    """The prompt and the choices: at a draw moment (STOP-06), in the auction (STOP-10..13)
    and in the share-out (STOP-15); ``table`` is the position's
    (:class:`~tablecards_stop._scene.Table`)."""
    viewer = int(view["seat"])
    phase = view["phase"]
    if phase == "draw":
        hand = view["zones"][HAND_ZONES[viewer]]
        last = table.draws.get(viewer)
        if last is not None and last[0] is hand and last[1] == legal:
            return last[2]
        made = _draw(hand, legal, action_json)
        table.draws[viewer] = (hand, legal, made)
        return made
    if phase in ("open", "auction"):
        kept = table.decisions.get(viewer)
        if kept is not None and kept[0] == legal:
            return kept[1], kept[2]
        prompt, actions = _auction(legal, table.bidding_for(view), viewer, action_json)
        table.decisions[viewer] = (legal, prompt, actions)
        return prompt, actions
    if phase == "share":
        return _share(view, legal, table.words[viewer], action_json)
    return "", []


def _draw(
    hand: Mapping[str, Any], legal: Sequence[Action], action_json: Callable[[Action], Json]
) -> tuple[str, list[Json]]:
    """STOP-06: call Stop! or let the draw go on, the hand told: kept by the hand's values and
    the actions' types (a draw moment's decisions, CallStop and Decline, have no fields: each
    is its type, whose hash costs less than the action's)."""
    key = (tuple([card["value"] for card in hand.get("cards") or ()]), *map(type, legal))
    made = _DRAWS.get(key)
    if made is None:
        words = cards_words(held_cards(hand)) or "no cards"
        calls, actions = _draw_choices(legal, action_json)
        if len(_DRAWS) >= KEPT:
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
    key = tuple(map(type, legal))  # field-less actions (see decision)
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
class Bidding:
    """What the auction's decisions tell of the bids (STOP-10..13), made with the position's
    table for every seat: each bid's raises' words, kept by its total and value, its titles,
    and each seat's prompt."""

    __slots__ = ("plain", "prompts", "targets")

    def __init__(self, view: Mapping[str, Any], names: Sequence[str], best: Sequence[str]) -> None:
        bids = view["bids"]
        #: The choices of passes and new bids, by their actions' ids.
        self.plain = _choices(0, None)
        #: Each bid's choices of raises (by their actions' ids), its total and value, and its
        #: title for the other seats and for its own (:func:`_target`).
        self.targets = [_target(names[seat], bid) for seat, bid in enumerate(bids)]
        if view["phase"] == "open":
            self.prompts = [_OPENING] * len(bids)
            return
        high = view.get("highest", 0)
        #: Each seat's prompt: the highest bid as it reads it, and whether it may bid.
        self.prompts = [_prompt(best[seat], high, not bid) for seat, bid in enumerate(bids)]


def _target(
    name: str, bid: Mapping[str, Any] | None
) -> tuple[dict[int, tuple[Json, Action]], int, int | None, str, str]:
    """A bid's raises' choices (:func:`_choices`), total, value and titles for the other seats
    and for its own (:func:`_raise_title`): kept by its bidder's name, its total and value."""
    total, value = (bid["total"], bid.get("value")) if bid else (0, None)
    made = _TARGETS.get((name, total, value))
    if made is None:
        if len(_TARGETS) >= KEPT:
            _TARGETS.clear()
        made = _TARGETS[name, total, value] = (
            _choices(total, value),
            total,
            value,
            _raise_title(name, total),
            _raise_title("you", total),
        )
    return made


# What the auction's decisions tell of a bid, by its bidder's name, its total and value.
_TARGETS: dict[
    tuple[str, int, int | None], tuple[dict[int, tuple[Json, Action]], int, int | None, str, str]
] = {}


def _auction(
    legal: Sequence[Action],
    bidding: Bidding,
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
        if len(_AUCTION_PROMPTS) >= KEPT:
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
        if len(_RAISE_TITLES) >= KEPT:
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
        if len(_CHOICES) >= KEPT:
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
    if len(kept) >= KEPT:
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
