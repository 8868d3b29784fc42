"""SQLite storage of the table server (the embedded default): rooms, seats, every action and
event as it happens, finished hands with their records and settlements (schema in
docs/server.md; the queries, shared with PostgreSQL, in :mod:`majiang.server.sql_store`).

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

import contextlib
import hashlib
import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any

from majiang.server.migrations import migrate
from majiang.server.protocol import ServerConfigError
from majiang.server.sql_store import MAX_PAGE, SqlStore

__all__ = ["MAX_PAGE", "SCHEMA", "Store", "token_hash"]

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
"""The tables of schema version 1 (plain SQL types; JSON held as TEXT; PostgreSQL's are
:data:`majiang.server.pg_store.SCHEMA`); later versions' tables are
:mod:`majiang.server.migrations`'."""


def token_hash(token: str) -> str:
    """The stored form of a seat token (tokens themselves are never stored).

    Example:
        >>> len(token_hash("abc"))
        64
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Store(SqlStore):
    """One SQLite database (a file, or ``":memory:"``), created or migrated to the current
    schema version when opened.

    Example:
        >>> s = Store(":memory:")
        >>> s.add_room("r", {}, 1, ["person", "bot", "bot", "bot"], 0.0)
        >>> s.append("r", 0, 1, {"type": "pass"}, "bot", 1, [{"event": "draw"}], [])
        >>> s.actions("r"), s.events("r"), s.schema_version()
        ([(1, {'type': 'pass'}, 'bot')], [{'event': 'draw'}], 3)
    """

    def __init__(self, path: str) -> None:
        """Opens (or creates) the database: :class:`ServerConfigError` for a path that
        cannot be opened (a missing folder), a file that is not a SQLite database or one of
        a newer schema version."""
        super().__init__()
        try:
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.execute("PRAGMA busy_timeout=5000")  # another worker's write in progress
            self.migrated_from = migrate(self, "sqlite", SCHEMA)
        except sqlite3.Error as e:
            raise ServerConfigError(f"cannot use {path!r} as the SQLite database: {e}") from e

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        if self.db.in_transaction:  # nested: the outer transaction commits
            yield
            return
        self.db.execute("BEGIN IMMEDIATE")  # takes the write lock first: no upgrade deadlock
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def _run(self, sql: str, args: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        return self.db.execute(sql, tuple(args)).fetchall()

    def _many(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        self.db.executemany(sql, [tuple(r) for r in rows])

    def _has_table(self, name: str) -> bool:
        return bool(
            self._run("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
        )

    def close(self) -> None:
        """Closes the database."""
        self.db.close()
