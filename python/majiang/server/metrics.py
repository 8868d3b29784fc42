"""The table server's Prometheus metrics (``GET /metrics``, text format) and its health
check (``GET /healthz``).

Each :class:`ServerMetrics` has its own ``CollectorRegistry`` (not the process-wide default),
so several servers in one process (tests, a worker that hosts two) never share or clash.
Counts that a scrape can read from the server itself (rooms by state, seats connected) are
set at scrape time from the rooms in memory; counters and histograms move as things happen.

Example:
    >>> m = ServerMetrics()
    >>> m.errors.labels(code="flood").inc()
    >>> b"majiang_errors_total{code=\\"flood\\"} 1.0" in m.render([])
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import generate_latest

__all__ = ["CONTENT_TYPE", "ROOM_STATES", "ServerMetrics", "store_answers"]

CONTENT_TYPE = CONTENT_TYPE_LATEST
"""The ``Content-Type`` of ``/metrics``: the text format of the installed prometheus_client."""

ROOM_STATES = ("waiting", "playing", "finished")
"""The values of the ``state`` label of ``majiang_rooms`` (each always present)."""

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Histogram buckets in seconds: an action is a few milliseconds; 100 ms is the goal's p99."""

DB_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5)
"""Histogram buckets in seconds for one action's transaction in the store."""


class _Seat(Protocol):
    @property
    def clients(self) -> list[Any]: ...


class _Room(Protocol):
    @property
    def status(self) -> str: ...

    @property
    def seats(self) -> list[Any]: ...


class ServerMetrics:
    """The metrics of one table server (names in docs/server.md, "Metrics").

    ``leases`` says how many room leases this process holds; by default every room in its
    memory (one process owns all its rooms). Code that takes leases from a shared database
    replaces it with its own count (``metrics.leases = lambda: len(held)``).
    """

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.rooms = Gauge("majiang_rooms", "Rooms in memory, by state", ["state"], registry=r)
        self.seats_connected = Gauge(
            "majiang_seats_connected", "Seats with at least one client connected", registry=r
        )
        self.connections = Gauge("majiang_connections", "Open WebSocket connections", registry=r)
        self.actions = Counter(
            "majiang_actions",
            "Actions applied (actor: person, bot, auto for 托管, room for a window's closing)",
            ["actor"],
            registry=r,
        )
        self.hands = Counter("majiang_hands", "Hands finished", registry=r)
        self.action_latency = Histogram(
            "majiang_action_latency_seconds",
            "From a person's act frame read to every frame it causes queued",
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.db_latency = Histogram(
            "majiang_db_latency_seconds",
            "Time in the store per action (its one transaction)",
            buckets=DB_BUCKETS,
            registry=r,
        )
        self.leases_held = Gauge(
            "majiang_leases_held", "Room leases this process holds", registry=r
        )
        self.errors = Counter(
            "majiang_errors", "Error frames sent to clients, by code", ["code"], registry=r
        )
        self.leases: Callable[[], int] | None = None
        for state in ROOM_STATES:
            self.rooms.labels(state=state).set(0)

    def refresh(self, rooms: Iterable[_Room]) -> None:
        """Sets the gauges read from the rooms in memory (done at every scrape)."""
        counts = dict.fromkeys(ROOM_STATES, 0)
        seats = held = 0
        for room in rooms:
            counts[room.status] = counts.get(room.status, 0) + 1
            seats += sum(1 for s in room.seats if s.clients)
            held += 1
        for state, n in counts.items():
            self.rooms.labels(state=state).set(n)
        self.seats_connected.set(seats)
        self.leases_held.set(held if self.leases is None else self.leases())

    def render(self, rooms: Iterable[_Room]) -> bytes:
        """The Prometheus text exposition, after :meth:`refresh`."""
        self.refresh(rooms)
        return generate_latest(self.registry)


def store_answers(store: Any) -> str | None:
    """None if the store answers a trivial query, else what went wrong (one line). A store
    with a ``ping()`` method is asked through it; else its ``db`` is asked ``SELECT 1``.

    Example:
        >>> from majiang.server.store import Store
        >>> s = Store(":memory:")
        >>> store_answers(s) is None
        True
        >>> s.close(); store_answers(s)
        'ProgrammingError: Cannot operate on a closed database.'
    """
    try:
        ping = getattr(store, "ping", None)
        if callable(ping):
            ping()
        else:
            store.db.execute("SELECT 1").fetchone()
    except Exception as e:  # any failure means not ready; its type and text say why
        return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}".strip()
    return None
