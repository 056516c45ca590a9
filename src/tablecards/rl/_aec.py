"""Any tablecards game as a PettingZoo AEC environment (see ``docs/rl.md``)."""

from __future__ import annotations

import random
import secrets
from typing import Any, ClassVar, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from tablecards import (
    ActionCatalogue,
    Arbiter,
    CatalogueError,
    Game,
    Match,
    RandomPriority,
    Result,
    UnknownOption,
    match_seed,
)
from tablecards.rl._encoding import ObservationEncoder

__all__ = ["REWARDS", "TablecardsEnv", "final_rewards"]

Observation = dict[str, npt.NDArray[Any]]
Reward = Literal["win", "score"]
#: The reward schemes of ``env(..., reward=...)``.
REWARDS: tuple[Reward, ...] = ("win", "score")


def final_rewards(result: Result, scheme: Reward) -> list[float]:
    """Each seat's reward at the end of a match (0 for all when the match was truncated).

    - ``"win"``: +1 for a sole winner, 0 for each of several seats that share the win (a tie),
      -1 for every other seat;
    - ``"score"``: the seat's final score minus the best final score among the other seats.
    """
    scores = result.scores
    if result.truncated:
        return [0.0] * len(scores)
    if scheme == "score":
        return [
            float(score - max(s for other, s in enumerate(scores) if other != seat))
            for seat, score in enumerate(scores)
        ]
    winners = result.winners
    win = 1.0 if len(winners) == 1 else 0.0
    return [win if seat in winners else -1.0 for seat in range(len(scores))]


class TablecardsEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """A match of a tablecards game as a PettingZoo AEC environment; build it with
    :func:`tablecards.rl.env`.

    Agents are ``"seat_0"``, ``"seat_1"``...; each observes ``{"observation", "action_mask"}``
    (the encoding of its own view, and 1 for each legal entry of the action catalogue) and acts
    with the index of a catalogue entry. In an open moment (several seats may act), the
    environment's arbiter picks which seat acts next, seeded from the match seed as
    :func:`tablecards.play` does; that seat may act or decline, and the arbiter picks again.
    Rewards come only at the end of the match (see :func:`final_rewards`).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tablecards",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game[Any],
        players: int,
        *,
        reward: Reward = "win",
        render_mode: str | None = None,
        arbiter: Arbiter | None = None,
        move_limit: int | None = None,
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise UnknownOption(game.name, f"reward must be one of {REWARDS}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise UnknownOption(
                game.name, f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}"
            )
        self.game = game
        self.players = players
        self.reward_scheme: Reward = reward
        self.render_mode = render_mode
        self.catalogue = ActionCatalogue(game, players)
        # Read on every step: the catalogue's list and length, without its Sequence methods.
        self._actions = tuple(self.catalogue)
        self._size = len(self._actions)
        # Games hand out the catalogue's own action objects: numbered by identity, no hashing.
        # The catalogue keeps them alive, so their ids stay theirs.
        self._by_id = {id(action): number for number, action in enumerate(self._actions)}
        # The last legal actions seen and their mask (see _mask).
        self._legal: object = None
        self._legal_mask = b""
        self.encoder = ObservationEncoder(game, players)
        self.arbiter: Arbiter = arbiter or RandomPriority()
        self._move_limit = move_limit
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.catalogue),), dtype=np.int8),
            }
        )
        # One object per agent, returned on every call (PettingZoo's API test checks identity).
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {
            agent: spaces.Discrete(len(self.catalogue)) for agent in self.possible_agents
        }
        self._base_seed: int | None = None
        self._episode = 0
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The ``Dict(observation=Box, action_mask=Box)`` space of every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(len(catalogue))``: an action is its index in ``catalogue``."""
        return self.action_spaces[agent]

    # -- the match --------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match.

        ``reset(seed=s)`` plays ``Match(game, players, s)``, so the match can be replayed and
        checked with every tablecards tool; each later ``reset()`` without a seed plays the
        next seed of that sequence (:func:`tablecards.match_seed`). Without any seed, the first
        one is drawn from the operating system.
        """
        if seed is not None:
            self._base_seed, self._episode = int(seed), 0
            number = int(seed)
        else:
            if self._base_seed is None:
                self._base_seed, self._episode = secrets.randbits(32), 0
            self._episode += 1
            number = match_seed(self._base_seed, self._episode)
        self.match = Match(self.game, self.players, number, move_limit=self._move_limit)
        self._speak = random.Random(f"{number}/arbiter")
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._pick()

    def _pick(self) -> str:
        match = self._live()
        to_act = match.waiting_for or match.to_act  # never a seat the moment does not wait for
        if len(to_act) == 1:
            return self.possible_agents[to_act[0]]
        return self.possible_agents[self.arbiter.pick(to_act, self._speak)]

    def _live(self) -> Match:
        if self.match is None:
            raise CatalogueError(self.game.name, "call reset() before using the environment")
        return self.match

    def observe(self, agent: str) -> Observation:
        """The encoding of ``agent``'s view, and the mask of its legal catalogue entries."""
        match = self.match if self.match is not None else self._live()
        seat = self._seat_of[agent]
        observation = self.encoder.encode(match.state, seat)
        return {"observation": observation, "action_mask": self._mask(match, seat)}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (when ``observe``), cumulative reward,
        termination, truncation and info: PettingZoo's ``last()``, read once per step."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _mask(self, match: Match, seat: int) -> npt.NDArray[np.int8]:
        """1 at the catalogue number of each legal action of ``seat``."""
        legal = match.legal_actions(seat)
        # Games often hand out the same tuple of legal actions again (Hit!'s two choices): its
        # mask is copied as bytes (a C copy) and read by NumPy, cheaper than a NumPy copy.
        if legal is self._legal and type(legal) is tuple:
            again: npt.NDArray[np.int8] = np.frombuffer(bytearray(self._legal_mask), np.int8)
            return again
        # A bytearray filled by a Python loop, then viewed by NumPy: cheaper than np.zeros and
        # a fancy assignment for the few legal actions of a moment.
        mask = bytearray(self._size)
        by_id = self._by_id
        try:
            for action in legal:
                mask[by_id[id(action)]] = 1
        except KeyError:  # an action equal to a listed one, not the listed object itself
            for number in self.catalogue.indices(legal):
                mask[number] = 1
        if type(legal) is tuple:  # a list may change under us: only a tuple is remembered
            self._legal, self._legal_mask = legal, bytes(mask)
        array: npt.NDArray[np.int8] = np.frombuffer(mask, np.int8)
        return array

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play catalogue entry ``action`` for the selected agent.

        Raises:
            IllegalAction: the entry is not legal now (its mask entry is 0).
            CatalogueError: ``action`` is not an index of the catalogue.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self.match if self.match is not None else self._live()
        number = action if type(action) is int or action is None else int(action)
        if number is None or not 0 <= number < self._size:
            raise CatalogueError(
                self.game.name,
                f"action {action!r} is not an index of the catalogue 0 to {self._size - 1}",
            )
        match.apply(self._seat_of[agent], self._actions[number])
        self._cumulative_rewards[agent] = 0.0
        if match.is_over:
            self._finish(match)
        else:
            to_act = match.waiting_for or match.to_act
            self.agent_selection = self.possible_agents[
                to_act[0] if len(to_act) == 1 else self.arbiter.pick(to_act, self._speak)
            ]
        if self.render_mode == "human":
            self.render()

    def _finish(self, match: Match) -> None:
        """The match is over: every agent gets its reward and is done."""
        result = match.result
        if result is None:  # pragma: no cover - is_over guarantees a result
            raise RuntimeError("match ended without a result")
        rewards = final_rewards(result, self.reward_scheme)
        self.rewards = {a: rewards[self._seat_of[a]] for a in self.agents}
        done = dict.fromkeys(self.agents, True)
        if result.truncated:
            self.truncations = done
        else:
            self.terminations = done
        self._accumulate_rewards()
        self._deads_step_first()

    # -- display ----------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as a spectator sees it, as text (``render_mode="ansi"`` returns it,
        ``"human"`` prints it), drawn by the game's own renderer when it has one."""
        if self.render_mode is None:
            return None
        text = render_text(self._live(), self.agent_selection)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: a match is plain Python data."""


def render_text(match: Match, selected: str) -> str:
    """The spectator's scene of ``match`` as plain text (:func:`tablecards.scene_text`), and
    who is to act."""
    from tablecards import scene_text

    status = "over" if match.is_over else f"to act: {selected}"
    text = scene_text(match.scene(None), width=100)
    return f"{text}\n{match.game.title}, move {match.moves}, {status}\n"
