"""Where the games of a simulation are played: this process, k local processes, or a Dask cluster.

Work goes out in chunks of consecutive game indices; each chunk's rows come back and are put in
game order, so the frame is the same whichever executor ran it (see `kit.sim.seeding`).
"""

from __future__ import annotations

import multiprocessing
import os
import uuid
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from .run import Plan, play_chunk


def chunks(games: int, parts: int, largest: int = 2000) -> list[tuple[int, int]]:
    """Split range(games) into consecutive (start, stop) pieces: at least `parts` of them (to keep
    every worker busy and the progress bar moving), none longer than `largest`."""
    count = max(1, parts, -(-games // largest))
    size = -(-games // count) if games else 0
    return [(start, min(start + size, games)) for start in range(0, games, size)] if games else []


def run(plan: Plan, games: int, executor: Any, progress: Callable[[int], Any] | None, chunk_size: int | None) -> list:
    """All rows of `plan`'s first `games` games, in game order."""
    if executor is None or executor == 1:
        return play_chunk(plan, 0, games, progress)
    if isinstance(executor, int):
        if executor < 1:
            raise ValueError(f"executor: a number of processes is at least 1, not {executor}")
        return _local_processes(plan, games, executor, progress, chunk_size)
    if _is_dask_client(executor):
        return _dask(plan, games, executor, progress, chunk_size)
    raise TypeError(
        f"executor must be None (this process), a number of local processes, or a dask.distributed.Client; "
        f"not {executor!r}"
    )


def _ordered(pieces: dict[int, list]) -> list:
    rows: list = []
    for start in sorted(pieces):
        rows.extend(pieces[start])
    return rows


def _local_processes(plan: Plan, games: int, processes: int, progress, chunk_size) -> list:
    # spawn, not fork: a forked child of a process that runs polars' or Jupyter's threads can hang
    context = multiprocessing.get_context("spawn")
    pieces = chunks(games, 4 * processes, chunk_size or 2000)
    with ProcessPoolExecutor(max_workers=processes, mp_context=context) as pool:
        futures = {pool.submit(play_chunk, plan, start, stop): (start, stop) for start, stop in pieces}
        return _gather(futures, as_completed, progress)


def _gather(futures: dict, completed: Callable, progress) -> list:
    """Each chunk's rows as it finishes (reporting progress), then all of them in game order."""
    results: dict[int, list] = {}
    for future in completed(futures):
        start, stop = futures[future]
        results[start] = future.result()
        if progress is not None:
            progress(stop - start)
    return _ordered(results)


def _is_dask_client(executor: Any) -> bool:
    return type(executor).__module__.split(".")[0] == "distributed" and hasattr(executor, "submit")


def _dask(plan: Plan, games: int, client, progress, chunk_size) -> list:
    from distributed import as_completed as dask_completed

    workers = max(1, len(client.scheduler_info().get("workers", {})) or os.cpu_count() or 1)
    pieces = chunks(games, 4 * workers, chunk_size or 2000)
    [plan_future] = client.scatter([plan], broadcast=True)
    run_id = uuid.uuid4().hex  # fresh task keys: Dask must not reuse results of an earlier run
    futures = {
        client.submit(play_chunk, plan_future, start, stop, key=f"tablekit-sim-{run_id}-{start}"): (start, stop)
        for start, stop in pieces
    }
    return _gather(futures, dask_completed, progress)
