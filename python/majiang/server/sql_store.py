"""The table server's storage in SQL, shared by the SQLite (:mod:`majiang.server.store`)
and PostgreSQL (:mod:`majiang.server.pg_store`) backends: the same tables, the same queries
and the same transactions, each backend giving its connection, its placeholders and its
clock.

Each room write is one transaction. When the store plays rooms under leases
(:meth:`SqlStore.use_leases`, several workers on one database), every write of a room first
checks, in that same transaction, that this store still holds the room's lease with the
fencing token it was given: a worker that stalled past its lease and lost the room to
another gets :class:`LeaseLost` and its write is not made.

Example:
    >>> from majiang.server.store import Store
    >>> s = Store(":memory:")
    >>> s.use_leases("worker-a", 10.0)
    >>> s.add_room("r", {}, 1, ["bot"] * 4, 0.0)
    >>> s.fences, s.lease("r")[:2]
    ({'r': 1}, ('worker-a', 1))
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator, Sequence
from typing import Any

from majiang.errors import MajiangError

__all__ = ["MAX_PAGE", "LeaseLost", "SqlStore"]

MAX_PAGE = 1000
"""The most hands one page of :meth:`SqlStore.hands` (``GET /api/hands``) lists."""


class LeaseLost(MajiangError, RuntimeError):
    """A write for a room this store no longer holds the lease of (another worker took it):
    nothing was written.

    Example:
        >>> str(LeaseLost("r1"))
        'room r1: this worker no longer holds its lease'
    """

    def __init__(self, room: str) -> None:
        super().__init__(f"room {room}: this worker no longer holds its lease")
        self.room = room


def dumps(value: object) -> str:
    """JSON text as stored (compact, UTF-8, no NaN)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def loads(value: object) -> Any:
    """A stored JSON value: text (SQLite) is parsed, jsonb (PostgreSQL) comes parsed."""
    return json.loads(value) if isinstance(value, (str, bytes)) else value


