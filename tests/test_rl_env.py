"""The PettingZoo AEC environment and the Gymnasium wrapper of ``tablecards.rl``."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from rl_games import GAMES, seat_counts
from toys import SnapGame

import tablecards
import tablecards.rl as rl
from tablecards import Match, RandomPriority, Result


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # The checkers warn about unbounded Box entries (public scores are unbounded) and such.
    warnings.simplefilter("ignore", UserWarning)


@pytest.mark.parametrize(("name", "players"), seat_counts())
def test_pettingzoo_api_and_seed_tests_pass(name: str, players: int) -> None:
    api_test(rl.env(name, players, render_mode="ansi"), num_cycles=40)
    seed_test(lambda: rl.env(name, players), num_cycles=40)


def play_randomly(env: rl.TablecardsEnv, seed: int) -> list[str]:
    rng = random.Random(seed)
    env.reset(seed=seed)
    picked = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        picked.append(agent)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return picked


def test_reset_with_a_seed_plays_the_match_of_that_seed() -> None:
    env = rl.env("stop", 4)
    play_randomly(env, 11)
    assert env.match is not None and env.match.seed == 11
    replay = Match(tablecards.load_game("stop"), 4, 11)
    for seat, action in env.match.log:
        replay.apply(seat, action)
    assert replay.to_json() == env.match.to_json()
    # Later resets without a seed go on with the seeds that follow, reproducibly.
    env.reset()
    again = rl.env("stop", 4)
    again.reset(seed=11)
    again.reset()
    assert env.match.seed == again.match.seed == tablecards.match_seed(11, 1)  # type: ignore[union-attr]


def test_open_moments_are_arbitrated_from_the_match_seed() -> None:
    """In Snap anyone may snap a pair: the seat asked first is RandomPriority's pick from the
    generator ``play`` seeds with ``{seed}/arbiter``."""
    env = rl.env(SnapGame(), 3)
    seen_open = 0
    for seed in range(5):
        picked = play_randomly(env, seed)
        replay = Match(SnapGame(), 3, seed)
        speak = random.Random(f"{seed}/arbiter")
        assert env.match is not None
        for (seat, action), agent in zip(env.match.log, picked, strict=True):
            to_act = replay.to_act
            if len(to_act) > 1:
                seen_open += 1
                assert seat == RandomPriority().pick(to_act, speak)
            assert agent == f"seat_{seat}"
            replay.apply(seat, action)
    assert seen_open > 5


def test_rewards_win_tie_loss_and_score_difference() -> None:
    won = Result(scores=(5, 3, 1), winners=(0,), rounds=1, moves=9)
    tied = Result(scores=(5, 5, 1), winners=(0, 1), rounds=1, moves=9)
    cut = Result(scores=(5, 3, 1), winners=(), rounds=1, moves=9, truncated=True)
    assert rl.final_rewards(won, "win") == [1.0, -1.0, -1.0]
    assert rl.final_rewards(tied, "win") == [0.0, 0.0, -1.0]
    assert rl.final_rewards(won, "score") == [2.0, -2.0, -4.0]
    assert rl.final_rewards(cut, "win") == rl.final_rewards(cut, "score") == [0.0] * 3


def test_the_end_of_a_match_rewards_every_seat_from_its_result() -> None:
    for reward in rl.REWARDS:
        env = rl.env("hit", 3, reward=reward)
        env.reset(seed=3)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        rng = random.Random(3)
        for agent in env.agent_iter():
            observation, cumulative, terminated, truncated, _ = env.last()
            if terminated or truncated:
                totals[agent] = cumulative
                env.step(None)
                continue
            assert cumulative == 0.0  # nothing before the end
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        result = env.match.result  # type: ignore[union-attr]
        assert result is not None
        assert list(totals.values()) == rl.final_rewards(result, reward)


def test_each_observation_is_the_callers_own_array() -> None:
    """Observations and masks are fresh arrays: a learner that keeps or changes one (a replay
    buffer, an in-place normalisation) changes no later observation."""
    env = rl.env("hit", 3)
    env.reset(seed=2)
    agent = env.agent_selection
    kept = {key: value.copy() for key, value in env.observe(agent).items()}
    for _ in range(3):  # Hit! hands out the same legal actions again: a remembered mask
        observation = env.observe(agent)
        for key, value in observation.items():
            assert np.array_equal(value, kept[key]) and value.flags.writeable
            value[:] = 7


def test_an_unmasked_action_is_refused_and_changes_nothing() -> None:
    env = rl.env("climb", 2)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.match.to_json()  # type: ignore[union-attr]
    with pytest.raises(tablecards.IllegalAction):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(tablecards.CatalogueError, match="not an index of the catalogue"):
        env.step(len(env.catalogue))
    assert env.match.to_json() == before  # type: ignore[union-attr]


def test_render_draws_the_spectator_view_as_text() -> None:
    env = rl.env("hit", 3, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "Hit!" in text and "to act: seat_0" in text
    assert rl.env("hit", 3).render() is None


def test_bad_options_are_refused() -> None:
    with pytest.raises(tablecards.UnknownOption, match="reward must be one of"):
        rl.env("hit", reward="points")
    with pytest.raises(tablecards.UnknownOption, match="render_mode"):
        rl.env("hit", render_mode="rgb_array")
    with pytest.raises(tablecards.UnknownOption):
        rl.env("hit", 9)
    with pytest.raises(tablecards.UnknownGame):
        rl.env("no-such-game")
    assert rl.env("hit", rounds=2).game.options.rounds == 2


@pytest.mark.parametrize("name", GAMES)
def test_the_gymnasium_wrapper_passes_check_env(name: str) -> None:
    check_env(rl.single_agent_env(name, illegal="lose"), skip_render_check=True)


def test_the_single_agent_learner_meets_registered_bots() -> None:
    assert "heuristic" in tablecards.registry().bot_names("hit")
    env = rl.single_agent_env("hit", 3, seat=1, opponents=["heuristic", "random"])
    observation, info = env.reset(seed=4)
    assert info["match_seed"] == 4 and env.match is not None
    assert env.match.to_act == (1,)
    rng = np.random.default_rng(0)
    terminated = truncated = False
    while not (terminated or truncated):
        choices = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, _ = env.step(int(rng.choice(choices)))
    assert reward in (-1.0, 0.0, 1.0) and env.match.is_over
    with pytest.raises(tablecards.UnknownBot):
        rl.single_agent_env("hit", opponents="grandmaster")
    with pytest.raises(tablecards.UnknownOption, match="opponents"):
        rl.single_agent_env("hit", 3, opponents=["random"])
    with pytest.raises(tablecards.UnknownOption, match="seat must be"):
        rl.single_agent_env("hit", 3, seat=3)


def test_the_bots_generators_come_from_the_bot_seed_with_the_match_seed() -> None:
    """As in tablecards.play: the same seeds replay the bots' moves; another bot seed changes
    them for the same match seed (a bot cannot recover the match seed from its generator)."""

    def first_moves(bot_seed: int, seed: int) -> tuple[tuple[int, Any], ...]:
        env = rl.single_agent_env("hit", 3, seat=2, bot_seed=bot_seed)
        _, info = env.reset(seed=seed)
        assert info == {"match_seed": seed, "bot_seed": bot_seed} and env.match is not None
        return env.match.log

    seeds = range(8)
    assert [first_moves(1, s) for s in seeds] == [first_moves(1, s) for s in seeds]
    assert [first_moves(1, s) for s in seeds] != [first_moves(2, s) for s in seeds]
    fresh = rl.single_agent_env("hit", 3)
    assert isinstance(fresh.bot_seed, int)
    with pytest.raises(tablecards.UnknownOption, match="bot_seed"):
        rl.single_agent_env("hit", 3, bot_seed="1")  # type: ignore[arg-type]


def test_the_wrapper_refuses_or_scores_an_unmasked_action() -> None:
    env = rl.single_agent_env("climb", 2)
    observation, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(tablecards.IllegalAction):
        env.step(illegal)
    lose = rl.single_agent_env("climb", 2, illegal="lose")
    lose.reset(seed=2)
    _, reward, terminated, _, info = lose.step(illegal)
    assert (reward, terminated, info) == (-1.0, True, {"illegal": True})


def test_import_tablecards_stays_light_and_a_missing_extra_is_named() -> None:
    code = (
        "import sys, tablecards\n"
        "assert 'numpy' not in sys.modules and 'tablecards.rl' not in sys.modules\n"
        "sys.modules['pettingzoo'] = None\n"
        "try:\n"
        "    import tablecards.rl\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "tablecards[rl]" in out and "pettingzoo" in out
