"""``tablecards replay``: stepping through saved matches, and ``--verify``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import tablecards
from tablecards import Match, RandomBot
from tablecards.cli import cli
from tablecards.table._render import render_scene

GAMES = tablecards.available_games()


def saved_match(
    tmp_path: Path, game: str = "hit", seed: int = 4, stop_after: int | None = None
) -> Path:
    match = Match(game, seed=seed)
    bots = [RandomBot() for _ in range(match.players)]
    rng = random.Random(seed)
    while not match.is_over and (stop_after is None or match.moves < stop_after):
        seat = match.waiting_for[0]
        match.apply(seat, bots[seat].choose({}, match.legal_actions(seat), rng))
    path = tmp_path / f"{game}.json"
    path.write_text(match.to_json(), encoding="utf-8")
    return path


def replay(*args: str, text: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["replay", *args], input=text)


@pytest.mark.parametrize("game", GAMES)
def test_verify_accepts_every_game_saved_match(game: str, tmp_path: Path) -> None:
    path = saved_match(tmp_path, game)
    result = replay(str(path), "--verify")
    assert result.exit_code == 0, result.output
    moves = len(json.loads(path.read_text())["log"])
    assert f"ok    the log replays: {moves} legal actions" in result.output
    assert "ok    the saved state matches the replayed log" in result.output
    assert "verified" in result.output


def test_verify_fails_on_a_tampered_state(tmp_path: Path) -> None:
    path = saved_match(tmp_path)
    data = json.loads(path.read_text())
    data["log"] = data["log"][:-1]  # the log no longer leads to the saved state
    path.write_text(json.dumps(data))
    result = replay(str(path), "--verify")
    assert result.exit_code == 1
    assert "FAIL  the saved state does not match its replayed log" in result.output
    assert "verified" not in result.output


def test_verify_fails_on_another_plugin_version(tmp_path: Path) -> None:
    path = saved_match(tmp_path)
    data = json.loads(path.read_text())
    data["game_version"] = "0.0.1"
    path.write_text(json.dumps(data))
    result = replay(str(path), "--verify")
    assert result.exit_code == 1
    assert "ok    the saved state matches the replayed log" in result.output
    installed = tablecards.load_game("hit").version
    assert f"FAIL  saved by hit 0.0.1, installed {installed}" in result.output


def test_verify_reports_a_file_that_is_not_a_match(tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_text("{not json")
    result = replay(str(path), "--verify")
    assert result.exit_code == 1
    assert "FAIL  not a saved match: invalid JSON" in result.output


def spy_scenes(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    drawn: list[dict[str, Any]] = []

    def spy(scene: Any) -> Any:
        drawn.append(json.loads(json.dumps(scene)))
        return render_scene(scene)

    monkeypatch.setattr("tablecards.cli._screen.render_scene", spy)
    return drawn


def zone_boxes(scene: dict[str, Any]) -> dict[str, dict[str, Any]]:
    boxes = [box for panel in scene["seats"] for box in panel["zones"]]
    boxes += [box for group in scene["middle"] for box in group["zones"]]
    return {box["id"]: box for box in boxes}


def test_replay_shows_every_card_by_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    drawn = spy_scenes(monkeypatch)
    path = saved_match(tmp_path, stop_after=6)
    result = replay(str(path))
    assert result.exit_code == 0, result.output
    assert "seen by everyone (all cards shown)" in result.output
    assert "move 6" in result.output and "move 7" not in result.output
    assert "saved unfinished after 6 actions" in result.output
    assert len(drawn) == 2  # the start and the end
    deck = zone_boxes(drawn[-1])["deck"]
    assert len(deck["cards"]) == deck["count"] > 0  # the deck face up: nothing is secret now


@pytest.mark.parametrize("game", GAMES)
def test_replay_for_one_seat_shows_only_its_scene(
    game: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    drawn = spy_scenes(monkeypatch)
    path = saved_match(tmp_path, game, stop_after=5)
    saved = Match.from_json(path.read_text())
    result = replay(str(path), "--seat", "1", "--every")
    assert result.exit_code == 0, result.output
    assert "seen by Player 2" in result.output
    assert len(drawn) == saved.moves + 1
    secret = [zone.name for zone in saved.state.zones() if not zone.visible_to(1) and len(zone)]
    for scene in drawn:
        assert scene["viewer"] == 1 and scene["seats"][0]["name"] == "You"
        boxes = zone_boxes(scene)
        assert all(boxes[name]["cards"] is None for name in secret if name in boxes)


def test_replay_with_step_waits_and_q_stops(tmp_path: Path) -> None:
    path = saved_match(tmp_path, stop_after=10)
    result = replay(str(path), "--step", text="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "move 3" in result.output and "move 4" not in result.output


def test_replay_of_a_finished_match_gives_the_result(tmp_path: Path) -> None:
    path = saved_match(tmp_path)
    saved = Match.from_json(path.read_text())
    result = replay(str(path), "--seat", "2")
    assert result.exit_code == 0, result.output
    assert saved.result is not None
    assert f"Match over after {saved.result.moves} actions" in result.output


def test_replay_of_a_bad_file_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("[1, 2]")
    result = replay(str(path))
    assert result.exit_code == 1
    assert "Error: not a saved match: expected a JSON object" in result.output


def test_replay_for_one_seat_after_verify_replays_as_that_seat(tmp_path: Path) -> None:
    path = saved_match(tmp_path, game="stop", seed=4, stop_after=40)
    result = replay(str(path), "--seat", "1", "--verify")
    assert result.exit_code == 0, result.output
    assert "verified" in result.output
    assert "Stop: start, seen by Player 2" in result.output and "move 40" in result.output
    assert "You draw a" in result.output  # seat 1's own draws, in words
    assert not re.search(r"\b(?:hand|pack|bid):\d", result.output)  # no zone ids
    alone = replay(str(path), "--verify")
    assert "verified" in alone.output and "move 1" not in alone.output  # alone: only checks


def test_replay_reads_in_the_games_words(tmp_path: Path) -> None:
    path = saved_match(tmp_path, game="hit", seed=4)
    result = replay(str(path))
    assert result.exit_code == 0, result.output
    assert "Player 1 draws a" in result.output or "Player 2 draws a" in result.output
    assert not re.search(r"\b(?:row|loot):\d", result.output)
    assert not re.search(r"\bseat \d", result.output, re.IGNORECASE)
