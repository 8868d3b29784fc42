"""Room leases with fencing tokens, on SQLite and a real PostgreSQL: two store clients on one
database, as two workers; a room is written only by the client holding its lease, a client
that stalled past its lease and lost the room to the other has its writes refused
(``LeaseLost``, nothing written), tokens only grow, renewals keep a lease, a released lease
is taken at once."""

from __future__ import annotations

import time
from typing import Any

import pytest
from pg_cluster import db

from majiang.server.sql_store import LeaseLost
from majiang.server.storage import RoomStore, open_store

__all__ = ["db"]  # the fixture: a SQLite file, a PostgreSQL database

TTL = 0.4


def two(db: str) -> tuple[RoomStore, RoomStore]:
    a, b = open_store(db), open_store(db)
    a.use_leases("worker-a", TTL)
    b.use_leases("worker-b", TTL)
    return a, b


def act(store: RoomStore, room: str, seq: int) -> None:
    store.append(room, seq, 0, {"type": "pass"}, "person", seq + 1, [{"event": f"e{seq}"}], [])


def stored(store: RoomStore, room: str) -> tuple[list[Any], list[Any]]:
    return store.actions(room), store.events(room)


def test_a_worker_that_lost_its_lease_cannot_write(db: str) -> None:
    a, b = two(db)
    a.add_room("r", {"variant": "nanchang"}, 7, ["person"] * 4, time.time())
    a.add_events("r", 0, [{"event": "deal"}])
    owner, token, _ = a.lease("r") or (None, 0, 0.0)
    assert (owner, token) == ("worker-a", 1) and a.fences == {"r": 1}
    assert b.acquire("r") is None  # held and not expired
    assert b.claimable() == []
    act(a, "r", 0)
    with pytest.raises(LeaseLost):  # b never held it: its writes are refused
        act(b, "r", 1)
    time.sleep(TTL + 0.1)  # worker a stalls past its lease
    assert b.claimable() == ["r"]
    assert b.acquire("r") == 2  # the next fencing token
    before = stored(b, "r")
    with pytest.raises(LeaseLost, match="room r: this worker no longer holds its lease"):
        act(a, "r", 1)
    with pytest.raises(LeaseLost):
        a.set_seat("r", 0, auto=1)
    with pytest.raises(LeaseLost):
        a.set_status("r", "finished")
    assert stored(b, "r") == before  # nothing of a's was written
    assert b.rooms()[0]["status"] == "waiting" and not b.rooms()[0]["seats"][0]["auto"]
    assert a.renew() == ["r"] and a.fences == {}  # the lost room is reported, then forgotten
    act(b, "r", 1)
    assert [e["event"] for e in b.events("r")] == ["deal", "e0", "e1"]


def test_renewal_keeps_a_lease_and_reports_one_lost(db: str) -> None:
    a, b = two(db)
    for rid in ("r1", "r2"):
        a.add_room(rid, {}, 1, ["bot"] * 4, time.time())
    for _ in range(4):  # past its length three times over, renewed in time
        time.sleep(TTL / 3)
        assert a.renew() == []
    assert b.acquire("r1") is None and b.acquire("r2") is None
    time.sleep(TTL + 0.1)
    assert b.acquire("r2") == 2
    assert a.renew() == ["r2"]  # r1 was not taken: renewed, still a's
    assert a.fences == {"r1": 1}
    act(a, "r1", 0)
    with pytest.raises(LeaseLost):
        act(a, "r2", 0)


def test_a_released_lease_is_taken_at_once_and_tokens_only_grow(db: str) -> None:
    a, b = two(db)
    a.add_room("r", {}, 1, ["bot"] * 4, time.time())
    b.want("r")  # b asks a for the room
    assert a.wanted() == ["r"] and b.wanted() == []
    tokens = [1]
    for _ in range(3):
        holder, other = (a, b) if len(tokens) % 2 else (b, a)
        holder.release("r")
        assert holder.fences == {}
        with pytest.raises(LeaseLost):
            act(holder, "r", 0)
        token = other.acquire("r")
        assert token is not None
        tokens.append(token)
        assert holder.wanted() == []  # the request was cleared when the room changed hands
    assert tokens == [1, 2, 3, 4]
    lease = a.lease("r")
    assert lease is not None and lease[:2] == ("worker-b", 4)


def test_without_leases_a_store_writes_as_before(db: str) -> None:
    s = open_store(db)
    s.add_room("r", {}, 1, ["bot"] * 4, time.time())
    act(s, "r", 0)
    assert s.lease("r") is None and len(s.actions("r")) == 1
