"""What the table server tells its operator as things happen: each event counted in the
metrics (:mod:`majiang.server.metrics`) and logged as one JSON line
(:mod:`majiang.server.logs`). ``TableServer`` calls one method per event; a room calls
:meth:`Telemetry.action` through its ``on_action`` hook.

Example:
    >>> t = Telemetry()
    >>> t.error("flood", "ping")
    >>> t.metrics.errors.labels(code="flood")._value.get()
    1.0
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from majiang.server.logs import EVENTS, log_event
from majiang.server.metrics import ServerMetrics

if TYPE_CHECKING:
    from majiang.server.room import Room

__all__ = ["Telemetry"]


class Telemetry:
    """The metrics of one server and its event log."""

    def __init__(self, metrics: ServerMetrics | None = None) -> None:
        self.metrics = metrics or ServerMetrics()
        self._by_actor: dict[str, Any] = {}  # the counter's child per actor (labels() is slow)

    def room_created(self, room: Room, address: str | None) -> None:
        room.on_action = self.action
        log_event(
            "room_created",
            room=room.id,
            variant=room.config["variant"],
            hands=room.config["hands"],
            seats=[s.kind for s in room.seats],
            address=address,
        )

    def room_loaded(self, room: Room) -> None:
        room.on_action = self.action
        log_event("room_loaded", room=room.id, status=room.status)

    def seat_joined(
        self, room: Room, seat: int, address: str, reconnect: bool, user: str | None = None
    ) -> None:
        log_event(
            "seat_joined",
            room=room.id,
            seat=seat,
            address=address,
            reconnect=reconnect,
            user=user,
        )

    def seat_left(self, room: Room, seat: int, address: str) -> None:
        log_event("seat_left", room=room.id, seat=seat, address=address)

    def connections(self, open_now: int) -> None:
        """A WebSocket opened or closed: ``open_now`` are open."""
        self.metrics.connections.set(open_now)

    def error(
        self,
        code: str,
        frame: str | None,
        room: str | None = None,
        seat: int | None = None,
        address: str | None = None,
    ) -> None:
        """An error frame sent: its code and the type of frame that caused it (never the
        message, which may echo what the client sent)."""
        self.metrics.errors.labels(code=code).inc()
        log_event("error", code=code, frame=frame, room=room, seat=seat, address=address)

    def action(
        self,
        room: Room,
        seat: int,
        action: str,
        actor: str,
        first: int,
        hands_before: int,
        in_store: float,
    ) -> None:
        """An action applied and stored (its type only: a concealed kong's tile, a claim's
        tiles before they are shown stay out of the log)."""
        m = self.metrics
        child = self._by_actor.get(actor)
        if child is None:
            child = self._by_actor[actor] = m.actions.labels(actor=actor)
        child.inc()
        m.db_latency.observe(in_store)
        g = room.game
        ended = len(g.records) > hands_before
        if ended:
            m.hands.inc(len(g.records) - hands_before)
        if not EVENTS.isEnabledFor(logging.INFO):
            return
        log_event(
            "action_applied",
            room=room.id,
            seat=seat,
            actor=actor,
            action=action,
            seq=first,
            events=len(g.events) - first,
            db_ms=round(in_store * 1000, 3),
        )
        for k in range(hands_before, len(g.records)):
            log_event(
                "hand_ended",
                room=room.id,
                hand=k,
                deltas=list(g.settlements[k].deltas),
                scores=list(g.events[room.ends[k]]["scores"]),
            )
        if g.over and ended:
            log_event("room_finished", room=room.id, scores=list(g.scores))

    @contextmanager
    def timed_action(self) -> Iterator[None]:
        """Times a person's ``act`` frame (read to every frame it causes queued)."""
        started = time.perf_counter()
        yield  # a refused action (an exception) is not timed: it is counted as an error
        self.metrics.action_latency.observe(time.perf_counter() - started)
