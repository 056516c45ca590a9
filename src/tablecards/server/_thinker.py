"""Bots think off the event loop: search bots in worker processes, plain bots in a thread.

A search bot (ISMCTS) is pure Python: a thread would hold the interpreter lock for hundreds of
milliseconds and every player of the server would wait. So a search bot's decision runs in a
process of its own. The worker never sees the live match: it gets what
:func:`tablecards.bot_choice` would give the bot, its seat's :class:`tablecards.InformationSet`
(a determinisation drawn for the seat, which holds nothing the seat may not know), sent as
JSON-ready data (the state's snapshot, the seen log) plus the bot and its generator. It answers
with the position of the chosen action among the legal ones and the generator's new state, so
the table's generator goes on as if the bot had chosen in place.

A bot's own attributes changed while it thinks stay in the worker (bots are copied there for
each decision); a game or bot that cannot be copied to a process thinks in a thread instead.
Plain bots choose from a view, in microseconds: they think in a thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import pickle
import random
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from tablecards import Action, Bot, InformationSet, Match
from tablecards._determinise import _UNSEEN, Unseen
from tablecards._loads import state_from_snapshot
from tablecards._serial import snapshot

__all__ = ["Thinker", "thinker"]

log = logging.getLogger("tablecards.server")

#: After this many dead worker pools, search bots think in threads (slower for everyone).
MAX_BROKEN = 3
#: A decision sent to a worker: the bot, its seat, the information set as data, the legal
#: actions' JSON and the generator.
Payload = tuple[Any, ...]


class Thinker:
    """Where the bots of a server process think: ``workers`` processes for search bots (``0``:
    threads only). The processes start with the first search bot's decision."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._broken = 0

    def configure(self, workers: int) -> None:
        """Use ``workers`` processes from now on (a running pool is replaced)."""
        if workers != self.workers:
            self.close()
            self.workers = workers

    async def choose(self, bot: Bot, match: Match, seat: int, rng: random.Random) -> Action:
        """The action ``bot`` chooses for ``seat`` of ``match`` now, computed off the loop.

        Same inputs as :func:`tablecards.bot_choice`; ``rng`` advances as it would there.
        """
        actions = list(match.legal_actions(seat))
        loop = asyncio.get_running_loop()
        if getattr(bot, "choose_in", None) is None:
            view = match.view(seat) if getattr(bot, "uses_view", True) else {}
            return await loop.run_in_executor(None, bot.choose, view, actions, rng)
        info = InformationSet(match, seat)
        payload = self._payload(bot, info, match, actions, rng)
        if payload is not None and self.workers > 0 and self._broken < MAX_BROKEN:
            try:
                index, state = await loop.run_in_executor(self._workers(), _think, payload)
            except BrokenProcessPool:
                self._broken += 1
                log.warning(
                    "bot workers: a worker process died (%d of %d); bots think in threads after "
                    "that",
                    self._broken,
                    MAX_BROKEN,
                )
                self.close()
            else:
                if index >= 0:
                    rng.setstate(state)
                    return actions[index]
        chooser = bot.choose_in  # type: ignore[attr-defined]
        chosen: Action = await loop.run_in_executor(None, chooser, info, actions, rng)
        return chosen

    def _payload(
        self,
        bot: Bot,
        info: InformationSet,
        match: Match,
        actions: Sequence[Action],
        rng: random.Random,
    ) -> bytes | None:
        base: Match = info._base
        try:
            data = (
                bot,
                info.seat,
                match.game,
                match.players,
                base.seed,
                snapshot(base.state),
                [
                    (actor, None if type(action) is Unseen else match.action_json(action))
                    for actor, action in base.log
                ],
                [match.action_json(action) for action in actions],
                rng,
            )
            return pickle.dumps(data)
        except Exception:  # a toy game or bot that cannot travel: think in a thread
            return None

    def _workers(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("forkserver"),
                initializer=_lower_priority,
            )
        return self._pool

    def close(self) -> None:
        """Stop the worker processes (decisions under way are dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _lower_priority() -> None:
    # The event loop answers players; searching may wait a little.
    with contextlib.suppress(OSError):
        os.nice(5)


def _think(payload: bytes) -> tuple[int, Any]:
    """In a worker: rebuild the information set, let the bot choose, return its position."""
    bot, seat, game, players, seed, snap, seen, legal, rng = pickle.loads(payload)
    base = Match(game, players, seed)
    state = state_from_snapshot(base.state, snap)
    if state is None:  # a state the snapshot reader does not handle: think in a thread
        return -1, None
    base._state = state
    base._log = [
        (actor, _UNSEEN if action is None else base.parse_action(action)) for actor, action in seen
    ]
    info = object.__new__(InformationSet)
    info.seat = seat
    info.game = game
    info.players = players
    info._base = base
    info._history = None
    actions = [base.parse_action(action) for action in legal]
    chosen = bot.choose_in(info, actions, rng)
    return actions.index(chosen), rng.getstate()


#: The process-wide thinker of the server's tables.
thinker = Thinker()
