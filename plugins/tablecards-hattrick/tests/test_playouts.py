"""Seeded random playouts: every card accounted for after every action (HAT-01, HAT-02, HAT-08),
and every round score equal to a recount of the won and penalty cards (HAT-09, HAT-10, HAT-11)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tablecards
from tablecards import CardsMoved, Event, Match, RoundEnded
from tablecards_hattrick import Hattrick, HattrickState

ALL_IDS = frozenset(range(60))
MATCHES = 1000


class Recount:
    """Tallies, from the public card moves, what each seat won and laid as penalties.

    At each round's end it scores them by the rule text (most-won colour +1 a card, the others
    -1, a penalty -2), independently of the game's own scoring, and keeps both versions.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.won: list[Counter[str]] = [Counter() for _ in range(players)]
        self.shown = [0] * players
        self.pairs: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    @tablecards.hookimpl
    def tablecards_match_event(self, match: Match, event: Event) -> None:
        if isinstance(event, CardsMoved):
            kind, _, rest = event.dst.partition(":")
            if kind == "won":
                seat = int(rest.split(":")[0])
                self.won[seat].update(c.colour.value for c in event.cards)
            elif kind == "penalty":
                self.shown[int(rest)] += event.count
        elif isinstance(event, RoundEnded):
            mine = []
            for seat in range(self.players):
                counts = sorted(self.won[seat].values(), reverse=True) or [0]
                mine.append(counts[0] - sum(counts[1:]) - 2 * self.shown[seat])
            self.pairs.append((event.scores, tuple(mine)))
            self.won = [Counter() for _ in range(self.players)]
            self.shown = [0] * self.players


@pytest.mark.slow
def test_hat_01_hat_09_thousand_random_matches_conserve_cards_and_recount_scores() -> None:
    """HAT-01, HAT-09: thousand random matches conserve cards and recount scores."""
    game = Hattrick()
    for index in range(MATCHES):
        players = 4 + index % 3
        recount = Recount(players)
        match = Match(game, players=players, seed=index, observers=[recount])
        state = match.state
        assert isinstance(state, HattrickState)
        # The state's zones are fixed objects for the whole match (checked below), so they are
        # listed once and every card in them counted after each action.
        zones = list(state.zones())
        rng = random.Random(index)
        while not match.is_over:
            seat = match.to_act[0]
            actions = match.legal_actions(seat)
            match.apply(seat, actions[rng.randrange(len(actions))])
            ids = [c.id for zone in zones for c in zone.cards]
            assert len(ids) == 60 and ALL_IDS.issuperset(ids) and len(set(ids)) == 60, index
        assert [id(zone) for zone in state.zones()] == [id(zone) for zone in zones]
        assert state is match.state
        result = match.result
        assert result is not None and not result.truncated
        assert result.rounds == len(recount.pairs) == 2 * players  # HAT-11
        for theirs, mine in recount.pairs:
            assert theirs == mine, (index, theirs, mine)
        totals = tuple(sum(col) for col in zip(*(mine for _, mine in recount.pairs), strict=True))
        assert result.scores == totals  # HAT-10
        # HAT-08: the round ended with one unplayed card in every hand.
        assert [len(hand) for hand in state.hands] == [1] * players
