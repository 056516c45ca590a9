"""``tablecards play``: scripted humans against bots, for every installed game and for Snap.

Snap (tests/toys.py) has open moments on every pair, so it proves the open-moment handling
until Stop (the real open moments) is installed; the tests below then cover Stop as well,
since they are parametrized over :func:`tablecards.available_games`.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result
from toys import PASS, SNAP, SnapGame

import tablecards
from tablecards import GameInfo, Match
from tablecards.cli import cli
from tablecards.table._render import menu, render_scene

GAMES = [*tablecards.available_games(), "snap"]
ENOUGH = "1\n" * 3000  # more choices than any match asks of one seat


@pytest.fixture(autouse=True)
def snap_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Snap, registered as if a plugin provided it (no rendering hook: the generic screen)."""
    monkeypatch.setitem(
        tablecards.registry().games, "snap", GameInfo("snap", SnapGame, None, "1.0")
    )


def play(args: list[str], text: str) -> Result:
    return CliRunner().invoke(cli, ["play", *args], input=text)


def replay_human_moves(save: Path, human: int = 0) -> tuple[Match, list[tuple[Any, ...]]]:
    """Replay a saved match; for each action: (seat, action, the seats asked before: those the
    moment waited for, legal actions, the first choice of the seat's scene)."""
    saved = Match.from_json(save.read_text("utf-8"))
    match = Match(saved.game, saved.players, saved.seed, move_limit=saved.move_limit)
    steps = []
    for seat, action in saved.log:
        asked = match.waiting_for or match.to_act
        first = match.parse_action(menu(match.scene(seat)["actions"])[0][2])
        steps.append((seat, action, asked, tuple(match.legal_actions(seat)), first))
        match.apply(seat, action)
    return saved, steps


@pytest.mark.parametrize("game", GAMES)
def test_a_scripted_human_plays_a_whole_match_and_bad_entries_are_asked_again(
    game: str, tmp_path: Path
) -> None:
    save = tmp_path / "match.json"
    result = play([game, "--seed", "5", "--save", str(save)], "banana\n0\n\n" + ENOUGH)
    assert result.exit_code == 0, result.output[-3000:]
    assert "Not understood: 'banana' is not a choice" in result.output
    assert "0 is not on the menu" in result.output
    assert "nothing was typed" in result.output
    assert "Match over after" in result.output
    saved, steps = replay_human_moves(save)
    assert saved.is_over
    human = [(action, first) for seat, action, _, _, first in steps if seat == 0]
    assert human, "the human never acted"
    # "1" every time: the human played the first choice of its scene, each time it was asked.
    assert all(action == first for action, first in human)


