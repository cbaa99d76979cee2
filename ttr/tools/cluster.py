"""Games as tasks on a Dask cluster (the optional ``[cluster]`` extra: ``dask[distributed]``).

``tournament(..., cluster="local")`` starts a ``LocalCluster`` on this machine (one process a
worker, one thread each); any other value is the address of a running scheduler
(``tcp://host:8786``), for example one that ``dask-jobqueue`` started on a SLURM or PBS cluster
(see ``docs/competition.md``). Each game is one task, retried on another worker if its worker
dies; a game that still fails is reported, never dropped in silence. Results are handed over as
they finish; the tournament sorts them, so the outcome is the same as with ``--jobs 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ttr.errors import TTRError

RETRIES = 2
"""How many times a game whose worker died is tried again elsewhere."""


def play_on_dask(
    play: Callable[..., Any],
    jobs: Sequence[tuple[Any, ...]],
    cluster: str,
    workers: int,
    done: Callable[[Any], None],
    label: Callable[[tuple[Any, ...]], str],
) -> list[tuple[str, str]]:
    """Run ``play(*job)`` for every job on the cluster, each a task named ``label(job)``;
    ``done`` gets each result as it finishes. Returns the tasks lost (their name and why)."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed  # noqa: PLC0415
    except ImportError:
        raise TTRError(
            "--cluster needs Dask: pip install 'ttr-teach[cluster]' (dask[distributed])"
        ) from None
    local = None
    try:
        if cluster == "local":
            local = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
            client = Client(local)
        else:
            client = Client(cluster, timeout="30s")
    except (OSError, ValueError) as err:  # no scheduler there, or not an address at all
        if local is not None:
            local.close()
        raise TTRError("--cluster {address}: {reason}", address=cluster, reason=str(err)) from None
    lost: list[tuple[str, str]] = []
    try:
        futures = [
            client.submit(play, *job, pure=False, retries=RETRIES, key=label(job)) for job in jobs
        ]
        for future in as_completed(futures):
            try:
                result = future.result()
            except Exception as err:  # noqa: BLE001 - the task is reported as lost
                lost.append((str(future.key), f"{type(err).__name__}: {str(err)[:200]}"))
            else:
                done(result)
        return lost
    finally:
        client.close()
        if local is not None:
            local.close()
