"""``tablecards.simulate``: statistics, seat rotation, executors and workers, errors."""

from __future__ import annotations

import functools
import statistics
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import tablecards
from tablecards import Match, match_seed, play
from tablecards.search._simulate import _wilson

BOTS = ["heuristic", "random", "random"]


def test_the_report_matches_matches_played_by_hand() -> None:
    # Match i: seed match_seed(seed, i), bots seeded match_seed(bot_seed, i), bot entry j at
    # seat (i + j) % players.
    games, seed = 12, 3
    report = tablecards.simulate("hit", bots=BOTS, games=games, seed=seed)
    bot_seed = report.bot_seed
    registry = tablecards.registry()
    game = tablecards.load_game("hit")
    scores: list[list[int]] = [[], [], []]
    wins = [0.0, 0.0, 0.0]
    seat_wins = [0.0, 0.0, 0.0]
    moves = []
    for index in range(games):
        seating = [(seat - index) % 3 for seat in range(3)]
        bots = [
            registry.bot("hit", BOTS[entry]).factory(game, seat)
            for seat, entry in enumerate(seating)
        ]
        match = Match(game, 3, match_seed(seed, index))
        result = play(match, bots, seed=match_seed(bot_seed, index))
        moves.append(result.moves)
        for seat, entry in enumerate(seating):
            scores[entry].append(result.scores[seat])
        for seat in result.winners:
            wins[seating[seat]] += 1 / len(result.winners)
            seat_wins[seat] += 1 / len(result.winners)
    for entry, stats in enumerate(report.by_bot):
        assert stats.bot == BOTS[entry]
        assert stats.wins == pytest.approx(wins[entry])
        assert stats.mean_score == pytest.approx(statistics.fmean(scores[entry]))
        assert stats.score_sd == pytest.approx(statistics.pstdev(scores[entry]))
        assert (stats.score_min, stats.score_max) == (min(scores[entry]), max(scores[entry]))
        assert stats.score_median == statistics.median(scores[entry])
    for seat, at_seat in enumerate(report.by_seat):
        assert at_seat.seat == seat
        assert at_seat.win_rate == pytest.approx(seat_wins[seat] / games)
        assert at_seat.win_rate == report.seat_win_rates[seat]
        low, high = at_seat.ci95
        assert low <= at_seat.win_rate <= high
    assert report.mean_moves == pytest.approx(statistics.fmean(moves))
    assert (report.moves_min, report.moves_max) == (min(moves), max(moves))
    assert report.mean_rounds == 1.0
    assert report.truncated == 0


def test_workers_and_executors_give_the_same_report() -> None:
    alone = tablecards.simulate("hit", bots=BOTS, games=40, seed=9, batch_size=7)
    bot_seed = alone.bot_seed  # fresh unless given: the report records it
    processes = tablecards.simulate(
        "hit", bots=BOTS, games=40, seed=9, bot_seed=bot_seed, batch_size=7, workers=2
    )
    with ThreadPoolExecutor(3) as executor:
        threads = tablecards.simulate(
            "hit", bots=BOTS, games=40, seed=9, bot_seed=bot_seed, batch_size=3, executor=executor
        )
    assert alone.to_json() == processes.to_json() == threads.to_json()
    assert alone.by_bot[0].wins > 0  # not a degenerate report


def test_progress_is_reported_after_each_batch_up_to_the_total() -> None:
    seen: list[int] = []
    tablecards.simulate("hit", games=25, seed=1, batch_size=10, progress=seen.append)
    assert seen == [10, 20, 25]
    with ThreadPoolExecutor(2) as executor:
        seen.clear()
        tablecards.simulate(
            "hit", games=25, seed=1, batch_size=10, executor=executor, progress=seen.append
        )
    assert sorted(seen) == seen and seen[-1] == 25 and len(seen) == 3


def test_truncated_matches_are_counted_and_win_nothing() -> None:
    report = tablecards.simulate("hit", games=6, seed=1, move_limit=5)
    assert report.truncated == 6
    assert report.moves_max == 5
    assert all(stats.wins == 0 for stats in report.by_bot)
    assert all(stats.win_rate == 0 for stats in report.by_seat)


