"""Two ``majiang serve`` workers on one PostgreSQL behind haproxy (Debian's, started by the
test on loopback, hashing on the room id in the URL): a room created through the proxy moves
once to the worker its id hashes to (its old socket closed with 4001); SIGKILL of the worker
playing it mid-hand, and within 5 s the other owns it and every room of the dead one,
restored from the database; the client reconnects with its token and ``since`` and plays
on, its stream with nothing lost or doubled and every action stored once; SIGTERM of a
worker hands its rooms over at once and closes their sockets with 4001."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pg_cluster import cluster
from server_process import Client, ServerProcess, free_port
from test_server_ws import choose
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from majiang.game.streams import seat_events
from majiang.variants import get_variant

HAPROXY = """
global
    maxconn 512
defaults
    mode http
    timeout connect 1s
    timeout client 60s
    timeout server 60s
    timeout tunnel 60s
    retries 3
    option redispatch
frontend tables
    bind 127.0.0.1:{port}
    default_backend workers
backend workers
    balance url_param room
    hash-type consistent
    option httpchk GET /api/variants
    default-server inter 200ms fall 1 rise 1
    server w1 127.0.0.1:{w1} check
    server w2 127.0.0.1:{w2} check
"""


class Proxy:
    def __init__(self, folder: Path, w1: int, w2: int) -> None:
        binary = shutil.which("haproxy") or "/usr/sbin/haproxy"
        if not Path(binary).exists():
            if os.environ.get("CI"):  # CI installs it: its absence there is a failure
                raise RuntimeError("haproxy is not installed (scripts/test.sh installs it)")
            pytest.skip("haproxy is not installed (scripts/test.sh installs it)")
        self.port = free_port()
        cfg = folder / "haproxy.cfg"
        cfg.write_text(HAPROXY.format(port=self.port, w1=w1, w2=w2), encoding="utf-8")
        self.proc = subprocess.Popen(
            [binary, "-db", "-f", str(cfg)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )

    def client(self, room: str | None = None) -> Client:
        query = f"?room={room}" if room else ""
        ws = connect(f"ws://127.0.0.1:{self.port}/ws{query}", open_timeout=5)
        return Client(ws.__enter__())

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[tuple[str, dict[str, ServerProcess], Proxy]]:
    url = cluster().database()
    workers = {
        name: ServerProcess(url, args=("--claim-window", "0", "--worker-id", name)).start()
        for name in ("w1", "w2")
    }
    proxy = Proxy(tmp_path, workers["w1"].port, workers["w2"].port)
    try:
        deadline = time.monotonic() + 10
        while True:  # until haproxy has seen both workers up
            try:
                proxy.client().close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        yield url, workers, proxy
    finally:
        proxy.stop()
        for name, w in workers.items():
            w.stop()
            if w.proc is not None and w.proc.stderr is not None:  # shown when the test fails
                print(name, w.proc.stderr.read().decode(errors="replace")[-4000:])


def owner(workers: dict[str, ServerProcess], room: str) -> str:
    """The worker whose memory holds the room (asked of each directly)."""
    found = [
        n
        for n, w in workers.items()
        if w.proc and w.proc.poll() is None and any(r["room"] == room for r in w.get("/api/rooms"))
    ]
    assert len(found) == 1, found
    return found[0]


def lease_owners(url: str, rooms: list[str]) -> dict[str, str | None]:
    import psycopg  # test extra

    with psycopg.connect(url) as con:
        rows = con.execute("SELECT room, owner FROM leases WHERE room = ANY(%s)", (rooms,))
        return {r: o for r, o in rows.fetchall()}


def rooms_now(url: str, rooms: list[str]) -> dict[str, tuple[str | None, str]]:
    """Each room's lease owner and status, as stored."""
    import psycopg  # test extra

    with psycopg.connect(url) as con:
        rows = con.execute(
            "SELECT r.id, l.owner, r.status FROM rooms r JOIN leases l ON l.room = r.id"
            " WHERE r.id = ANY(%s)",
            (rooms,),
        )
        return {r: (o, st) for r, o, st in rows.fetchall()}


