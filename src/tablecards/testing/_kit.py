"""check_game: every check of the kit over random playouts of every allowed seat count."""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import Any

import attrs

from tablecards import Action, Event, EventRecorder, Game, Match, TablecardsError, UnknownOption
from tablecards.testing._bots import BotFactory, check_bots, registered_bots
from tablecards.testing._determinisation import (
    Variation,
    check_determinisation,
    check_playout_policy,
)
from tablecards.testing._failure import CHECKS, ConformanceFailure, Where
from tablecards.testing._history import (
    check_defaults,
    check_events_for,
    check_redaction,
    check_view_keys,
)
from tablecards.testing._invariants import (
    card_count,
    check_cards,
    check_live,
    check_plain,
    check_structure,
)
from tablecards.testing._knowledge import KnowledgeCheck
from tablecards.testing._leaks import check_leaks
from tablecards.testing._noop import check_no_op, state_before
from tablecards.testing._processes import check_processes
from tablecards.testing._rejection import check_rejections
from tablecards.testing._replay import check_resumed, first_divergence
from tablecards.testing._scenes import SceneCheck

__all__ = [
    "DEFAULT_SEEDS",
    "SEEDS_ENV",
    "ConformanceReport",
    "KitBlock",
    "check_game",
    "default_seeds",
    "kit_blocks",
]

#: Seeds per seat count when none are given: the issue's bar for every game of the project.
DEFAULT_SEEDS = 200
#: Environment variable overriding :data:`DEFAULT_SEEDS` (pytest: ``--tablecards-seeds``).
SEEDS_ENV = "TABLECARDS_CONFORMANCE_SEEDS"


def default_seeds() -> int:
    """The number of seeds per seat count used when ``check_game`` is given none."""
    value = os.environ.get(SEEDS_ENV)
    return int(value) if value else DEFAULT_SEEDS


@attrs.define
class ConformanceReport:
    """What :func:`check_game` exercised (it raises on the first failure, so all passed).

    Attributes:
        game: the game's name.
        matches: random playouts checked, per seat count.
        truncated: how many of them the move limit cut, per seat count.
        actions: actions played in the random playouts.
        leak_points: moments where the no-leak check found hidden cards to swap.
        determinisations: moments where the determinisation check ran.
        bot_matches: matches played by the bots through :func:`tablecards.play`.
        process_matches: playouts replayed in three interpreters with different hash seeds.
        seconds: wall-clock time of the run.
    """

    game: str
    matches: dict[int, int] = attrs.field(factory=dict)
    truncated: dict[int, int] = attrs.field(factory=dict)
    actions: int = 0
    leak_points: int = 0
    determinisations: int = 0
    bot_matches: int = 0
    process_matches: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        """One line for a log."""
        counts = ", ".join(
            f"{p} players: {n} ({self.truncated.get(p, 0)} truncated)"
            for p, n in sorted(self.matches.items())
        )
        return (
            f"{self.game}: {counts}; {self.actions} actions, {self.leak_points} leak checks, "
            f"{self.determinisations} determinisation checks, "
            f"{self.bot_matches} bot matches, {self.process_matches} matches replayed in "
            f"other processes, {self.seconds:.1f}s"
        )


