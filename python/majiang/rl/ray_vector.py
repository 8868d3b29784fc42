"""Vectorised self-play over Ray workers (the optional ``ray`` package): ``RayVectorGame``
is a :class:`~majiang.rl.VectorGame` of N tables split into slices, one Ray actor a slice,
with the same observations, masks, rewards and resets as the local ``VectorGame(N)`` of the
same seed (each table is seeded by its global index).

Example (not run here: it starts Ray)::

    import ray
    from majiang.rl.ray_vector import RayVectorGame
    ray.init(address="auto")               # or ray.init() for a local instance
    v = RayVectorGame(256, workers=8, variant="nanchang", seed=0)
    obs, masks = v.observe()               # (256, 39, 34), (256, 132)
    obs, masks, rewards, dones = v.step(masks.argmax(axis=1))
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from majiang.errors import ArgumentTypeError, IllegalActionError, RulesError, quoted
from majiang.rl.arguments import MAX_TABLES
from majiang.rl.vector import VectorGame, action_array

__all__ = ["MAX_WORKERS", "RayVectorGame", "slices"]

MAX_WORKERS = 4096
"""The most Ray actors one :class:`RayVectorGame` starts."""


def slices(n: int, workers: int) -> list[tuple[int, int]]:
    """The (first table, tables) of each worker's slice: as even as can be, in order.

    Example:
        >>> slices(10, 3)
        [(0, 4), (4, 3), (7, 3)]
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise RulesError(f"workers: expected an int from 1 to {MAX_WORKERS}, got {quoted(workers)}")
    if workers > n:
        raise RulesError(f"workers: {workers} workers for {n} tables")
    size, extra = divmod(n, workers)
    out, first = [], 0
    for w in range(workers):
        count = size + (1 if w < extra else 0)
        out.append((first, count))
        first += count
    return out


class _Slice:
    """One worker's tables: a VectorGame whose answers carry its seats too."""

    def __init__(self, n: int, **kwargs: Any) -> None:
        self.vector = VectorGame(n, **kwargs)

    def observe(self) -> tuple[Any, ...]:
        return (*self.vector.observe(), self.vector.seats.copy())

    def step(self, ids: Any) -> tuple[Any, ...]:
        return (*self.vector.step(ids), self.vector.seats.copy())


class RayVectorGame:
    """``n`` tables on ``workers`` Ray actors (Ray must be initialised: ``ray.init``); the
    keyword arguments are :class:`VectorGame`'s. ``observe`` and ``step`` as
    :class:`VectorGame`'s; an illegal id raises IllegalActionError naming the global table
    and nothing changes on any worker (every slice is checked before any steps).

    Example:
        >>> RayVectorGame(4, workers=0)
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: workers: expected an int from 1 to 4096, got 0
    """

    def __init__(self, n: int, workers: int = 2, **kwargs: Any) -> None:
        if isinstance(n, bool) or not isinstance(n, int):
            raise ArgumentTypeError(f"n: expected an int, got {quoted(n)}")
        parts = slices(n, workers)
        if "first_table" in kwargs:
            raise RulesError("first_table: RayVectorGame numbers the slices' tables itself")
        if max(count for _, count in parts) > MAX_TABLES:
            raise RulesError(f"n: at most {MAX_TABLES} tables a worker, got {quoted(n)}")
        VectorGame(1, **kwargs)  # every other argument refused here, not inside a worker
        import ray  # optional extra: ray, imported only when the Ray game is built

        if not ray.is_initialized():
            raise RulesError("RayVectorGame: call ray.init() first")
        actor = ray.remote(_Slice)
        self.n, self.parts, self._ray = n, parts, ray
        self.actors = [actor.remote(count, first_table=first, **kwargs) for first, count in parts]
        self.seats = np.zeros(n, np.int64)
        self._masks = self._call("observe")[1]

    def _call(self, method: str, *per_actor: Any) -> tuple[Any, ...]:
        refs = [
            getattr(a, method).remote(*(arg[i] for arg in per_actor))
            for i, a in enumerate(self.actors)
        ]
        results = self._ray.get(refs)
        joined = tuple(np.concatenate(parts) for parts in zip(*results, strict=True))
        self.seats = joined[-1]
        return joined[:-1]

    def observe(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
        """Observations ``(N, C, 34)`` and masks ``(N, A)`` of every table's seat to act."""
        obs, masks = self._call("observe")
        return obs, masks

    def step(self, actions: npt.ArrayLike) -> tuple[Any, ...]:
        """``VectorGame.step`` over every slice: (obs, masks, rewards, dones)."""
        ids = action_array(actions)
        if ids.shape != (self.n,):
            raise RulesError(f"actions: expected shape ({self.n},), got {ids.shape}")
        size = self._masks.shape[1]
        inside = (ids >= 0) & (ids < size)
        legal = inside & self._masks[np.arange(self.n), np.where(inside, ids, 0)]
        if not legal.all():
            i = int(np.flatnonzero(~legal)[0])
            raise IllegalActionError(
                f"table {i}: action id {int(ids[i])} is not legal for seat {self.seats[i]} now"
            )
        chunks = [ids[first : first + count] for first, count in self.parts]
        obs, masks, rewards, dones = self._call("step", chunks)
        self._masks = masks
        return obs, masks, rewards, dones
