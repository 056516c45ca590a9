"""The garbage collector of a serving process: small steps between messages, what lives long
frozen out of its sight, and a log of its pauses.

Python's collector stops the whole process while it runs, for a time that grows with the
objects it looks at. Left to itself in a server holding hundreds of matches, its young
collections grew with the live matches (it counts allocations *net* of deallocations, so a
move that replaces a scene's containers by as many new ones hardly counts, and by the time
it collects, its young generation holds most of every match's recent state), and its full
collections looked at every object of every match: pauses of 100-500 ms at 250-500 live
matches, felt by every player as a frozen table (issue 43; ``bench/gc_profile.py``: at 1,000
live matches a young collection took 231 ms of CPU, a full one 924 ms).

So while ``tablecards serve`` runs (:meth:`Collector.tune`, then :meth:`Collector.start` in
the app's event loop):

- every :data:`STEP_SECONDS` the loop runs a young collection between two messages: it looks
  only at what was allocated since the last step and is still alive (a few hundred moves'
  worth at most), and what survives it is frozen (:func:`gc.freeze`): a match's state, its
  scenes, its connections are looked at once, not again at every full collection. Frozen
  objects are still freed by reference counting the moment nothing refers to them; only
  garbage in reference cycles that forms after they were frozen waits (before Python 3.12,
  asyncio's socket transports were such a cycle once closed: :func:`release_transport`
  breaks it for every connection the server accepts);
- that garbage is collected by a full pass (:meth:`Collector.full_pass`: everything is
  unfrozen, collected, frozen again) when the process's resident memory has grown by a
  quarter since the last one (checked every :data:`CHECK_EVERY` steps; counting the frozen
  objects would walk them all), at most once every :data:`FULL_EVERY` seconds: the one pause
  that still grows with the live matches, rare, and logged like the others;
- the automatic collector keeps a high threshold, as a safety net for a burst within one
  turn of the loop (a restart rebuilding every match).

:data:`PAUSES` logs every collection (generation, milliseconds of wall time and of CPU,
objects freed), in ``GET /debug/stats`` with ``--stats``.
"""

from __future__ import annotations

import asyncio
import collections
import gc
import os
import sys
import time
from typing import Any

__all__ = [
    "COLLECTOR",
    "FULL_EVERY",
    "GC_THRESHOLD",
    "PAUSES",
    "STEP_SECONDS",
    "Collector",
    "Pauses",
    "Steps",
    "release_transport",
    "release_when_closed",
    "resident",
]

#: The automatic collector's first threshold while serving (Python's default is 700): each
#: action allocates thousands of short-lived containers (scenes, history lines), freed by
#: reference counting; collecting every 700 of them cost a quarter of the server's CPU. The
#: steps collect before it is reached, but for a burst within one turn of the loop.
GC_THRESHOLD = 50_000
#: Seconds between two young collections run by the event loop.
STEP_SECONDS = 0.05
#: Seconds at least between two full passes (each unfreezes and looks at everything).
FULL_EVERY = 600.0
#: A full pass is due once the resident memory is this many times what it was after the
#: last one (Python's own rule for its full collections: a quarter more than the last left).
FULL_GROWTH = 1.25
#: Steps between two looks at the resident memory.
CHECK_EVERY = 20
#: The latest collections kept by the log.
KEPT = 2_000


class Pauses:
    """Every collection's pause, from :data:`gc.callbacks`: counts, the longest, the total,
    and the latest :data:`KEPT` as ``(wall time, generation, ms, CPU ms, freed)``: the
    milliseconds the process waited, and those of them it ran (on a busy machine a
    collection may wait for a core too)."""

    def __init__(self) -> None:
        self.count = [0, 0, 0]
        self.total_ms = [0.0, 0.0, 0.0]
        self.longest_ms = [0.0, 0.0, 0.0]
        self.latest: collections.deque[tuple[float, int, float, float, int]] = collections.deque(
            maxlen=KEPT
        )
        #: Set while a collection is asked for by a reader (``/debug/stats``): not a pause of
        #: serving, not logged.
        self.quiet = False
        self._started = 0.0
        self._started_cpu = 0.0
        self._installed = False

    def install(self) -> None:
        """Log from now on (once per process)."""
        if not self._installed:
            gc.callbacks.append(self._callback)
            self._installed = True

    def uninstall(self) -> None:
        """Stop logging."""
        if self._installed:
            gc.callbacks.remove(self._callback)
            self._installed = False

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started_cpu = time.thread_time()
            self._started = time.perf_counter()
            return
        if self.quiet:
            return
        ms = (time.perf_counter() - self._started) * 1000
        cpu_ms = (time.thread_time() - self._started_cpu) * 1000
        generation = int(info["generation"])
        self.count[generation] += 1
        self.total_ms[generation] += ms
        self.longest_ms[generation] = max(self.longest_ms[generation], ms)
        self.latest.append((time.time(), generation, ms, cpu_ms, int(info["collected"])))

    def to_json(self) -> dict[str, Any]:
        """The log for ``/debug/stats``."""
        return {
            "collections": list(self.count),
            "total_ms": [round(ms, 3) for ms in self.total_ms],
            "longest_ms": [round(ms, 3) for ms in self.longest_ms],
            "latest": [
                [round(at, 3), generation, round(ms, 3), round(cpu_ms, 3), freed]
                for at, generation, ms, cpu_ms, freed in self.latest
            ],
        }


