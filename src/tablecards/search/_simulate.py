"""Simulating many matches with bots, on this process, local processes or any executor.

The report never depends on where the matches ran: match ``i`` is seeded with
:func:`match_seed` and its seating is fixed by ``i``, and the statistics are computed from the
records sorted by match index, so one process, ``workers=8`` and a Dask cluster give the same
numbers, bit for bit. Bots travel to the workers as they were given (names, references,
picklable factories or objects) and each process makes its own factories from them.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from tablecards.core._game import Game
from tablecards.play._checks import random_seed
from tablecards.play._match import Match
from tablecards.registry._plugins import Registry, registry
from tablecards.search._botspec import BotSpec, bot_factory, bot_label, check_bot, check_sendable
from tablecards.search._runner import Arbiter, play

__all__ = ["BotStats", "MatchRecord", "SeatStats", "SimulationReport", "match_seed", "simulate"]


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a simulation seeded ``seed`` (independent of workers)."""
    return seed * 2**32 + index


@attrs.frozen
class MatchRecord:
    """One simulated match: who sat where, and how it ended."""

    index: int
    seating: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    rounds: int
    truncated: bool


@attrs.frozen
class BotStats:
    """How one entry of the bot list did over a simulation.

    ``wins`` counts a shared win as a fraction (two co-winners get one half each), so the win
    rates of all entries add up to one minus the truncated share. ``ci95`` is the Wilson 95%
    interval of the win rate; the score fields describe the spread of the entry's final scores.
    """

    bot: str
    wins: float
    win_rate: float
    ci95: tuple[float, float]
    mean_score: float
    score_sd: float
    score_min: int = 0
    score_median: float = 0.0
    score_max: int = 0

    def to_json(self) -> dict[str, Any]:
        """The statistics as JSON-ready data."""
        return {
            "bot": self.bot,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": list(self.ci95),
            "mean_score": self.mean_score,
            "score_sd": self.score_sd,
            "score_min": self.score_min,
            "score_median": self.score_median,
            "score_max": self.score_max,
        }


@attrs.frozen
class SeatStats:
    """How seat ``seat`` did, whoever sat there (the seat advantage, with its 95% interval)."""

    seat: int
    wins: float
    win_rate: float
    ci95: tuple[float, float]
    mean_score: float
    score_sd: float

    def to_json(self) -> dict[str, Any]:
        """The statistics as JSON-ready data."""
        return {
            "seat": self.seat,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": list(self.ci95),
            "mean_score": self.mean_score,
            "score_sd": self.score_sd,
        }


@attrs.frozen
class SimulationReport:
    """The statistics of a simulation: per bot entry, per seat, match lengths and truncations.

    ``seed`` and ``bot_seed`` reproduce it (see :func:`simulate`).
    ``mean_moves``/``moves_sd``/``moves_min``/``moves_max`` count actions per match,
    ``mean_rounds`` rounds per match; ``truncated`` counts the matches the move limit cut.
    """

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    by_bot: tuple[BotStats, ...]
    seat_win_rates: tuple[float, ...]
    mean_moves: float
    moves_sd: float
    truncated: int
    by_seat: tuple[SeatStats, ...] = ()
    moves_min: int = 0
    moves_max: int = 0
    mean_rounds: float = 0.0
    bot_seed: int = 0

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "bot_seed": self.bot_seed,
            "by_bot": [stats.to_json() for stats in self.by_bot],
            "by_seat": [stats.to_json() for stats in self.by_seat],
            "seat_win_rates": list(self.seat_win_rates),
            "mean_moves": self.mean_moves,
            "moves_sd": self.moves_sd,
            "moves_min": self.moves_min,
            "moves_max": self.moves_max,
            "mean_rounds": self.mean_rounds,
            "truncated": self.truncated,
        }


@attrs.frozen
class _Spec:
    # Everything a worker needs, picklable: the game by name, the bots as they were given (names,
    # references, or factories and objects that pickle), never a loaded game or a made bot.
    game: str
    options: dict[str, Any]
    players: int
    bots: tuple[BotSpec, ...]
    seed: int
    move_limit: int | None
    bot_seed: int
    permute_seats: bool = False
    arbiter: Arbiter | None = None


