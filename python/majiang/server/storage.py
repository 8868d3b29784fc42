"""What the table server needs of its storage (:class:`RoomStore`), and the backend a
``--db`` names (:func:`open_store`): a SQLite file (the embedded default,
:mod:`majiang.server.store`) or a PostgreSQL URL (:mod:`majiang.server.pg_store`).

Example:
    >>> s = open_store(":memory:")
    >>> type(s).__name__, s.schema_version()
    ('Store', 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from majiang.server.store import Store

__all__ = ["RoomStore", "is_postgres_url", "open_store"]


class RoomStore(Protocol):
    """A room store: rooms, seats, actions with their events, finished hands, and the
    leases of rooms played by several workers. Each write is one transaction."""

    fences: dict[str, int]
    owner: str | None
    migrated_from: int  # the schema version the database had when opened (0: new)

    def close(self) -> None: ...

    def add_room(
        self, room: str, config: dict[str, Any], seed: int, seats: Sequence[str], now: float
    ) -> None: ...

    def add_events(self, room: str, first: int, events: Sequence[dict[str, Any]]) -> None: ...

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
    ) -> None: ...

    def set_status(self, room: str, status: str) -> None: ...

    def set_seat(self, room: str, seat: int, **fields: object) -> None: ...

    def rooms(self, status: str | None = None) -> list[dict[str, Any]]: ...

    def room(self, rid: str) -> dict[str, Any] | None: ...

    def actions(self, room: str) -> list[tuple[int, dict[str, Any], str]]: ...

    def events(
        self, room: str, first: int = 0, last: int | None = None
    ) -> list[dict[str, Any]]: ...

    def hands(
        self, room: str | None = None, limit: int | None = None, offset: int = 0
    ) -> list[dict[str, Any]]: ...

    def count_hands(self) -> int: ...

    def hand(self, room: str, hand: int) -> dict[str, Any] | None: ...

    def schema_version(self) -> int: ...

    def use_leases(self, owner: str, ttl: float) -> None: ...

    def acquire(self, room: str) -> int | None: ...

    def renew(self) -> list[str]: ...

    def release(self, room: str) -> None: ...

    def hand_over(self, room: str) -> None: ...

    def want(self, room: str) -> None: ...

    def wanted(self) -> list[str]: ...

    def claimable(self) -> list[str]: ...

    def lease(self, room: str) -> tuple[str | None, int, float] | None: ...


def is_postgres_url(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than a SQLite file.

    Example:
        >>> is_postgres_url("postgresql://localhost/majiang"), is_postgres_url("t.db")
        (True, False)
    """
    return db.startswith(("postgresql://", "postgres://"))


def open_store(db: str) -> RoomStore:
    """The store ``db`` names: ``postgresql://...`` or ``postgres://...`` (psycopg, the
    ``server`` extra), else a SQLite file (or ``:memory:``). Opening creates or migrates
    the schema; :class:`~majiang.server.protocol.ServerConfigError` when it cannot be used."""
    if is_postgres_url(db):
        from majiang.server.pg_store import PgStore  # psycopg: loaded only for PostgreSQL

        return PgStore(db)
    return Store(db)