def check_game(
    game: Game[Any] | str,
    players: int | Iterable[int] | None = None,
    seeds: int | Iterable[int] | None = None,
    *,
    checks: Collection[str] = CHECKS,
    points: int = 3,
    bots: Mapping[str, BotFactory] | None = None,
    bot_seeds: int = 3,
    process_seeds: int = 10,
    move_limit: int | None = None,
) -> ConformanceReport:
    """Run the conformance kit against ``game``; raise :class:`ConformanceFailure` on a fault.

    For every seat count and seed, a seeded random playout checks after every action that no
    card was lost or duplicated (and, first, that every option declares its range), that
    every seat the moment waits for can act and that every
    action changed something (no move that changes nothing, ``no_op``). The playout's log is
    then replayed (determinism: the same bytes), and at ``points`` random moments of it the kit
    checks that views are plain data, that illegal actions are refused atomically, that
    swapping what a seat cannot see changes nothing it is shown (no leaks), that
    :func:`tablecards.determinise` keeps what a seat knows and redeals what it does not, that
    no determinisation keeps fixed cards the seat could not know (knowledge), and
    that the game's search policy (:meth:`Game.playout_action <tablecards.Game.playout_action>`)
    decides only from what the seat to act sees (determinisation), and that a save
    taken there loads and plays on to the same end (persistence). Finally each bot plays a few
    matches through :func:`tablecards.play`, which checks what the runner hands it, and the
    first ``process_seeds`` playouts of each seat count are played again in three fresh
    interpreters with different hash seeds, which must agree (processes).

    Example:
        A quick run of every check on Hit! (``pip install tablecards-hit``); a plugin's tests
        call ``check_game(MyGame())`` with the default seeds:

        >>> from tablecards.testing import check_game
        >>> report = check_game("hit", players=[2, 3], seeds=3, process_seeds=1)
        >>> report.matches, report.process_matches
        ({2: 3, 3: 3}, 2)

    Args:
        game: the game (with its options) or an installed game's name.
        players: the seat counts (default: every count the game accepts).
        seeds: how many seeds per seat count (``0 .. n-1``), or the seeds themselves
            (default: :func:`default_seeds`, 200 unless ``TABLECARDS_CONFORMANCE_SEEDS``).
        checks: the checks to run, among :data:`CHECKS` (default: all).
        points: moments per match for the costly checks (leaks, rejection, persistence).
        bots: bot factories by name for the ``bots`` check (default: the bots registered for
            the game, plus ``random``).
        bot_seeds: matches per seat count for the ``bots`` check.
        process_seeds: seeds per seat count for the ``processes`` check.
        move_limit: overrides the game's move limit.

    Returns:
        A :class:`ConformanceReport` of what was exercised.

    Raises:
        ConformanceFailure: a check failed; its message names the check, the seed and the
            action, and ``failure.where.log`` replays it.
        ValueError: an unknown check name, or no seat count to play.
    """
    started = time.perf_counter()
    game = _load(game)
    wanted = _checks(checks)
    seed_list = _seeds(seeds)
    blocks = [
        KitBlock(count, tuple(seed_list), range(bot_seeds), tuple(seed_list[:process_seeds]))
        for count in _player_counts(game, players)
    ]
    report = ConformanceReport(game.name)
    if "bots" in wanted and bots is None:
        bots = registered_bots(game)
    for block in blocks:
        _check_block(game, block, wanted, points, bots, move_limit, report)
    if "processes" in wanted:
        pairs = [(block.players, seed) for block in blocks for seed in block.process_seeds]
        report.process_matches = check_processes(game, pairs, move_limit)
    report.seconds = time.perf_counter() - started
    return report


@attrs.frozen
class KitBlock:
    """One piece of a :func:`check_game` run: a seat count and a block of its seeds.

    :func:`kit_blocks` cuts a whole run into blocks that a parallel test runner spreads over
    its workers; :meth:`run` checks one. The blocks of a run together make exactly the checks
    of ``check_game`` with the same arguments: the same seeds, and the once-per-seat-count
    checks (the bots' matches, the replays in other interpreters) in the block that holds
    their seeds.

    Attributes:
        players: the seat count.
        seeds: the seeds of the block's random playouts.
        bot_seeds: the seeds of the bots' matches (empty but in the seat count's first block).
        process_seeds: the seeds replayed in other interpreters for the ``processes`` check.
    """

    players: int
    seeds: tuple[int, ...]
    bot_seeds: range = range(0)
    process_seeds: tuple[int, ...] = ()

    def __str__(self) -> str:
        """A short name for a test id: ``3p-0-49``."""
        if not self.seeds:
            return f"{self.players}p-none"
        return f"{self.players}p-{self.seeds[0]}-{self.seeds[-1]}"

    def run(
        self,
        game: Game[Any] | str,
        *,
        checks: Collection[str] = CHECKS,
        points: int = 3,
        bots: Mapping[str, BotFactory] | None = None,
        move_limit: int | None = None,
    ) -> ConformanceReport:
        """Run the kit's checks over this block; raise :class:`ConformanceFailure` on a fault.

        The keyword arguments mean what they mean for :func:`check_game`.
        """
        started = time.perf_counter()
        game = _load(game)
        wanted = _checks(checks)
        report = ConformanceReport(game.name)
        if "bots" in wanted and bots is None:
            bots = registered_bots(game)
        _check_block(game, self, wanted, points, bots, move_limit, report)
        if "processes" in wanted:
            pairs = [(self.players, seed) for seed in self.process_seeds]
            report.process_matches = check_processes(game, pairs, move_limit)
        report.seconds = time.perf_counter() - started
        return report


