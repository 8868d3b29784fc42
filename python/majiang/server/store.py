"""SQLite storage of the table server: rooms, seats, every action and event as it happens,
finished hands with their records and settlements (schema in docs/server.md).

A room is its configuration, its seed and its actions: the engine is deterministic, so a room
is rebuilt by stepping a fresh ``Game`` through the stored actions, and the events that gives
must be exactly the stored events (nothing lost, nothing doubled). Each action is written in
one transaction with the events it caused (and the hand record when it ended a hand), before
any frame about it is sent. The database runs in WAL mode with ``synchronous=NORMAL``: a
killed process loses nothing committed (a power cut may lose the last transactions).

Example:
    >>> s = Store(":memory:")
    >>> s.add_room("r1", {"variant": "nanchang"}, 5, ["bot"] * 4, 1.0)
    >>> s.rooms()[0]["id"], s.rooms()[0]["seed"]
    ('r1', 5)
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Sequence
from typing import Any

from majiang.server.protocol import ServerConfigError

__all__ = ["MAX_PAGE", "SCHEMA", "Store", "token_hash"]

MAX_PAGE = 1000
"""The most hands one page of :meth:`Store.hands` (``GET /api/hands``) lists."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id       TEXT PRIMARY KEY,
    created  REAL NOT NULL,
    config   TEXT NOT NULL,     -- JSON: variant, options, hands, seats, time_limit
    seed     INTEGER NOT NULL,  -- the match seed (secret while the room plays)
    status   TEXT NOT NULL      -- waiting | playing | finished
);
CREATE TABLE IF NOT EXISTS seats (
    room       TEXT NOT NULL REFERENCES rooms(id),
    seat       INTEGER NOT NULL,  -- 0-3
    kind       TEXT NOT NULL,     -- person | bot
    token_hash TEXT,              -- sha256 of the seat's token (NULL: not joined)
    ready      INTEGER NOT NULL DEFAULT 0,
    auto       INTEGER NOT NULL DEFAULT 0,  -- 托管: played by EfficiencyBot
    user       TEXT,              -- user id of the signed join token that took it (or NULL)
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    room   TEXT NOT NULL REFERENCES rooms(id),
    seq    INTEGER NOT NULL,  -- 0, 1, 2, ... within the room
    seat   INTEGER NOT NULL,  -- -1: the room's own (a claim window's closing)
    action TEXT NOT NULL,     -- JSON: the action's to_dict(), or {"type": "close_window"}
    actor  TEXT NOT NULL,     -- person | bot | auto (托管) | room
    at     REAL NOT NULL,
    PRIMARY KEY (room, seq)
);
CREATE TABLE IF NOT EXISTS events (
    room   TEXT NOT NULL REFERENCES rooms(id),
    seq    INTEGER NOT NULL,  -- index in Game.events
    action INTEGER,           -- the action that caused it (NULL: the first deal)
    event  TEXT NOT NULL,     -- JSON: the referee's event (the full log)
    PRIMARY KEY (room, seq)
);
CREATE TABLE IF NOT EXISTS hands (
    room        TEXT NOT NULL REFERENCES rooms(id),
    hand        INTEGER NOT NULL,  -- 0, 1, ... within the match
    first_event INTEGER NOT NULL,  -- seq of its deal event
    last_event  INTEGER NOT NULL,  -- seq of its settlement event
    record      TEXT NOT NULL,     -- JSON: the hand record handed to majiang.settle
    settlement  TEXT NOT NULL,     -- JSON: Settlement.to_dict()
    deltas      TEXT NOT NULL,     -- JSON: four ints
    PRIMARY KEY (room, hand)
);
"""
"""The tables (plain SQL types; JSON held as TEXT, so it moves to PostgreSQL as is or as
jsonb)."""


def token_hash(token: str) -> str:
    """The stored form of a seat token (tokens themselves are never stored).

    Example:
        >>> len(token_hash("abc"))
        64
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class Store:
    """One SQLite database (a file, or ``":memory:"``).

    Example:
        >>> s = Store(":memory:")
        >>> s.add_room("r", {}, 1, ["person", "bot", "bot", "bot"], 0.0)
        >>> s.append("r", 0, 1, {"type": "pass"}, "bot", 1, [{"event": "draw"}], [])
        >>> s.actions("r"), s.events("r")
        ([(1, {'type': 'pass'}, 'bot')], [{'event': 'draw'}])
    """

    def __init__(self, path: str) -> None:
        """Opens (or creates) the database: :class:`ServerConfigError` for a path that
        cannot be opened (a missing folder) or a file that is not a SQLite database."""
        try:
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(seats)")}
            if "user" not in columns:  # a database made before signed join tokens
                self.db.execute("ALTER TABLE seats ADD COLUMN user TEXT")
        except sqlite3.Error as e:
            raise ServerConfigError(f"cannot use {path!r} as the SQLite database: {e}") from e

    def close(self) -> None:
        """Closes the database."""
        self.db.close()

    def add_room(
        self, room: str, config: dict[str, Any], seed: int, seats: Sequence[str], now: float
    ) -> None:
        """Stores a new room and its seats (no first events: the deal is rebuilt from the
        seed and stored with :meth:`add_events`)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO rooms (id, created, config, seed, status) VALUES (?, ?, ?, ?, ?)",
                (room, now, _dumps(config), seed, "waiting"),
            )
            self.db.executemany(
                "INSERT INTO seats (room, seat, kind) VALUES (?, ?, ?)",
                [(room, s, kind) for s, kind in enumerate(seats)],
            )

    def add_events(self, room: str, first: int, events: Sequence[dict[str, Any]]) -> None:
        """Stores events not caused by an action (a room's first deal)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany(
                "INSERT INTO events (room, seq, action, event) VALUES (?, ?, NULL, ?)",
                [(room, first + i, _dumps(e)) for i, e in enumerate(events)],
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
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO actions (room, seq, seat, action, actor, at) VALUES (?,?,?,?,?,?)",
                (room, seq, seat, _dumps(action), actor, time.time()),
            )
            self.db.executemany(
                "INSERT INTO events (room, seq, action, event) VALUES (?, ?, ?, ?)",
                [(room, first_event + i, seq, _dumps(e)) for i, e in enumerate(events)],
            )
            self.db.executemany(
                "INSERT INTO hands (room, hand, first_event, last_event, record, settlement,"
                " deltas) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (room, n, a, b, _dumps(rec), _dumps(st), _dumps(st["deltas"]))
                    for n, a, b, rec, st in hands
                ],
            )
            if status is not None:
                self.db.execute("UPDATE rooms SET status = ? WHERE id = ?", (status, room))

    def set_status(self, room: str, status: str) -> None:
        """The room's status (waiting, playing, finished)."""
        with self.db:
            self.db.execute("UPDATE rooms SET status = ? WHERE id = ?", (status, room))

    def set_seat(self, room: str, seat: int, **fields: object) -> None:
        """Updates a seat's ``token_hash``, ``ready``, ``auto`` or ``user``."""
        names = [k for k in fields if k in ("token_hash", "ready", "auto", "user")]
        if not names:
            return
        sets = ", ".join(f"{k} = ?" for k in names)
        with self.db:
            self.db.execute(
                f"UPDATE seats SET {sets} WHERE room = ? AND seat = ?",
                [fields[k] for k in names] + [room, seat],
            )

    def rooms(self, status: str | None = None) -> list[dict[str, Any]]:
        """Every room (or those of one status), oldest first, with its seats."""
        where, args = ("WHERE status = ?", (status,)) if status else ("", ())
        rows = self.db.execute(
            f"SELECT id, created, config, seed, status FROM rooms {where} ORDER BY created, id",
            args,
        ).fetchall()
        out = []
        for rid, created, config, seed, st in rows:
            try:  # one corrupt row must not hide the others: the caller lists it as broken
                parsed = json.loads(config)
                error = None if isinstance(parsed, dict) else "config is not a JSON object"
            except (ValueError, TypeError, RecursionError) as e:
                parsed, error = None, f"config is not JSON: {e}"
            seats = self.db.execute(
                "SELECT seat, kind, token_hash, ready, auto, user FROM seats WHERE room = ?"
                " ORDER BY seat",
                (rid,),
            ).fetchall()
            out.append(
                {
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
            )
        return out

    def actions(self, room: str) -> list[tuple[int, dict[str, Any], str]]:
        """The room's actions in order: (seat, action dict, actor)."""
        rows = self.db.execute(
            "SELECT seat, action, actor FROM actions WHERE room = ? ORDER BY seq", (room,)
        ).fetchall()
        return [(s, json.loads(a), who) for s, a, who in rows]

    def events(self, room: str, first: int = 0, last: int | None = None) -> list[dict[str, Any]]:
        """The room's stored events, ``first`` to ``last`` (inclusive) by sequence number."""
        high = 2**62 if last is None else last
        rows = self.db.execute(
            "SELECT event FROM events WHERE room = ? AND seq BETWEEN ? AND ? ORDER BY seq",
            (room, first, high),
        ).fetchall()
        return [json.loads(e) for (e,) in rows]

    def hands(
        self, room: str | None = None, limit: int | None = None, offset: int = 0
    ) -> list[dict[str, Any]]:
        """Finished hands (of one room, or all), oldest first: room, hand, events span,
        deltas; ``limit`` of them (at most :data:`MAX_PAGE`; None: all) from ``offset``."""
        where, args = ("WHERE room = ?", (room,)) if room else ("", ())
        page = -1 if limit is None else min(limit, MAX_PAGE)
        rows = self.db.execute(
            f"SELECT room, hand, first_event, last_event, deltas FROM hands {where}"
            " ORDER BY rowid LIMIT ? OFFSET ?",
            (*args, page, offset),
        ).fetchall()
        return [
            {"room": r, "hand": h, "first_event": a, "last_event": b, "deltas": json.loads(d)}
            for r, h, a, b, d in rows
        ]

    def count_hands(self) -> int:
        """How many finished hands are stored."""
        (n,) = self.db.execute("SELECT COUNT(*) FROM hands").fetchone()
        return int(n)

    def hand(self, room: str, hand: int) -> dict[str, Any] | None:
        """One finished hand: its events, record and settlement (None if not stored)."""
        row = self.db.execute(
            "SELECT first_event, last_event, record, settlement FROM hands"
            " WHERE room = ? AND hand = ?",
            (room, hand),
        ).fetchone()
        if row is None:
            return None
        first, last, record, settlement = row
        return {
            "room": room,
            "hand": hand,
            "events": self.events(room, first, last),
            "record": json.loads(record),
            "settlement": json.loads(settlement),
        }