@pytest.mark.parametrize("game", GAMES)
def test_in_open_moments_the_human_speaks_before_the_bots(game: str, tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    result = play([game, "--seed", "11", "--save", str(save)], ENOUGH)
    assert result.exit_code == 0, result.output[-3000:]
    _, steps = replay_human_moves(save)
    open_moments = [seat for seat, _, to_act, *_ in steps if len(to_act) > 1 and 0 in to_act]
    # No bot ever took a moment that waited for the human before the human had spoken in it.
    for index, (seat, _, asked, *_) in enumerate(steps):
        assert seat == 0 or 0 not in asked, (game, index)
    if game == "stop":  # the human passed in the auction, was not asked again: the bots went on
        passes = [
            i
            for i, (seat, action, *_) in enumerate(steps)
            if seat == 0 and type(action).__name__ == "Pass"
        ]
        assert any(i + 1 < len(steps) and steps[i + 1][0] != 0 for i in passes)
    if open_moments and game == "goofspiel":  # everyone bids on their own: nobody speaks first
        assert "Everyone chooses on their own:" in result.output
        assert "nobody sees your choice" in result.output
        assert "Open moment:" not in result.output and "act or pass" not in result.output
    elif open_moments:
        assert "Open moment:" in result.output and "you speak first: act or pass" in result.output
    if game == "snap":
        assert open_moments, "Snap must offer the human an open moment with this seed"


def test_the_human_may_pass_in_an_open_moment_and_a_bot_then_takes_it(tmp_path: Path) -> None:
    # Typed forms: "pass" in an open moment, "Flip" otherwise (a wrong form is explained).
    save = tmp_path / "match.json"
    script = "snap\n" + "pass\nflip\n" * 400  # "snap" first: not legal on a flip turn
    result = play(["snap", "--seed", "11", "--save", str(save), "--bots", "random"], script)
    assert result.exit_code == 0, result.output[-3000:]
    assert "Not allowed: no pair is showing: flip a card" in result.output
    _, steps = replay_human_moves(save)
    passes = [
        index for index, (seat, action, *_rest) in enumerate(steps) if (seat, action) == (0, PASS)
    ]
    assert passes
    assert all(action != SNAP for seat, action, *_rest in steps if seat == 0)
    assert any(seat != 0 and action == SNAP for seat, action, *_rest in steps)


def test_the_screen_shows_only_the_human_seats_scene(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    drawn: list[Any] = []

    def spy(scene: Any) -> Any:
        drawn.append(json.loads(json.dumps(scene)))
        return render_scene(scene)

    monkeypatch.setattr("tablecards.cli._screen.render_scene", spy)
    result = play(["snap", "--players", "3", "--seat", "2", "--seed", "3"], ENOUGH)
    assert result.exit_code == 0, result.output[-3000:]
    assert len(drawn) > 5
    assert all(scene["viewer"] == 2 for scene in drawn)
    decks = [box for scene in drawn for group in scene["middle"] for box in group["zones"]]
    assert all(box["cards"] is None for box in decks if box["id"] == "deck")  # the deck: hidden
    assert "cards face down" in result.output
    assert "you play Player 3" in result.output
    assert not re.search(r"\bseat \d", result.output, re.IGNORECASE)


def test_ctrl_c_saves_the_match_before_quitting(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    answers = iter(["1", "1", "1"])

    def prompt(*args: Any, **kwargs: Any) -> str:
        for answer in answers:
            return answer
        raise KeyboardInterrupt

    monkeypatch.setattr(click, "prompt", prompt)
    save = tmp_path / "match.json"
    result = CliRunner().invoke(cli, ["play", "hit", "--seed", "2", "--save", str(save)])
    assert result.exit_code == 130
    assert "Interrupted" in result.output and f"Match saved to {save}" in result.output
    saved = Match.from_json(save.read_text("utf-8"))
    assert not saved.is_over
    assert sum(seat == 0 for seat, _ in saved.log) == 3


def test_end_of_input_and_quit_save_too(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    ended = play(["hit", "--seed", "2", "--save", str(save)], "1\n")
    # The end of a script is a normal way to stop: exit 0, a short message, the match saved.
    assert ended.exit_code == 0
    assert "End of input: the match stops here." in ended.output
    assert "Interrupted" not in ended.output
    assert sum(seat == 0 for seat, _ in Match.from_json(save.read_text()).log) == 1
    result = play(["hit", "--seed", "2", "--save", str(save)], "?\n1\nq\n")
    assert result.exit_code == 0
    assert "Other commands:" in result.output  # the help
    assert sum(seat == 0 for seat, _ in Match.from_json(save.read_text()).log) == 1


def test_the_same_seed_and_choices_give_the_same_match(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path in (first, second):
        play(["hit", "--seed", "8", "--bots", "heuristic,random", "--save", str(path)], ENOUGH)
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nogame"], "unknown game 'nogame'"),
        (["hit", "--seat", "7"], "seat 7 is not a seat of 3"),
        (["hit", "--bots", "random,random,random"], "3 bots for 2 seats (the seats not played by"),
        (["hit", "--bots", "genius"], "unknown bot 'genius'"),
        (["hit", "--players", "9"], "played by 2 to 6 players, not 9"),
    ],
)
def test_bad_arguments_are_explained(args: list[str], message: str) -> None:
    result = play(args, "")
    assert result.exit_code != 0
    assert message in result.output


def test_rule_ids_show_only_on_request() -> None:
    # "steal" on a draw-again-or-stop decision: refused, with the rule only when asked for.
    plain = play(["hit", "--seed", "3"], "steal\n?\nq\n")
    assert "Not allowed: there is nothing to steal" in plain.output
    assert "[HIT-09]" not in plain.output
    assert "The last refusal applied rule HIT-09" in plain.output  # the ? help tells it
    explained = play(["hit", "--seed", "3", "--explain"], "steal\nq\n")
    assert "[HIT-09]" in explained.output


def test_the_seed_shows_once_the_match_is_over_never_before(tmp_path: Path) -> None:
    result = play(["hit", "--seed", "5"], ENOUGH)
    over = result.output.index("Match over after")
    assert "seed 5" not in result.output[:over] and "--seed 5" in result.output[over:]
    quit_early = play(["hit", "--seed", "5"], "q\n")
    assert "5" not in quit_early.output.split("\n")[0]  # the header names no seed
    assert "--seed" not in quit_early.output


def test_a_two_step_choice_opens_its_second_step_as_scene_text_numbers_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # STOP-11: a raise is chosen in two steps (which bid, then with which cards); the terminal
    # numbers them as tablecards.scene_text does and reads them one at a time or at once.
    from tablecards.cli._play import _Table

    match = Match("stop", players=4, seed=3)
    rng = random.Random(3)
    while True:
        seat = match.to_act[0]
        menu = tablecards.choice_menu(match, seat, [f"Player {n + 1}" for n in range(4)])
        step = next((choice for choice in menu.choices if choice.then is not None), None)
        if step is not None and step.then is not None:
            break
        mover = rng.choice(match.waiting_for or match.to_act)
        match.apply(mover, rng.choice(match.legal_actions(mover)))
    last = step.then.choices[-1]
    assert last.act is not None
    expected = match.parse_action(last.act)
    for answers in (
        [str(step.number), "", str(step.number), str(last.number)],
        [f"{step.number} {last.number}"],
    ):
        played = match.clone()
        monkeypatch.setattr(click, "prompt", _replies(answers))
        _Table(played, (seat,), {}, seed=0, events=5).ask(seat, played.to_act)
        assert played.log[-1] == (seat, expected)
        shown = capsys.readouterr().out
        for line in menu.lines():  # the menu as the scene text prints it
            assert line in shown, line


def _replies(answers: list[str]) -> Any:
    """A stand-in for click.prompt that gives ``answers`` in order."""
    replies = iter(answers)
    return lambda *args, **kwargs: next(replies)


def test_two_people_at_one_terminal_choose_on_their_own_and_the_second_never_sees_the_first() -> (
    None
):
    # Goofspiel's sealed bids with both seats played at the terminal: Player 1 bids 13, then
    # Player 2's screen says the moment is everyone's own, that Player 1 has chosen, and not
    # what (its own menu offers its own 13: the screen above the menu is what is checked).
    result = play(["goofspiel", "--seat", "0", "--seat", "1", "--seed", "3"], "13\n1\nq\n")
    assert result.exit_code == 0, result.output[-3000:]
    assert "speak first" not in result.output and "act or pass" not in result.output
    second = result.output.split("Goofspiel - Player 2 (you) - move 2", 1)[1]
    screen = second.split("Your turn: choose", 1)[0]
    assert "Everyone chooses on their own: nobody sees your choice" in " ".join(screen.split())
    assert "Player 1 has chosen" in screen
    assert "bid 13" not in screen and "13 of hearts" in screen  # Player 1's hand, still whole
    after = second.split("Goofspiel - Player 1 (you) - move 3", 1)[1]
    assert "Your choice is revealed: bid 13" in after  # shown once both have chosen
