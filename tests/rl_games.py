"""The games and seat counts the rl tests run on."""

from __future__ import annotations

import tablecards

GAMES = ("hit", "stop", "exhopp", "hattrick", "climb")


def seat_counts() -> list[tuple[str, int]]:
    """Every (game, players) the seed games and the tutorial's Climb support."""
    out: list[tuple[str, int]] = []
    for name in GAMES:
        game = tablecards.load_game(name)
        out.extend((name, players) for players in range(game.min_players, game.max_players + 1))
    return out
