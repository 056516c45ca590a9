"""The ``knowledge`` check: no determinisation keeps fixed a card its seat cannot know.

Claiming too much knowledge (:meth:`Game.known_cards`, or a :meth:`Game.redeal_unseen` that
keeps too much) lets a search bot read hidden cards, and no view shows it. The kit therefore
works out on its own, from the events each seat was shown, which hidden cards a seat *could*
know the place of (zone by zone):

- a card it saw (in a zone it sees, in a card movement shown to it, in an event addressed to
  it) is known, in the zone it went to, while it moves only in ways the seat sees;
- when cards leave a zone the seat cannot see and the seat is told only how many (a pick face
  down, a pass of part of a hand), every card it knew there is lost to it: it knows the set,
  not the split. A zone moved as a whole keeps what the seat knew.

At a checked moment, for one seat and each zone it cannot see that holds two or more cards of
one back it could not know, the kit draws :data:`DRAWS` determinisations for the seat: if those
cards stay in their real places in every one, the determinisation holds knowledge the seat
cannot have, and the check fails (a fair redeal moves them with a chance of at least a half
each time: the check is wrong by chance less than once in a million zones).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from tablecards import Card, CardsMoved, Event, Game, Match, MatchRandom, State, determinise
from tablecards.testing._failure import ConformanceFailure, Where
from tablecards.testing._leaks import _cards_of

__all__ = ["DRAWS", "Knowledge", "KnowledgeCheck", "check_knowledge"]

#: Determinisations drawn at each checked moment.
DRAWS = 20


class Knowledge:
    """What each seat could know of where the cards lie, followed event by event."""

    def __init__(self, game: Game[Any], players: int, seed: int, setup: Iterable[Event]) -> None:
        self.players = players
        self.known: list[set[int]] = [set() for _ in range(players)]
        # Where every card lies, followed through the events (and read again before each move).
        self.members: dict[str, set[int]] = {}
        self.sync(game.initial_state(players, MatchRandom(seed)))
        self.feed(setup)

    def sync(self, state: State) -> None:
        """Read where the cards really lie; each seat knows the cards of the zones it sees."""
        self.members = {zone.name: {card.id for card in zone.cards} for zone in state.zones()}
        for seat in range(self.players):
            known = self.known[seat]
            for zone in state.zones():
                if zone.cards and zone.visible_to(seat):
                    known.update(card.id for card in zone.cards)

    def feed(self, events: Iterable[Event]) -> None:
        """Follow the events of a move, as each seat saw them."""
        for event in events:
            if isinstance(event, CardsMoved):
                self._moved(event)
                continue
            for seat in range(self.players):
                seen = event.seen_by(seat)
                if seen is not None and seen.to is not None and seat in seen.to:
                    self.known[seat].update(card.id for card in _cards_of(seen))

    def _moved(self, event: CardsMoved) -> None:
        moved = {card.id for card in event.cards}
        there = self.members.setdefault(event.src, set())
        for seat in range(self.players):
            seen = event.seen_by(seat)
            if isinstance(seen, CardsMoved) and seen.cards:
                self.known[seat].update(moved)
            elif not moved or moved != there:
                # Only a count: the seat cannot tell which of the cards it knew there left.
                self.known[seat].difference_update(there)
        there.difference_update(moved)
        self.members.setdefault(event.dst, set()).update(moved)


class KnowledgeCheck:
    """The check as the kit's replay of a match runs it: :meth:`before` each action (checking
    at the chosen moments), :meth:`after` it; does nothing when the check is not wanted."""

    def __init__(self, game: Game[Any], match: Match, events: list[Event], wanted: bool) -> None:
        self.knowledge = Knowledge(game, match.players, match.seed, events) if wanted else None
        self.fed = len(events)

    def before(self, match: Match, chosen: bool, where: Where) -> None:
        """Before the next action: check when ``chosen``."""
        knowledge = self.knowledge
        if knowledge is None or not chosen:
            return
        # The events say where every card went; reading the state again here only guards
        # against rules that move a card without its event.
        knowledge.sync(match.state)
        label = f"tablecards.testing/knowledge/{where.describe()}/{where.index}"
        try:
            check_knowledge(match, knowledge, random.Random(label), where)
        except ConformanceFailure:
            raise
        except Exception as error:
            raise ConformanceFailure(
                "knowledge", where, f"the game raised {type(error).__name__}: {error}"
            ) from error

    def after(self, events: list[Event]) -> None:
        """After the action: follow its events (``events``: all so far)."""
        if self.knowledge is not None:
            self.knowledge.feed(events[self.fed :])
        self.fed = len(events)


def check_knowledge(match: Match, knowledge: Knowledge, rng: random.Random, where: Where) -> None:
    """Fail when the determinisations for a seat drawn with ``rng`` keep in their real places
    two or more cards of one hidden zone that the seat could not know."""
    seat = rng.randrange(match.players)
    game = match.game
    state = match.state
    known = knowledge.known[seat]
    watched: list[tuple[str, list[tuple[int, Card]]]] = []
    for zone in state.zones():
        if not zone.cards or zone.visible_to(seat):
            continue
        groups: dict[Any, list[tuple[int, Card]]] = {}
        for index, card in enumerate(zone.cards):
            if card.id not in known:
                groups.setdefault(game.card_back(card), []).append((index, card))
        watched.extend((zone.name, places) for places in groups.values() if len(places) >= 2)
    if not watched:
        return
    stuck = {name: True for name, _ in watched}
    for _ in range(DRAWS):
        drawn = determinise(match, seat, random.Random(rng.getrandbits(48))).state
        for name, places in watched:
            if stuck[name]:
                cards = drawn.zone(name).cards
                stuck[name] = all(cards[index] is card for index, card in places)
        if not any(stuck.values()):
            return
    name, places = next((name, places) for name, places in watched if stuck[name])
    ids = sorted(card.id for _, card in places)
    raise ConformanceFailure(
        "knowledge",
        where,
        f"in {DRAWS} determinisations for seat {seat}, cards {ids} of zone {name!r} always "
        "stayed in their real places, yet the seat cannot know where they lie: they went "
        "where it could not follow (it knows the set, not the split). A search bot would read "
        "them. Do not list such cards in Game.known_cards, nor keep them in redeal_unseen; "
        "pass hands with State.rotate and let the engine record what a seat knows",
    )