def kit_blocks(
    game: Game[Any] | str,
    players: int | Iterable[int] | None = None,
    seeds: int | Iterable[int] | None = None,
    *,
    size: int = 25,
    bot_seeds: int = 3,
    process_seeds: int = 10,
) -> list[KitBlock]:
    """Cut the run of :func:`check_game` with these arguments into blocks of ``size`` seeds.

    A plugin's tests make one test item per block, so that a parallel runner (pytest-xdist)
    spreads the kit over its workers; the blocks together check exactly what ``check_game``
    checks. The seeds are read when this is called: with pytest, at collection, which is when
    ``--tablecards-seeds`` is already in force.

    Example:
        >>> from tablecards.testing import kit_blocks
        >>> [str(block) for block in kit_blocks("hit", players=[2, 3], seeds=30, size=20)]
        ['2p-0-19', '2p-20-29', '3p-0-19', '3p-20-29']

        In a plugin's tests::

            @pytest.mark.parametrize("block", kit_blocks(MyGame()), ids=str)
            def test_my_game_passes_the_conformance_kit(block: KitBlock) -> None:
                block.run(MyGame())

    Args:
        game: the game (with its options) or an installed game's name.
        players: the seat counts (default: every count the game accepts).
        seeds: seeds per seat count, or the seeds themselves (default: :func:`default_seeds`).
        size: seeds per block.
        bot_seeds: matches per seat count for the ``bots`` check.
        process_seeds: seeds per seat count for the ``processes`` check.

    Raises:
        ValueError: ``size`` below 1, or no seat count to play.
    """
    if size < 1:
        raise ValueError(f"a block holds at least one seed, not {size}")
    game = _load(game)
    seed_list = _seeds(seeds)
    replayed = tuple(seed_list[:process_seeds])
    blocks = []
    for count in _player_counts(game, players):
        for start in range(0, max(len(seed_list), 1), size):
            part = tuple(seed_list[start : start + size])
            blocks.append(
                KitBlock(
                    count,
                    part,
                    range(bot_seeds) if start == 0 else range(0),
                    replayed[start : start + size],
                )
            )
    return blocks


def _load(game: Game[Any] | str) -> Game[Any]:
    if isinstance(game, str):
        from tablecards import load_game

        return load_game(game)
    return game


def _checks(checks: Collection[str]) -> frozenset[str]:
    wanted = frozenset(checks)
    unknown = sorted(wanted - set(CHECKS))
    if unknown:
        raise ValueError(f"unknown checks {unknown}; the kit's checks are {list(CHECKS)}")
    return wanted


def _check_block(
    game: Game[Any],
    block: KitBlock,
    wanted: frozenset[str],
    points: int,
    bots: Mapping[str, BotFactory] | None,
    move_limit: int | None,
    report: ConformanceReport,
) -> None:
    """The game's options, the per-match checks of a block's seeds, then its bots' matches."""
    if "structure" in wanted:
        first = block.seeds[0] if block.seeds else 0
        _check_option_ranges(game, Where(game.name, block.players, first))
    for seed in block.seeds:
        _check_match(game, block.players, seed, wanted, points, move_limit, report)
    report.matches[block.players] = report.matches.get(block.players, 0) + len(block.seeds)
    if "bots" in wanted and bots and block.bot_seeds:
        report.bot_matches += check_bots(game, block.players, block.bot_seeds, bots, move_limit)


