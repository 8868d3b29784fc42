"""What one client may cost the table server (issue 25, items 4 and 5): the outgoing queue
bounded in bytes (a client that does not read is dropped, its frames freed), resyncs
rate-limited per seat over all its connections, and the same over a live socket."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from majiang.server import Limits, TableServer
from majiang.server.app import Connection
from majiang.server.room import RESYNC_BURST, RESYNC_RATE, RoomError

PERSON = {
    "variant": "nanchang",
    "options": {},
    "hands": 1,
    "seats": ["person", "bot", "bot", "bot"],
    "time_limit": 0.0,
}


class StuckSocket:
    """A client that sends ``frames`` and never reads: every send waits for ever."""

    def __init__(self, frames: list[dict[str, Any]]) -> None:
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        for f in frames:
            self.inbox.put_nowait({"type": "websocket.receive", "text": json.dumps(f)})
        self.sent: list[str] = []
        self.headers: dict[str, str] = {}

    async def accept(self) -> None:
        pass

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()  # then idle for ever: the client only waits

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await asyncio.Event().wait()

    async def close(self, code: int = 1000) -> None:
        await asyncio.Event().wait()


class Sink:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)


def test_a_client_that_does_not_read_is_dropped_and_its_frames_freed() -> None:
    server = TableServer(":memory:", Limits(queue_bytes=30_000))
    room = server.create_room({**PERSON, "hands": 8})
    _, token = room.join(Sink(), 0)
    room.set_auto(0, True)
    room.ready(0)  # no event loop: 托管 and the bots play the match at once
    assert room.status == "finished" and len(json.dumps(room.state(0, 0))) > 30_000
    # the match's resync from 0 is larger than the whole queue bound
    frames = [{"type": "join", "room": room.id, "token": token}]
    ws = StuckSocket(frames + [{"type": "resync", "since": 0}] * 40)
    conns: list[Connection] = []
    real = Connection.__init__

    def spy(self: Connection, *args: Any) -> None:
        real(self, *args)
        conns.append(self)

    async def run() -> None:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(Connection, "__init__", spy)
            await asyncio.wait_for(server.websocket(ws), 5)  # type: ignore[arg-type]

    asyncio.run(run())
    (conn,) = conns
    assert conn.dropped.is_set() and conn.queue.qsize() <= 1 and conn.queued == 0
    assert ws.sent == [ws.sent[0]] and json.loads(ws.sent[0])["type"] == "welcome"
    assert len(room.seats[0].clients) == 1, "the dropped client left its seat"


def test_the_queue_is_bounded_in_bytes_not_frames() -> None:
    conn = Connection(StuckSocket([]), Limits(queue_bytes=10_000))  # type: ignore[arg-type]
    conn.send({"type": "pong", "id": "x" * 4000})
    conn.send({"type": "pong", "id": "y" * 4000})
    assert not conn.closed and conn.queued > 8000
    conn.send({"type": "pong", "id": "z" * 4000})  # past 10,000 bytes: dropped
    assert conn.closed and conn.queued == 0 and conn.queue.get_nowait() is None


def test_resyncs_are_rate_limited_per_seat() -> None:
    server = TableServer(":memory:")
    room = server.create_room(PERSON)
    now = [100.0]
    room.clock = lambda: now[0]
    first, second = Sink(), Sink()
    _, token = room.join(first, 0)
    assert token is not None
    for _ in range(int(RESYNC_BURST) - 1):
        assert room.resync(0)["type"] == "state"
    room.join(second, token=token)  # a reconnection takes from the same bucket
    with pytest.raises(RoomError, match="flood: too many resyncs of seat 0"):
        room.resync(0)
    with pytest.raises(RoomError, match="flood: too many reconnections"):
        room.join(Sink(), token=token)
    assert len(room.seats[0].clients) == 2, "a refused join binds nothing"
    now[0] += 1 / RESYNC_RATE
    assert room.resync(0)["type"] == "state"
    with pytest.raises(RoomError, match="flood"):
        room.resync(0)


def test_resyncs_without_reading_leave_the_server_answering(tmp_path: Any) -> None:
    import time

    from server_process import ServerProcess, raw_socket, send_raw

    server = ServerProcess(tmp_path / "t.db").start()
    try:
        host = server.client()
        host.send(type="create", variant="nanchang", hands=16, time_limit=0, claim_window=0)
        room = host.until("created")["room"]
        host.send(type="join", room=room)
        token = host.until("joined")["token"]
        host.send(type="auto", on=True)
        host.send(type="ready")  # 托管 plays the match: its resync from 0 is large
        while not host.until("hand_end", timeout=60)["match_over"]:
            pass
        hogs = []
        for _ in range(4):  # four sockets on one token, none of them reading
            sock, status = raw_socket(server.port)
            assert " 101 " in status
            send_raw(sock, json.dumps({"type": "join", "room": room, "token": token}))
            for _ in range(90):
                send_raw(sock, json.dumps({"type": "resync", "since": 0}))
            hogs.append(sock)
        started = time.monotonic()
        host.send(type="ping", id="still")
        assert host.until("pong", timeout=5)["id"] == "still"
        assert time.monotonic() - started < 2
        assert server.proc is not None
        with open(f"/proc/{server.proc.pid}/status") as f:
            rss = next(int(x.split()[1]) for x in f if x.startswith("VmRSS"))
        assert rss < 400_000, f"{rss} kB"
        for sock in hogs:
            sock.close()
        host.close()
    finally:
        server.stop()


def test_what_a_connection_and_an_address_may_create() -> None:
    from server_inproc import Local, local_server

    server = local_server(Limits(creates=3, address_burst=5, address_rooms=4, bot_rooms=1))
    frame = {"type": "create", "variant": "nanchang", "hands": 1}
    first = Local(server)
    for _ in range(3):
        first.send(frame)
    first.send({**frame, "id": 9})
    out = first.take()
    assert [f["type"] for f in out[:3]] == ["created"] * 3
    assert out[3]["code"] == "too_many_rooms" and out[3]["id"] == 9
    assert "one connection creates at most 3 rooms" in out[3]["message"]
    assert len(server.rooms) == 3
    second = Local(server)  # the same address: four open rooms at most
    second.send(frame)
    second.send(frame)
    codes = [f.get("code") for f in second.take()]
    assert codes == [None, "too_many_rooms"] and len(server.rooms) == 4
    # a room of bots alone: a few hands at most (it finishes and leaves memory at once)
    third = Local(server)
    third.send({**frame, "seats": ["bot"] * 4, "hands": 9})
    (err,) = third.take()
    assert err["code"] == "bad_room" and "bots alone plays at most 8 hands" in err["message"]


def test_the_address_bucket_refills_and_stays_bounded() -> None:
    from server_inproc import Local, local_server

    server = local_server(Limits(address_burst=2, address_rate=1000.0, addresses=3))
    conns = [Local(server) for _ in range(5)]
    for i, c in enumerate(conns):
        c.conn.address = f"10.0.0.{i}"
        c.send({"type": "create", "hands": 1})
    assert len(server._buckets) == 3  # the oldest addresses forgotten, not kept for ever
    slow = local_server(Limits(address_burst=2, address_rate=1e-9))
    c = Local(slow)
    for _ in range(3):
        c.send({"type": "create", "hands": 1})
    assert [f.get("code") for f in c.take()] == [None, None, "too_many_rooms"]


def test_rooms_of_bots_alone_are_capped_while_they_play() -> None:
    from server_inproc import Local, local_server

    server = local_server(Limits(bot_rooms=1))
    bots = {"type": "create", "hands": 1, "seats": ["bot"] * 4}

    async def run() -> list[dict[str, Any]]:
        c = Local(server)
        c.send(bots)  # an event loop runs: the bots play in a task
        c.send(bots)
        return c.take()

    out = asyncio.run(run())
    assert out[0]["type"] == "created" and out[1]["code"] == "server_busy"
