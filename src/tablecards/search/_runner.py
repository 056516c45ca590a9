"""Playing a match with bots, including the arbitration of open moments."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
from typing_extensions import Protocol

from tablecards.core._game import Result
from tablecards.play._checks import random_seed
from tablecards.play._match import Match
from tablecards.search._bots import Bot
from tablecards.search._infoset import SearchBot, bot_choice

__all__ = ["Arbiter", "RandomPriority", "SeatPriority", "play"]


class Arbiter(Protocol):
    """Decides which seat speaks first when a moment waits for several (an *open moment*).

    At a table, whoever speaks first takes the moment; a server takes the first message that
    arrives. Among bots, an arbiter makes that choice explicit and reproducible.
    """

    def pick(self, seats: tuple[int, ...], rng: random.Random) -> int:
        """Return one of ``seats``."""
        ...


@attrs.frozen
class RandomPriority:
    """Every seat the moment waits for is equally likely to speak first (seeded)."""

    def pick(self, seats: tuple[int, ...], rng: random.Random) -> int:
        """A uniformly random seat among ``seats``."""
        return seats[rng.randrange(len(seats))]


@attrs.frozen
class SeatPriority:
    """A fixed order of priority: the first waited-for seat of ``order`` speaks first.

    A seat that has passed is not waited for, so it is never asked again.
    """

    order: tuple[int, ...]

    def pick(self, seats: tuple[int, ...], rng: random.Random) -> int:
        """The earliest seat of ``order`` among ``seats`` (else the lowest seat)."""
        for seat in self.order:
            if seat in seats:
                return seat
        return min(seats)


def play(
    match: Match,
    bots: Sequence[Bot | SearchBot],
    *,
    seed: int | None = None,
    arbiter: Arbiter | None = None,
) -> Result:
    """Play ``match`` to its end with one bot per seat and return its result.

    Bots are asked through :func:`~tablecards.bot_choice`: a :class:`~tablecards.SearchBot`
    gets its seat's :class:`~tablecards.InformationSet`, any other bot its seat's view. In an
    open moment the ``arbiter`` (default :class:`RandomPriority`) picks which of the seats
    the moment waits for (:attr:`Match.waiting_for <tablecards.Match.waiting_for>`) is asked
    first; the bot may act or pass, and the loop asks again. A seat that may act but is not
    waited for (a Stop seat that passed) is never asked, so no runner loops on it. Each bot gets
    its own generator derived from ``seed``, and arbitration another, so a match played with the
    same match seed, bots and ``seed`` is the same match.

    ``seed`` must be independent of the match's seed: a bot can read its own generator, and
    a generator derived from the match seed would let it recover the seed and with it every
    hidden card. By default (``None``) a fresh seed comes from the operating system.

    Raises:
        ValueError: the number of bots is not the number of seats.
    """
    if len(bots) != match.players:
        raise ValueError(f"{len(bots)} bots for {match.players} seats")
    if seed is None:
        seed = random_seed()
    arbiter = arbiter or RandomPriority()
    speak = random.Random(f"{seed}/arbiter")
    rngs = [random.Random(f"{seed}/bot/{seat}") for seat in range(match.players)]
    while not match.is_over:
        asked = match.waiting_for or match.to_act
        seat = asked[0] if len(asked) == 1 else arbiter.pick(asked, speak)
        match.apply(seat, bot_choice(bots[seat], match, seat, rngs[seat]))
    result = match.result
    if result is None:  # pragma: no cover - is_over guarantees a result
        raise RuntimeError("match ended without a result")
    return result
