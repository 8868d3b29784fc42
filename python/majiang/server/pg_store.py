"""PostgreSQL storage of the table server (``majiang serve --db postgresql://...``), with
psycopg 3: the same tables as SQLite (JSON as ``jsonb``, times as ``double precision``, the
63-bit seed as ``bigint``), the same queries and the same one transaction per action
(:mod:`majiang.server.sql_store`). Several servers may share one database: each room is
played by the one worker holding its lease.

Needs psycopg (the ``server`` extra). Example (with a running PostgreSQL)::

    store = PgStore("postgresql://majiang@localhost/majiang")
    store.rooms("playing")
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

import psycopg

from majiang.server.migrations import migrate
from majiang.server.protocol import ServerConfigError
from majiang.server.sql_store import SqlStore

__all__ = ["SCHEMA", "PgStore"]

SCHEMA = """
CREATE TABLE rooms (
    id       TEXT PRIMARY KEY,
    created  DOUBLE PRECISION NOT NULL,
    config   JSONB NOT NULL,
    seed     BIGINT NOT NULL,
    status   TEXT NOT NULL
);
CREATE TABLE seats (
    room       TEXT NOT NULL REFERENCES rooms(id),
    seat       INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    token_hash TEXT,
    ready      INTEGER NOT NULL DEFAULT 0,
    auto       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (room, seat)
);
CREATE TABLE actions (
    room   TEXT NOT NULL REFERENCES rooms(id),
    seq    INTEGER NOT NULL,
    seat   INTEGER NOT NULL,
    action JSONB NOT NULL,
    actor  TEXT NOT NULL,
    at     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room, seq)
);
CREATE TABLE events (
    room   TEXT NOT NULL REFERENCES rooms(id),
    seq    INTEGER NOT NULL,
    action INTEGER,
    event  JSONB NOT NULL,
    PRIMARY KEY (room, seq)
);
CREATE TABLE hands (
    room        TEXT NOT NULL REFERENCES rooms(id),
    hand        INTEGER NOT NULL,
    first_event INTEGER NOT NULL,
    last_event  INTEGER NOT NULL,
    record      JSONB NOT NULL,
    settlement  JSONB NOT NULL,
    deltas      JSONB NOT NULL,
    stored      BIGINT GENERATED ALWAYS AS IDENTITY,  -- insertion order (SQLite: rowid)
    PRIMARY KEY (room, hand)
);
"""
"""The tables of schema version 1 on PostgreSQL (later versions: migrations.py)."""


class PgStore(SqlStore):
    """One PostgreSQL database (a libpq connection URL), created or migrated to the current
    schema version when opened; one connection, in autocommit outside the store's own
    transactions, opened again if the database restarted."""

    HANDS_ORDER = "stored"
    LOCK = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        """Connects: :class:`ServerConfigError` (without the password) for a database that
        cannot be reached or used, or one of a newer schema version."""
        super().__init__()
        self.url = url
        try:
            self.db = self._connect()
            self.migrated_from = migrate(self, "postgresql", SCHEMA)
        except psycopg.Error as e:
            shown = psycopg.conninfo.conninfo_to_dict(url) if "://" in url else {}
            shown.pop("password", None)
            where = " ".join(f"{k}={v}" for k, v in sorted(shown.items()))
            raise ServerConfigError(f"cannot use the PostgreSQL database ({where}): {e}") from e

    def _connect(self) -> psycopg.Connection[tuple[Any, ...]]:
        return psycopg.connect(self.url, autocommit=True, connect_timeout=10)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        if self.db.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
            yield  # nested: the outer transaction commits
            return
        if self.db.closed or self.db.broken:  # the database restarted: connect again
            self.db = self._connect()
        with self.db.transaction():
            yield

    def _run(self, sql: str, args: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        if self.db.closed or self.db.broken:
            self.db = self._connect()
        cur = self.db.execute(sql.replace("?", "%s"), tuple(args))
        return cur.fetchall() if cur.description is not None else []

    def _many(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        if rows:
            with self.db.cursor() as cur:
                cur.executemany(sql.replace("?", "%s"), [tuple(r) for r in rows])

    def _has_table(self, name: str) -> bool:
        ((found,),) = self._run("SELECT to_regclass(?) IS NOT NULL", (name,))
        return bool(found)

    def _lock_schema(self) -> None:
        self._run("SELECT pg_advisory_xact_lock(?)", (0x6D616A69,))  # "maji"

    def _now(self) -> float:
        # the database's clock: workers on several machines agree on when a lease expires
        ((now,),) = self._run("SELECT extract(epoch FROM clock_timestamp())::float8")
        return float(now)

    def close(self) -> None:
        """Closes the connection."""
        self.db.close()
