"""The match's random generator: its shuffle is random.Random's, permutation for permutation."""

from __future__ import annotations

import random

import pytest

from tablecards import MatchRandom


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 60, 90, 128, 129, 600])
def test_shuffle_gives_the_permutation_of_random_shuffle(size: int) -> None:
    """MatchRandom.shuffle inlines random.Random.shuffle's loop for speed: every seed and draw
    must still give the very permutation the standard shuffle gives, or every saved match and
    replay would change."""
    for seed in range(300):
        ours = MatchRandom(seed, draws=seed % 3)
        theirs = random.Random(f"{seed}/{seed % 3}")
        mine, standard = list(range(size)), list(range(size))
        ours.shuffle(mine)
        theirs.shuffle(standard)
        assert mine == standard
        assert ours.draws == seed % 3 + 1


def test_the_derived_generator_is_seeded_by_seed_and_draw_count() -> None:
    """The key the shuffle test relies on: each operation uses Random(f"{seed}/{draws}")."""
    assert MatchRandom(5, draws=2).derive().random() == random.Random("5/2").random()