class SqlStore:
    """The queries of both backends; a subclass opens ``self.db`` and gives
    :meth:`_transaction`, :meth:`_run`, :meth:`_now` and the hands' insertion order."""

    HANDS_ORDER = "rowid"
    """The column giving the order hands were stored in."""

    LOCK = ""
    """What a backend appends to the fencing check to lock the lease row (PostgreSQL:
    ``FOR UPDATE``; SQLite's write transactions lock the whole file)."""

    def __init__(self) -> None:
        self.owner: str | None = None  # set by use_leases: the worker's id
        self.lease_ttl = 0.0
        self.fences: dict[str, int] = {}  # room -> fencing token of the lease held
        self.migrated_from = 0  # the schema version found when opened (0: a new database)

    # ------------------------------------------------------------------ backend hooks
    def _transaction(self) -> contextlib.AbstractContextManager[None]:
        raise NotImplementedError

    def ping(self) -> None:
        """Asks the database a trivial query (``/healthz``); raises what the driver raises."""
        self._run("SELECT 1")

    def _run(self, sql: str, args: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """One statement (``?`` placeholders); its rows (empty when it returns none)."""
        raise NotImplementedError

    def _many(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        for row in rows:
            self._run(sql, row)

    def _has_table(self, name: str) -> bool:
        raise NotImplementedError

    def _lock_schema(self) -> None:
        """Inside a transaction: waits for any other server migrating the same database."""

    def _now(self) -> float:
        """The clock leases expire by (seconds since the epoch)."""
        return time.time()

    def close(self) -> None:
        """Closes the database."""
        raise NotImplementedError

    # ------------------------------------------------------------------ writes
    @contextlib.contextmanager
    def _write(self, room: str) -> Iterator[None]:
        """A write transaction of one room, fenced when leases are in use."""
        with self._transaction():
            if self.owner is not None:
                token = self.fences.get(room)
                held = token is not None and self._run(
                    "SELECT token FROM leases WHERE room = ? AND owner = ? AND token = ?"
                    + self.LOCK,
                    (room, self.owner, token),
                )
                if not held:  # the fence stays: renew() reports the room lost
                    raise LeaseLost(room)
            yield

    def add_room(
        self, room: str, config: dict[str, Any], seed: int, seats: Sequence[str], now: float
    ) -> None:
        """Stores a new room and its seats (no first events: the deal is rebuilt from the
        seed and stored with :meth:`add_events`); under leases, the room's lease is taken
        in the same transaction."""
        with self._transaction():
            self._run(
                "INSERT INTO rooms (id, created, config, seed, status) VALUES (?, ?, ?, ?, ?)",
                (room, now, dumps(config), seed, "waiting"),
            )
            self._many(
                "INSERT INTO seats (room, seat, kind) VALUES (?, ?, ?)",
                [(room, s, kind) for s, kind in enumerate(seats)],
            )
            if self.owner is not None:
                self._run(
                    "INSERT INTO leases (room, owner, token, expires) VALUES (?, ?, 1, ?)",
                    (room, self.owner, self._now() + self.lease_ttl),
                )
        if self.owner is not None:
            self.fences[room] = 1

    def add_events(self, room: str, first: int, events: Sequence[dict[str, Any]]) -> None:
        """Stores events not caused by an action (a room's first deal)."""
        with self._write(room):
            self._many(
                "INSERT INTO events (room, seq, action, event) VALUES (?, ?, NULL, ?)",
                [(room, first + i, dumps(e)) for i, e in enumerate(events)],
            )

    def append(
        self,
        room: str,
        seq: int,
        seat: int,
        action: dict[str, Any],
        actor: str,
        first_event: int,
        events: Sequence[dict[str, Any]],
        hands: Sequence[tuple[int, int, int, dict[str, Any], dict[str, Any]]],
        status: str | None = None,
    ) -> None:
        """One action with the events it caused and the hands it finished (hand number,
        first and last event, record, settlement), in one transaction."""
        with self._write(room):
            self._run(
                "INSERT INTO actions (room, seq, seat, action, actor, at) VALUES (?,?,?,?,?,?)",
                (room, seq, seat, dumps(action), actor, time.time()),
            )
            self._many(
                "INSERT INTO events (room, seq, action, event) VALUES (?, ?, ?, ?)",
                [(room, first_event + i, seq, dumps(e)) for i, e in enumerate(events)],
            )
            self._many(
                "INSERT INTO hands (room, hand, first_event, last_event, record, settlement,"
                " deltas) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (room, n, a, b, dumps(rec), dumps(st), dumps(st["deltas"]))
                    for n, a, b, rec, st in hands
                ],
            )
            if status is not None:
                self._run("UPDATE rooms SET status = ? WHERE id = ?", (status, room))

    def set_status(self, room: str, status: str) -> None:
        """The room's status (waiting, playing, finished)."""
        with self._write(room):
            self._run("UPDATE rooms SET status = ? WHERE id = ?", (status, room))

    def set_seat(self, room: str, seat: int, **fields: object) -> None:
        """Updates a seat's ``token_hash``, ``ready``, ``auto`` or ``user``."""
        names = [k for k in fields if k in ("token_hash", "ready", "auto", "user")]
        if not names:
            return
        sets = ", ".join(f'"{k}" = ?' for k in names)  # quoted: "user" is reserved in PostgreSQL
        with self._write(room):
            self._run(
                f"UPDATE seats SET {sets} WHERE room = ? AND seat = ?",
                [fields[k] for k in names] + [room, seat],
            )

    # ------------------------------------------------------------------ reads
    def rooms(self, status: str | None = None) -> list[dict[str, Any]]:
        """Every room (or those of one status), oldest first, with its seats."""
        where, args = ("WHERE status = ?", (status,)) if status else ("", ())
        rows = self._run(
            f"SELECT id, created, config, seed, status FROM rooms {where} ORDER BY created, id",
            args,
        )
        return [self._room_row(row) for row in rows]

    def room(self, rid: str) -> dict[str, Any] | None:
        """One room as :meth:`rooms` gives it (None if not stored)."""
        rows = self._run("SELECT id, created, config, seed, status FROM rooms WHERE id = ?", (rid,))
        return self._room_row(rows[0]) if rows else None

    def _room_row(self, row: tuple[Any, ...]) -> dict[str, Any]:
        rid, created, config, seed, st = row
        try:  # one corrupt row must not hide the others: the caller lists it as broken
            parsed = loads(config)
            error = None if isinstance(parsed, dict) else "config is not a JSON object"
        except (ValueError, TypeError, RecursionError) as e:
            parsed, error = None, f"config is not JSON: {e}"
        seats = self._run(
            'SELECT seat, kind, token_hash, ready, auto, "user" FROM seats WHERE room = ?'
            " ORDER BY seat",
            (rid,),
        )
        return {
            "id": rid,
            "created": created,
            "config": parsed if error is None else None,
            "error": error,
            "seed": seed,
            "status": st,
            "seats": [
                {"kind": k, "token_hash": h, "ready": bool(r), "auto": bool(a), "user": u}
                for _, k, h, r, a, u in seats
            ],
        }

    def actions(self, room: str) -> list[tuple[int, dict[str, Any], str]]:
        """The room's actions in order: (seat, action dict, actor)."""
        rows = self._run(
            "SELECT seat, action, actor FROM actions WHERE room = ? ORDER BY seq", (room,)
        )
        return [(s, loads(a), who) for s, a, who in rows]

    def events(self, room: str, first: int = 0, last: int | None = None) -> list[dict[str, Any]]:
        """The room's stored events, ``first`` to ``last`` (inclusive) by sequence number."""
        high = 2**62 if last is None else last
        rows = self._run(
            "SELECT event FROM events WHERE room = ? AND seq BETWEEN ? AND ? ORDER BY seq",
            (room, first, high),
        )
        return [loads(e) for (e,) in rows]

    def hands(
        self, room: str | None = None, limit: int | None = None, offset: int = 0
    ) -> list[dict[str, Any]]:
        """Finished hands (of one room, or all), oldest first: room, hand, events span,
        deltas; ``limit`` of them (at most :data:`MAX_PAGE`; None: all) from ``offset``."""
        where, args = ("WHERE room = ?", (room,)) if room else ("", ())
        page = 2**62 if limit is None else min(limit, MAX_PAGE)
        rows = self._run(
            f"SELECT room, hand, first_event, last_event, deltas FROM hands {where}"
            f" ORDER BY {self.HANDS_ORDER} LIMIT ? OFFSET ?",
            (*args, page, offset),
        )
        return [
            {"room": r, "hand": h, "first_event": a, "last_event": b, "deltas": loads(d)}
            for r, h, a, b, d in rows
        ]

    def count_hands(self) -> int:
        """How many finished hands are stored."""
        ((n,),) = self._run("SELECT COUNT(*) FROM hands")
        return int(n)

    def hand(self, room: str, hand: int) -> dict[str, Any] | None:
        """One finished hand: its events, record and settlement (None if not stored)."""
        rows = self._run(
            "SELECT first_event, last_event, record, settlement FROM hands"
            " WHERE room = ? AND hand = ?",
            (room, hand),
        )
        if not rows:
            return None
        first, last, record, settlement = rows[0]
        return {
            "room": room,
            "hand": hand,
            "events": self.events(room, first, last),
            "record": loads(record),
            "settlement": loads(settlement),
        }

    def schema_version(self) -> int:
        """The version of the schema the database holds (:mod:`majiang.server.migrations`)."""
        ((v,),) = self._run("SELECT version FROM schema_version")
        return int(v)

    # ------------------------------------------------------------------ leases
    def use_leases(self, owner: str, ttl: float) -> None:
        """From now on this store plays rooms as worker ``owner``: it writes a room only
        while it holds the room's lease (taken for ``ttl`` seconds, renewed by
        :meth:`renew`), each write checked against the lease's fencing token."""
        self.owner, self.lease_ttl = owner, float(ttl)

    def acquire(self, room: str) -> int | None:
        """Takes the room's lease if it is free or expired (or ours): its new fencing token,
        one more than the last one given for the room; None if another worker holds it."""
        assert self.owner is not None, "use_leases first"
        with self._transaction():
            now = self._now()
            self._run(
                "INSERT INTO leases (room, owner, token, expires) VALUES (?, NULL, 0, 0)"
                " ON CONFLICT (room) DO NOTHING",
                (room,),
            )
            rows = self._run(
                "UPDATE leases SET owner = ?, token = token + 1, expires = ?, wanted = NULL"
                " WHERE room = ?"
                " AND (owner IS NULL OR owner = ? OR expires < ?) RETURNING token",
                (self.owner, now + self.lease_ttl, room, self.owner, now),
            )
        if not rows:
            return None
        token = int(rows[0][0])
        self.fences[room] = token
        return token

    def renew(self) -> list[str]:
        """Extends every lease this store holds by ``ttl``; returns the rooms it lost
        (another worker took them after they expired): their fences are dropped."""
        if self.owner is None or not self.fences:
            return []
        with self._transaction():
            now = self._now()
            rows = self._run(
                "UPDATE leases SET expires = ? WHERE owner = ? RETURNING room, token",
                (now + self.lease_ttl, self.owner),
            )
        held = {str(r): int(t) for r, t in rows}
        lost = [r for r, t in self.fences.items() if held.get(r) != t]
        for r in lost:
            del self.fences[r]
        return lost

    def release(self, room: str) -> None:
        """Gives the room's lease up at once (a draining worker, a finished room): another
        worker may take it without waiting for it to expire."""
        token = self.fences.pop(room, None)
        if self.owner is None or token is None:
            return
        with self._transaction():
            self._run(
                "UPDATE leases SET owner = NULL, expires = 0 WHERE room = ? AND owner = ?"
                " AND token = ?",
                (room, self.owner, token),
            )

    def hand_over(self, room: str) -> None:
        """Gives the room's lease to the worker that asked for it (:meth:`want`), with the
        next fencing token, in one statement: nobody else can take it in between."""
        token = self.fences.pop(room, None)
        if self.owner is None or token is None:
            return
        with self._transaction():
            self._run(
                "UPDATE leases SET owner = wanted, token = token + 1, expires = ?, wanted = NULL"
                " WHERE room = ? AND owner = ? AND token = ? AND wanted IS NOT NULL",
                (self._now() + self.lease_ttl, room, self.owner, token),
            )

    def want(self, room: str) -> None:
        """Asks the worker holding the room's lease to hand it over to this one."""
        if self.owner is not None:
            with self._transaction():
                self._run(
                    "UPDATE leases SET wanted = ? WHERE room = ? AND owner IS NOT NULL"
                    " AND owner <> ?",
                    (self.owner, room, self.owner),
                )

    def wanted(self) -> list[str]:
        """The rooms this store holds that another worker asked for (:meth:`want`)."""
        if self.owner is None:
            return []
        rows = self._run(
            "SELECT room FROM leases WHERE owner = ? AND wanted IS NOT NULL AND wanted <> ?",
            (self.owner, self.owner),
        )
        return [str(r) for (r,) in rows if str(r) in self.fences]

    def claimable(self) -> list[str]:
        """The unfinished rooms whose lease is free or expired, oldest first."""
        rows = self._run(
            "SELECT r.id FROM rooms r LEFT JOIN leases l ON l.room = r.id"
            " WHERE r.status <> 'finished' AND (l.room IS NULL OR l.owner IS NULL"
            " OR l.expires < ?) ORDER BY r.created, r.id",
            (self._now(),),
        )
        return [str(r) for (r,) in rows]

    def lease(self, room: str) -> tuple[str | None, int, float] | None:
        """The room's lease as stored: owner (None: free), fencing token, expiry."""
        rows = self._run("SELECT owner, token, expires FROM leases WHERE room = ?", (room,))
        if not rows:
            return None
        owner, token, expires = rows[0]
        return owner, int(token), float(expires)