def _seating(index: int, players: int, permute_seats: bool = False) -> tuple[int, ...]:
    """Who sits where in match ``index`` of a simulation: ``seating[seat]`` is a bot entry.

    By default the bots rotate: entry ``j`` sits at seat ``(index + j) % players``, so each bot
    plays every seat equally often, but always with the same neighbours. With
    ``permute_seats`` match ``index`` uses the ``index % players!``-th permutation (in
    lexicographic order): over each ``players!`` matches every bot sits at every seat, and
    after every other bot, equally often.
    """
    if not permute_seats:
        return tuple((seat - index) % players for seat in range(players))
    rank = index % math.factorial(players)
    entries = list(range(players))
    order = []
    for left in range(players, 0, -1):
        step = math.factorial(left - 1)
        order.append(entries.pop(rank // step))
        rank %= step
    return tuple(order)


def simulate(
    game: Game[Any] | str,
    players: int | None = None,
    bots: Sequence[BotSpec] | None = None,
    games: int = 100,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    batch_size: int = 50,
    move_limit: int | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int | None = None,
    bot_seed: int | None = None,
    permute_seats: bool = False,
    arbiter: Arbiter | None = None,
    start_method: str | None = None,
) -> SimulationReport:
    """Play ``games`` matches with the given bots and report win rates and scores.

    Seats rotate: in match ``i`` the ``j``-th bot sits at seat ``(i + j) % players``, so no bot
    keeps the first seat's advantage; with ``permute_seats`` every order of the bots around the
    table is played in turn (match ``i`` takes the ``i % players!``-th permutation in
    lexicographic order), so that no bot keeps its neighbours either. Match ``i`` is seeded
    with :func:`match_seed` of ``seed`` and its bots with :func:`match_seed` of ``bot_seed``,
    so the report is the same whatever the executor and the number of workers.

    Example:
        Hit!'s heuristic bot against two random bots (``pip install tablecards-hit``):

        >>> import tablecards
        >>> report = tablecards.simulate("hit", bots=["heuristic", "random", "random"], games=30)
        >>> report.players, report.games, report.truncated
        (3, 30, 0)
        >>> [stats.bot for stats in report.by_bot]
        ['heuristic', 'random', 'random']
        >>> bots, seeds = ["heuristic", "random", "random"], {"bot_seed": report.bot_seed}
        >>> report == tablecards.simulate("hit", bots=bots, games=30, **seeds)  # reproduced
        True

    Args:
        game: a game, or an installed game's name.
        players: the number of seats (default: the number of bots, else the game's default).
        bots: one bot per seat (default: ``random`` everywhere), each given as a registered
            name (``"heuristic"``), an importable reference (``"package.module:factory"``), a
            factory called as ``factory(game, seat)`` for each seat of each match (a bot class
            is one), or a bot object, copied for each seat of each match (its ``seat``
            attribute, if any, set to the seat it takes). The report names a bot by its name
            or reference, else by ``module:qualname``. Workers need factories and objects that
            pickle: defined at the top level of an importable module.
        games: how many matches.
        seed: the simulation's seed: it decides every match's cards.
        bot_seed: seeds the bots' generators and the arbitration of open moments, apart from
            ``seed`` so that no bot can recover its match's seed (and every hidden card) from
            its own generator. Default: a fresh seed from the operating system, recorded in
            the report's ``bot_seed``; pass it back with ``seed`` to reproduce a report.
        executor: any :class:`concurrent.futures.Executor` (a ``ProcessPoolExecutor``, a Dask
            client's ``get_executor(pure=False)``); batches of seeds are submitted to it and the
            workers load the game by name, with its options, from their own installed plugins.
            Default: this process (or ``workers`` local processes).
        batch_size: matches per submitted task.
        move_limit: overrides the game's move limit.
        progress: called with the number of matches finished so far after each batch.
        workers: run on that many local processes (a ``ProcessPoolExecutor`` made and shut down
            here); ``None`` or ``1`` runs in this process. Not with ``executor``.
        start_method: how the ``workers`` are started: ``"fork"``, ``"spawn"`` or
            ``"forkserver"`` (the start methods of ``multiprocessing``); default: the
            platform's. Spawned workers import your bots' modules afresh, as on macOS and
            Windows.
        permute_seats: seat the bots in every order in turn, not only in rotation (for fair
            bot-against-bot comparisons: make ``games`` a multiple of ``players!``).
        arbiter: who speaks first when a moment waits for several seats (see
            :func:`~tablecards.play`; default :class:`~tablecards.RandomPriority`). It is sent
            to the workers: a picklable object such as :class:`~tablecards.SeatPriority`.

    Raises:
        UnknownGame, UnknownBot, UnknownOption: a name or option is not known.
        BotError: a bot that cannot play (a reference that does not import, a value that is
            not a bot, a failing factory) or cannot reach the workers (it does not pickle).
        ValueError: the bot list does not match the number of players, ``games < 1``,
            ``batch_size < 1``, ``workers < 1``, both ``workers`` and ``executor`` are given,
            or a ``start_method`` without ``workers``.
    """
    reg = registry()
    if isinstance(game, str):
        game = reg.load_game(game)
    if players is None:
        players = len(bots) if bots else game.default_players
    entries = tuple(bots) if bots else ("random",) * players
    if len(entries) != players:
        raise ValueError(f"{len(entries)} bots for {players} players")
    runner = Runner(games, batch_size, executor, workers, start_method, progress)
    game.check_players(players)
    runner.check_bots(entries, game, reg)  # fail fast, before any work starts
    if bot_seed is None:
        bot_seed = random_seed()
    spec = _Spec(
        game.name,
        game.options_json(),
        players,
        entries,
        seed,
        move_limit,
        bot_seed,
        permute_seats,
        arbiter,
    )
    (records,) = runner.run([spec], game, reg)
    return _report(spec, games, records)


@attrs.frozen
class Runner:
    """Where and how the matches of one call are played: checked arguments, then batches.

    :func:`simulate` and :func:`~tablecards.compare` share it; ``run`` plays several
    simulations' matches (the same ``games`` each) on one pool, and ``progress`` counts them
    all.

    Raises:
        ValueError: ``games < 1``, ``batch_size < 1``, ``workers < 1``, both ``workers`` and
            ``executor``, or ``start_method`` without ``workers``.
    """

    games: int
    batch_size: int
    executor: Executor | None
    workers: int | None
    start_method: str | None
    progress: Callable[[int], None] | None

    def __attrs_post_init__(self) -> None:
        if self.games < 1:
            raise ValueError("games must be at least 1")
        if self.batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        if self.workers is not None and self.workers < 1:
            raise ValueError("workers must be at least 1")
        if self.workers is not None and self.workers > 1 and self.executor is not None:
            raise ValueError("give either workers or an executor, not both")
        if self.start_method is not None and not (self.workers and self.workers > 1):
            raise ValueError("start_method chooses how workers start: give workers=2 or more")

    @property
    def pooled(self) -> bool:
        """Whether the matches run on local worker processes made here."""
        return self.workers is not None and self.workers > 1

    def check_bots(self, entries: Sequence[BotSpec], game: Game[Any], reg: Registry) -> None:
        """Check every bot here, and that it can reach processes that must unpickle it.

        An executor given by the caller sends bots its own way (Dask's serialisation sends
        what pickle cannot); only a ``ProcessPoolExecutor`` is known to need pickle.
        """
        import multiprocessing

        for entry in entries:
            check_bot(entry, game, reg)
        if self.pooled:
            method = multiprocessing.get_context(self.start_method).get_start_method()
        elif isinstance(self.executor, ProcessPoolExecutor):
            method = None
        else:
            return
        for entry in entries:
            check_sendable(entry, method)

    def run(
        self, specs: Sequence[_Spec], game: Game[Any], reg: Registry
    ) -> list[list[MatchRecord]]:
        """Play every spec's ``games`` matches; one list of records per spec, in any order."""
        size, games = self.batch_size, self.games
        tasks = [
            (which, range(start, min(start + size, games)))
            for start in range(0, games, size)
            for which in range(len(specs))
        ]
        records: list[list[MatchRecord]] = [[] for _ in specs]
        if self.pooled:
            import multiprocessing

            context = multiprocessing.get_context(self.start_method)
            with ProcessPoolExecutor(max_workers=self.workers, mp_context=context) as pool:
                self._run_on(pool, specs, tasks, records)
        elif self.executor is not None:
            self._run_on(self.executor, specs, tasks, records)
        else:
            done = 0
            for which, batch in tasks:
                records[which].extend(_play_batch(specs[which], batch, game, reg))
                done += len(batch)
                if self.progress is not None:
                    self.progress(done)
        return records

    def _run_on(
        self,
        executor: Executor,
        specs: Sequence[_Spec],
        tasks: Sequence[tuple[int, range]],
        records: list[list[MatchRecord]],
    ) -> None:
        # Batches finish in any order; reports sort the records, so the order does not matter.
        futures: dict[Future[list[MatchRecord]], int] = {
            executor.submit(_run_batch, specs[which], batch.start, batch.stop): which
            for which, batch in tasks
        }
        done = 0
        try:
            for future in as_completed(futures):
                batch_records = future.result()
                records[futures[future]].extend(batch_records)
                done += len(batch_records)
                if self.progress is not None:
                    self.progress(done)
        except BaseException:
            # A failed batch (or Ctrl-C): do not leave the rest of the work queued.
            for future in futures:
                future.cancel()
            raise


def _run_batch(spec: _Spec, start: int, stop: int) -> list[MatchRecord]:
    # Runs on a worker: a top-level function taking only picklable arguments.
    reg = registry()
    return list(
        _play_batch(spec, range(start, stop), reg.load_game(spec.game, **spec.options), reg)
    )


def _play_batch(
    spec: _Spec, indices: Iterable[int], game: Game[Any], reg: Registry
) -> Iterator[MatchRecord]:
    factories = [bot_factory(entry, game, reg) for entry in spec.bots]
    n = spec.players
    for index in indices:
        seed = match_seed(spec.seed, index)
        # seated[seat] = index of the bot entry sitting there.
        seated = _seating(index, n, spec.permute_seats)
        bots = [factories[entry](game, seat) for seat, entry in enumerate(seated)]
        match = Match(game, n, seed, move_limit=spec.move_limit)
        result = play(match, bots, seed=match_seed(spec.bot_seed, index), arbiter=spec.arbiter)
        yield MatchRecord(
            index,
            seated,
            result.scores,
            result.winners,
            result.moves,
            result.rounds,
            result.truncated,
        )


def _report(spec: _Spec, games: int, records: list[MatchRecord]) -> SimulationReport:
    n = spec.players
    records = sorted(records, key=lambda r: r.index)
    wins = [0.0] * n
    seat_wins = [0.0] * n
    scores: list[list[int]] = [[] for _ in range(n)]
    seat_scores: list[list[int]] = [[] for _ in range(n)]
    for record in records:
        for seat, entry in enumerate(record.seating):
            scores[entry].append(record.scores[seat])
            seat_scores[seat].append(record.scores[seat])
        for seat in record.winners:
            share = 1 / len(record.winners)
            wins[record.seating[seat]] += share
            seat_wins[seat] += share
    labels = tuple(bot_label(entry) for entry in spec.bots)
    by_bot = tuple(
        BotStats(
            bot=labels[entry],
            wins=wins[entry],
            win_rate=wins[entry] / games,
            ci95=_wilson(wins[entry], games),
            mean_score=statistics.fmean(scores[entry]),
            score_sd=statistics.pstdev(scores[entry]),
            score_min=min(scores[entry]),
            score_median=float(statistics.median(scores[entry])),
            score_max=max(scores[entry]),
        )
        for entry in range(n)
    )
    by_seat = tuple(
        SeatStats(
            seat=seat,
            wins=seat_wins[seat],
            win_rate=seat_wins[seat] / games,
            ci95=_wilson(seat_wins[seat], games),
            mean_score=statistics.fmean(seat_scores[seat]),
            score_sd=statistics.pstdev(seat_scores[seat]),
        )
        for seat in range(n)
    )
    moves = [record.moves for record in records]
    return SimulationReport(
        game=spec.game,
        players=n,
        bots=labels,
        games=games,
        seed=spec.seed,
        by_bot=by_bot,
        seat_win_rates=tuple(w / games for w in seat_wins),
        mean_moves=statistics.fmean(moves),
        moves_sd=statistics.pstdev(moves),
        truncated=sum(record.truncated for record in records),
        by_seat=by_seat,
        moves_min=min(moves),
        moves_max=max(moves),
        mean_rounds=statistics.fmean(record.rounds for record in records),
        bot_seed=spec.bot_seed,
    )


def _wilson(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    # Wilson score interval: honest near 0 and 1, where the normal approximation is not.
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At p = 0 or 1 one end is exactly 0 or 1; rounding would leave it a hair inside.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)
