"""Several ``majiang serve`` workers on one PostgreSQL: each room is played by the one worker
holding its lease (:mod:`majiang.server.sql_store`), and :class:`Worker` keeps this
process's part of that — renewing its leases, taking over the rooms of a worker that died
(their leases expired), handing a room over to the worker the proxy sends its clients to,
and draining on SIGTERM.

The proxy hashes on the room id in the WebSocket URL (``/ws?room=ID``; docs/server.md,
"Running in production"): a join arriving on a worker that does not play the room, through
a URL naming that room, makes this worker ask the holder for it (``leases.wanted``); the
holder, between two actions (one event loop: the action in hand is finished), gives it the
lease (with the next fencing token) and closes the room's sockets with :data:`MOVED`, and
this worker loads the room from the database and serves the join. So a room moves at most
once after its creation (to the worker its id hashes to) and once after each failover.

Example:
    >>> MOVED, LEASE
    (4001, 3.0)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from majiang.server.room import Room
from majiang.server.storage import RoomStore

__all__ = ["LEASE", "MOVED", "Worker"]

log = logging.getLogger("majiang.server")

MOVED = 4001
"""The WebSocket close code of a room's sockets when its worker stops playing it (handed
over, drained on SIGTERM, lease lost): reconnect (through the proxy) with the seat's token
and ``since``."""

LEASE = 3.0
"""Seconds a lease lasts unless renewed (renewed every :data:`TICK`): a worker killed with
SIGKILL has its rooms taken over within ``LEASE + TICK`` seconds."""

TICK = 0.5
"""Seconds between two rounds of renewals, handovers and takeovers."""


class Host(Protocol):
    """What a worker needs of the table server (:class:`majiang.server.TableServer`)."""

    store: RoomStore
    rooms: dict[str, Room]
    broken: list[str]

    def _evict(self, room: Room) -> None: ...


class Worker:
    """This process's rooms under leases: :meth:`run` in the server's loop, :meth:`drain`
    when it stops."""

    def __init__(self, host: Host, name: str, lease: float = LEASE, tick: float = TICK) -> None:
        self.host, self.name = host, name
        self.lease, self.tick = float(lease), float(tick)
        self.draining = False
        host.store.use_leases(name, self.lease)

    # ------------------------------------------------------------------ rooms
    def claim(self, rid: str) -> Room | None:
        """Takes the room if its lease is free or expired and loads it from the database
        (None if another worker holds it, or it cannot be rebuilt: then it is ``broken``)."""
        host = self.host
        if rid in host.rooms:
            return host.rooms[rid]
        if self.draining or host.store.acquire(rid) is None:
            return None
        row = host.store.room(rid)
        if row is None or row["error"] is not None or row["status"] == "finished":
            host.store.release(rid)
            return None
        try:
            room = Room.load(row, host.store)
        except Exception:
            log.exception("room %s cannot be rebuilt from the store", rid)
            host.broken.append(rid)
            host.store.release(rid)
            return None
        room.on_finished = host._evict
        host.rooms[rid] = room
        log.info("worker %s plays room %s", self.name, rid)
        with contextlib.suppress(RuntimeError):  # no loop (tests): kicked by the caller
            asyncio.get_running_loop()
            room.kick()
        return room

    def drop(self, rid: str, lease: str) -> None:
        """Stops playing a room: its bots and timers stop, its sockets are closed with
        :data:`MOVED`, its lease (``lease``) ``released``, ``handed`` to the worker that
        asked for it, or already ``lost``."""
        room = self.host.rooms.pop(rid, None)
        if lease == "released":
            self.host.store.release(rid)
        elif lease == "handed":
            self.host.store.hand_over(rid)
        else:
            self.host.store.fences.pop(rid, None)
        if room is None:
            return
        room.close()
        room.status = "moved"  # any bot step or timer still scheduled does nothing
        for seat in room.seats:
            for client in list(seat.clients):
                shut: Callable[[int], None] | None = getattr(client, "shut", None)
                if shut is not None:
                    shut(MOVED)

    def step(self) -> None:
        """One round: renew, drop the rooms lost, hand over the rooms asked for, release
        those no longer in memory, take over the rooms whose lease expired."""
        store = self.host.store
        for rid in store.renew():
            log.warning("worker %s lost the lease of room %s", self.name, rid)
            self.drop(rid, "lost")
        for rid in store.wanted():
            log.info("worker %s hands room %s over", self.name, rid)
            self.drop(rid, "handed")
        for rid in list(store.fences):
            if rid not in self.host.rooms:  # finished and evicted
                store.release(rid)
        if not self.draining:
            for rid in store.claimable():
                self.claim(rid)

    async def run(self) -> None:
        """Runs :meth:`step` every ``tick`` seconds until cancelled."""
        while True:
            try:
                self.step()
            except Exception:  # a database hiccup: the next round tries again
                log.exception("worker %s: lease round failed", self.name)
            await asyncio.sleep(self.tick)

    async def before_join(self, text: str, query: str) -> None:
        """Before a ``join`` frame is handled: the room is loaded here if its lease is free,
        or, when the proxy routed this connection by that room (``?room=`` in its URL), asked
        from the worker playing it and loaded once handed over (at most ``lease`` seconds
        and a round: a holder that died lets its lease expire)."""
        rid = _join_room(text)
        if rid is None or rid in self.host.rooms or self.draining:
            return
        if self.claim(rid) is not None or self.host.store.lease(rid) is None:
            return
        if f"room={rid}" not in query.split("&"):
            return  # not routed by this room: no handover (the join says no_room)
        self.host.store.want(rid)
        deadline = time.monotonic() + self.lease + 2 * self.tick
        while time.monotonic() < deadline:
            await asyncio.sleep(self.tick / 5)
            if self.claim(rid) is not None:
                return

    def drain(self) -> None:
        """SIGTERM: takes no more rooms, hands every room over (the action in hand is done:
        one event loop), its sockets closed with :data:`MOVED`."""
        self.draining = True
        for rid in list(self.host.rooms):
            self.drop(rid, "released")
        for rid in list(self.host.store.fences):
            self.host.store.release(rid)


def _join_room(text: str) -> str | None:
    """The room a ``join`` frame names (None for any other frame or one that is not JSON;
    the frame is checked in full when handled)."""
    if '"join"' not in text or len(text) > 4096:
        return None
    try:
        frame: Any = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if isinstance(frame, dict) and frame.get("type") == "join":
        rid = frame.get("room")
        if isinstance(rid, str) and 0 < len(rid) <= 64:
            return rid
    return None
