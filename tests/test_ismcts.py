"""The ``ismcts`` bot: registered for every game, reproducible, driven by every runner."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

import tablecards
from tablecards import InformationSet, IsmctsBot, Match, RandomBot, SearchBot, TablecardsError
from tablecards.cli import cli
from tablecards.search._ismcts import _margins

GAMES = [("hit", 3), ("stop", 4), ("exhopp", 4), ("hattrick", 4)]


def test_ismcts_is_registered_for_every_installed_game_with_its_search_options() -> None:
    registry = tablecards.registry()
    for name in tablecards.available_games():
        game = tablecards.load_game(name)
        bot = registry.bot(name, "ismcts").factory(game, 1)
        assert isinstance(bot, IsmctsBot) and bot.seat == 1
        for option, value in game.search_options().items():
            assert getattr(bot, option) == value, (name, option)
    assert isinstance(IsmctsBot(), SearchBot)


def test_for_game_takes_the_games_options_and_lets_the_caller_override_them() -> None:
    class Tuned(type(tablecards.load_game("hit"))):  # type: ignore[misc]
        def search_options(self) -> dict[str, object]:
            return {"exploration": 0.3, "reward": "share"}

    bot = IsmctsBot.for_game(Tuned(), 2, reward="gain")
    assert (bot.seat, bot.exploration, bot.reward) == (2, 0.3, "gain")
    with pytest.raises(TypeError):
        IsmctsBot.for_game(Tuned(), 0, colour="red")


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


def test_bad_budgets_and_options_are_refused() -> None:
    with pytest.raises(ValueError, match="iterations"):
        IsmctsBot(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        IsmctsBot(seconds=0)
    with pytest.raises(ValueError, match="reward must be one of gain, share"):
        IsmctsBot(reward="wins")
    with pytest.raises(ValueError, match="prior_share"):
        IsmctsBot(prior_share=-1)


def test_gain_scores_a_cut_playout_by_each_seats_gain_against_the_others() -> None:
    """Seat 0 gained 3 while the others gained 1 each: a margin of 2; each of them -1."""
    assert _margins([5, 3, 1], [2, 2, 0]) == [2.0, -1.0, -1.0]
    assert _margins([4, 4], [4, 4]) == [0.0, 0.0]


def test_a_prior_bot_decides_where_the_search_cannot_tell_and_never_when_its_share_is_0() -> None:
    match = Match("exhopp", 4, seed=5)
    heuristic = tablecards.registry().bot("exhopp", "heuristic").factory(match.game, 0)
    followed = searched = 0
    for _ in range(6):
        seat = match.to_act[0]
        actions = match.legal_actions(seat)
        expected = heuristic.choose(match.view(seat), actions, random.Random(0))
        ruled = IsmctsBot(match.game, seat, iterations=10, prior_bot="heuristic", prior_share=9)
        chosen = ruled.choose_in(InformationSet(match, seat), actions, random.Random(1))
        followed += chosen == expected or len(actions) == 1
        plain = IsmctsBot(match.game, seat, iterations=10)
        unweighted = IsmctsBot(
            match.game, seat, iterations=10, prior_bot="heuristic", prior_share=0
        )
        info = InformationSet(match, seat)
        searched += plain.choose_in(info, actions, random.Random(2)) == unweighted.choose_in(
            info, actions, random.Random(2)
        )
        match.apply(seat, chosen)
    assert followed == 6 and searched == 6


def test_an_opponent_model_plays_the_other_seats_from_their_own_views(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tablecards_stop._bots as stop_bots

    asked: list[int] = []
    choose = stop_bots.HeuristicBot.choose

    def spy(self: stop_bots.HeuristicBot, view, actions, rng):  # type: ignore[no-untyped-def]
        asked.append(view["seat"])
        return choose(self, view, actions, rng)

    monkeypatch.setattr(stop_bots.HeuristicBot, "choose", spy)
    match = Match("stop", 4, seed=2)
    seat = match.to_act[-1]
    bot = IsmctsBot(match.game, seat, iterations=40, opponent_bot="heuristic")
    action = tablecards.bot_choice(bot, match, seat, random.Random(1))
    assert action in match.legal_actions(seat)
    assert asked and seat not in asked and set(asked) <= set(range(4))


def test_ismcts_decides_in_open_moments() -> None:
    """STOP-06: after a draw every seat may call Stop; the bot asked decides for itself."""
    match = Match("stop", 4, seed=2)
    assert len(match.to_act) > 1
    seat = match.to_act[-1]
    bot = IsmctsBot(match.game, seat, iterations=30)
    action = tablecards.bot_choice(bot, match, seat, random.Random(1))
    assert action in match.legal_actions(seat)
    assert bot.last_iterations == 30


@pytest.mark.slow
def test_simulate_drives_ismcts_by_name() -> None:
    report = tablecards.simulate("hit", 3, ["ismcts", "random", "random"], games=3, seed=1)
    assert report.games == 3 and report.by_bot[0].bot == "ismcts"


@pytest.mark.slow
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


@pytest.mark.parametrize(("name", "players"), [("hit", 3), ("exhopp", 4), ("hattrick", 4)])
def test_a_games_playout_action_is_its_heuristic_bots_choice(name: str, players: int) -> None:
    """Hit!, Ex & Hopp and Hattrick read their heuristic bot's reasoning straight from the state
    for the search; it must choose as the bot does from its view (Ex & Hopp's policy never
    proposes an exchange, so the bot's proposals are left out)."""
    game = tablecards.load_game(name)
    factory = tablecards.registry().bot(name, "heuristic").factory
    compared = 0
    for seed in range(6):
        match = Match(game, players, seed=seed)
        bots = [factory(game, seat) for seat in range(players)]
        rng = random.Random(seed)
        while not match.is_over:
            seat = match.to_act[0]
            legal = match.legal_actions(seat)
            chosen = bots[seat].choose(match.view(seat), legal, rng)
            if type(chosen).__name__ != "Propose":
                assert game.playout_action(match.state, seat, legal, rng) == chosen
                compared += 1
            match.apply(seat, chosen)
    assert compared > 100


def test_policy_options_play_the_games_playout_action_for_the_other_seats_and_playouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = tablecards.load_game("hattrick")
    asked: list[int] = []
    policy = type(game).playout_action

    def spy(self, state, seat, legal, rng):  # type: ignore[no-untyped-def]
        asked.append(seat)
        return policy(self, state, seat, legal, rng)

    monkeypatch.setattr(type(game), "playout_action", spy)
    match = Match(game, 4, seed=2)
    seat = match.to_act[0]
    info = InformationSet(match, seat)
    legal = match.legal_actions(seat)
    IsmctsBot(game, seat, iterations=10).choose_in(info, legal, random.Random(1))
    assert asked == []  # not asked unless the bot is told to
    # 40 iterations: past the first 15 (one for each card to lead), the tree reaches the others.
    IsmctsBot(game, seat, iterations=40, policy_opponents=True).choose_in(
        info, legal, random.Random(1)
    )
    assert asked and seat not in asked  # the other seats inside the tree only
    asked.clear()
    IsmctsBot(game, seat, iterations=10, policy_playouts=True).choose_in(
        info, legal, random.Random(1)
    )
    assert seat in asked and len(set(asked)) == 4  # every seat in the playouts


def test_policy_options_fall_back_to_random_moves_where_a_game_has_no_policy() -> None:
    match = Match("stop", 4, seed=2)
    seat = match.to_act[-1]
    bot = IsmctsBot(match.game, seat, iterations=20, policy_playouts=True, policy_opponents=True)
    assert tablecards.bot_choice(bot, match, seat, random.Random(1)) in match.legal_actions(seat)
    assert bot.last_iterations == 20


def test_paired_search_compares_every_action_on_the_same_luck() -> None:
    """HIT-07: with fewer than three cards in front of it a draw cannot bust, so drawing again
    is never worse; HIT-06: a long row with a likely bust is better banked. A paired search sees
    both with few iterations (it would not if it credited the wrong action)."""
    from tablecards_hit import DRAW_AGAIN, END_TURN

    match = Match("hit", 3, seed=4)
    seat = match.to_act[0]
    bot = IsmctsBot(match.game, seat, iterations=40, paired=True, policy_playouts=True)
    assert len(match.state.rows[seat].cards) < 3  # type: ignore[attr-defined]
    assert tablecards.bot_choice(bot, match, seat, random.Random(1)) == DRAW_AGAIN
    assert bot.last_iterations == 40
    while True:  # draw on until the row is long and any value it holds is likely to come
        match.apply(seat, DRAW_AGAIN)
        if seat not in match.to_act:
            match = Match("hit", 3, seed=match.seed + 1)
            seat = match.to_act[0]
            continue
        if match.legal_actions(seat) != (DRAW_AGAIN, END_TURN):
            match.apply(seat, match.legal_actions(seat)[-1])
        if len({card.value for card in match.state.rows[seat].cards}) >= 6:  # type: ignore[attr-defined]
            break
    assert tablecards.bot_choice(bot, match, seat, random.Random(1)) == END_TURN
