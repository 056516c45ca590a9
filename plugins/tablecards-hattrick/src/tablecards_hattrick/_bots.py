"""A Hattrick bot that reasons from its view: build one colour, dump the others, pass rarely."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import Action, Game
from tablecards_hattrick._actions import Play
from tablecards_hattrick._state import COLOURS, DECK, Colour, HatCard

__all__ = ["HeuristicBot"]

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

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """The legal action with the best estimate (the first such, in the given order)."""
        if len(actions) == 1:
            return actions[0]
        table = _Table(view)
        return max(actions, key=table.value)


class _Table:
    """What one seat knows, read from its view once per decision."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        zones = view["zones"]
        seat: int = view["seat"]
        players: int = view["players"]
        self.hand = [DECK[c["id"]] for c in zones[f"hand:{seat}"]["cards"]]
        seen = {c["id"] for zone in zones.values() for c in zone.get("cards", ())}
        self.unseen = [one for one in DECK if one.id not in seen]
        self.piles = [[DECK[c["id"]] for c in zones[f"pile:{i}"]["cards"]] for i in (0, 1)]
        self.later = (view["leader"] - seat - 1) % players  # seats still to act after this one
        won = {colour: len(zones[f"won:{seat}:{colour.value}"]["cards"]) for colour in COLOURS}
        self.main = max(COLOURS, key=lambda colour: self._potential(colour, won[colour]))

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
        if not self.later or not self.unseen:
            return 1.0
        higher = sum(
            1 for one in self.unseen if one.colour is played.colour and one.value > played.value
        )
        holds = 1.0 - (1.0 - higher / len(self.unseen)) ** len(self.hand)
        return float((1.0 - _BEAT * holds) ** self.later)
