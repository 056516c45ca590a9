"""The match's random generator: a seed and a count of draws, nothing more.

Card games use randomness at a few moments (shuffles, a random first dealer). Each operation
here derives a fresh Mersenne Twister from ``(seed, draws)`` and then counts one draw, so the
whole generator is two integers: a clone copies it for free (search bots clone states
constantly), and a save stores it in a few bytes instead of the 625 words of a Twister state.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

import attrs

__all__ = ["MatchRandom"]

T = TypeVar("T")


@attrs.define(slots=True, eq=False)
class MatchRandom:
    """A seeded, counter-based random generator; the same seed gives the same sequence.

    It offers the operations rules need (``shuffle``, ``random``, ``randrange``, ``choice``,
    ``sample``); each one counts as one draw. Its repr shows the draws, never the seed.
    """

    # The seed decides every hidden card: a repr (a log line, a traceback, a debugger) must not
    # show it, so it is left out of the repr. ``draws`` says where the sequence is.
    seed: int = attrs.field(repr=False)
    draws: int = 0

    def derive(self) -> random.Random:
        """A fresh :class:`random.Random` for one operation; counts one draw."""
        generator = random.Random(f"{self.seed}/{self.draws}")
        self.draws += 1
        return generator

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place: the permutation :meth:`random.Random.shuffle` gives."""
        # random.Random.shuffle's own loop (Fisher-Yates, an index drawn below i + 1 from
        # getrandbits, redrawn when too large), with its per-card method call inlined and the
        # bounds' bit lengths computed once per size: under half the time, and the same
        # permutation (a test compares them), so saves keep replaying.
        getrandbits = self.derive().getrandbits
        for i, bound, bits in _steps(len(items)):
            j = getrandbits(bits)
            while j >= bound:
                j = getrandbits(bits)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1)."""
        return self.derive().random()

    def randrange(self, start: int, stop: int | None = None) -> int:
        """A random int in ``range(start, stop)`` (or ``range(start)``)."""
        if stop is None:
            return self.derive().randrange(start)
        return self.derive().randrange(start, stop)

    def choice(self, items: Sequence[T]) -> T:
        """A random element of the non-empty ``items``."""
        return self.derive().choice(items)

    def sample(self, items: Sequence[T], count: int) -> list[T]:
        """``count`` distinct elements of ``items`` in random order."""
        return self.derive().sample(items, count)

    def copy(self) -> MatchRandom:
        """An independent generator in the same state."""
        return MatchRandom(self.seed, self.draws)


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The shuffle's steps for ``size`` items: each position from the top, the bound of the
    index drawn for it, and that bound's bit length (cached for the usual pile sizes)."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))
        if size <= _CACHED_SIZES:
            _STEPS[size] = steps
    return steps


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
_CACHED_SIZES: Final = 512
