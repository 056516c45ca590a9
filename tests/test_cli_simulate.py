"""``tablecards simulate``: JSON and tables on stdout, progress on stderr, workers."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

import tablecards
from tablecards.cli import _simulate, cli

ARGS = [
    *("simulate", "hit", "--bots", "heuristic,random,random", "-n", "30"),
    *("--seed", "4", "--bot-seed", "8"),
]


def test_one_and_two_workers_print_identical_json() -> None:
    one = CliRunner().invoke(cli, [*ARGS, "--workers", "1", "--batch-size", "4", "--json"])
    two = CliRunner().invoke(cli, [*ARGS, "--workers", "2", "--batch-size", "4", "--json"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
    report = json.loads(one.stdout)
    assert report["seed"] == 4 and report["bot_seed"] == 8
    assert [entry["bot"] for entry in report["by_bot"]] == ["heuristic", "random", "random"]
    for stats in report["by_bot"] + report["by_seat"]:
        low, high = stats["ci95"]
        assert low <= stats["win_rate"] <= high
    assert {"score_sd", "score_min", "score_median", "score_max"} <= set(report["by_bot"][0])
    assert report["truncated"] == 0 and report["moves_min"] <= report["mean_moves"]


def test_the_table_shows_bots_seats_lengths_and_truncations() -> None:
    result = CliRunner().invoke(cli, ARGS)
    assert result.exit_code == 0, result.output
    report = json.loads(CliRunner().invoke(cli, [*ARGS, "--json"]).stdout)
    heuristic = report["by_bot"][0]
    low, high = heuristic["ci95"]
    assert f"{heuristic['win_rate']:.3f}" in result.stdout
    assert f"{low:.3f}-{high:.3f}" in result.stdout
    assert "by seat (whoever sat there)" in result.stdout
    assert f"match length: {report['mean_moves']:.1f} actions" in result.stdout
    assert "truncated: 0 of 30" in result.stdout


def test_progress_goes_to_stderr_on_a_terminal_and_stdout_stays_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(_simulate, "err", Console(file=screen, force_terminal=True, width=100))
    result = CliRunner().invoke(cli, [*ARGS, "--batch-size", "5", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 30
    assert "simulating" in screen.getvalue() and "30/30" in screen.getvalue()


def test_move_limit_counts_truncations() -> None:
    result = CliRunner().invoke(cli, [*ARGS, "--move-limit", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["truncated"] == 30


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "genius,random,random"], "unknown bot 'genius' for game 'hit'"),
        (["--players", "2"], "3 bots for 2 seats"),
        (["-o", "rounds=0"], "bad option value"),
    ],
)
def test_bad_arguments_are_one_clear_error(extra: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, [*ARGS, *extra])
    assert result.exit_code == 1
    assert message in result.output


def test_permute_seats_is_the_api_option() -> None:
    args = ["simulate", "hit", "-n", "6", "--bots", "heuristic,random,random", "--seed", "2"]
    args += ["--bot-seed", "5"]
    result = CliRunner().invoke(cli, [*args, "--permute-seats", "--json"])
    assert result.exit_code == 0, result.output
    report = tablecards.simulate(
        "hit", 3, ["heuristic", "random", "random"], 6, 2, bot_seed=5, permute_seats=True
    )
    assert json.loads(result.stdout) == report.to_json()
    rotated = json.loads(CliRunner().invoke(cli, [*args, "--json"]).stdout)
    assert rotated != report.to_json()


def test_one_bot_name_fills_every_seat_as_in_play() -> None:
    args = ["simulate", "hit", "--bots", "heuristic", "-n", "4", "--seed", "1", "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["players"] == 3  # Hit!'s default seat count
    assert {entry["bot"] for entry in report["by_bot"]} == {"heuristic"}
    four = CliRunner().invoke(cli, [*args, "--players", "4"])
    assert json.loads(four.stdout)["players"] == 4


@pytest.mark.parametrize("arbiter", ["random", "seats"])
@pytest.mark.parametrize("bots", ["random", "heuristic,random,heuristic,random"])
def test_stop_simulations_end_with_every_arbiter(arbiter: str, bots: str) -> None:
    """STOP-13: a seat that passed is not asked again, so no arbiter loops on it (the fixed
    seat priority once asked the lowest passing seat for ever): every match ends by the rules.
    (1,000 matches per arbiter are measured in the report of issue 26; 100 here.)"""
    args = ["simulate", "stop", "-p", "4", "--bots", bots, "-n", "100", "--arbiter", arbiter]
    result = CliRunner().invoke(cli, [*args, "--bot-seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 100 and report["truncated"] == 0


def test_the_seat_priority_arbiter_reaches_the_matches() -> None:
    """--arbiter seats is not the default: the same seeds play differently."""
    args = [*("simulate", "stop", "-p", "4", "-n", "20", "--bot-seed", "1", "--json")]
    random_first = json.loads(CliRunner().invoke(cli, args).stdout)
    seats_first = json.loads(CliRunner().invoke(cli, [*args, "--arbiter", "seats"]).stdout)
    assert random_first["mean_moves"] != seats_first["mean_moves"]


def test_bots_may_be_module_factory_references() -> None:
    args = ["simulate", "hit", "--bots", "my_bots:capped,heuristic,random", "-n", "6"]
    result = CliRunner().invoke(cli, [*args, "--bot-seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    import my_bots

    report = tablecards.simulate(
        "hit", bots=[my_bots.capped, "heuristic", "random"], games=6, bot_seed=3
    )
    assert json.loads(result.stdout) == report.to_json()
    missing = CliRunner().invoke(cli, ["simulate", "hit", "--bots", "my_bots:gone", "-n", "2"])
    assert missing.exit_code == 1
    assert "bot 'my_bots:gone' cannot play: 'my_bots' has no 'gone'" in missing.output


def test_a_reference_finds_the_module_in_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The console script does not put the current directory on sys.path; the command does,
    # as `python -m` would, so that `--bots mine:bot` finds ./mine.py.
    (tmp_path / "cli_sim_here.py").write_text(
        "from tablecards import RandomBot\n\n\n"
        "def bot(game, seat):\n    return RandomBot(game, seat)\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    result = CliRunner().invoke(cli, ["simulate", "hit", "--bots", "cli_sim_here:bot", "-n", "2"])
    sys.modules.pop("cli_sim_here", None)  # the module lives in tmp_path: forget it
    assert result.exit_code == 0, result.output
    assert "cli_sim_here:bot" in result.stdout


def test_compare_prints_the_paired_difference_and_its_interval() -> None:
    args = ["simulate", "hit", "--compare", "heuristic,random", "-n", "40", "--bot-seed", "2"]
    shown = CliRunner().invoke(cli, args)
    printed = CliRunner().invoke(cli, [*args, "--json"])
    assert shown.exit_code == printed.exit_code == 0, shown.output + printed.output
    report = tablecards.compare("hit", bots=("heuristic", "random"), games=40, bot_seed=2)
    assert json.loads(printed.stdout) == report.to_json()
    win, score = report.win_difference, report.score_difference
    assert "difference heuristic - random, paired over 40 deals (95% CI):" in shown.stdout
    assert (
        f"win rate: {win.mean:+.3f} ({win.ci95[0]:+.3f} to {win.ci95[1]:+.3f}): heuristic higher"
        in shown.stdout
    )
    assert f"score: {score.mean:+.2f} ({score.ci95[0]:+.2f} to" in shown.stdout
    assert "against: random, random" in shown.stdout and "truncated: 0 of 80" in shown.stdout


def test_compare_takes_the_other_seats_from_bots() -> None:
    args = ["simulate", "hit", "--compare", "heuristic,my_bots:capped", "--bots", "heuristic"]
    result = CliRunner().invoke(cli, [*args, "-p", "4", "-n", "4", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["players"] == 4 and report["others"] == ["heuristic"] * 3
    assert report["bots"] == ["heuristic", "my_bots:capped"]
    several = CliRunner().invoke(
        cli, [*args[:4], "--bots", "random,heuristic", "-n", "2", "--json"]
    )
    assert json.loads(several.stdout)["players"] == 3
    for wrong, message in (("heuristic", "--compare takes two bots"), ("a,b,c", "two bots")):
        refused = CliRunner().invoke(cli, ["simulate", "hit", "--compare", wrong])
        assert refused.exit_code == 1 and message in refused.output


@pytest.mark.slow
def test_spawned_workers_give_the_same_json() -> None:
    args = [*ARGS, "--bots", "my_bots:capped,heuristic,random", "--batch-size", "10", "--json"]
    here = CliRunner().invoke(cli, args)
    spawned = CliRunner().invoke(cli, [*args, "--workers", "2", "--start-method", "spawn"])
    assert here.exit_code == spawned.exit_code == 0, here.output + spawned.output
    assert here.stdout == spawned.stdout