class Seat:
    """One person seat's client across reconnections: the events it saw by seq."""

    def __init__(self, proxy: Proxy, room: str, token: str) -> None:
        self.proxy, self.room, self.token = proxy, room, token
        self.stream: dict[int, dict[str, Any]] = {}
        self.acts = 0
        self.client: Client | None = None
        self.over = False

    def take(self, f: dict[str, Any]) -> None:
        if f["type"] in ("events", "state"):
            first = f["from"] if f["type"] == "state" else f["seq"]
            for i, e in enumerate(f["events"]):
                assert self.stream.setdefault(first + i, e) == e, "an event changed"
        if f["type"] == "error":
            raise AssertionError(f"refused: {f}")
        if f["type"] == "hand_end" and f["match_over"]:
            self.over = True

    def reconnect(self, timeout: float = 8.0) -> float:
        """Joins again with the token and ``since`` through the proxy; seconds it took."""
        start = time.monotonic()
        since = max(self.stream, default=-1) + 1
        while True:
            c: Client | None = None
            try:
                c = self.proxy.client(self.room)
                c.send(type="join", room=self.room, token=self.token, since=since)
                joined = c.recv(6)
                if joined["type"] == "error":  # no worker plays it yet
                    raise TimeoutError(joined["code"])
                assert joined["type"] == "joined"
                state = c.until("state", timeout=6)
                break
            except (OSError, ConnectionClosed, TimeoutError) as e:
                seen = c.seen if c is not None else []
                if c is not None:
                    c.close()
                assert time.monotonic() - start < timeout, f"no worker took the room: {e} {seen}"
                time.sleep(0.1)
        assert state["from"] == since  # exactly the events it lacks
        if self.client is not None:
            self.client.close()  # the old socket (closed by the server or its death)
        self.client = c
        self.take(state)
        self.last = state
        return time.monotonic() - start

    def play(self, n: int) -> None:
        """Acts on ``n`` prompts (or to the match's end)."""
        c = self.client
        assert c is not None
        f = self.last
        while n > 0 and not self.over:
            if f["type"] in ("events", "state") and f["legal"]:
                c.send(type="act", action=choose(f["legal"]), seq=max(self.stream) + 1)
                self.acts += 1
                n -= 1
            f = c.recv()
            self.take(f)
        self.last = f


def test_two_workers_behind_haproxy_fail_over_and_drain(
    two_workers: tuple[str, dict[str, ServerProcess], Proxy],
) -> None:
    url, workers, proxy = two_workers
    first = proxy.client()  # no room in the URL yet: any worker
    # enough hands that the match cannot end before the last step (a hand may end early)
    first.send(type="create", variant="nanchang", hands=6, time_limit=0, claim_window=0)
    room = first.until("created")["room"]
    first.send(type="join", room=room)
    token = first.until("joined")["token"]
    first.until("state")
    first.send(type="ready")
    seat = Seat(proxy, room, token)
    created_on = owner(workers, room)
    others = []  # on each worker: a room of bots alone, and one waiting for its people
    for w in workers.values():
        c = w.client()
        c.send(type="create", variant="pingxiang", hands=8, seats=["bot"] * 4)
        others.append(c.until("created")["room"])
        c.send(type="create", variant="nanjing", seats=["person", "person", "bot", "bot"])
        others.append(c.until("created")["room"])
        c.close()

    # the room's own URL: it moves to the worker its id hashes to (once)
    seat.reconnect()
    home = owner(workers, room)
    if home != created_on:
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                first.recv(5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
    first.close()
    seat.play(4)

    # SIGKILL the worker playing it, mid-hand
    assert not seat.over
    dead, alive = home, "w2" if home == "w1" else "w1"
    theirs = [r for r in others if lease_owners(url, [r]).get(r) == dead]
    killed_at = time.monotonic()
    workers[dead].kill()
    took = seat.reconnect()
    assert took < 5.0, took
    assert owner(workers, room) == alive
    assert len(theirs) == 2, "the dead worker played its two rooms"
    while True:  # every room of the dead worker has a new owner within 5 s (or had ended)
        states = rooms_now(url, theirs)
        if all(st == "finished" or o == alive for o, st in states.values()):
            break
        assert time.monotonic() - killed_at < 5.0, states
        time.sleep(0.1)
    seat.play(6)

    assert not seat.over
    # the dead worker comes back; SIGTERM of the one playing the room drains it
    workers[dead].start()
    time.sleep(0.5)  # haproxy's health check sees it up
    seat.reconnect()  # the room moves back to its hashed worker, or stays
    holder = owner(workers, room)
    held = seat.client
    assert held is not None
    workers[holder].stop()  # SIGTERM
    proc = workers[holder].proc
    # uvicorn ends by raising the signal again once shut down: -15, after the drain
    assert proc is not None and proc.returncode in (0, -15)
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            seat.take(held.recv(5))
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
    assert lease_owners(url, [room])[room] != holder  # released at once
    # the lease was released, not left to run out: taking the room back is quicker than a
    # lease (3 s, the server's default), however loaded the machine
    assert seat.reconnect() < 3.0
    seat.play(10**6)
    assert seat.over
    assert seat.client is not None
    seat.client.close()

    # nothing lost, nothing doubled: the seat's stream is its view of the stored log, whole,
    # and each of its actions is stored once
    survivor = next(w for w in workers.values() if w.proc and w.proc.poll() is None)
    hands = [h for h in survivor.get("/api/hands") if h["room"] == room]
    assert [h["hand"] for h in hands] == list(range(6))
    log = [e for h in hands for e in survivor.get(f"/api/hands/{room}/{h['hand']}")["events"]]
    assert sorted(seat.stream) == list(range(len(log)))
    mine = seat_events(log, 0, get_variant("nanchang").table)
    assert [seat.stream[k] for k in range(len(log))] == json.loads(json.dumps(mine))
    import psycopg  # test extra

    with psycopg.connect(url) as con:
        ((n,),) = con.execute(
            "SELECT count(*) FROM actions WHERE room = %s AND actor = 'person'", (room,)
        ).fetchall()
    assert n == seat.acts