def test_the_wilson_interval() -> None:
    # Reference values (Wilson score interval, z = 1.96).
    assert _wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert _wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert _wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    # The ends are exact, so that an all-win rate lies inside its interval.
    assert _wilson(200, 200)[1] == 1.0 and _wilson(0, 200)[0] == 0.0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"workers": 0}, "workers must be at least 1"),
        ({"batch_size": 0}, "batch_size must be at least 1"),
        ({"games": 0}, "games must be at least 1"),
        ({"bots": ["random"], "players": 3}, "1 bots for 3 players"),
    ],
)
def test_bad_arguments_fail_before_any_work(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tablecards.simulate("hit", **kwargs)  # type: ignore[arg-type]


def test_workers_and_an_executor_together_are_refused() -> None:
    with ThreadPoolExecutor(1) as executor, pytest.raises(ValueError, match="not both"):
        tablecards.simulate("hit", games=2, workers=2, executor=executor)


def test_permute_seats_plays_every_order_of_the_bots() -> None:
    """Over each players! matches every bot sits at every seat and after every other bot."""
    report = tablecards.simulate(
        "hit", 3, ["heuristic", "random", "random"], games=12, seed=4, permute_seats=True
    )
    assert report.games == 12
    records = _records("hit", 3, ["heuristic", "random", "random"], 12, 4, permute_seats=True)
    orders = [record.seating for record in records]
    assert len(set(orders[:6])) == 6 and orders[:6] == orders[6:]
    for entry in range(3):
        assert sorted(order.index(entry) for order in orders[:6]) == [0, 0, 1, 1, 2, 2]
    rotated = _records("hit", 3, ["heuristic", "random", "random"], 6, 4, permute_seats=False)
    # Rotation keeps each bot's neighbours: entry 1 always sits right after entry 0.
    assert all((o.index(0) + 1) % 3 == o.index(1) for o in (r.seating for r in rotated))
    assert not all((o.index(0) + 1) % 3 == o.index(1) for o in orders)


def test_permute_seats_gives_the_same_report_on_workers() -> None:
    bots = ["heuristic", "heuristic", "random", "random"]
    same = {"permute_seats": True, "batch_size": 3, "bot_seed": 5}
    one = tablecards.simulate("hattrick", 4, bots, 8, 3, **same)  # type: ignore[arg-type]
    two = tablecards.simulate("hattrick", 4, bots, 8, 3, workers=2, **same)  # type: ignore[arg-type]
    assert one == two


def _records(
    game: str, players: int, bots: list[str], games: int, seed: int, *, permute_seats: bool
) -> list[Any]:
    from tablecards.registry._plugins import registry
    from tablecards.search._simulate import _play_batch, _Spec

    reg = registry()
    spec = _Spec(
        game, {}, players, tuple(bots), seed, None, bot_seed=0, permute_seats=permute_seats
    )
    loaded = reg.load_game(game)
    return list(_play_batch(spec, range(games), loaded, reg))


# Bots of one's own: names, references, factories and objects (issue #39, item 4).


def _stats(report: tablecards.SimulationReport) -> list[dict[str, Any]]:
    # The statistics without the labels, which name each bot as it was given.
    return [{**stats.to_json(), "bot": None} for stats in report.by_bot]


def test_a_bot_given_by_name_reference_factory_or_object_plays_alike() -> None:
    from tablecards_hit import HeuristicBot

    def factory(game: Any, seat: int) -> HeuristicBot:
        return HeuristicBot(game, seat)

    runs: dict[str, Any] = {
        "name": "heuristic",
        "reference": "tablecards_hit:HeuristicBot",
        "class": HeuristicBot,
        "factory": factory,
        "object": HeuristicBot(seat=2),  # copied for each seat, its seat set to the one it takes
        "partial": functools.partial(HeuristicBot),
    }
    reports = {
        how: tablecards.simulate("hit", bots=[bot, "random", "random"], games=9, bot_seed=4)
        for how, bot in runs.items()
    }
    assert [report.bots[0] for report in reports.values()] == [
        "heuristic",
        "tablecards_hit:HeuristicBot",
        "tablecards_hit._bots:HeuristicBot",  # module:qualname, itself a reference
        f"{__name__}:test_a_bot_given_by_name_reference_factory_or_object_plays_alike.<locals>"
        ".factory",
        "tablecards_hit._bots:HeuristicBot",
        "tablecards_hit._bots:HeuristicBot",  # a partial is named after its function
    ]
    assert len({str(_stats(report)) for report in reports.values()}) == 1
    assert reports["name"].by_bot[0].wins > 5  # the heuristic bot really played


class _Counting:
    """A bot object that remembers: each seat of each match must get a fresh copy."""

    def __init__(self) -> None:
        self.seat = 0
        self.calls = 0
        self.seats: set[int] = set()

    def choose(self, view: Any, actions: Any, rng: Any) -> Any:
        self.calls += 1
        if self.calls == 1:
            assert view["seat"] == self.seat  # the copy knows the seat it plays
        return actions[0]


def test_a_bot_object_is_copied_for_each_seat_and_left_untouched() -> None:
    bot = _Counting()
    report = tablecards.simulate("hit", bots=[bot, "random", "random"], games=6, bot_seed=1)
    assert bot.calls == 0 and report.bots[0] == f"{__name__}:_Counting"
    again = tablecards.simulate("hit", bots=[bot, "random", "random"], games=6, bot_seed=1)
    assert again == report  # nothing one run taught the object leaks into the next


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("nowhere:mine", "bot 'nowhere:mine' cannot play: module 'nowhere' does not import"),
        ("my_bots:missing", "bot 'my_bots:missing' cannot play: 'my_bots' has no 'missing'"),
        (":capped", "a reference is 'package.module:factory'"),
        (42, "42 is not a bot: give a registered name, a 'module:factory' reference"),
        (lambda game, seat: "nothing", "the factory returned 'nothing', which is not a bot"),
        (lambda: None, "factory(game, seat) failed: TypeError"),
    ],
)
def test_a_bot_that_cannot_play_is_one_clear_error_before_any_match(
    bot: object, message: str
) -> None:
    with pytest.raises(tablecards.BotError, match=message.replace("(", r"\(").replace(")", r"\)")):
        tablecards.simulate("hit", bots=[bot, "random", "random"], games=1)  # type: ignore[list-item]


