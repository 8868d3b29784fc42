"""Two table servers as workers on one database, in this process (each backend): a room
handed over when the other worker asks for it plays on there from the stored log, and the
worker it left can no longer change it; a worker that stalled past its lease has its next
action refused by the fence, nothing written, and drops the room at its next round."""

from __future__ import annotations

import time
from typing import Any

import pytest
from pg_cluster import db

from majiang.server import TableServer
from majiang.server.room import RoomError
from majiang.server.sql_store import LeaseLost
from majiang.server.workers import MOVED

__all__ = ["db"]  # the fixture: a SQLite file, a PostgreSQL database

PERSON = {
    "variant": "pingxiang",
    "options": {},
    "hands": 4,
    "seats": ["person", "bot", "bot", "bot"],
    "time_limit": 0.0,
    "claim_window": 0.0,
}


class Sink:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.closed: int | None = None

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)

    def shut(self, code: int) -> None:
        self.closed = code


def two(db: str, lease: float = 5.0) -> tuple[TableServer, TableServer]:
    return TableServer(db, worker="a", lease=lease), TableServer(db, worker="b", lease=lease)


def move(server: TableServer, rid: str, seat: int) -> None:
    room = server.rooms[rid]
    room.act(seat, room.game.legal_actions(seat)[0].to_dict(), seq=len(room.game.events))


def test_a_room_handed_over_plays_on_and_the_old_worker_cannot_touch_it(db: str) -> None:
    a, b = two(db)
    assert a.worker is not None and b.worker is not None
    room = a.create_room(PERSON)
    sink = Sink()
    seat, token = room.join(sink)
    room.ready(seat)
    move(a, room.id, seat)
    b.worker.step()
    assert room.id not in b.rooms  # held by a: not claimable
    b.store.want(room.id)
    a.worker.step()  # a's round: hands it over, closes its sockets with 4001
    assert room.id not in a.rooms and sink.closed == MOVED
    assert b.worker.claim(room.id) is not None
    with pytest.raises(RoomError, match="not_started"):  # the object a kept is dead
        room.act(seat, {"type": "pass"})
    there = b.rooms[room.id]
    assert there.game.events == room.game.events
    other = Sink()
    assert token is not None and there.join(other, token=token)[0] == seat
    for _ in range(3):
        move(b, room.id, seat)
    assert b.store.events(room.id) == there.game.events
    lease = b.store.lease(room.id)
    assert lease is not None and lease[:2] == ("b", 3)  # created 1, handed 2, claimed 3


def test_a_stalled_worker_is_fenced_off(db: str) -> None:
    a, b = two(db, lease=0.5)
    assert a.worker is not None and b.worker is not None
    room = a.create_room(PERSON)
    sink = Sink()
    seat, _ = room.join(sink)
    room.ready(seat)
    time.sleep(0.6)  # a stalls: no renewal
    b.worker.step()
    assert room.id in b.rooms
    before = b.store.events(room.id)
    with pytest.raises(LeaseLost):
        move(a, room.id, seat)
    assert b.store.events(room.id) == before
    a.worker.step()  # a's next round: the room is dropped, its sockets closed
    assert room.id not in a.rooms and sink.closed == MOVED
    move(b, room.id, seat)
    assert len(b.store.events(room.id)) > len(before)


def test_a_draining_worker_creates_nothing_and_releases_everything(db: str) -> None:
    a, b = two(db)
    assert a.worker is not None and b.worker is not None
    rooms = [a.create_room(PERSON) for _ in range(2)]
    a.worker.drain()
    assert a.rooms == {} and a.store.fences == {}
    with pytest.raises(RoomError, match="server_full"):
        a.create_room(PERSON)
    b.worker.step()
    assert sorted(b.rooms) == sorted(r.id for r in rooms)
