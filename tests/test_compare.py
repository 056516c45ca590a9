"""``tablecards.compare``: two bots on the same deals; the paired interval of the difference."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import tablecards
from tablecards.search._compare import t_quantile

# Student's sleep data (1908): extra hours of sleep with one drug minus the other, per patient.
SLEEP = [1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4]


def test_the_paired_interval_of_a_known_sample() -> None:
    # R: t.test(extra ~ group, data = sleep, paired = TRUE) gives -2.4598858 -0.7001142 for
    # group 1 minus group 2; these are group 2 minus group 1.
    difference = tablecards.paired_difference(SLEEP)
    assert difference.mean == pytest.approx(1.58)
    assert difference.sd == pytest.approx(1.2299955, abs=1e-7)
    assert difference.ci95 == pytest.approx((0.7001142, 2.4598858), abs=1e-7)
    assert difference.to_json() == {
        "mean": difference.mean,
        "sd": difference.sd,
        "ci95": list(difference.ci95),
    }
    # No spread: the interval is the mean itself.
    assert tablecards.paired_difference([2, 2, 2]).ci95 == (2.0, 2.0)
    with pytest.raises(ValueError, match="at least two differences"):
        tablecards.paired_difference([1.0])


@pytest.mark.parametrize(
    ("df", "quantile"),
    # Student's t, two-sided 95% (tables, or R's qt(0.975, df)).
    [
        *[(1, 12.706205), (2, 4.302653), (4, 2.776445), (9, 2.262157), (30, 2.042272)],
        *[(200, 1.971896), (201, 1.971837), (1000, 1.962339), (10**6, 1.959966)],
    ],
)
def test_the_t_quantiles(df: int, quantile: float) -> None:
    assert t_quantile(df) == pytest.approx(quantile, abs=2e-6)


def test_a_bot_against_itself_differs_by_nothing() -> None:
    """The same deals, seats and seeds: the same bot plays the same matches twice."""
    report = tablecards.compare("hit", bots=("heuristic", "heuristic"), games=30, bot_seed=3)
    for difference in (report.score_difference, report.win_difference):
        low, high = difference.ci95
        assert low <= 0 <= high
        assert difference.mean == difference.sd == 0  # deal for deal, not only on average
    assert report.by_bot[0] == report.by_bot[1]


def test_each_deal_is_the_simulation_match_of_the_same_index() -> None:
    """Deal i of a comparison is match i of simulate with [bot, *others], for both bots."""
    same: dict[str, Any] = {"games": 12, "seed": 7, "bot_seed": 9}
    report = tablecards.compare(
        "hit", bots=("heuristic", "random"), others=["random", "heuristic", "random"], **same
    )
    for bot, stats in zip(("heuristic", "random"), report.by_bot, strict=True):
        alone = tablecards.simulate("hit", bots=[bot, "random", "heuristic", "random"], **same)
        assert stats == alone.by_bot[0]
    assert (report.players, report.others) == (4, ("random", "heuristic", "random"))
    # The mean of the differences is the difference of the means.
    first, second = report.by_bot
    assert report.score_difference.mean == pytest.approx(first.mean_score - second.mean_score)
    assert report.win_difference.mean == pytest.approx(first.win_rate - second.win_rate)


@pytest.mark.slow
def test_the_heuristic_bot_beats_the_random_one_surely_over_a_few_hundred_deals() -> None:
    report = tablecards.compare(
        "hit", bots=("heuristic", "random"), games=300, seed=1, bot_seed=2, batch_size=100
    )
    assert report.win_difference.ci95[0] > 0 and report.score_difference.ci95[0] > 0
    assert report.games == 300 and report.truncated == 0
    assert report.to_json()["win_difference"]["ci95"] == list(report.win_difference.ci95)


def test_your_own_bot_on_workers_and_threads_gives_the_in_process_report() -> None:
    import my_bots

    same = {"bots": (my_bots.capped, "heuristic"), "games": 10, "seed": 2, "bot_seed": 4}
    here = tablecards.compare("hit", batch_size=3, **same)  # type: ignore[arg-type]
    workers = tablecards.compare("hit", batch_size=3, workers=2, **same)  # type: ignore[arg-type]
    seen: list[int] = []
    with ThreadPoolExecutor(2) as executor:
        threads = tablecards.compare(
            "hit",
            batch_size=4,
            executor=executor,
            progress=seen.append,
            **same,  # type: ignore[arg-type]
        )
    assert here == workers == threads
    assert here.bots == ("my_bots:capped", "heuristic")
    assert seen == sorted(seen) and seen[-1] == 20  # both bots' matches


def test_paired_is_narrower_than_the_two_intervals_side_by_side() -> None:
    """Common random numbers: the spread of per-deal differences is below that of two
    independent samples (the sum of their variances)."""
    report = tablecards.compare(
        "hit",
        bots=("my_bots:capped", "heuristic"),
        others=["heuristic"] * 2,
        games=60,
        seed=1,
        bot_seed=2,
    )
    first, second = report.by_bot
    unpaired = math.sqrt(first.score_sd**2 + second.score_sd**2)
    assert report.score_difference.sd < unpaired


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": ("heuristic",)}, "compare takes two bots, not 1"),
        ({"bots": ("heuristic", "random"), "others": ["random"], "players": 3}, "1 other bots"),
        ({"bots": ("heuristic", "random"), "games": 1}, "games must be at least 2"),
        ({"bots": ("heuristic", "genius")}, "unknown bot 'genius'"),
        ({"bots": ("heuristic", "nowhere:bot")}, "module 'nowhere' does not import"),
    ],
)
def test_bad_arguments_fail_before_any_work(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises((ValueError, LookupError), match=message):
        tablecards.compare("hit", **kwargs)  # type: ignore[arg-type]
