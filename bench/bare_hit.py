"""A bare, hand-tuned pure-Python loop of Hit! with random players: the floor to measure against.

Same rules as the plugin (HIT-01..HIT-13, one round) and the same random policy as the engine
benchmark: steal with probability 1/2, stop with probability 0.3 after each added card.
"""

from __future__ import annotations

import random

DECK = [value for value in range(1, 11) for _ in range(11 if value <= 5 else 7)]


def play(players: int, rng: random.Random) -> tuple[list[int], int]:
    """Play one game; return the scores and the number of random decisions taken."""
    deck = DECK[:]
    rng.shuffle(deck)
    rows: list[list[int]] = [[] for _ in range(players)]
    loots = [0] * players
    decisions = 0
    seat = 0
    random_ = rng.random
    while deck:
        row = rows[seat]
        loots[seat] += sum(row)  # HIT-04: bank
        row.clear()
        while deck:
            value = deck.pop()
            if len(row) >= 3 and value in row:  # HIT-06: bust
                row.clear()
                break
            row.append(value)
            stealable = False
            for other in range(players):
                if other != seat and value in rows[other]:
                    stealable = True
                    break
            if stealable:
                decisions += 1
                if random_() < 0.5:  # HIT-08: steal all of that value from all opponents
                    for other in range(players):
                        if other != seat:
                            theirs = rows[other]
                            if value in theirs:
                                taken = [v for v in theirs if v == value]
                                rows[other] = [v for v in theirs if v != value]
                                row.extend(taken)
            if not deck:
                break
            decisions += 1
            if random_() < 0.3:  # HIT-09: stop
                break
        seat = (seat + 1) % players
    for other in range(players):  # HIT-12
        loots[other] += sum(rows[other])
    return loots, decisions
