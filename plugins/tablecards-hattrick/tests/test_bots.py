"""The heuristic bot: legal, and clearly better than random bots."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import tablecards
from tablecards.cli import cli


@pytest.mark.slow
def test_heuristic_beats_three_random_bots_clearly() -> None:
    report = tablecards.simulate(
        "hattrick",
        players=4,
        bots=["heuristic", "random", "random", "random"],
        games=60,
        seed=1,
        bot_seed=1,
    )
    heuristic = report.by_bot[0]
    assert heuristic.bot == "heuristic"
    assert heuristic.ci95[0] > 0.5  # far above the 1/4 of a random seat
    assert report.truncated == 0


def test_heuristic_wins_with_five_and_six_players() -> None:
    for players in (5, 6):
        bots = ["heuristic"] + ["random"] * (players - 1)
        report = tablecards.simulate(
            "hattrick", players=players, bots=bots, games=20, seed=2, bot_seed=2
        )
        assert report.by_bot[0].win_rate > 1 / players + 0.25


def test_cli_simulate_reports_the_heuristic_win_rate() -> None:
    result = CliRunner().invoke(
        cli,
        [
            "simulate",
            "hattrick",
            "--players",
            "4",
            "--bots",
            "heuristic,random,random,random",
            "-n",
            "20",
            "--bot-seed",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["by_bot"][0]["bot"] == "heuristic"
    assert report["by_bot"][0]["win_rate"] > 0.25
