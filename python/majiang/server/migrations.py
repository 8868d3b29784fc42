"""The table server's schema versions and the migrations between them, run by the server
when it opens its database (both backends).

Version 1 is the five tables of the first server (``rooms``, ``seats``, ``actions``,
``events``, ``hands``; no version table: a database with ``rooms`` and no
``schema_version`` is version 1). Version 2 adds ``schema_version`` (one row: the version)
and ``leases`` (which worker plays which room, until when, with its fencing token).
Version 3 adds ``seats.user`` (the user id of the signed join token that took the seat). The
migrations run in one transaction with the version's update (under a lock, so two servers
starting at once migrate once), so a database is always at one version; a database of a
newer version than this code knows is refused.

Example:
    >>> SCHEMA_VERSION, sorted(MIGRATIONS["sqlite"])
    (3, [2, 3])
"""

from __future__ import annotations

from majiang.server.protocol import ServerConfigError
from majiang.server.sql_store import SqlStore

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "migrate"]

SCHEMA_VERSION = 3
"""The version this code writes."""

_LEASES = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE leases (
    room    TEXT PRIMARY KEY REFERENCES rooms(id),
    owner   TEXT,              -- the worker playing the room (NULL: released)
    token   BIGINT NOT NULL,   -- fencing token: one more at every acquisition
    expires {time} NOT NULL,   -- seconds since the epoch, by the database's clock
    wanted  TEXT               -- a worker the proxy sends the room's clients to: hand over
);
"""

# "user" is quoted: a reserved word in PostgreSQL.
_SEAT_USERS = 'ALTER TABLE seats ADD COLUMN "user" TEXT;'

MIGRATIONS: dict[str, dict[int, str]] = {
    "sqlite": {2: _LEASES.format(time="REAL"), 3: _SEAT_USERS},
    "postgresql": {2: _LEASES.format(time="DOUBLE PRECISION"), 3: _SEAT_USERS},
}
"""Per backend, the SQL that takes a database from the version before to each version."""


def migrate(store: SqlStore, dialect: str, schema: str) -> int:
    """Brings ``store``'s database to :data:`SCHEMA_VERSION` (``schema``: the backend's
    version 1 tables, created in an empty database); returns the version it was at (0:
    empty). :class:`ServerConfigError` for a database newer than this code."""
    with store._transaction():  # one transaction: two servers starting at once migrate once
        store._lock_schema()
        if store._has_table("schema_version"):
            found = store.schema_version()
        elif store._has_table("rooms"):
            found = 1
        else:
            found = 0
            for statement in _statements(schema):
                store._run(statement)
        if found > SCHEMA_VERSION:
            raise ServerConfigError(
                f"the database is at schema version {found}, newer than this server's"
                f" {SCHEMA_VERSION}: upgrade majiang"
            )
        for version in range(max(found, 1) + 1, SCHEMA_VERSION + 1):
            for statement in _statements(MIGRATIONS[dialect][version]):
                store._run(statement)
            if version == 2:
                store._run("INSERT INTO schema_version (version) VALUES (?)", (version,))
            else:
                store._run("UPDATE schema_version SET version = ?", (version,))
    return found


def _statements(script: str) -> list[str]:
    """The statements of a script of DDL (no ``;`` inside a statement; comments dropped)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
