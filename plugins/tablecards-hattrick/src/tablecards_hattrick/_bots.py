"""A Hattrick bot that reasons from its view: build one colour, dump the others, pass rarely."""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tablecards import Action, Game
from tablecards_hattrick._actions import Play
from tablecards_hattrick._state import COLOURS, DECK, Colour, HatCard, HattrickState

__all__ = ["HeuristicBot", "playout_action"]

# How likely a later player holding a higher card of a pile's colour is to beat it, and how
# likely each later player is to add a card to a given pile: rough, but it only ranks moves.
_BEAT = 0.6
_JOIN = 0.35


class HeuristicBot:
    """Picks the move with the best rough expected value for its score (HAT-09).

    Its *main* colour is the one it has won most of, weighted with the high cards it still
    holds. Every pile is of one colour, so winning a pile of the main colour is worth + its
    size and winning another pile costs its size. For each legal move it estimates, from the
    cards it has not seen, the chance that a later player beats its card; it values a pass at
    -2 (HAT-05), and it prefers to spend high cards of other colours (a danger to hold) and to
    keep high cards of its main colour (future winners).
    """

    def __init__(self, game: Game[Any] | None = None, seat: int = 0) -> None:
        self.seat = seat

    def __repr__(self) -> str:
        return f"HeuristicBot(seat={self.seat})"

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """The legal action with the best estimate (the first such, in the given order)."""
        if len(actions) == 1:
            return actions[0]
        table = _Table.from_view(view)
        return max(actions, key=table.value)


def playout_action(state: HattrickState, seat: int, actions: Sequence[Action]) -> Action:
    """The heuristic bot's move, read from a state instead of a view (for search playouts)."""
    if len(actions) == 1:
        return actions[0]
    table = _Table.from_state(state, seat)
    return max(actions, key=table.value)


class _Table:
    """What one seat knows, read once per decision (from its view or from a state)."""

    def __init__(
        self,
        hand: Sequence[HatCard],
        unseen: Iterable[HatCard],
        piles: Sequence[Sequence[HatCard]],
        later: int,
        won: Mapping[Colour, int],
    ) -> None:
        self.hand = hand
        self.piles = piles
        self.later = later  # seats still to act after this one
        # Per colour, the values of the cards not seen, sorted: how many beat a card is a bisect.
        self.unseen: dict[Colour, list[int]] = {colour: [] for colour in COLOURS}
        count = 0
        for one in unseen:
            self.unseen[one.colour].append(one.value)
            count += 1
        for values in self.unseen.values():
            values.sort()
        self.unseen_count = count
        self.main = max(COLOURS, key=lambda colour: self._potential(colour, won[colour]))

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> _Table:
        """What the view shows."""
        zones = view["zones"]
        seat: int = view["seat"]
        players: int = view["players"]
        hand = [DECK[c["id"]] for c in zones[f"hand:{seat}"]["cards"]]
        seen = {c["id"] for zone in zones.values() for c in zone.get("cards", ())}
        piles = [[DECK[c["id"]] for c in zones[f"pile:{i}"]["cards"]] for i in (0, 1)]
        won = {colour: len(zones[f"won:{seat}:{colour.value}"]["cards"]) for colour in COLOURS}
        later = (view["leader"] - seat - 1) % players
        return cls(hand, (one for one in DECK if one.id not in seen), piles, later, won)

    @classmethod
    def from_state(cls, state: HattrickState, seat: int) -> _Table:
        """What ``seat`` sees in ``state``: the cards it cannot see are the deck's and the other
        hands' (only how many of each kind there are is used, never who holds them)."""
        hands = state.hands
        unseen = [one for other in hands if other is not hands[seat] for one in other.cards]
        unseen += state.deck.cards
        won = state.won
        counts = {colour: len(won[seat * 3 + index].cards) for index, colour in enumerate(COLOURS)}
        later = (state.leader - seat - 1) % state.players
        piles = [pile.cards for pile in state.piles]
        return cls(hands[seat].cards, unseen, piles, later, counts)

    def _potential(self, colour: Colour, won: int) -> float:
        mine = [one.value for one in self.hand if one.colour is colour]
        return 2 * won + sum(1 for value in mine if value >= 13) + 0.25 * len(mine)

    def value(self, action: Action) -> float:
        """A rough expected score change of ``action`` for this seat."""
        played: HatCard = DECK[action.card]  # type: ignore[attr-defined]
        if type(action) is not Play:
            return -2.0 - self._keep(played)
        pile = next((p for p in self.piles if p and p[0].colour is played.colour), [])
        top = max((one.value for one in pile), default=0)
        estimate = -self._keep(played)
        if played.value > top:
            size = len(pile) + 1 + self.later * _JOIN
            sign = 1.0 if played.colour is self.main else -1.0
            estimate += self._keeps_lead(played) * sign * size
        return estimate

    def _keep(self, held: HatCard) -> float:
        # What holding on to a card is worth: a high main card wins later piles; a high card
        # of another colour may force this seat to win a pile it does not want.
        share = held.value / 20
        return 0.8 * share if held.colour is self.main else -0.3 * share

    def _keeps_lead(self, played: HatCard) -> float:
        if not self.later or not self.unseen_count:
            return 1.0
        values = self.unseen[played.colour]
        higher = len(values) - bisect.bisect_right(values, played.value)
        holds = 1.0 - (1.0 - higher / self.unseen_count) ** len(self.hand)
        return float((1.0 - _BEAT * holds) ** self.later)
