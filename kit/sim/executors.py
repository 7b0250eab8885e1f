"""Where the games of a simulation are played: this process, k local processes, or a Dask cluster.

Work goes out in chunks of consecutive game indices; each chunk's rows come back and are put in
game order, so the frame is the same whichever executor ran it (see `kit.sim.seeding`).
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from kit.core.game import is_whole, short

from .arguments import BadArgument, whole
from .run import Plan, play_chunk


def chunks(games: int, parts: int, largest: int = 2000) -> Iterator[tuple[int, int]]:
    """Split range(games) into consecutive (start, stop) pieces: at least `parts` of them (to keep
    every worker busy and the progress bar moving), none longer than `largest`. Made one at a time,
    as the executor asks for them: however many games, the pieces never all sit in memory."""
    if games <= 0:
        return
    count = max(1, parts, -(-games // largest))
    size = -(-games // count)
    for start in range(0, games, size):
        yield start, min(start + size, games)


#: chunks in flight per worker: enough to keep each busy, few enough that the queue stays small
IN_FLIGHT = 4


def check_executor(executor: Any) -> None:
    """BadArgument unless `executor` is None, a number of processes of at least 1, or a Dask client."""
    if executor is None or _is_dask_client(executor):
        return
    if is_whole(executor):
        whole("executor (a number of local processes)", executor, 1)
        return
    raise BadArgument(
        f"executor must be None (this process), a number of local processes, or a dask.distributed.Client; "
        f"not {short(executor)}"
    )


def run(plan: Plan, games: int, executor: Any, progress: Callable[[int], Any] | None, chunk_size: int | None) -> list:
    """All rows of `plan`'s first `games` games, in game order."""
    check_executor(executor)
    if executor is None or executor == 1:
        return play_chunk(plan, 0, games, progress)
    if is_whole(executor):
        return _local_processes(plan, games, executor, progress, chunk_size)
    return _dask(plan, games, executor, progress, chunk_size)


def _local_processes(plan: Plan, games: int, processes: int, progress, chunk_size) -> list:
    # spawn, not fork: a forked child of a process that runs polars' or Jupyter's threads can hang
    context = multiprocessing.get_context("spawn")
    pieces = chunks(games, 4 * processes, chunk_size or 2000)
    with ProcessPoolExecutor(max_workers=processes, mp_context=context) as pool:

        def submit(start: int, stop: int):
            return pool.submit(play_chunk, plan, start, stop)

        def first_done(running):
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            return done

        return _gather(pieces, submit, first_done, IN_FLIGHT * processes, progress)


def _gather(pieces: Iterator[tuple[int, int]], submit: Callable, first_done: Callable, window: int, progress) -> list:
    """Play the pieces with at most `window` of them submitted at a time (the next is taken from the
    generator as one finishes, reporting progress), then put all rows in game order."""
    results: dict[int, list] = {}
    running: dict[Any, tuple[int, int]] = {}
    for piece in itertools.islice(pieces, window):
        running[submit(*piece)] = piece
    while running:
        for future in first_done(list(running)):
            start, stop = running.pop(future)
            results[start] = future.result()
            if progress is not None:
                progress(stop - start)
            for piece in itertools.islice(pieces, 1):
                running[submit(*piece)] = piece
    rows: list = []
    for start in sorted(results):
        rows.extend(results[start])
    return rows


def _is_dask_client(executor: Any) -> bool:
    return type(executor).__module__.split(".")[0] == "distributed" and hasattr(executor, "submit")


def _dask(plan: Plan, games: int, client, progress, chunk_size) -> list:
    from distributed import wait as dask_wait

    workers = max(1, len(client.scheduler_info().get("workers", {})) or os.cpu_count() or 1)
    pieces = chunks(games, 4 * workers, chunk_size or 2000)
    [plan_future] = client.scatter([plan], broadcast=True)
    run_id = uuid.uuid4().hex  # fresh task keys: Dask must not reuse results of an earlier run

    def submit(start: int, stop: int):
        return client.submit(play_chunk, plan_future, start, stop, key=f"tablekit-sim-{run_id}-{start}")

    def first_done(running):
        return dask_wait(running, return_when="FIRST_COMPLETED").done

    return _gather(pieces, submit, first_done, IN_FLIGHT * workers, progress)


def client_security(ca_file: str, cert: str, key: str):
    """The `distributed.Security` of a client of a TLS cluster: it checks the scheduler's
    certificate against `ca_file` and shows its own (`cert`, `key`), and it talks only TLS."""
    from distributed import Security

    return Security(tls_ca_file=ca_file, tls_client_cert=cert, tls_client_key=key, require_encryption=True)
