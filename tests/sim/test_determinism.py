"""Game i comes from (seed, i) alone: the same frame, row for row, whatever runs it."""

from __future__ import annotations

import polars as pl
import pytest

from kit.sim import simulate
from kit.sim.executors import chunks
from kit.sim.run import Plan, play_chunk
from kit.sim.seeding import game_seed


def test_chunks_cover_every_game_once_in_order():
    for games, parts in [(0, 4), (1, 4), (10, 3), (10, 20), (4001, 2)]:
        pieces = list(chunks(games, parts, largest=1000))
        covered = [i for start, stop in pieces for i in range(start, stop)]
        assert covered == list(range(games))
        assert all(stop - start <= 1000 for start, stop in pieces)


def test_a_game_depends_on_the_run_seed_and_its_index_only():
    assert game_seed(3, 7) == game_seed(3, 7)
    assert len({game_seed(s, i) for s in range(20) for i in range(50)}) == 1000  # no overlaps between runs
    whole = simulate("samoa", games=6, seed=3, players=[3, 5], record="decisions", progress=False)
    plan_rows = []
    from kit.sim.bots import as_spec
    from kit.sim.components import bundle

    plan = Plan("samoa", 3, (3, 5), tuple(map(as_spec, ("heuristic", "random"))), "decisions", (), bundle("samoa"))
    for start, stop in [(4, 6), (0, 1), (1, 4)]:  # any order, any split
        plan_rows.append(pl.DataFrame(play_chunk(plan, start, stop), schema=whole.schema, orient="row"))
    pieces = pl.concat(plan_rows).sort("game", "step")
    assert pieces.equals(whole)
    assert not whole.equals(simulate("samoa", games=6, seed=4, players=[3, 5], record="decisions", progress=False))


@pytest.mark.parametrize("record", ["games", "decisions"])
def test_two_local_processes_give_the_serial_frame(record):
    serial = simulate("lost-cities", games=12, seed=5, rounds=1, record=record, progress=False)
    parallel = simulate(
        "lost-cities", games=12, seed=5, rounds=1, record=record, executor=2, chunk_size=5, progress=False
    )
    assert parallel.equals(serial)


def test_a_two_worker_dask_cluster_gives_the_serial_frame():
    distributed = pytest.importorskip("distributed")
    serial = simulate("overbooking", games=10, seed=9, record="decisions", progress=False)
    games = simulate("overbooking", games=10, seed=9, progress=False)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        on_cluster = simulate(
            "overbooking", games=10, seed=9, record="decisions", executor=client, chunk_size=3, progress=False
        )
        games_on_cluster = simulate("overbooking", games=10, seed=9, executor=client, progress=False)
    assert on_cluster.equals(serial) and games_on_cluster.equals(games)
