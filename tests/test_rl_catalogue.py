"""The action catalogue (``tablecards.ActionCatalogue``) and the rl environment's masks.

For every game, seeded matches are played through the AEC environment: at every step each
legal action of every seat that may act round-trips through its index, and the action mask the
environment shows equals the legal actions exactly. ``--tablecards-rl-matches 1000`` runs the
issue's full 1,000 matches per game (spread over its seat counts).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import numpy as np
import pytest
from rl_games import GAMES
from toys import SnapGame

import tablecards
import tablecards.rl as rl
from tablecards import Action, ActionCatalogue, CatalogueError


@pytest.fixture(scope="module")
def matches(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--tablecards-rl-matches"))


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_round_trips_and_masks_equal_legal_actions(
    name: str, matches: int
) -> None:
    game = tablecards.load_game(name)
    counts = list(range(game.min_players, game.max_players + 1))
    rng = np.random.default_rng(7)
    checked = 0
    for number in range(matches):
        players = counts[number % len(counts)]
        env = rl.env(game, players)
        catalogue = env.catalogue
        env.reset(seed=number)
        match = env.match
        assert match is not None
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            for seat in match.to_act:
                legal = match.legal_actions(seat)
                for action in legal:
                    assert catalogue[catalogue.index(action)] == action
                shown = env.observe(f"seat_{seat}")["action_mask"]
                assert set(np.flatnonzero(shown)) == {catalogue.index(a) for a in legal}
                checked += len(legal)
            mask = observation["action_mask"]
            choices = np.flatnonzero(mask)
            env.step(int(choices[rng.integers(len(choices))]))
        assert match.is_over
    assert checked > matches


@pytest.mark.parametrize("name", GAMES)
def test_catalogue_indices_are_positions_and_stable(name: str) -> None:
    game = tablecards.load_game(name)
    for players in (game.min_players, game.max_players):
        catalogue = ActionCatalogue(game, players)
        assert [catalogue.index(a) for a in catalogue] == list(range(len(catalogue)))
        # Stable: the same game and seat count always give the same list.
        again = ActionCatalogue(tablecards.load_game(name), players)
        assert list(again) == list(catalogue)
        # Actions read back from JSON get the same index.
        for action in catalogue:
            copy = tablecards.action_from_json(
                game.action_types(), tablecards.action_to_json(action)
            )
            assert catalogue.index(copy) == catalogue.index(action)


def test_stop_catalogue_grows_with_the_seats_it_names() -> None:
    """STOP-11, STOP-15: raises and gifts name seats, so 3 seats list fewer than 6."""
    stop = tablecards.load_game("stop")
    assert len(ActionCatalogue(stop, 3)) < len(ActionCatalogue(stop, 6))


@attrs.frozen(slots=True)
class Bet(Action):
    """An action with a field: no catalogue can be generated for it."""

    amount: int


class BettingSnap(SnapGame):
    name: ClassVar[str] = "betting-snap"
    actions: ClassVar[tuple[type[Action], ...]] = (*SnapGame.actions, Bet)


def test_a_game_without_a_catalogue_gets_a_clear_error() -> None:
    with pytest.raises(CatalogueError, match=r"betting-snap: .*Game\.action_catalogue"):
        rl.env(BettingSnap())
    with pytest.raises(CatalogueError, match="declares no action catalogue"):
        ActionCatalogue(BettingSnap(), 2)


def test_field_less_games_get_a_generated_catalogue() -> None:
    catalogue = ActionCatalogue(SnapGame(), 3)
    assert [type(a) for a in catalogue] == list(SnapGame.actions)


class Listing(SnapGame):
    listed: ClassVar[tuple[Any, ...]] = ()

    def action_catalogue(self, players: int) -> Any:
        return self.listed


def test_a_catalogue_with_duplicates_or_foreign_entries_is_refused() -> None:
    class Twice(Listing):
        listed = (*SnapGame().action_catalogue(2), SnapGame.actions[0]())  # type: ignore[misc]

    class Foreign(Listing):
        listed = (Bet(1),)

    with pytest.raises(CatalogueError, match="entries 0 and 3 are the same"):
        ActionCatalogue(Twice(), 2)
    with pytest.raises(CatalogueError, match="is not one of its actions"):
        ActionCatalogue(Foreign(), 2)


def test_an_action_missing_from_the_catalogue_is_named() -> None:
    catalogue = ActionCatalogue(tablecards.load_game("hattrick"), 4)
    stop_action = tablecards.load_game("stop").action_catalogue(3)
    assert stop_action is not None
    with pytest.raises(CatalogueError, match="not in the action catalogue"):
        catalogue.index(stop_action[0])
    with pytest.raises(CatalogueError, match="legal but not in the action catalogue"):
        catalogue.indices([catalogue[0], stop_action[0]])
    assert stop_action[0] not in catalogue


def test_an_unplayable_seat_count_is_refused() -> None:
    with pytest.raises(tablecards.UnknownOption):
        ActionCatalogue(tablecards.load_game("hattrick"), 3)


def test_random_masked_play_reaches_the_end_of_every_game() -> None:
    rng = random.Random(1)
    for name in GAMES:
        env = rl.env(name)
        env.reset(seed=rng.randrange(1000))
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert env.agents == []