def test_a_bot_that_does_not_pickle_is_refused_for_workers_with_what_to_do() -> None:
    def local(game: Any, seat: int) -> tablecards.RandomBot:
        return tablecards.RandomBot(game, seat)

    for bot in (local, lambda game, seat: tablecards.RandomBot(game, seat)):  # noqa: PLW0108
        with pytest.raises(tablecards.BotError) as caught:
            tablecards.simulate("hit", bots=[bot, "random", "random"], games=2, workers=2)
        assert caught.value.bot.endswith(("local", "<lambda>"))
        assert "cannot be sent to worker processes" in str(caught.value)
        assert "a factory defined at the top level of an importable module" in str(caught.value)
        # Threads share this process: nothing is pickled, so the same bot plays there.
        with ThreadPoolExecutor(2) as executor:
            tablecards.simulate("hit", bots=[bot, "random", "random"], games=2, executor=executor)


def test_a_bot_of_an_interactive_session_is_refused_for_spawned_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    from tablecards.search._botspec import check_sendable

    session = types.ModuleType("__main__")  # a REPL's or notebook's __main__: no __file__

    def mine(game: Any, seat: int) -> tablecards.RandomBot:
        return tablecards.RandomBot(game, seat)

    mine.__module__, mine.__qualname__ = "__main__", "mine"
    session.mine = mine  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "__main__", session)
    check_sendable(mine, "fork")  # forked workers inherit it
    with pytest.raises(tablecards.BotError, match="interactive session, which spawn workers"):
        check_sendable(mine, "spawn")


def test_start_method_needs_workers() -> None:
    with pytest.raises(ValueError, match="start_method chooses how workers start"):
        tablecards.simulate("hit", games=2, start_method="spawn")


@pytest.mark.slow
def test_your_own_bots_play_on_spawned_workers_as_in_this_process() -> None:
    """Spawned workers (macOS, Windows, Python 3.14's forkserver) import the bots afresh:
    a factory of an importable module, its reference and a picklable object all reach them."""
    import my_bots

    bots: list[Any] = [my_bots.capped, "my_bots:CappedBot", my_bots.CappedBot(), "heuristic"]
    same: dict[str, Any] = {"games": 8, "seed": 3, "bot_seed": 5, "batch_size": 2}
    here = tablecards.simulate("hit", bots=bots, **same)
    spawned = tablecards.simulate(
        "hit",
        bots=bots,
        workers=2,
        start_method="spawn",
        **same,
    )
    assert spawned == here
    assert here.bots[:3] == ("my_bots:capped", "my_bots:CappedBot", "my_bots:CappedBot")