def _check_option_ranges(game: Game[Any], where: Where) -> None:
    """Every option declares its range (a server bounds what players ask for by them)."""
    ranges = game.option_ranges()
    unbounded = [field.name for field in attrs.fields(game.Options) if field.name not in ranges]
    if unbounded:
        raise ConformanceFailure(
            "structure",
            where,
            f"option {', '.join(unbounded)} declares no range: declare every option with "
            "tablecards.option_range (or seat_option, or attrs' ge and le validators); a game "
            "with an unbounded option is not registered",
        )


def _player_counts(game: Game[Any], players: int | Iterable[int] | None) -> list[int]:
    if isinstance(players, int):
        return [players]
    if players is not None:
        return list(players)
    counts = []
    for count in range(game.min_players, game.max_players + 1):
        try:
            game.check_players(count)
        except UnknownOption:
            continue
        counts.append(count)
    if not counts:
        raise ValueError(f"{game!r} accepts no seat count between its min and max players")
    return counts


def _seeds(seeds: int | Iterable[int] | None) -> list[int]:
    if seeds is None:
        return list(range(default_seeds()))
    if isinstance(seeds, int):
        return list(range(seeds))
    return list(seeds)


def _check_match(
    game: Game[Any],
    players: int,
    seed: int,
    checks: frozenset[str],
    points: int,
    move_limit: int | None,
    report: ConformanceReport,
) -> None:
    where = Where(game.name, players, seed)
    rng = random.Random(f"tablecards.testing/{players}/{seed}")
    match, log, pool = _playout(game, players, seed, checks, move_limit, rng, where)
    report.actions += len(log)
    if match.result is not None and match.result.truncated:
        report.truncated[players] = report.truncated.get(players, 0) + 1
    with _guard("persistence", where.at(len(log), log)):
        final = match.to_json()
    if "determinism" in checks:
        with _guard("determinism", where):
            _check_replay(game, players, seed, log, final, match.move_limit, where)
    costly = {
        "views",
        "scenes",
        "rejection",
        "leaks",
        "determinisation",
        "knowledge",
        "persistence",
    }
    if checks & costly:
        _check_moments(game, match, log, pool, final, checks, points, rng, where, report)


def _check_moment(
    game: Game[Any],
    replay: Match,
    seat: int,
    action: Action,
    checks: frozenset[str],
    rng: random.Random,
    here: Where,
    report: ConformanceReport,
    scenes: SceneCheck,
) -> None:
    """The views, scenes, liveness and leak checks at one chosen moment, before ``action``
    is applied."""
    players = replay.players
    if "views" in checks:
        with _guard("views", here):
            for watcher in (*range(players), None):
                view = replay.view(watcher)
                check_plain(view, here, f"view({watcher})")
                check_view_keys(view, players, watcher, here)
    if "scenes" in checks:
        with _guard("scenes", here):
            scenes.at(replay, here)
    if "liveness" in checks:
        with _guard("liveness", here):
            waiting = replay.waiting_for
            check_defaults(replay, {s: replay.legal_actions(s) for s in waiting}, here)
    if "leaks" in checks:
        with _guard("leaks", here):
            report.leak_points += check_leaks(game, replay.state, seat, action, rng, here)
            check_redaction(game, replay.state, seat, rng, here)


