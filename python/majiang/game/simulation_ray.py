"""Self-play simulation spread over a Ray cluster (the optional ``ray`` package: ``pip
install ray``): the same chunks of matches as the local run, so the same figures for the same
seed (``majiang simulate --ray [ADDRESS]``, :func:`majiang.game.simulate` with ``ray=``).

Without an address a Ray instance already started in this process is used, else a local one
is started (every core); with one (``ray://head:10001``, ``auto``, ``HOST:6379``) the cluster
there. Every node needs the same majiang installed (the workers import it to play a chunk).

Example:
    >>> ray_address(True), ray_address("auto")
    (None, 'auto')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from majiang.errors import ArgumentTypeError, RulesError

__all__ = ["ray_address", "spread_on_ray"]

C = TypeVar("C")
R = TypeVar("R")


def ray_address(ray: bool | str) -> str | None:
    """The address to connect to for a ``ray`` argument (True or "": none, a local or the
    running instance); ArgumentTypeError for anything but a bool or text.

    Example:
        >>> ray_address("")
        >>> ray_address(3)
        Traceback (most recent call last):
        ...
        majiang.errors.ArgumentTypeError: ray: expected True or an address, got 3
    """
    if ray is True or ray == "":
        return None
    if isinstance(ray, str):
        return ray
    raise ArgumentTypeError(f"ray: expected True or an address, got {ray!r}")


def spread_on_ray(
    chunks: Iterator[C],
    play: Callable[[C], R],
    finished: Callable[[int, R], None],
    address: str | None,
    window: int = 16,
) -> None:
    """Play every chunk with ``play`` as a Ray task, calling ``finished(index, result)`` as
    each ends; at most ``window`` tasks are in flight (memory stays flat). Connects to
    ``address`` (None: the running instance, else a new local one) and leaves an instance
    it did not start running.

    Example:
        >>> spread_on_ray(iter([]), str, print, None)   # nothing to do: Ray is not started
    """
    first = next(chunks, None)
    if first is None:
        return
    try:
        # optional extra: ray, imported only when a simulation asks for it
        import ray
    except ImportError:
        raise RulesError("--ray needs the ray package: pip install ray") from None
    started = False
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        task = ray.remote(play)
        running: dict[Any, int] = {}
        unfinished: set[int] = set()
        submitted = 0
        todo: Iterator[C] = _prepend(first, chunks)
        exhausted = False
        while True:
            # Only a few chunks past the oldest unfinished one: neither the work in flight nor
            # the results held back for the log's order grow with the number of hands.
            while not exhausted and (not unfinished or submitted - min(unfinished) < window):
                chunk = next(todo, None)
                if chunk is None:
                    exhausted = True
                    break
                running[task.remote(chunk)] = submitted
                unfinished.add(submitted)
                submitted += 1
            if not running:
                return
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                index = running.pop(ref)
                unfinished.discard(index)
                finished(index, ray.get(ref))
    finally:
        if started:
            ray.shutdown()


def _prepend(first: C, rest: Iterator[C]) -> Iterator[C]:
    yield first
    yield from rest
