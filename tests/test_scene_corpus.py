"""Every scene stays byte-identical: each seat's and a spectator's scene (through the match and
through the game's own hook on a fresh view), its text and the history, at every position of
seeded random matches of every game at every player count, match the digests recorded in
``tests/data/scene_corpus.json`` (``tests/scene_corpus.py``, docs/testing.md).
"""

from __future__ import annotations

import pytest
from scene_corpus import digest, key, player_counts, recorded, seeds_of

import tablecards

CORPUS = recorded()
COUNTS = player_counts()


def _mismatches(name: str, players: int, seeds: list[int]) -> list[str]:
    """A line per seed of ``name`` at ``players`` seats whose match no longer gives its digest."""
    out = []
    for seed in seeds:
        found, positions = digest(name, players, seed)
        if found != CORPUS[key(name, players, seed)]:
            out.append(
                f"{name}, {players} players, seed {seed} ({positions} positions): compare "
                f"`python tests/scene_corpus.py --dump {name} {players} {seed}` here and at "
                "the commit that recorded the corpus (docs/testing.md)"
            )
    return out


def test_the_corpus_covers_every_game_at_every_player_count() -> None:
    """Each installed game, at each player count it accepts, has recorded matches, seeds 0, 1,
    2... (a game or a count missing from the corpus would pass unseen; the recorder plays
    seeds until they hold at least 2,000 positions)."""
    recorded_counts = sorted({(k.split("/")[0], int(k.split("/")[1])) for k in CORPUS})
    assert recorded_counts == COUNTS
    for name, players in COUNTS:
        assert seeds_of(CORPUS, name, players) == list(range(len(seeds_of(CORPUS, name, players))))


# A Hattrick match is 449 positions even at four seats: seconds, so it waits for the slow tier.
LONG_MATCHES = {"hattrick"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=[pytest.mark.slow] if name in LONG_MATCHES else [])
        for name in sorted(tablecards.registry().games)
    ],
)
def test_the_first_match_of_each_game_is_unchanged(name: str) -> None:
    """The inner loop's share of the corpus: each game's first match at its fewest seats."""
    game = tablecards.load_game(name)
    assert _mismatches(name, game.min_players, [0]) == []


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), COUNTS, ids=[f"{n}/{p}" for n, p in COUNTS])
def test_every_scene_is_unchanged(name: str, players: int, request: pytest.FixtureRequest) -> None:
    """The corpus's matches for ``name`` at ``players`` seats give their recorded digests: the
    first quarter of them by default (at least 500 positions), every one with
    ``--tablecards-corpus-share 1`` (the check to run when scene code changes); a failure names
    each match that does not, and how to see its scenes."""
    seeds = seeds_of(CORPUS, name, players)
    assert seeds, f"the corpus holds no match of {name} at {players} players"
    share: float = request.config.getoption("--tablecards-corpus-share")
    assert _mismatches(name, players, seeds[: max(1, round(len(seeds) * share))]) == []
