"""Comparing two bots on the same deals: paired differences and their confidence interval.

Two bots simulated apart each meet their own luck, and luck dwarfs the difference between two
good bots: hundreds of matches leave their win-rate intervals overlapping. Played on the same
deals instead (common random numbers: the same match seeds, the same seats, the same other
bots with the same generators), each deal's luck counts for both, and what is left of a deal's
difference is mostly the bots' own. The interval is then that of the mean of the per-deal
differences (a paired t interval), far narrower than the two intervals side by side.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from tablecards.core._game import Game
from tablecards.play._checks import random_seed
from tablecards.registry._plugins import registry
from tablecards.search._botspec import BotSpec, bot_label
from tablecards.search._runner import Arbiter
from tablecards.search._simulate import BotStats, MatchRecord, Runner, _report, _Spec

__all__ = ["ComparisonReport", "PairedDifference", "compare", "paired_difference"]


@attrs.frozen
class PairedDifference:
    """The mean of per-deal differences (first bot minus second) with its 95% interval.

    ``sd`` is the sample standard deviation of the differences; ``ci95`` is the paired t
    interval, ``mean`` ± t(0.975, n - 1) · ``sd`` / √n. An interval that excludes 0 separates
    the two bots at the 5% level; one that contains it does not.
    """

    mean: float
    sd: float
    ci95: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        """The difference as JSON-ready data."""
        return {"mean": self.mean, "sd": self.sd, "ci95": list(self.ci95)}


def paired_difference(differences: Sequence[float]) -> PairedDifference:
    """The mean of ``differences`` (one per deal) with its paired 95% t interval.

    Example:
        Student's sleep data (1908): the extra hours of sleep of ten patients with one drug
        minus those with the other; R's ``t.test(..., paired = TRUE)`` gives the same interval.

        >>> import tablecards
        >>> extra = [1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4]
        >>> difference = tablecards.paired_difference(extra)
        >>> round(difference.mean, 2), [round(end, 4) for end in difference.ci95]
        (1.58, [0.7001, 2.4599])

    Raises:
        ValueError: fewer than two differences (no spread, so no interval).
    """
    n = len(differences)
    if n < 2:
        raise ValueError("a paired interval needs at least two differences")
    mean = statistics.fmean(differences)
    sd = statistics.stdev(differences)
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return PairedDifference(mean, sd, (mean - half, mean + half))


def t_quantile(df: int, level: float = 0.95) -> float:
    """The two-sided ``level`` quantile of Student's t with ``df`` degrees of freedom.

    Exact (the closed form of Student's distribution for whole degrees of freedom, inverted
    by bisection) up to 200 degrees of freedom; beyond, the Cornish-Fisher expansion around
    the normal quantile, whose error there is below 1e-9.
    """
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df > 200:
        z = statistics.NormalDist().inv_cdf((1 + level) / 2)
        return (
            z
            + (z**3 + z) / (4 * df)
            + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
        )
    low, high = 0.0, 1.0
    while _t_central(high, df) < level:
        high *= 2
    for _ in range(100):
        middle = (low + high) / 2
        if _t_central(middle, df) < level:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _t_central(t: float, df: int) -> float:
    # P(|T| <= t) for Student's t with whole df (Abramowitz & Stegun 26.7.3 and 26.7.4).
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    if df % 2 == 0:
        term = total = 1.0
        for j in range(1, df // 2):
            term *= cos2 * (2 * j - 1) / (2 * j)
            total += term
        return math.sin(theta) * total
    if df == 1:
        return 2 * theta / math.pi
    term = total = math.cos(theta)
    for j in range(1, (df - 1) // 2):
        term *= cos2 * (2 * j) / (2 * j + 1)
        total += term
    return 2 / math.pi * (theta + math.sin(theta) * total)


@attrs.frozen
class ComparisonReport:
    """Two bots played on the same deals, in the same seat, against the same other bots.

    ``games`` deals, each played twice (once with each bot of ``bots``); ``by_bot`` holds each
    bot's own statistics over its ``games`` matches (as :class:`SimulationReport` does), and
    ``score_difference`` and ``win_difference`` the paired differences, first bot minus
    second, of the final score and of the win share (a shared win counts as a fraction).
    ``truncated`` counts the matches, of both bots, that the move limit cut.
    """

    game: str
    players: int
    bots: tuple[str, str]
    others: tuple[str, ...]
    games: int
    seed: int
    bot_seed: int
    by_bot: tuple[BotStats, BotStats]
    score_difference: PairedDifference
    win_difference: PairedDifference
    truncated: int

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "others": list(self.others),
            "games": self.games,
            "seed": self.seed,
            "bot_seed": self.bot_seed,
            "by_bot": [stats.to_json() for stats in self.by_bot],
            "score_difference": self.score_difference.to_json(),
            "win_difference": self.win_difference.to_json(),
            "truncated": self.truncated,
        }


def compare(
    game: Game[Any] | str,
    players: int | None = None,
    *,
    bots: Sequence[BotSpec],
    others: Sequence[BotSpec] | None = None,
    games: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    batch_size: int = 50,
    move_limit: int | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int | None = None,
    bot_seed: int | None = None,
    permute_seats: bool = False,
    arbiter: Arbiter | None = None,
    start_method: str | None = None,
) -> ComparisonReport:
    """Play the same ``games`` deals with each of two bots in the same seat; report the difference.

    Deal ``i`` is match ``i`` of :func:`simulate` with the bot list ``[bot, *others]``, once for
    each of the two ``bots``: the same match seed, the same seating (the compared bot rotates
    through the seats, the others with it; ``permute_seats`` plays every order in turn), and
    the same ``bot_seed``, so the other seats' bots draw the same numbers in both. What differs
    between the two matches of a deal is the compared bot and what it sets off; each deal
    gives one difference of score and one of win share, and the report's intervals are those
    of their means. So a few hundred deals separate bots whose :func:`simulate` intervals
    still overlap. ``seed``, ``bot_seed``, ``executor``, ``batch_size``, ``move_limit``,
    ``workers``, ``start_method``, ``permute_seats`` and ``arbiter`` are those of
    :func:`simulate`.

    Example:
        Hit!'s heuristic bot against the random bot, each with two random opponents:

        >>> import tablecards
        >>> report = tablecards.compare(
        ...     "hit", bots=("heuristic", "random"), games=60, seed=1, bot_seed=2
        ... )
        >>> report.others, report.by_bot[0].bot
        (('random', 'random'), 'heuristic')
        >>> report.win_difference.ci95[0] > 0  # the heuristic bot wins more, surely
        True

    Args:
        game: a game, or an installed game's name.
        players: the number of seats (default: one more than ``others``, else the game's
            default).
        bots: the two bots compared, given as :func:`simulate` takes bots (a registered
            name, a ``"module:factory"`` reference, a factory, a bot object).
        others: the bots of the other seats, one per seat (default: ``random`` everywhere).
        games: how many deals (each played twice); at least 2.
        progress: called with the number of matches finished so far (out of ``2 * games``).

    Raises:
        UnknownGame, UnknownBot, UnknownOption, BotError: as for :func:`simulate`.
        ValueError: not two ``bots``, ``others`` not one per other seat, ``games < 2``, or an
            argument :func:`simulate` refuses.
    """
    reg = registry()
    if isinstance(game, str):
        game = reg.load_game(game)
    pair = tuple(bots)
    if len(pair) != 2:
        raise ValueError(f"compare takes two bots, not {len(pair)}")
    if players is None:
        players = len(others) + 1 if others else game.default_players
    rest = tuple(others) if others else ("random",) * (players - 1)
    if len(rest) != players - 1:
        raise ValueError(f"{len(rest)} other bots for the {players - 1} other seats")
    if games < 2:
        raise ValueError("games must be at least 2 for a paired interval")
    runner = Runner(games, batch_size, executor, workers, start_method, progress)
    game.check_players(players)
    runner.check_bots((*pair, *rest), game, reg)
    if bot_seed is None:
        bot_seed = random_seed()
    specs = [
        _Spec(
            game.name,
            game.options_json(),
            players,
            (bot, *rest),
            seed,
            move_limit,
            bot_seed,
            permute_seats,
            arbiter,
        )
        for bot in pair
    ]
    first, second = runner.run(specs, game, reg)
    first.sort(key=lambda record: record.index)
    second.sort(key=lambda record: record.index)
    deals = list(zip(first, second, strict=True))  # deal i: match i with each bot
    return ComparisonReport(
        game=game.name,
        players=players,
        bots=(bot_label(pair[0]), bot_label(pair[1])),
        others=tuple(bot_label(bot) for bot in rest),
        games=games,
        seed=seed,
        bot_seed=bot_seed,
        by_bot=(
            _report(specs[0], games, first).by_bot[0],
            _report(specs[1], games, second).by_bot[0],
        ),
        score_difference=paired_difference([_score(a) - _score(b) for a, b in deals]),
        win_difference=paired_difference([_win(a) - _win(b) for a, b in deals]),
        truncated=sum(record.truncated for record in (*first, *second)),
    )


def _score(record: MatchRecord) -> int:
    # The compared bot is entry 0 of the bot list; seating[seat] names each seat's entry.
    return record.scores[record.seating.index(0)]


def _win(record: MatchRecord) -> float:
    seat = record.seating.index(0)
    return 1 / len(record.winners) if seat in record.winners else 0.0
