"""The collector of a serving process (issue 43): its pauses logged, young objects collected in
small steps and what survives frozen, frozen garbage in cycles collected by a full pass."""

from __future__ import annotations

import asyncio
import gc
import socket
import sys
import weakref
from collections.abc import Iterator

import pytest

from tablecards.server import _collector
from tablecards.server._collector import Collector, Pauses, release_transport


class Node:
    """A container in a reference cycle (weakly referenceable, to see it go)."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    first, second = Node(), Node()
    first.other, second.other = second, first
    return weakref.ref(first)


@pytest.fixture
def collector() -> Iterator[Collector]:
    """A collector tuned for the test, and Python's collector as it was afterwards."""
    thresholds = gc.get_threshold()
    made = Collector(Pauses())
    try:
        yield made
    finally:
        made.pauses.uninstall()
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        gc.collect()


def test_the_pause_log_counts_each_collection_but_those_asked_for_quietly() -> None:
    pauses = Pauses()
    pauses.install()
    try:
        gc.collect(0)
        gc.collect(1)
        pauses.quiet = True
        gc.collect(0)
        pauses.quiet = False
    finally:
        pauses.uninstall()
    logged = pauses.to_json()
    assert logged["collections"][0] >= 1 and logged["collections"][1] >= 1
    assert all(row[1] in (0, 1, 2) and row[2] >= 0 and row[3] >= 0 for row in logged["latest"])
    assert len(logged["latest"]) == sum(logged["collections"])


def test_a_step_collects_young_garbage_and_freezes_what_survives(
    collector: Collector,
) -> None:
    collector.tune()
    assert collector.tuned
    kept = [[n] for n in range(100)]  # alive: frozen by the step
    lost = cycle()  # garbage in a cycle, young: collected by the step
    collector.step()
    assert lost() is None
    tracked = {id(o) for o in gc.get_objects()}
    assert id(kept) not in tracked and id(kept[0]) not in tracked  # out of the collector's sight
    assert kept[50] == [50]


def test_a_full_pass_collects_cycles_that_died_frozen(collector: Collector) -> None:
    collector.tune()
    held = [cycle()]
    first = held[0]()
    collector.step()  # the cycle, alive, is frozen
    del first
    collector.step()
    assert held[0]() is not None  # frozen: no step looks at it again
    assert collector.full_pass() >= 2
    assert held[0]() is None
    assert collector.full_passes == 1


def test_the_steps_run_in_the_event_loop_once_tuned(
    collector: Collector, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_collector, "STEP_SECONDS", 0.001)

    async def run() -> tuple[object, int]:
        untuned = collector.start()
        collector.tune()
        steps = collector.start()
        assert steps is not None
        lost = cycle()
        for _ in range(50):
            await asyncio.sleep(0.002)
            if lost() is None:
                break
        steps.cancel()
        return untuned, 0 if lost() is None else 1

    untuned, left = asyncio.run(run())
    assert untuned is None  # an app under another server keeps Python's collector
    assert left == 0


def test_a_closed_transport_is_freed_without_the_collector() -> None:
    """Python 3.11's socket transport keeps a bound method of itself once closed: released,
    it goes with its last reference, frozen or not (no full pass needed)."""

    async def run() -> tuple[bool, bool]:
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair()
        transport, _ = await loop.connect_accepted_socket(asyncio.Protocol, ours)
        reading = release_transport(transport)  # still reading: not yet
        transport.close()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        released = release_transport(transport)
        gone = weakref.ref(transport)
        del transport
        theirs.close()
        # Before 3.12 an open transport is not released (it still reads); 3.12 needs none.
        return (not reading or sys.version_info >= (3, 12)) and released, gone() is None

    enabled = gc.isenabled()
    gc.disable()  # only reference counting may free it
    try:
        reading_refused, freed = asyncio.run(run())
    finally:
        if enabled:
            gc.enable()
    assert reading_refused
    assert freed
