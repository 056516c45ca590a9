"""An Ex & Hopp bot that reasons from its view: who is likely to win each sequence."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Action, Game
from tablecards_exhopp._actions import ACCEPT, DECLINE, Accept, Decline, Give, Lay, Propose

__all__ = ["HeuristicBot", "sequence_outlook"]


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
        before: dict[int, float] = {}
        best: Action | None = None
        best_gain = -math.inf
        for action in actions:
            if not isinstance(action, Lay):
                continue
            index = action.sequence
            if index not in before:
                before[index] = self._worth(zones, index, colours, mine, None)
            gain = self._worth(zones, index, colours, mine, action) - before[index]
            # Between equal gains keep the high cards of one's own colour for later.
            gain -= 0.001 * action.value * (action.colour == mine)
            if gain > best_gain:
                best, best_gain = action, gain
        if best_gain < 0 and not self.proposed_last_turn:
            offer = self._offer(zones, seat, mine, actions)
            if offer is not None:
                self.proposed_last_turn = True
                return offer
        self.proposed_last_turn = False
        return best if best is not None else actions[0]

    @staticmethod
    def _worth(
        zones: Mapping[str, Any],
        index: int,
        colours: Sequence[str],
        mine: str,
        lay: Lay | None,
    ) -> float:
        point = zones[f"point:{index}"]["cards"][-1]
        signed = point["points"] if point["ink"] == "black" else -point["points"]
        totals: dict[str, int] = {}
        cards = zones[f"sequence:{index}"]["cards"]
        for card in cards:
            totals[card["colour"]] = totals.get(card["colour"], 0) + card["value"]
        laid = len(cards)
        if lay is not None:
            totals[lay.colour] = totals.get(lay.colour, 0) + lay.value
            laid += 1
        chances = sequence_outlook(totals, colours, point["points"] - laid)
        rivals = sum(chance for colour, chance in chances.items() if colour != mine)
        return float(signed * (chances[mine] - rivals / max(1, len(colours) - 1)))

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