def _check_moments(
    game: Game[Any],
    played: Match,
    log: list[tuple[int, Action]],
    pool: dict[Action, None],
    final: str,
    checks: frozenset[str],
    points: int,
    rng: random.Random,
    where: Where,
    report: ConformanceReport,
) -> None:
    """Replay the log with an observer, running the costly checks at ``points`` moments."""
    players = played.players
    recorder = EventRecorder()
    replay = Match(game, players, played.seed, observers=[recorder], move_limit=played.move_limit)
    chosen = set(rng.sample(range(len(log)), min(points, len(log))))
    # One save per match (each costs a whole replay): 200 seeds still make 200 saves.
    save_at = rng.choice(sorted(chosen)) if chosen else None
    saves = []
    seen = 0
    pool_list = list(pool)
    variation = Variation()
    scenes = SceneCheck(game)
    knowledge = KnowledgeCheck(game, replay, recorder.events, "knowledge" in checks)
    for index, (seat, action) in enumerate(log):
        here = where.at(index, log, seat, action) if index in chosen else where
        knowledge.before(replay, index in chosen, here)
        if index in chosen:
            _check_moment(game, replay, seat, action, checks, rng, here, report, scenes)
            if "determinisation" in checks:
                with _guard("determinisation", here):
                    # Its own generator: the other checks draw what they drew before it existed.
                    label = f"tablecards.testing/determinisation/{where.describe()}/{index}"
                    drawn = random.Random(label)
                    check_determinisation(replay, drawn, here, variation)
                    check_playout_policy(replay, seat, drawn, here)
                    report.determinisations += 1
            if "rejection" in checks:
                with _guard("rejection", here):
                    check_rejections(replay, recorder, pool_list, rng, here)
            if index == save_at and "persistence" in checks:
                saves.append((here, replay.to_json()))
            seen = len(recorder.events)
        try:
            replay.apply(seat, action)
        except Exception as error:
            raise ConformanceFailure(
                "determinism",
                where.at(index, log, seat, action),
                f"replaying the log with an observer, this action failed: "
                f"{type(error).__name__}: {error}",
            ) from error
        if index in chosen and "views" in checks:
            with _guard("views", here):
                _check_events(recorder.events[seen:], players, here)
        knowledge.after(recorder.events)
    if "leaks" in checks:
        with _guard("leaks", where.at(len(log), log)):
            check_events_for(replay, recorder, where.at(len(log), log))
    if "determinisation" in checks:
        variation.check(where.at(len(log), log))
    if "scenes" in checks:
        with _guard("scenes", where.at(len(log), log)):
            scenes.finish()
    if "determinism" in checks and replay.to_json() != final:
        raise ConformanceFailure(
            "determinism",
            where.at(len(log), log),
            "the match replayed with an observer differs from the unobserved match: "
            "building events must not change the state",
        )
    for here, text in saves:
        with _guard("persistence", here):
            check_resumed(game, text, log, final, here)


@contextlib.contextmanager
def _guard(check: str, where: Where) -> Iterator[None]:
    """Turn an unexpected exception of the game into a failure that names the moment."""
    try:
        yield
    except ConformanceFailure:
        raise
    except Exception as error:
        raise ConformanceFailure(
            check, where, f"the game raised {type(error).__name__}: {error}"
        ) from error


def _check_events(events: list[Event], players: int, where: Where) -> None:
    """The events of one action, as each seat and a spectator see them, are plain data."""
    for watcher in (*range(players), None):
        seen = [event.seen_by(watcher) for event in events]
        stream = [event.to_json() for event in seen if event is not None]
        check_plain(stream, where, f"the events seen by {watcher}", "views")


def _playout(
    game: Game[Any],
    players: int,
    seed: int,
    checks: frozenset[str],
    move_limit: int | None,
    rng: random.Random,
    where: Where,
) -> tuple[Match, list[tuple[int, Action]], dict[Action, None]]:
    """The seeded random playout, with the cheap checks after every action.

    Returns the finished match, its log, and a pool of actions met along the way (the
    rejection check offers them at other moments).
    """
    try:
        match = Match(game, players, seed, move_limit=move_limit)
    except TablecardsError as error:
        raise ConformanceFailure("playout", where, f"the match does not start: {error}") from error
    playout = _Playout(
        match, rng, "conservation" in checks, "liveness" in checks, "no_op" in checks
    )
    try:
        playout.run(where)
    except Exception as error:
        # The checks get a Where without the log (copying it at every action would be
        # quadratic); the failure gets the log and the action here.
        check, detail = "playout", f"the game raised {type(error).__name__}: {error}"
        if isinstance(error, ConformanceFailure):
            check, detail = error.check, error.detail
        raise ConformanceFailure(check, playout.where(where), detail) from error
    return match, playout.log, playout.pool


