"""Digests of the rl observations of seeded random matches: ``uv run python tests/rl_digests.py``
records the digests of game versions that ``tests/data/rl_digests.json`` does not hold yet.

The observation of a game version must never change (a trained policy would lose its meaning), so
recorded digests are never rewritten: a game that changes what it shows bumps its version, and
the new version gets its own digests.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import tablecards
import tablecards.rl

FIXTURE = Path(__file__).with_name("data") / "rl_digests.json"
SEEDS = (0, 1)


def key(name: str, players: int, seed: int) -> str:
    """``name/version/players/seed``: the digests are per version of the game."""
    return f"{name}/{tablecards.load_game(name).version}/{players}/{seed}"


def digest(name: str, players: int, seed: int) -> str:
    """SHA-256 of every seat's observation and action mask after every action of one match."""
    game = tablecards.load_game(name)
    env = tablecards.rl.env(game, players)
    env.reset(seed=seed)
    match = env.match
    assert match is not None
    rng = random.Random(seed)
    hasher = hashlib.sha256()

    def observations() -> None:
        for agent in env.possible_agents:
            observation = env.observe(agent)
            hasher.update(observation["observation"].tobytes())
            hasher.update(observation["action_mask"].tobytes())

    observations()
    while not match.is_over:
        seat = match.waiting_for[rng.randrange(len(match.waiting_for))]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
        observations()
    return hasher.hexdigest()


def all_keys() -> list[tuple[str, int, int]]:
    """Every installed game, player count and seed."""
    registry = tablecards.registry()
    out: list[tuple[str, int, int]] = []
    for name in sorted(registry.games):
        game = registry.load_game(name)
        if game.action_catalogue(game.min_players) is None:
            continue  # not an rl environment
        out.extend(
            (name, players, seed)
            for players in range(game.min_players, game.max_players + 1)
            for seed in SEEDS
        )
    return out


if __name__ == "__main__":
    recorded = json.loads(FIXTURE.read_text()) if FIXTURE.exists() else {}
    for name, players, seed in all_keys():
        recorded.setdefault(key(name, players, seed), digest(name, players, seed))
    FIXTURE.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
