"""What every partitioned count reports about its run (``acrostic count`` and ``grid count``): the result
fields both count models share, and how a finished job fills them in. Each puzzle's model adds what it
counted (:class:`puzzlewright.acrostic.schema.CountResult`, :class:`puzzlewright.grid.schema.CountResult`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlewright.schema import Config, ModelBase, Outcome, Result, model_config

if TYPE_CHECKING:
    from puzzlewright.parallel.job import JobResult


@dataclass(eq=False, repr=False)
class Partitions(ModelBase):
    """How a partitioned run went: partitions in all, done, computed in this run, resumed from a checkpoint."""

    __pydantic_config__: ClassVar[Config] = model_config("Partitions")

    total: int
    done: int
    computed: int
    resumed: int


@dataclass(eq=False, repr=False)
class CountRun(Outcome):
    """The fields of a count's result that say how many were found and how the run went."""

    count: int
    nodes: int
    partitions: Partitions
    workers: int
    runner: str


def count_run_fields(result: JobResult, dictionary: str) -> dict[str, Any]:
    """A finished partitioned job's :class:`CountRun` fields (over the dictionary named ``dictionary``), to
    build a count's result model from."""
    return {"dictionary": dictionary, "count": result.count, "nodes": int(result.stats().get("nodes", 0)),
            "elapsed_s": round(result.elapsed_s, 4), "complete": result.complete,
            "partitions": Partitions(**result.summary()["partitions"]), "workers": result.workers,
            "runner": result.runner}


def where_it_ran(result: JobResult) -> str:
    """How a finished job ran, for a summary line: ``in this process``, or ``2 process-pool workers``."""
    if result.runner == "in-process":
        return "in this process"
    return f"{result.workers} {result.runner} worker{'s' * (result.workers != 1)}"
