"""One seat of a tablecards game as a Gymnasium environment; tablecards bots hold the others."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from tablecards import (
    Bot,
    Game,
    IllegalAction,
    Match,
    UnknownOption,
    bot_choice,
    match_seed,
    registry,
)
from tablecards.play._checks import random_seed
from tablecards.rl._aec import (
    REWARDS,
    Observation,
    Reward,
    TablecardsEnv,
    final_rewards,
    render_text,
)

__all__ = ["SingleAgentEnv"]

# A match that ends before the learning seat acts gives it nothing to learn: the environment
# skips it and plays the next seed. Bounded, so a game where the seat never acts fails clearly.
_SKIPS = 100


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """Seat ``seat`` of a tablecards game learns; registered bots play every other seat.

    Build it with :func:`tablecards.rl.single_agent_env`. Observations, the action space, the
    action catalogue and the rewards are those of the AEC environment (:func:`tablecards.rl.env`)
    for that seat: a step plays the learner's action, then lets the bots play (open moments are
    arbitrated as in :func:`tablecards.play`) until the learner must act again or the match ends.
    An action whose mask entry is 0 raises :class:`~tablecards.IllegalAction`, unless
    ``illegal="lose"``: then it ends the episode at once with reward -1 (for checkers and
    learners that sample unmasked actions).

    The bots' generators come from ``bot_seed`` and the match seed together, as in
    :func:`tablecards.play` they come from a seed apart from the match's: a bot that read its
    generator could otherwise recover the match seed, and with it every hidden card. Without
    ``bot_seed``, one is drawn from the operating system; ``env.bot_seed`` holds it, to play
    the same episodes again.
    """

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 - Gymnasium's own attribute

    def __init__(
        self,
        game: Game[Any],
        players: int,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: Reward = "win",
        illegal: str = "raise",
        render_mode: str | None = None,
        bot_seed: int | None = None,
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise UnknownOption(game.name, f"illegal must be 'raise' or 'lose', not {illegal!r}")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise UnknownOption(
                game.name, f"seat must be a seat from 0 to {players - 1}, not {seat!r}"
            )
        self._aec = TablecardsEnv(game, players, reward=reward, render_mode=None)
        if reward not in REWARDS:  # pragma: no cover - TablecardsEnv refuses it first
            raise UnknownOption(game.name, f"unknown reward {reward!r}")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise UnknownOption(
                game.name, f"{len(names)} opponents for the {players - 1} other seats"
            )
        reg = registry()
        self._factories = [reg.bot(game.name, name).factory for name in names]
        self.opponents = tuple(names)
        self.game = game
        self.players = players
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.catalogue = self._aec.catalogue
        self.encoder = self._aec.encoder
        self.observation_space = self._aec.observation_space("seat_0")
        self.action_space = self._aec.action_space("seat_0")
        if bot_seed is not None and (type(bot_seed) is bool or not isinstance(bot_seed, int)):
            raise UnknownOption(game.name, f"bot_seed must be an int or None, not {bot_seed!r}")
        self.bot_seed = random_seed() if bot_seed is None else int(bot_seed)
        self._base_seed: int | None = None
        self._episode = 0
        self.match: Match | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new match and play the bots up to the learner's first decision.

        Seeds work as in :meth:`TablecardsEnv.reset`; the arbiter is seeded from the match
        seed, the bots' generators from ``bot_seed`` and the match seed (see the class).
        """
        super().reset(seed=seed)
        if seed is not None:
            self._base_seed, self._episode = int(seed), 0
        elif self._base_seed is None:
            self._base_seed, self._episode = secrets.randbits(32), 0
        else:
            self._episode += 1
        for _ in range(_SKIPS):
            number = (
                self._base_seed
                if self._episode == 0
                else match_seed(self._base_seed, self._episode)
            )
            self._start(number)
            if self._advance():
                return self._observe(), {"match_seed": number, "bot_seed": self.bot_seed}
            self._episode += 1
        raise UnknownOption(
            self.game.name, f"seat {self.seat} never got to act in {_SKIPS} matches in a row"
        )

    def _start(self, number: int) -> None:
        self.match = Match(self.game, self.players, number)
        self._speak = random.Random(f"{number}/arbiter")
        # Hashed together (a string seed goes through SHA-512): no bot can recover the match
        # seed from its generator without the bot seed.
        self._rngs = [
            random.Random(f"{self.bot_seed}/{number}/bot/{s}") for s in range(self.players)
        ]
        self._bots: dict[int, Bot] = {}
        others = [s for s in range(self.players) if s != self.seat]
        for other, factory in zip(others, self._factories, strict=True):
            self._bots[other] = factory(self.game, other)

    def _advance(self) -> bool:
        """Let the bots play until the learner is picked to act (True) or the match ends."""
        match = self._match()
        arbiter, speak = self._aec.arbiter, self._speak
        while not match.is_over:
            to_act = match.waiting_for or match.to_act
            actor = to_act[0] if len(to_act) == 1 else arbiter.pick(to_act, speak)
            if actor == self.seat:
                return True
            # bot_choice: a search bot (ismcts) gets its seat's information set.
            match.apply(actor, bot_choice(self._bots[actor], match, actor, self._rngs[actor]))
        return False

    def _match(self) -> Match:
        if self.match is None:
            raise UnknownOption(self.game.name, "call reset() before step()")
        return self.match

    def _observe(self) -> Observation:
        match = self._match()
        observation: npt.NDArray[np.float32] = self.encoder.encode(match.state, self.seat)
        return {"observation": observation, "action_mask": self._aec._mask(match, self.seat)}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play catalogue entry ``action`` for the learner, then the bots until its next turn."""
        match = self._match()
        number = int(action)
        chosen = self.catalogue[number] if 0 <= number < len(self.catalogue) else None
        if chosen is None or chosen not in match.legal_actions(self.seat):
            if self.illegal == "lose":
                return self._observe(), -1.0, True, False, {"illegal": True}
            raise IllegalAction(
                self.seat, chosen if chosen is not None else number, "its action mask entry is 0"
            )
        match.apply(self.seat, chosen)
        self._advance()
        result = match.result
        if self.render_mode == "human":
            print(self.render_text())
        if result is None:
            return self._observe(), 0.0, False, False, {}
        reward = final_rewards(result, self._aec.reward_scheme)[self.seat]
        return self._observe(), reward, not result.truncated, result.truncated, {}

    def render_text(self) -> str:
        """The table as a spectator sees it, as text."""
        return render_text(self._match(), f"seat_{self.seat}")

    def render(self) -> str | None:
        """Text of the table (``"ansi"`` returns it, ``"human"`` prints it)."""
        if self.render_mode == "ansi":
            return self.render_text()
        if self.render_mode == "human":
            print(self.render_text())
        return None
