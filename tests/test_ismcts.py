"""The ``ismcts`` bot: registered for every game, reproducible, driven by every runner."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

import tablecards
from tablecards import InformationSet, IsmctsBot, Match, RandomBot, SearchBot, TablecardsError
from tablecards.cli import cli

GAMES = [("hit", 3), ("stop", 4), ("exhopp", 4), ("hattrick", 4)]


def test_ismcts_is_registered_for_every_installed_game() -> None:
    registry = tablecards.registry()
    for game in tablecards.available_games():
        assert registry.bot(game, "ismcts").factory is IsmctsBot
    assert isinstance(IsmctsBot(), SearchBot)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_ismcts_plays_whole_matches_through_play(name: str, players: int) -> None:
    match = Match(name, players, seed=3)
    bots = [IsmctsBot(match.game, 0, iterations=8)] + [
        RandomBot(match.game, seat) for seat in range(1, players)
    ]
    result = tablecards.play(match, bots, seed=3)
    assert match.is_over and not result.truncated


def test_the_same_seed_gives_the_same_search() -> None:
    match = Match("hattrick", 4, seed=5)
    seat = match.to_act[0]
    choices = set()
    for _ in range(3):
        bot = IsmctsBot(match.game, seat, iterations=50)
        info = InformationSet(match, seat)
        choices.add(bot.choose_in(info, match.legal_actions(seat), random.Random(7)))
    assert len(choices) == 1


def test_the_budget_is_iterations_or_seconds() -> None:
    match = Match("hit", 3, seed=1)
    seat = match.to_act[0]
    actions = match.legal_actions(seat)
    counted = IsmctsBot(match.game, seat, iterations=37)
    counted.choose_in(InformationSet(match, seat), actions, random.Random(0))
    assert counted.last_iterations == 37
    timed = IsmctsBot(match.game, seat, seconds=0.05)
    assert timed.choose_in(InformationSet(match, seat), actions, random.Random(0)) in actions
    assert timed.last_iterations >= 8


def test_a_forced_choice_is_not_searched() -> None:
    match = Match("hit", 3, seed=1)
    seat = match.to_act[0]
    bot = IsmctsBot(match.game, seat, iterations=50)
    only = match.legal_actions(seat)[:1]
    assert bot.choose_in(InformationSet(match, seat), only, random.Random(0)) == only[0]
    assert bot.last_iterations == 0


def test_a_bare_view_is_refused_with_a_clear_error() -> None:
    match = Match("hit", 3, seed=1)
    with pytest.raises(TablecardsError, match="information set"):
        IsmctsBot().choose(match.view(0), match.legal_actions(0), random.Random(0))


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="iterations"):
        IsmctsBot(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        IsmctsBot(seconds=0)


def test_ismcts_decides_in_open_moments() -> None:
    """STOP-06: after a draw every seat may call Stop; the bot asked decides for itself."""
    match = Match("stop", 4, seed=2)
    assert len(match.to_act) > 1
    seat = match.to_act[-1]
    bot = IsmctsBot(match.game, seat, iterations=30)
    action = tablecards.bot_choice(bot, match, seat, random.Random(1))
    assert action in match.legal_actions(seat)
    assert bot.last_iterations == 30


def test_simulate_drives_ismcts_by_name() -> None:
    report = tablecards.simulate("hit", 3, ["ismcts", "random", "random"], games=3, seed=1)
    assert report.games == 3 and report.by_bot[0].bot == "ismcts"


def test_the_cli_simulates_and_plays_against_ismcts() -> None:
    """``tablecards simulate --bots ismcts`` and ``tablecards play --bots ismcts`` both work."""
    result = CliRunner().invoke(
        cli, ["simulate", "hit", "-n", "2", "--bots", "ismcts,random,random", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["by_bot"][0]["bot"] == "ismcts"
    played = CliRunner().invoke(
        cli, ["play", "hit", "--seed", "4", "--bots", "ismcts"], input="1\n" * 300
    )
    assert played.exit_code == 0, played.output[-2000:]
    assert "Match over after" in played.output


def test_the_kit_checks_search_bots_through_their_information_set() -> None:
    """A game plugin may register a search bot: the kit's bots check drives it as play does."""
    from tablecards.testing import check_game

    def small(game: tablecards.Game, seat: int) -> IsmctsBot:  # type: ignore[type-arg]
        return IsmctsBot(game, seat, iterations=5)

    report = check_game("hit", players=[3], seeds=1, checks={"bots"}, bots={"small": small})
    assert report.bot_matches == 3