class _Playout:
    """One random playout, remembering the action in play for the failure report."""

    def __init__(
        self, match: Match, rng: random.Random, conserve: bool, live: bool, no_op: bool = False
    ) -> None:
        self.match = match
        self.rng = rng
        self.conserve = conserve
        self.live = live
        self.no_op = no_op
        self.log: list[tuple[int, Action]] = []
        self.pool: dict[Action, None] = {}
        self.seat: int | None = None
        self.action: Action | None = None
        self.applied = False

    def where(self, where: Where) -> Where:
        """The failing moment: before the action in play, or after it once applied."""
        index = len(self.log) - 1 if self.applied else len(self.log)
        return where.at(index, self.log, self.seat, self.action)

    def run(self, where: Where) -> None:
        """Play to the end, checking conservation and liveness after every action."""
        match, rng, log = self.match, self.rng, self.log
        cards = check_structure(match, where)
        total = sum(cards.values())
        legal = check_live(match, where) if self.live else {}
        before = state_before(match) if self.no_op else None
        while not match.is_over:
            # Any seat that may act, not only those waited for: a Stop seat that passed
            # takes its pass back now and then.
            to_act = tuple(legal) if self.live else (match.waiting_for or match.to_act)
            seat = self.seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
            actions = legal[seat] if self.live else match.legal_actions(seat)
            if not actions:
                raise ConformanceFailure("playout", where, f"seat {seat} has no legal action")
            if len(self.pool) < 64:
                self.pool.update(dict.fromkeys(actions))
            action = self.action = actions[rng.randrange(len(actions))]
            self.applied = False
            try:
                match.apply(seat, action)
            except TablecardsError as error:
                raise ConformanceFailure(
                    "playout", where, f"a legal action failed: {type(error).__name__}: {error}"
                ) from error
            log.append((seat, action))
            self.applied = True
            if before is not None:
                before = check_no_op(before, match, seat, action, where)
            if self.conserve and card_count(match.state) != total:
                check_cards(match.state, cards, where)
            if self.live:
                legal = check_live(match, where)
        if self.conserve:
            check_cards(match.state, cards, where)
        _check_result(match, where)


def _check_result(match: Match, where: Where) -> None:
    result = match.result
    if result is None:
        raise ConformanceFailure("playout", where, "the match is over but has no result")
    if len(result.scores) != match.players:
        raise ConformanceFailure(
            "playout", where, f"{len(result.scores)} scores for {match.players} seats"
        )
    if not set(result.winners) <= set(range(match.players)):
        raise ConformanceFailure("playout", where, f"winners {result.winners} are not seats")


def _check_replay(
    game: Game[Any],
    players: int,
    seed: int,
    log: list[tuple[int, Action]],
    final: str,
    limit: int,
    where: Where,
) -> None:
    """Replaying the seed and the log gives the same bytes."""
    replay = Match(game, players, seed, move_limit=limit)
    for index, (seat, action) in enumerate(log):
        try:
            replay.apply(seat, action)
        except TablecardsError as error:
            if first_divergence(game, players, seed, log, limit) == 0:
                break  # reported below, from the setup on
            raise ConformanceFailure(
                "determinism",
                where.at(index, log, seat, action),
                f"replaying the seed and the log, this action is refused: {error} "
                "(the match took another course: is some randomness not from state.rng?)",
            ) from error
    else:
        if replay.to_json() == final:
            return
    diverged = first_divergence(game, players, seed, log, limit)
    if diverged == 0:
        raise ConformanceFailure(
            "determinism",
            where.at(0, log),
            "two matches of the same seed differ from the setup on (is every shuffle done "
            "with state.rng?)",
        )
    at = len(log) if diverged is None else diverged
    if at == 0:
        raise ConformanceFailure("determinism", where, "the replayed match differs from the setup")
    seat, action = log[at - 1]
    raise ConformanceFailure(
        "determinism",
        where.at(at - 1, log, seat, action),
        "the same seed and actions gave different JSON; two replays first differ after this "
        "action (is some randomness not drawn from state.rng?)",
    )
