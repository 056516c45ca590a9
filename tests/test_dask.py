"""``tablecards.simulate`` on a Dask distributed cluster (the multi-machine path).

A small local cluster of worker *processes* stands in for machines: each worker loads the game
from its own installed plugins, and the report equals the in-process one bit for bit.
"""

from __future__ import annotations

import os

import distributed  # the dask extra, tablecards[dask]; in the dev group, so CI runs this test
import pytest

import tablecards


@pytest.mark.slow
def test_a_dask_cluster_gives_the_in_process_report() -> None:
    bots = ["heuristic", "random", "random"]
    expected = tablecards.simulate("hit", bots=bots, games=40, seed=5, batch_size=10)
    with (
        distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        seen: list[int] = []
        report = tablecards.simulate(
            "hit",
            bots=bots,
            games=40,
            seed=5,
            bot_seed=expected.bot_seed,
            batch_size=10,
            executor=client.get_executor(pure=False),
            progress=seen.append,
        )
        workers = client.run(os.getpid)
    assert len(workers) == 2 and os.getpid() not in workers.values()
    assert report.to_json() == expected.to_json()
    assert seen[-1] == 40 and len(seen) == 4
