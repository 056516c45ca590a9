"""Bots think off the event loop: search bots in worker processes, plain bots in a thread.

A search bot (ISMCTS) is pure Python: a thread would hold the interpreter lock for hundreds of
milliseconds and every player of the server would wait. So a search bot's decision runs in a
process of its own. The worker never sees the live match: it gets what
:func:`tablecards.bot_choice` would give the bot, its seat's :class:`tablecards.InformationSet`
(a determinisation drawn for the seat, which holds nothing the seat may not know; it pickles as
a snapshot and the log the seat saw), plus the bot and its generator. It answers with the
chosen action's JSON and the generator's new state, so the table's generator goes on as if the
bot had chosen in place.

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
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from tablecards import Action, Bot, InformationSet, Match

__all__ = ["Thinker", "thinker"]

log = logging.getLogger("tablecards.server")

#: After this many dead worker pools, search bots think in threads (slower for everyone).
MAX_BROKEN = 3


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
        payload = _payload(bot, info, rng)
        if payload is not None and self.workers > 0 and self._broken < MAX_BROKEN:
            try:
                chosen, state = await loop.run_in_executor(self._workers(), _think, payload)
            except BrokenProcessPool:
                self._broken += 1
                log.warning(
                    "bot workers: a worker process died (%d of %d); bots think in threads "
                    "after that",
                    self._broken,
                    MAX_BROKEN,
                )
                self.close()
            else:
                if chosen is not None:
                    rng.setstate(state)
                    return next(a for a in actions if match.action_json(a) == chosen)
        chooser = bot.choose_in  # type: ignore[attr-defined]
        action: Action = await loop.run_in_executor(None, chooser, info, actions, rng)
        return action

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


def _payload(bot: Bot, info: InformationSet, rng: random.Random) -> bytes | None:
    try:
        return pickle.dumps((bot, info, rng))
    except Exception:  # a toy game or bot that cannot travel: think in a thread
        return None


def _think(payload: bytes) -> tuple[dict[str, Any] | None, Any]:
    """In a worker: the information set back, the bot's choice as action JSON."""
    try:
        bot, info, rng = pickle.loads(payload)
    except TypeError:  # a state that cannot travel: the table thinks in a thread
        return None, None
    chosen = bot.choose_in(info, list(info.legal_actions()), rng)
    action: dict[str, Any] = info.game.action_json(chosen)
    return action, rng.getstate()


#: The process-wide thinker of the server's tables.
thinker = Thinker()