#: The pauses of this process's collector.
PAUSES = Pauses()


class Collector:
    """How a serving process collects garbage (see the module's documentation)."""

    def __init__(self, pauses: Pauses = PAUSES) -> None:
        self.pauses = pauses
        #: Whether :meth:`tune` ran: the steps run only then (an app under another server
        #: keeps Python's collector as it is).
        self.tuned = False
        #: Full passes run, and the resident memory after the last one.
        self.full_passes = 0
        self._after_full = 0
        self._full_at = 0.0
        self._steps = 0

    def tune(self) -> None:
        """Move everything allocated so far (modules, the app, the games' classes) out of
        the collector's sight and leave young objects to the steps (before serving)."""
        self.pauses.install()
        gc.collect()
        gc.freeze()
        _, second, third = gc.get_threshold()
        gc.set_threshold(GC_THRESHOLD, second, third)
        self._after_full = resident()
        self._full_at = time.monotonic()
        self.tuned = True

    def start(self) -> Steps | None:
        """Run the steps in the running event loop (when tuned); ``None`` when not tuned."""
        if not self.tuned:
            return None
        loop = asyncio.get_running_loop()
        handle: list[asyncio.TimerHandle] = []

        def step() -> None:
            self.step()
            handle[0] = loop.call_later(STEP_SECONDS, step)

        handle.append(loop.call_later(STEP_SECONDS, step))
        return Steps(handle)

    def step(self) -> None:
        """One young collection, what survives frozen; a full pass when one is due."""
        gc.collect(1)  # the young, and what an automatic collection kept since the last step
        gc.freeze()
        self._steps += 1
        if self._steps % CHECK_EVERY or time.monotonic() - self._full_at < FULL_EVERY:
            return
        if resident() >= FULL_GROWTH * self._after_full:  # 0 (not known): every FULL_EVERY
            self.full_pass()

    def full_pass(self) -> int:
        """Unfreeze, collect everything, freeze again; the objects freed."""
        gc.unfreeze()
        freed = gc.collect()
        gc.freeze()
        self.full_passes += 1
        self._after_full = resident()
        self._full_at = time.monotonic()
        return freed

    def to_json(self) -> dict[str, Any]:
        """The pauses and the passes, for ``/debug/stats``."""
        return {
            **self.pauses.to_json(),
            "stepping": self.tuned,
            "full_passes": self.full_passes,
        }


def resident() -> int:
    """This process's resident memory in bytes (Linux ``/proc``; 0 elsewhere)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def release_transport(transport: object) -> bool:
    """Let a closed connection's transport be freed by reference counting (``True``), not left
    in a reference cycle for a full pass (``False``: it still reads; ask again later).

    Before Python 3.12 an asyncio socket transport keeps a bound method of itself
    (``_read_ready_cb``) after it is closed (CPython gh-100348; 3.12's ``close()`` drops it):
    each connection a server ever held stayed in memory until a full collection, and a frozen
    one until a full pass. Once a transport is closing, it reads no more (``close()`` and
    ``abort()`` stop its reader at once), so the method can go, as 3.12 lets it go.
    """
    if sys.version_info >= (3, 12):
        return True
    closing = getattr(transport, "is_closing", None)
    if not callable(closing):
        return True  # not an asyncio transport: nothing to do
    if not closing():
        return False
    attributes = getattr(transport, "__dict__", {})
    if callable(attributes.get("_read_ready_cb")):
        attributes["_read_ready_cb"] = None
    return True


def release_when_closed(transport: object, tries: int = 120) -> None:
    """:func:`release_transport` now, or each second until the transport is closing (at most
    ``tries`` times: a peer that never closes is cut by the server's own timeouts)."""
    if release_transport(transport) or tries <= 0:
        return
    asyncio.get_running_loop().call_later(1.0, release_when_closed, transport, tries - 1)


class Steps:
    """The steps running in an event loop (:meth:`Collector.start`)."""

    def __init__(self, handle: list[asyncio.TimerHandle]) -> None:
        self._handle = handle  # the next step's timer, whichever it is now

    def cancel(self) -> None:
        """Stop the steps (the app stops)."""
        self._handle[0].cancel()


#: The collector of this process.
COLLECTOR = Collector()
