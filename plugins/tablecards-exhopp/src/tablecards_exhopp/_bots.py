"""An Ex & Hopp bot that reasons from its view: who is likely to win each sequence."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablecards import Action, Game
from tablecards_exhopp._actions import ACCEPT, DECLINE, Accept, Decline, Give, Lay, Propose
from tablecards_exhopp._state import ExHoppState, Ink, Phase

__all__ = ["HeuristicBot", "best_lay", "playout_action", "sequence_outlook"]


def sequence_outlook(
    totals: Mapping[str, int], colours: Sequence[str], remaining: int
) -> dict[str, float]:
    """How likely each colour in play is to take a sequence's point card.

    Exact once the sequence is complete (``remaining == 0``: the single highest total, nobody
    on a tie, EXH-13, EXH-15); before that a softmax of the totals whose temperature grows with
    the cards still to come, since every one of them may change the order.
    """
    if remaining <= 0:
        best = max(totals.get(colour, 0) for colour in colours)
        leaders = [colour for colour in colours if totals.get(colour, 0) == best]
        return {colour: float(len(leaders) == 1 and colour in leaders) for colour in colours}
    spread = 2.0 + 4.0 * remaining
    top = max(totals.get(colour, 0) for colour in colours)
    weights = {colour: math.exp((totals.get(colour, 0) - top) / spread) for colour in colours}
    norm = sum(weights.values())
    return {colour: weight / norm for colour, weight in weights.items()}


class HeuristicBot:
    """Lays where its colour can win black point cards and avoid red ones; exchanges sensibly.

    For each card it could lay on each sequence it compares the sequence's outlook
    (:func:`sequence_outlook`) before and after: the value of a sequence is its signed points
    times (the chance that its own colour takes it minus the average chance of each opponent's
    colour), so feeding a rival's colour on a red card is as good as feeding its own on a black
    one. When every lay would hurt, it offers its lowest card of another colour against a card
    of its own colour (not twice in a row); it accepts exactly the offers that give it its own
    colour for another one, and always gives its lowest card of the asked colour.
    """

    def __init__(self, game: Game[Any] | None = None, seat: int = 0) -> None:
        self.seat = seat
        self.proposed_last_turn = False

    def __repr__(self) -> str:
        return f"HeuristicBot(seat={self.seat})"

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """One decision, from what this seat sees."""
        first = actions[0]
        if isinstance(first, (Accept, Decline)):
            return self.answer(view, actions)
        if isinstance(first, Give):
            return min(actions, key=lambda action: action.value if isinstance(action, Give) else 0)
        return self.play_turn(view, actions)

    def answer(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        """Accept only an offer of this seat's colour against another colour."""
        mine = view["colours"][view["seat"]]
        exchange = view["exchange"] or {}
        if ACCEPT in actions and exchange.get("give") == mine:
            return ACCEPT
        return DECLINE

    def play_turn(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        """The best lay by outlook gain, or an exchange when every lay loses value."""
        seat = view["seat"]
        colours: list[str] = view["colours"]
        mine = colours[seat]
        zones = view["zones"]

        def read(index: int) -> tuple[int, int, list[int]]:
            point = zones[f"point:{index}"]["cards"][-1]
            cards = zones[f"sequence:{index}"]["cards"]
            totals = [0] * len(colours)
            for card in cards:
                totals[colours.index(card["colour"])] += card["value"]
            signed = point["points"] if point["ink"] == "black" else -point["points"]
            return signed, point["points"] - len(cards), totals

        best, best_gain = best_lay(actions, colours, mine, read)
        if best_gain < 0 and not self.proposed_last_turn:
            offer = self._offer(zones, seat, mine, actions)
            if offer is not None:
                self.proposed_last_turn = True
                return offer
        self.proposed_last_turn = False
        return best if best is not None else actions[0]

    @staticmethod
    def _offer(
        zones: Mapping[str, Any], seat: int, mine: str, actions: Sequence[Action]
    ) -> Action | None:
        others = [card for card in zones[f"hand:{seat}"]["cards"] if card["colour"] != mine]
        if not others:
            return None
        lowest = min(others, key=lambda card: card["value"])
        offer = Propose(lowest["colour"], mine)
        return offer if offer in actions else None


def best_lay(
    actions: Sequence[Action],
    colours: Sequence[str],
    mine: str,
    read: Callable[[int], tuple[int, int, list[int]]],
) -> tuple[Action | None, float]:
    """The lay among ``actions`` that raises its sequence's worth to ``mine`` most, and by how
    much (``None, -inf`` when none is a lay).

    ``colours`` are the seats' colours, ``read(index)`` tells of sequence ``index`` its point
    card's signed points, how many cards it still takes and the values laid in it per colour
    (in the order of ``colours``). A sequence's worth is its signed points times the chance
    that ``mine`` takes its point card minus the average chance of each rival colour, chances
    as :func:`sequence_outlook` gives them.
    """
    place = {colour: index for index, colour in enumerate(colours)}
    own = place[mine]
    rivals = max(1, len(colours) - 1)
    exp = math.exp
    # Per sequence: its signed points, its worth now, the totals, and (while a lay leaves cards
    # to come) the softmax weights at the temperature after one more card: a lay then changes
    # one colour's weight, so each lay costs one exp instead of a softmax.
    sequences: dict[int, tuple[int, float, list[int], tuple[float, list[float], float] | None]] = {}
    best: Action | None = None
    best_gain = -math.inf
    for action in actions:
        if type(action) is not Lay:
            continue
        index = action.sequence
        known = sequences.get(index)
        if known is None:
            signed, remaining, totals = read(index)
            worth = signed * _edge(totals, own, rivals, remaining)
            soft = None
            if remaining > 1:
                spread = 2.0 + 4.0 * (remaining - 1)
                weights = [exp(total / spread) for total in totals]
                soft = (spread, weights, sum(weights))
            known = sequences[index] = (signed, worth, totals, soft)
        signed, before, totals, soft = known
        colour = place[action.colour]
        if soft is None:
            after = totals.copy()
            after[colour] += action.value
            edge = _edge(after, own, rivals, 0)
        else:
            spread, weights, norm = soft
            changed = exp((totals[colour] + action.value) / spread)
            norm += changed - weights[colour]
            mine_weight = changed if colour == own else weights[own]
            edge = (mine_weight - (norm - mine_weight) / rivals) / norm
        gain = signed * edge - before
        # Between equal gains keep the high cards of one's own colour for later.
        gain -= 0.001 * action.value * (action.colour == mine)
        if gain > best_gain:
            best, best_gain = action, gain
    return best, best_gain


def _edge(totals: Sequence[int], own: int, rivals: int, remaining: int) -> float:
    """:func:`sequence_outlook`'s chance of colour ``own`` minus the rivals' average chance."""
    if remaining <= 0:
        top = max(totals)
        if totals.count(top) != 1:
            return 0.0
        return 1.0 if totals[own] == top else -1.0 / rivals
    spread = 2.0 + 4.0 * remaining
    top = max(totals)
    exp = math.exp
    weights = [exp((total - top) / spread) for total in totals]
    norm = sum(weights)
    mine = weights[own]
    return (mine - (norm - mine) / rivals) / norm


def playout_action(state: ExHoppState, seat: int, actions: Sequence[Action]) -> Action:
    """The heuristic bot's move read from a state (for search playouts), without its memory:
    it answers and gives as the bot does and lays the same card, but never proposes."""
    phase = state.phase
    if phase is _ANSWER:
        return ACCEPT if ACCEPT in actions and state.give is state.colours[seat] else DECLINE
    if phase is _CHOOSE:
        return min(actions, key=lambda action: action.value if isinstance(action, Give) else 0)
    order = list(state.colours)
    colours = [colour.value for colour in order]

    def read(index: int) -> tuple[int, int, list[int]]:
        point = state.point_cards[index].cards[-1]
        cards = state.sequences[index].cards
        totals = [0] * len(colours)
        # list.index compares by identity first: no enum hashing (a Python-level call).
        where = order.index
        for card in cards:
            totals[where(card.colour)] += card.value
        signed = point.points if point.ink is _BLACK else -point.points
        return signed, point.points - len(cards), totals

    best, _ = best_lay(actions, colours, colours[seat], read)
    return best if best is not None else actions[0]


_ANSWER = Phase.ANSWER
_CHOOSE = Phase.CHOOSE
_BLACK = Ink.BLACK
